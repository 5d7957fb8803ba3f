/**
 * The planner's operations: generate, regenerate the whole plan, regenerate
 * one meal. Pure: the same input (seed included) gives the same plan.
 */
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';

import { indexOf } from './catalogue.js';
import type { CatalogueIndex } from './catalogue.js';
import { filterForProfile, unfilledReason } from './constraints.js';
import type { ProfileFilter } from './constraints.js';
import { PlanState, RecipeCosts } from './objective.js';
import type { PlanSlot } from './objective.js';
import { DEFAULT_BUDGET, Optimiser } from './optimiser.js';
import type { SearchBudget } from './optimiser.js';
import type {
  MealRef,
  PlanInput,
  PlannedMeal,
  PlannerWeights,
  PlanResult,
  RegenerateMealInput,
  RegeneratePlanInput,
  UnfilledSlot,
  WasteSummary,
} from './plan-types.js';
import { createRandom, deriveSeed } from './random.js';
import type { Random } from './random.js';
import { mealReasons } from './reasons.js';
import { computePurchases, wasteTotals } from './waste.js';
import { resolveWeights } from './weights.js';

/** Random valid plans whose median waste is the "typical unplanned week". */
export const BASELINE_PLANS = 21;
/** The baseline's own seed, so it does not move when the user regenerates. */
const BASELINE_SEED = 0x0ba5e11e;
/** Salts of the seed streams. */
const REGENERATE_SALT = 0x7e9e;

const slotKey = (dayIndex: number, type: number): number => dayIndex * 3 + type;

interface Prepared {
  readonly index: CatalogueIndex;
  readonly filter: ProfileFilter;
  readonly weights: PlannerWeights;
  /** Enabled slot keys in time order. */
  readonly enabled: readonly number[];
  /** Locked recipe id by slot key (enabled slots only). */
  readonly lockedIds: ReadonlyMap<number, string>;
}

function prepare(input: PlanInput): Prepared {
  const index = indexOf(input.catalogue);
  const filter = filterForProfile(input.catalogue, input.profile);
  const weights = resolveWeights(input.weights);
  const enabledSet = new Set<number>();
  for (const entry of input.profile.schedule) {
    const d = DAYS.indexOf(entry.day);
    if (d < 0) continue;
    MEAL_SLOTS.forEach((slot, type) => {
      if (entry[slot]) enabledSet.add(slotKey(d, type));
    });
  }
  const enabled = [...enabledSet].sort((a, b) => a - b);
  const lockedIds = new Map<number, string>();
  for (const meal of input.locked) {
    const key = keyOf(meal);
    if (key !== undefined && enabledSet.has(key)) {
      lockedIds.set(key, meal.recipeId);
    }
  }
  return { index, filter, weights, enabled, lockedIds };
}

function keyOf(meal: { day: Day; slot: MealSlot }): number | undefined {
  const d = DAYS.indexOf(meal.day);
  const type = MEAL_SLOTS.indexOf(meal.slot);
  return d < 0 || type < 0 ? undefined : slotKey(d, type);
}

const dayOfKey = (key: number): Day => DAYS[Math.floor(key / 3)] ?? 'Monday';
const slotOfKey = (key: number): MealSlot => MEAL_SLOTS[key % 3] ?? 'dinner';

/** Median of a list (0 when empty). */
function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The median waste of BASELINE_PLANS random valid plans (locks kept, no
 * repeat while distinct valid recipes remain). Reuses the state: call last.
 */
