/**
 * The planner's operations: generate, regenerate the whole plan, regenerate
 * one meal. Pure: the same input (seed included) gives the same plan.
 */
import {
  DAYS,
  MEAL_SLOTS,
  WASTE_BASELINE_DESCRIPTION,
} from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';

import { indexOf } from './catalogue.js';
import type { CatalogueIndex } from './catalogue.js';
import { filterForProfile, unfilledReason } from './constraints.js';
import type { ProfileFilter } from './constraints.js';
import { compileKitchen, kitchenSpoilage } from './kitchen.js';
import {
  animalWeeklyCap,
  FIT_WASTE_COST,
  fitWasteCap,
  FRESH_SHORT_COST,
  LAST_WEEKDAY,
  likeTarget,
  PlanState,
  RecipeCosts,
  UNKNOWN_MINUTES,
} from './objective.js';
import type { PlanRules, PlanSlot } from './objective.js';
import { DEFAULT_BUDGET, Optimiser } from './optimiser.js';
import type { SearchBudget } from './optimiser.js';
import type {
  BrokenRule,
  MealRef,
  PlanInput,
  PlannedMeal,
  PlannerWeights,
  PlanNote,
  PlanResult,
  RegenerateMealInput,
  RegeneratePlanInput,
  UnfilledSlot,
  WasteSummary,
} from './plan-types.js';
import { createRandom, deriveSeed } from './random.js';
import type { Random } from './random.js';
import { brokenReason, freshNote, mealReasons } from './reasons.js';
import { computePurchases, wasteTotals } from './waste.js';
import { resolveWeights } from './weights.js';

/** Random valid plans whose median waste is the "typical unplanned week". */
export const BASELINE_PLANS = 21;
/**
 * Random valid plans drawn for the fresh floor alone (their fresh grams
 * only: a sum per plan, no waste evaluation, so many cost little). The
 * upper quartile of 21 plans moved by more than the rule's margin between
 * samples: on the bench, two profiles' floors fell below the median of
 * another 21 random plans (issue 22, pass 6).
 */
const FRESH_FLOOR_PLANS = 401;
/** The fresh floor's own seed. */
const FRESH_FLOOR_SEED = 0xf4e54;

/** What the baseline is, said on the dashboard (issue 20). */
export const BASELINE_DESCRIPTION = WASTE_BASELINE_DESCRIPTION;
/** The baseline's own seed, so it does not move when the user regenerates. */
const BASELINE_SEED = 0x0ba5e11e;
/** Salts of the seed streams. */
const REGENERATE_SALT = 0x7e9e;

const slotKey = (dayIndex: number, type: number): number => dayIndex * 3 + type;

/** Weekday breakfasts take at most this many minutes. */
export const WEEKDAY_BREAKFAST_MINUTES = 20;
/**
 * Weekend meals take at most this many minutes when a meal that keeps the
 * other rules does (a softer cap, see WEEKEND_TIME_COST): three hours of
 * cooking is a weekend project already.
 */
export const WEEKEND_MINUTES = 180;
/** The weeknight cooking time when the profile gives none. */
export const DEFAULT_WEEKNIGHT_MINUTES = 45;
/**
 * The fresh-food floor: this quantile of the random plans' fresh grams
 * (perishables, the measure freshGramsPerServing reports). The rule is "at
 * least the median of random valid plans"; a plan must reach the median of
 * any such sample, not only of the planner's own, so it aims at the upper
 * quartile of FRESH_FLOOR_PLANS of them (about 4 % above the median on a
 * full week, more on a few meals whose random plans vary more): a sample of
 * 21 plans has its median above that quartile less than 1 % of the time.
 */
const FRESH_FLOOR_QUANTILE = 0.75;
/**
 * The meat floor: this share of the random plans' median count of meals
 * with a main meat or fish protein. Packages of meat waste more than most
 * fresh food, so a least-waste search left alone serves an omnivore a
 * meatless week (issue 22); a week with about as much meat as a random one
 * is what the person eats, and the waste is then cut by sharing.
 */
const MEAT_FLOOR_SHARE = 1;
/**
 * A Low Protein profile asks for less protein: half the random median is
 * its floor, so its weeks keep some meat without matching a High Protein
 * week's (bench: High carries at least 30 % more protein than Low).
 */