function baselineWaste(state: PlanState, random: Random): number {
  const wastes: number[] = [];
  for (let plan = 0; plan < BASELINE_PLANS; plan += 1) {
    state.clear();
    state.slots.forEach((slot, s) => {
      if (slot.lockedRecipe >= 0) state.replace(s, slot.lockedRecipe);
    });
    state.slots.forEach((slot, s) => {
      if (slot.lockedRecipe >= 0 || slot.candidates.length === 0) return;
      const n = slot.candidates.length;
      let pick = -1;
      for (let t = 0; t < 8 && pick < 0; t += 1) {
        const r = slot.candidates[random.int(n)] ?? -1;
        if ((state.uses[r] ?? 0) === 0) pick = r;
      }
      if (pick < 0) {
        const start = random.int(n);
        for (let k = 0; k < n && pick < 0; k += 1) {
          const r = slot.candidates[(start + k) % n] ?? -1;
          if ((state.uses[r] ?? 0) === 0) pick = r;
        }
      }
      state.replace(
        s,
        pick >= 0 ? pick : (slot.candidates[random.int(n)] ?? -1),
      );
    });
    wastes.push(Math.max(0, state.waste));
  }
  return median(wastes);
}

/** The baseline of a profile and its locks: the same for every operation. */
function baselineFor(prepared: Prepared, costs: RecipeCosts): number {
  const { index, filter } = prepared;
  const slots = prepared.enabled.map((key) => {
    const lockedId = prepared.lockedIds.get(key);
    return {
      dayIndex: Math.floor(key / 3),
      type: key % 3,
      lockedRecipe:
        lockedId === undefined
          ? -1
          : (index.recipeIndexById.get(lockedId) ?? -1),
      candidates: filter.validByType[key % 3] ?? new Int32Array(0),
    };
  });
  return baselineWaste(
    new PlanState(costs, slots),
    createRandom(BASELINE_SEED),
  );
}

/** Per-recipe costs of a request: valid recipes plus the locked and kept ones. */
function costsFor(
  input: PlanInput,
  prepared: Prepared,
  slots: readonly PlanSlot[],
): RecipeCosts {
  const extra = slots.map((slot) => slot.lockedRecipe).filter((r) => r >= 0);
  for (const id of prepared.lockedIds.values()) {
    const r = prepared.index.recipeIndexById.get(id);
    if (r !== undefined) extra.push(r);
  }
  return new RecipeCosts(
    prepared.index,
    input.catalogue,
    input.profile,
    prepared.filter,
    prepared.weights,
    extra,
  );
}

interface Assembled {
  readonly meals: { key: number; recipeId: string; locked: boolean }[];
  readonly unfilled: UnfilledSlot[];
}

/** Meals, reasons and the waste summary of a final assignment. */
function finish(
  input: PlanInput,
  prepared: Prepared,
  assembled: Assembled,
  baselineGrams: number,
): PlanResult {
  const ordered = [...assembled.meals].sort((a, b) => a.key - b.key);
  const refs = ordered.map((meal) => ({
    day: dayOfKey(meal.key),
    slot: slotOfKey(meal.key),
    recipeId: meal.recipeId,
    locked: meal.locked,
  }));
  const purchases = computePurchases(
    input.catalogue,
    refs,
    input.profile.servingSize,
  );
  const reasons = mealReasons(
    input.catalogue,
    input.profile,
    prepared.filter,
    refs,
    purchases,
  );
  const meals: PlannedMeal[] = refs.map((ref, i) => ({
    ...ref,
    reason: reasons[i] ?? '',
  }));
  const waste: WasteSummary = {
    ...wasteTotals(purchases),
    baselineWasteGrams: baselineGrams,
  };
  const unfilled = [...assembled.unfilled].sort(
    (a, b) => (keyOf(a) ?? 0) - (keyOf(b) ?? 0),
  );
  return { meals, unfilled, waste };
}