const MEAT_FLOOR_SHARE_LOW_PROTEIN = 0.5;

interface Prepared {
  readonly index: CatalogueIndex;
  readonly filter: ProfileFilter;
  readonly weights: PlannerWeights;
  /** Enabled slot keys in time order. */
  readonly enabled: readonly number[];
  /** Locked recipe id by slot key (enabled slots only). */
  readonly lockedIds: ReadonlyMap<number, string>;
  /** Cooking-time cap of a slot key, in minutes. */
  readonly maxMinutes: (key: number) => number;
  /** The profile's protein level. */
  readonly proteinLevel: PlanInput['profile']['proteinLevel'];
  /** Servings per meal (at least 1). */
  readonly servings: number;
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
  const weeknight =
    input.profile.weeknightCookingMinutes !== undefined &&
    Number.isFinite(input.profile.weeknightCookingMinutes) &&
    input.profile.weeknightCookingMinutes > 0
      ? input.profile.weeknightCookingMinutes
      : DEFAULT_WEEKNIGHT_MINUTES;
  const maxMinutes = (key: number): number => {
    if (Math.floor(key / 3) > LAST_WEEKDAY) return WEEKEND_MINUTES;
    return key % 3 === 0 ? WEEKDAY_BREAKFAST_MINUTES : weeknight;
  };
  return {
    index,
    filter,
    weights,
    enabled,
    lockedIds,
    maxMinutes,
    proteinLevel: input.profile.proteinLevel,
    servings: input.profile.servingSize > 0 ? input.profile.servingSize : 1,
  };
}

/**
 * Meals with a main meat or fish protein the rules allow at most: per meat
 * family, its distinct valid recipes, at most one a day and its weekly cap
 * unless liked.
 */
function meatCapacity(prepared: Prepared, slots: readonly PlanSlot[]): number {
  const { index, filter } = prepared;
  const families = index.families;
  const days = new Set(slots.map((slot) => slot.dayIndex)).size;
  const cap = animalWeeklyCap(slots.length);
  const recipes = new Int32Array(families.ids.length);
  for (let r = 0; r < filter.valid.length; r += 1) {
    if (filter.valid[r] !== 1) continue;
    const f = index.mainAnimal[r] ?? -1;
    if (f >= 0 && families.meat[f] === true) {
      recipes[f] = (recipes[f] ?? 0) + 1;
    }
  }
  let capacity = 0;
  recipes.forEach((count, f) => {
    const weekly = filter.likedFamily[f] === 1 ? days : Math.min(cap, days);
    capacity += Math.min(count, weekly);
  });
  return capacity;
}

/** The rules of a request: fresh and meat floors, like targets, liked proteins, reuse cap. */
function rulesFor(
  prepared: Prepared,
  meals: number,
  freshFloor: number,
  meatFloor: number,
  previous: boolean,
): PlanRules {
  return {
    freshFloor,
    freshShortCost: FRESH_SHORT_COST / prepared.servings,
    meatFloor,
    likeTargets: prepared.filter.likeValidCount.map((count) =>
      likeTarget(count, meals),
    ),
    likedFamily: prepared.filter.likedFamily,
    reuseCap: previous ? Math.floor(meals / 3) : Number.POSITIVE_INFINITY,
  };
}

/** The meat floor of a request: a share of the random median, within what the rules allow. */
function meatFloorOf(
  prepared: Prepared,
  slots: readonly PlanSlot[],
  randomMedian: number,
): number {
  if (randomMedian <= 0) return 0;
  const share =
    prepared.proteinLevel === 'low'
      ? MEAT_FLOOR_SHARE_LOW_PROTEIN
      : MEAT_FLOOR_SHARE;
  return Math.min(
    Math.floor(randomMedian * share),
    meatCapacity(prepared, slots),
  );
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

/** The q-quantile of a list (nearest rank; 0 when empty). */
function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, rank)] ?? 0;
}

/**
 * The fresh floor: FRESH_FLOOR_QUANTILE of the fresh grams of
 * FRESH_FLOOR_PLANS random valid plans drawn as baselineWaste draws them
 * (locks kept, no repeat while distinct valid recipes remain).
 */