/** Whole-plan search shared by generatePlan and regeneratePlan. */
function planWeek(
  input: PlanInput,
  seed: number,
  previous: readonly MealRef[] = [],
  budget: SearchBudget = DEFAULT_BUDGET,
): PlanResult {
  const prepared = prepare(input);
  const { index, filter } = prepared;
  const slots: PlanSlot[] = [];
  const slotKeys: number[] = [];
  const meals: Assembled['meals'] = [];
  const unfilled: UnfilledSlot[] = [];
  for (const key of prepared.enabled) {
    const type = key % 3;
    const candidates = filter.validByType[type] ?? new Int32Array(0);
    const lockedId = prepared.lockedIds.get(key);
    if (lockedId !== undefined) {
      const r = index.recipeIndexById.get(lockedId);
      if (r === undefined) {
        // A locked recipe the catalogue no longer holds: kept as it is.
        meals.push({ key, recipeId: lockedId, locked: true });
        continue;
      }
      slots.push({
        dayIndex: Math.floor(key / 3),
        type,
        lockedRecipe: r,
        candidates,
      });
      slotKeys.push(key);
      continue;
    }
    if (candidates.length === 0) {
      unfilled.push({
        day: dayOfKey(key),
        slot: slotOfKey(key),
        reason: unfilledReason(
          input.catalogue,
          input.profile,
          filter,
          slotOfKey(key),
        ),
      });
      continue;
    }
    slots.push({
      dayIndex: Math.floor(key / 3),
      type,
      lockedRecipe: -1,
      candidates,
    });
    slotKeys.push(key);
  }
  const previousIndexes = previous
    .map((meal) => index.recipeIndexById.get(meal.recipeId) ?? -1)
    .filter((r) => r >= 0);
  const costs = costsFor(input, prepared, slots);
  const state = new PlanState(costs, slots, previousIndexes);
  const optimiser = new Optimiser(state, filter, createRandom(seed), budget);
  optimiser.run();
  if (previous.length > 0) {
    // The reuse cost makes a different plan likely, not certain: the
    // planner, not its callers, guarantees one whenever another exists.
    const before = new Map<number, string>();
    for (const meal of previous) {
      const key = keyOf(meal);
      if (key !== undefined) before.set(key, meal.recipeId);
    }
    optimiser.ensureDifferent(
      Int32Array.from(
        slotKeys,
        (key) => index.recipeIndexById.get(before.get(key) ?? '') ?? -1,
      ),
    );
  }
  slots.forEach((slot, s) => {
    const r = state.assignment[s] ?? -1;
    const recipe = r >= 0 ? input.catalogue.recipes[r] : undefined;
    if (recipe !== undefined) {
      meals.push({
        key: slotKeys[s] ?? 0,
        recipeId: recipe.id,
        locked: slot.lockedRecipe >= 0,
      });
    }
  });
  const baseline = baselineFor(prepared, costs);
  return finish(input, prepared, { meals, unfilled }, baseline);
}

/** generatePlan with another search budget: for the planner's own quality tests. */
export function generatePlanWithBudget(
  input: PlanInput,
  budget: SearchBudget,
): PlanResult {
  return planWeek(input, input.seed, [], budget);
}

/** A plan for every enabled slot that can be filled; deterministic for a seed. */
export function generatePlan(input: PlanInput): PlanResult {
  return planWeek(input, input.seed);
}

/**
 * A different plan of similar quality: another seed stream plus a cost on
 * reusing the previous plan's recipes (weights.previousPlanReuse). Locked
 * meals are kept. Whenever another valid plan exists (an unlocked slot can
 * take an unused valid recipe, or two can swap), the answer differs from
 * `previous` in at least one unlocked slot: if the search returns the same
 * plan, the cheapest such change is applied.
 */
export function regeneratePlan(input: RegeneratePlanInput): PlanResult {
  return planWeek(
    input,
    deriveSeed(input.seed, REGENERATE_SALT),
    input.previous,
  );
}

/**
 * Replaces the meal of (day, slot) by the best other valid recipe given all
 * the other meals, which are kept as they are. Never the same recipe as
 * before; never a recipe of another slot while an unused valid one remains.
 */