function freshFloorOf(state: PlanState, random: Random): number {
  const used = new Uint8Array(state.uses.length);
  const picks: number[] = [];
  const fresh: number[] = [];
  for (let plan = 0; plan < FRESH_FLOOR_PLANS; plan += 1) {
    let grams = 0;
    for (const slot of state.slots) {
      let pick = slot.lockedRecipe;
      const n = slot.candidates.length;
      if (pick < 0 && n > 0) {
        for (let t = 0; t < 8 && pick < 0; t += 1) {
          const r = slot.candidates[random.int(n)] ?? -1;
          if (used[r] !== 1) pick = r;
        }
        if (pick < 0) {
          const start = random.int(n);
          for (let k = 0; k < n && pick < 0; k += 1) {
            const r = slot.candidates[(start + k) % n] ?? -1;
            if (used[r] !== 1) pick = r;
          }
        }
        if (pick < 0) pick = slot.candidates[random.int(n)] ?? -1;
      }
      if (pick < 0) continue;
      used[pick] = 1;
      picks.push(pick);
      grams += state.freshGrams[pick] ?? 0;
    }
    for (const r of picks) used[r] = 0;
    picks.length = 0;
    fresh.push(grams);
  }
  return quantile(fresh, FRESH_FLOOR_QUANTILE);
}

/**
 * The median waste and the median meat meals of BASELINE_PLANS random
 * valid plans (locks kept, no repeat while distinct valid recipes remain),
 * and the fresh floor (freshFloorOf). Reuses the state: call last.
 */
function baselineWaste(
  state: PlanState,
  random: Random,
): { waste: number; fresh: number; meat: number } {
  const wastes: number[] = [];
  const meat: number[] = [];
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
    meat.push(state.meatMeals);
  }
  return {
    waste: median(wastes),
    fresh: freshFloorOf(state, createRandom(FRESH_FLOOR_SEED)),
    meat: median(meat),
  };
}

/** The baseline of a profile and its locks: the same for every operation. */
function baselineFor(
  prepared: Prepared,
  costs: RecipeCosts,
): { waste: number; fresh: number; meat: number } {
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
      maxMinutes: prepared.maxMinutes(key),
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
    compileKitchen(
      input.catalogue.ingredients,
      prepared.index.ingredientIndexById,
      input.kitchen,
    ),
  );
}

interface Assembled {
  readonly meals: {
    key: number;
    recipeId: string;
    locked: boolean;
    broken?: readonly string[];
  }[];
  readonly unfilled: UnfilledSlot[];
}

/** The search's fresh food at its end: grams (at the user's servings) and its floor. */
interface FreshOutcome {
  /** Grams of fresh food the searched meals use. */
  readonly grams: number;
  /** The floor the search aimed at (rules.freshFloor). */
  readonly floor: number;
  /** Meals searched (the slots of the plan state). */
  readonly meals: number;
}

/** Whether a recipe of slot `key`'s meal type that fits the profile keeps its cooking-time cap. */
function quickerFits(
  input: PlanInput,
  prepared: Prepared,
  key: number,
): boolean {
  const cap = prepared.maxMinutes(key);
  const candidates = prepared.filter.validByType[key % 3] ?? new Int32Array(0);
  return candidates.some(
    (r) =>
      (input.catalogue.recipes[r]?.totalCookingTime ?? UNKNOWN_MINUTES) <= cap,
  );
}

/** Meals, reasons, notes and the waste summary of a final assignment. */
function finish(
  input: PlanInput,
  prepared: Prepared,
  assembled: Assembled,
  baselineGrams: number,
  fresh: FreshOutcome,
): PlanResult {
  const ordered = [...assembled.meals].sort((a, b) => a.key - b.key);
  const refs = ordered.map((meal) => ({
    day: dayOfKey(meal.key),
    slot: slotOfKey(meal.key),
    recipeId: meal.recipeId,
    locked: meal.locked,
  }));
  const kitchen = compileKitchen(
    input.catalogue.ingredients,
    prepared.index.ingredientIndexById,
    input.kitchen,
  );
  const purchases = computePurchases(
    input.catalogue,
    refs,
    input.profile.servingSize,
    kitchen,
  );
  // Each rule a meal had to break, in words, said in its reason and listed.
  const brokenWords = ordered.map((meal, i) =>
    (meal.broken ?? [])
      .map((code) =>
        brokenReason(
          input.catalogue,
          refs,
          i,
          code,
          prepared.maxMinutes(meal.key),
          code === 'time' && quickerFits(input, prepared, meal.key),
        ),
      )
      .filter((word) => word !== ''),
  );
  const reasons = mealReasons(
    input.catalogue,
    input.profile,
    prepared.filter,
    refs,
    purchases,
    brokenWords,
  );
  const broken: BrokenRule[] = [];
  const short = freshNote(
    fresh.grams,
    fresh.floor,
    fresh.meals,
    prepared.servings,
  );
  const notes: PlanNote[] = short === undefined ? [] : [short];
  const meals: PlannedMeal[] = refs.map((ref, i) => {
    const words = brokenWords[i] ?? [];
    const reason = reasons[i] ?? '';
    if (words.length === 0) return { ...ref, reason };
    for (const word of words) {
      broken.push({ day: ref.day, slot: ref.slot, reason: word });
    }
    // One line per meal, as its reason says it (an unfilled slot's too).
    notes.push({ code: 'rule-broken', day: ref.day, slot: ref.slot, reason });
    return { ...ref, reason, broken: words };
  });
  const waste: WasteSummary = {
    ...wasteTotals(purchases),
    // The search counts the waste a menu causes; food at home that spoils
    // whatever is cooked is waste for the baseline's menus too.
    baselineWasteGrams:
      baselineGrams + kitchenSpoilage(kitchen, prepared.index.countsForWaste),
    baselineDescription: BASELINE_DESCRIPTION,
  };
  const unfilled = [...assembled.unfilled].sort(
    (a, b) => (keyOf(a) ?? 0) - (keyOf(b) ?? 0),
  );
  return broken.length > 0
    ? { meals, unfilled, waste, broken, notes }
    : { meals, unfilled, waste, notes };
}

/** The plan's slots: enabled ones with candidates or a lock, the rest unfilled. */
function slotsFor(
  input: PlanInput,
  prepared: Prepared,
): {
  slots: PlanSlot[];
  slotKeys: number[];
  meals: Assembled['meals'];
  unfilled: UnfilledSlot[];
} {
  const { index, filter } = prepared;
  const slots: PlanSlot[] = [];
  const slotKeys: number[] = [];
  const meals: Assembled['meals'] = [];
  const unfilled: UnfilledSlot[] = [];
  for (const key of prepared.enabled) {
    const type = key % 3;
    const candidates = filter.validByType[type] ?? new Int32Array(0);
    const lockedId = prepared.lockedIds.get(key);
    const base = {
      dayIndex: Math.floor(key / 3),
      type,
      candidates,
      maxMinutes: prepared.maxMinutes(key),
    };
    if (lockedId !== undefined) {
      const r = index.recipeIndexById.get(lockedId);
      if (r === undefined) {
        // A locked recipe the catalogue no longer holds: kept as it is.
        meals.push({ key, recipeId: lockedId, locked: true });
        continue;
      }
      slots.push({ ...base, lockedRecipe: r });
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
    slots.push({ ...base, lockedRecipe: -1 });
    slotKeys.push(key);
  }
  return { slots, slotKeys, meals, unfilled };
}

/**
 * The floors the planner holds a plan of this input to (issue 22), as it
 * computes them from its random valid plans: fresh food (grams of
 * perishables over the week at the serving size, the quantity
 * freshGramsPerServing reports per serving and meal) and meals with a main
 * meat or fish protein. For benchmarks that check the planner against an
 * exact optimum under the same rules.
 */
export function planFloors(input: PlanInput): {
  freshGrams: number;
  meatMeals: number;
} {
  const prepared = prepare(input);
  const { slots } = slotsFor(input, prepared);
  const baseline = baselineFor(prepared, costsFor(input, prepared, slots));
  return {
    freshGrams: baseline.fresh,
    meatMeals: meatFloorOf(prepared, slots, baseline.meat),
  };
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
  const { slots, slotKeys, meals, unfilled } = slotsFor(input, prepared);
  const previousIndexes = previous
    .map((meal) => index.recipeIndexById.get(meal.recipeId) ?? -1)
    .filter((r) => r >= 0);
  const costs = costsFor(input, prepared, slots);
  const baseline = baselineFor(prepared, costs);
  const rules = rulesFor(
    prepared,
    slots.length,
    baseline.fresh,
    meatFloorOf(prepared, slots, baseline.meat),
    previousIndexes.length > 0,
  );
  const state = new PlanState(costs, slots, previousIndexes);
  // 1. The least waste, every rule kept where it can be.
  state.configure(rules, {
    perGram: prepared.weights.wastePerGram,
    cap: Number.POSITIVE_INFINITY,
  });
  const optimiser = new Optimiser(state, filter, createRandom(seed), budget);
  optimiser.run();
  // 2. The best fit among plans wasting at most the margin more.
  const margin = prepared.weights.wasteMarginPercent / 100;
  if (margin > 0) {
    state.configure(rules, {
      perGram: FIT_WASTE_COST,
      cap: fitWasteCap(state.waste, prepared.enabled.length, margin),
    });
    optimiser.refreshPools();
    optimiser.runFit();
  }
  if (previous.length > 0) {
    // The reuse cap makes a different plan likely, not certain: the
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
      const locked = slot.lockedRecipe >= 0;
      meals.push({
        key: slotKeys[s] ?? 0,
        recipeId: recipe.id,
        locked,
        broken: locked ? [] : state.brokenRules(s),
      });
    }
  });
  return finish(input, prepared, { meals, unfilled }, baseline.waste, {
    grams: state.freshUsed,
    floor: rules.freshFloor,
    meals: state.assignment.filter((r) => r >= 0).length,
  });
}