export function regenerateMeal(input: RegenerateMealInput): PlanResult {
  const prepared = prepare(input);
  const { index, filter } = prepared;
  const targetKey = keyOf(input);
  const currentByKey = new Map<number, string>();
  for (const meal of input.current) {
    const key = keyOf(meal);
    if (key !== undefined) currentByKey.set(key, meal.recipeId);
  }
  const lockedKeys = new Set<number>();
  for (const meal of input.locked) {
    const key = keyOf(meal);
    if (key !== undefined) lockedKeys.add(key);
  }
  const keys = [
    ...new Set([
      ...currentByKey.keys(),
      ...(targetKey === undefined ? [] : [targetKey]),
    ]),
  ].sort((a, b) => a - b);
  const slots: PlanSlot[] = [];
  const slotKeys: number[] = [];
  const meals: Assembled['meals'] = [];
  let target = -1;
  for (const key of keys) {
    const type = key % 3;
    const candidates = filter.validByType[type] ?? new Int32Array(0);
    if (key === targetKey) {
      target = slots.length;
      slots.push({
        dayIndex: Math.floor(key / 3),
        type,
        lockedRecipe: -1,
        candidates,
      });
      slotKeys.push(key);
      continue;
    }
    const recipeId = currentByKey.get(key) ?? '';
    const r = index.recipeIndexById.get(recipeId);
    if (r === undefined) {
      meals.push({ key, recipeId, locked: lockedKeys.has(key) });
      continue;
    }
    slots.push({
      dayIndex: Math.floor(key / 3),
      type,
      lockedRecipe: r,
      candidates,
    });
    slotKeys.push(key);
  }
  const costs = costsFor(input, prepared, slots);
  const state = new PlanState(costs, slots);
  slots.forEach((slot, s) => {
    if (slot.lockedRecipe >= 0) state.replace(s, slot.lockedRecipe);
  });
  const unfilled: UnfilledSlot[] = [];
  // Unfilled enabled slots keep their reason.
  for (const key of prepared.enabled) {
    if (key === targetKey || currentByKey.has(key)) continue;
    if ((filter.validByType[key % 3]?.length ?? 0) === 0) {
      unfilled.push({
        day: dayOfKey(key),
        slot: slotOfKey(key),
        reason: unfilledReason(
          input.catalogue,
          input.profile,
          filter,
          slotOfKey(key),
        ),
      });
    }
  }
  const targetSlot = slots[target];
  if (targetSlot !== undefined && targetKey !== undefined) {
    const before =
      index.recipeIndexById.get(currentByKey.get(targetKey) ?? '') ?? -1;
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    let bestRepeat = -1;
    let bestRepeatCost = Number.POSITIVE_INFINITY;
    for (const r of targetSlot.candidates) {
      if (r === before) continue;
      if ((state.uses[r] ?? 0) === 0) {
        if (state.addCostLowerBound(target, r) >= bestCost) continue;
      } else if (state.addCostLowerBound(target, r) >= bestRepeatCost) {
        continue;
      }
      const cost = state.addCost(target, r);
      if ((state.uses[r] ?? 0) === 0) {
        if (cost < bestCost) {
          bestCost = cost;
          best = r;
        }
      } else if (cost < bestRepeatCost) {
        bestRepeatCost = cost;
        bestRepeat = r;
      }
    }
    const pick = best >= 0 ? best : bestRepeat;
    if (pick >= 0) {
      state.replace(target, pick);
    } else {
      const slot = slotOfKey(targetKey);
      unfilled.push({
        day: dayOfKey(targetKey),
        slot,
        reason:
          targetSlot.candidates.length === 0
            ? unfilledReason(input.catalogue, input.profile, filter, slot)
            : `no other ${slot} fits your preferences`,
      });
    }
  }
  slots.forEach((slot, s) => {
    const r = state.assignment[s] ?? -1;
    const recipe = r >= 0 ? input.catalogue.recipes[r] : undefined;
    const key = slotKeys[s] ?? 0;
    if (recipe !== undefined) {
      meals.push({ key, recipeId: recipe.id, locked: lockedKeys.has(key) });
    }
  });
  const baseline = baselineFor(prepared, costs);
  return finish(input, prepared, { meals, unfilled }, baseline);
}