/** A plan for every enabled slot that can be filled; deterministic for a seed. */
export function generatePlan(input: PlanInput): PlanResult {
  return planWeek(input, input.seed);
}

/**
 * A different plan of similar quality: another seed stream, a cost on
 * reusing the previous plan's recipes (weights.previousPlanReuse) and a rule
 * that at most a third of the meals keep a recipe of the previous plan
 * (broken only when nothing else fits). Locked meals are kept. Whenever another valid plan exists (an unlocked slot can
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
        maxMinutes: prepared.maxMinutes(key),
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
      maxMinutes: prepared.maxMinutes(key),
    });
    slotKeys.push(key);
  }
  const costs = costsFor(input, prepared, slots);
  const baseline = baselineFor(prepared, costs);
  const state = new PlanState(costs, slots);
  const rules = rulesFor(
    prepared,
    slots.length,
    baseline.fresh,
    meatFloorOf(prepared, slots, baseline.meat),
    false,
  );
  state.configure(rules, {
    perGram: prepared.weights.wastePerGram,
    cap: Number.POSITIVE_INFINITY,
  });
  slots.forEach((slot, s) => {
    if (slot.lockedRecipe >= 0) state.replace(s, slot.lockedRecipe);
  });
  // The new meal fits the person best while the week wastes at most the
  // margin more than it did with the meal it replaces.
  const oldRecipe =
    targetKey === undefined
      ? -1
      : (index.recipeIndexById.get(currentByKey.get(targetKey) ?? '') ?? -1);
  const margin = prepared.weights.wasteMarginPercent / 100;
  if (target >= 0 && margin > 0) {
    state.replace(target, oldRecipe);
    const cap = fitWasteCap(state.waste, prepared.enabled.length, margin);
    state.replace(target, -1);
    state.configure(rules, { perGram: FIT_WASTE_COST, cap });
  }
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
        if (state.addCostLowerBound(target, r, bestCost) >= bestCost) continue;
      } else if (
        state.addCostLowerBound(target, r, bestRepeatCost) >= bestRepeatCost
      ) {
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
      const locked = lockedKeys.has(key);
      meals.push({
        key,
        recipeId: recipe.id,
        locked,
        broken: locked ? [] : state.brokenRules(s),
      });
    }
  });
  return finish(input, prepared, { meals, unfilled }, baseline.waste, {
    grams: state.freshUsed,
    floor: rules.freshFloor,
    meals: state.assignment.filter((r) => r >= 0).length,
  });
}
