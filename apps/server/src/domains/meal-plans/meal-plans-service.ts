import { randomInt } from 'node:crypto';

import type {
  LockedMeal,
  MealRef,
  PlannerKitchenItem,
  PlannerProfile,
  PlannerProteinLevel,
  PlannerWeights,
  PlanResult,
} from '@platewise/planner';
import {
  DAYS,
  MEAL_SLOTS,
  mealPlanMessages,
  PLAN_NOTE_CODES,
  recipeImagePath,
  WASTE_BASELINE_DESCRIPTION,
  type Day,
  type Diet,
  type MealPlan,
  type MealSlot,
  type PlanDay,
  type PlanMeal,
  type PlanNote,
  type UnfilledSlot,
  type WasteSummary,
} from '@platewise/shared';

import type {
  MealPlanMealRow,
  UserPreferencesRow,
} from '../../db/schema/index.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { PlannerCatalogueSource } from '../../planner/planner-catalogue.js';
import type { PlannerPool } from '../../planner/planner-pool.js';
import type { PreferencesRepository } from '../preferences/preferences-repository.js';
import type {
  MealPlansRepository,
  PlanRecipeRecord,
  PlanWrite,
  StoredPlan,
} from './meal-plans-repository.js';

const PROTEIN_WORDS: Record<string, PlannerProteinLevel> = {
  'High Protein': 'high',
  'Medium Protein': 'medium',
  'Low Protein': 'low',
};

/** The planner's profile from the stored settings. */
export function toProfile(row: UserPreferencesRow): PlannerProfile {
  const days = new Set<string>(DAYS);
  return {
    schedule: row.weeklySchedule
      .filter((entry) => days.has(entry.day_name))
      .map((entry) => ({
        day: entry.day_name as Day,
        // A day switched off plans nothing, whatever its meal boxes say.
        breakfast: entry.enabled && entry.meals.breakfast,
        lunch: entry.enabled && entry.meals.lunch,
        dinner: entry.enabled && entry.meals.dinner,
      })),
    diet: row.dietaryPreference as Diet,
    allergenIds: row.allergens,
    customAllergens: row.customAllergens,
    likes: row.likes,
    dislikes: row.dislikes,
    proteinLevel:
      row.proteinLevel === null
        ? null
        : (PROTEIN_WORDS[row.proteinLevel] ?? null),
    servingSize: row.servingSize,
    weeknightCookingMinutes: row.weeknightCookingTime,
  };
}

/**
 * A scaled quantity as a cook would write it: quarters below 10 (never 0
 * for something that was there), whole numbers below 100, then fives.
 */
export function roundQuantity(value: number): number {
  if (value <= 0) return 0;
  if (value < 10) return Math.max(0.25, Math.round(value * 4) / 4);
  if (value < 100) return Math.round(value);
  return Math.round(value / 5) * 5;
}

const dayIndex = (day: Day) => DAYS.indexOf(day);

function toWaste(value: Record<string, number>): WasteSummary {
  const number = (key: string) => {
    const found = value[key];
    return typeof found === 'number' && Number.isFinite(found) ? found : 0;
  };
  return {
    boughtGrams: number('boughtGrams'),
    usedGrams: number('usedGrams'),
    wasteGrams: number('wasteGrams'),
    wasteShare: number('wasteShare'),
    freshItemsBought: number('freshItemsBought'),
    freshItemsShared: number('freshItemsShared'),
    mealsPerFreshItem: number('mealsPerFreshItem'),
    baselineWasteGrams: number('baselineWasteGrams'),
    fromKitchenGrams: number('fromKitchenGrams'),
    keptGrams: number('keptGrams'),
    // A constant of the planner's model, so not stored with each plan.
    baselineDescription: WASTE_BASELINE_DESCRIPTION,
  };
}

/** The numbers of a plan's waste block, as stored. */
function storedWaste(waste: PlanResult['waste']): Record<string, number> {
  const { baselineDescription: _description, ...numbers } = waste;
  return numbers;
}

function toPlanMeal(
  recipe: PlanRecipeRecord,
  meal: MealPlanMealRow,
  servingSize: number,
): PlanMeal {
  const factor =
    recipe.servingSize !== null && recipe.servingSize > 0
      ? servingSize / recipe.servingSize
      : servingSize;
  return {
    id: recipe.id,
    name: recipe.name,
    images: recipe.images.flatMap((image) =>
      image.kind === 'url'
        ? image.url
          ? [image.url]
          : []
        : [recipeImagePath(recipe.id, image.id)],
    ),
    total_cooking_time: recipe.totalCookingTime,
    rating: recipe.rating,
    // Stored as the spec answers it: steps joined by '####'.
    directions: recipe.directions,
    ingredients: recipe.lines.map((line) => ({
      ingredient: line.name,
      quantity:
        line.quantity === null ? null : roundQuantity(line.quantity * factor),
      unit: line.unit,
    })),
    cuisine: recipe.cuisine,
    serving_size: servingSize,
    reason: meal.reason,
    locked: meal.locked,
  };
}

export interface MealPlansServiceDeps {
  plans: MealPlansRepository;
  preferences: Pick<PreferencesRepository, 'find'>;
  catalogue: PlannerCatalogueSource;
  pool: PlannerPool;
  /** Default: a random 31-bit seed (tests pass a fixed one). */
  seed?: () => number;
  /** The admin's overrides of the planner's default weights (issue 12). */
  weights?: () => Promise<Partial<PlannerWeights>>;
  /** What the user has at home, used first by the plan (issue 20; the kitchen domain). */
  kitchen?: (userId: string) => Promise<PlannerKitchenItem[]>;
}

export function createMealPlansService(deps: MealPlansServiceDeps) {
  const { plans, preferences, catalogue, pool } = deps;
  const nextSeed = deps.seed ?? (() => randomInt(0, 2 ** 31 - 1));
  const weightOverrides = deps.weights ?? (async () => ({}));
  const kitchenOf = deps.kitchen ?? (async () => []);

  async function settingsOf(userId: string): Promise<UserPreferencesRow> {
    const row = await preferences.find(userId);
    if (!row) throw new NotFoundError(mealPlanMessages.noPreferences);
    return row;
  }

  async function storedPlan(userId: string): Promise<StoredPlan> {
    const stored = await plans.find(userId);
    if (!stored) throw new NotFoundError(mealPlanMessages.noPlan);
    return stored;
  }

  /** The stored plan, at `version`, or 409 (404 without a plan). */
  async function planAt(userId: string, version: number): Promise<StoredPlan> {
    const stored = await storedPlan(userId);
    if (stored.plan.version !== version) {
      throw new ConflictError(mealPlanMessages.staleVersion);
    }
    return stored;
  }

  // The recipes plans show, per catalogue version: answering a plan then
  // needs no recipe queries once its recipes have been shown once.
  let recipeCache = {
    version: '',
    recipes: new Map<string, PlanRecipeRecord>(),
  };
  async function recipesFor(
    ids: readonly string[],
    version: string,
  ): Promise<Map<string, PlanRecipeRecord>> {
    if (recipeCache.version !== version) {
      recipeCache = { version, recipes: new Map() };
    }
    const cache = recipeCache.recipes;
    const missing = ids.filter((id) => !cache.has(id));
    if (missing.length > 0) {
      for (const [id, recipe] of await plans.recipes(missing)) {
        cache.set(id, recipe);
      }
    }
    return cache;
  }

  async function render(
    { plan, meals }: StoredPlan,
    catalogueVersion?: string,
  ): Promise<MealPlan> {
    const recipeIds = meals.flatMap((meal) =>
      meal.recipeId === null ? [] : [meal.recipeId],
    );
    const recipes = await recipesFor(
      recipeIds,
      catalogueVersion ?? (await catalogue.version()),
    );
    const days = new Map<Day, PlanDay>();
    const unfilled: UnfilledSlot[] = (plan.unfilled ?? []).flatMap((slot) => {
      const day = DAYS[slot.day];
      const name = MEAL_SLOTS.find((item) => item === slot.slot);
      return day && name ? [{ day, slot: name, reason: slot.reason }] : [];
    });
    for (const meal of meals) {
      const day = DAYS[meal.day];
      if (!day) continue;
      const recipe =
        meal.recipeId === null ? undefined : recipes.get(meal.recipeId);
      if (!recipe) {
        // The recipe was deleted from the catalogue (the foreign key set
        // the slot's recipe to null): a slot to regenerate.
        unfilled.push({
          day,
          slot: meal.slot,
          reason: mealPlanMessages.recipeRemoved,
        });
        continue;
      }
      const entry = days.get(day) ?? { day };
      entry[meal.slot] = toPlanMeal(recipe, meal, plan.servingSize);
      days.set(day, entry);
    }
    unfilled.sort(
      (a, b) =>
        dayIndex(a.day) - dayIndex(b.day) ||
        MEAL_SLOTS.indexOf(a.slot) - MEAL_SLOTS.indexOf(b.slot),
    );
    const notes = (plan.notes ?? []).flatMap((note): PlanNote[] => {
      const code = PLAN_NOTE_CODES.find((item) => item === note.code);
      if (!code) return [];
      if (note.day === undefined) return [{ code, reason: note.reason }];
      // A note about one meal goes with it: not once its recipe was
      // removed (the slot is then unfilled, and says why).
      const day = DAYS[note.day];
      const slot = MEAL_SLOTS.find((item) => item === note.slot);
      return day && slot && days.get(day)?.[slot]
        ? [{ code, day, slot, reason: note.reason }]
        : [];
    });
    return {
      meals: DAYS.flatMap((day) => {
        const entry = days.get(day);
        return entry ? [entry] : [];
      }),
      version: plan.version,
      serving_size: plan.servingSize,
      waste: toWaste(plan.waste),
      unfilled,
      notes,
      created_at: plan.createdAt.toISOString(),
      updated_at: plan.updatedAt.toISOString(),
    };
  }

  function toWrite(
    result: PlanResult,
    seed: number,
    servingSize: number,
    resetTicks: boolean,
    lockedSlots: ReadonlySet<string>,
  ): PlanWrite {
    return {
      seed,
      servingSize,
      waste: storedWaste(result.waste),
      unfilled: result.unfilled.map((slot) => ({
        day: dayIndex(slot.day),
        slot: slot.slot,
        reason: slot.reason,
      })),
      notes: result.notes.map((note) =>
        note.day === undefined
          ? { code: note.code, reason: note.reason }
          : {
              code: note.code,
              day: dayIndex(note.day),
              slot: note.slot,
              reason: note.reason,
            },
      ),
      meals: result.meals.map((meal) => ({
        day: dayIndex(meal.day),
        slot: meal.slot,
        recipeId: meal.recipeId,
        reason: meal.reason,
        locked: lockedSlots.has(`${meal.day}/${meal.slot}`),
      })),
      resetTicks,
    };
  }

  /** The stored meals the planner can still use (recipes not deleted). */
  function mealRefs(
    meals: readonly MealPlanMealRow[],
    known: ReadonlySet<string>,
  ): (MealRef & { locked: boolean })[] {
    return meals.flatMap((meal) => {
      const day = DAYS[meal.day];
      return day && meal.recipeId !== null && known.has(meal.recipeId)
        ? [
            {
              day,
              slot: meal.slot,
              recipeId: meal.recipeId,
              locked: meal.locked,
            },
          ]
        : [];
    });
  }

  const slotKey = (day: Day, slot: MealSlot) => `${day}/${slot}`;

  return {
    /** The stored plan (GET /preferences/user-meal-plan). */
    async get(userId: string): Promise<MealPlan> {
      return render(await storedPlan(userId));
    },

    /**
     * The same answer from a plan read by the route's fused statement
     * (reads/user-reads.ts) at `catalogueVersion`: no query once the
     * plan's recipes have been shown at that version.
     */
    async fromRead(
      stored: StoredPlan | undefined,
      catalogueVersion: string,
    ): Promise<MealPlan> {
      if (!stored) throw new NotFoundError(mealPlanMessages.noPlan);
      return render(stored, catalogueVersion);
    },

    /**
     * A new plan from the saved settings (GET /generate-meal-plan): the
     * previous plan, its locks and its ticks are replaced.
     */
    async generate(userId: string): Promise<MealPlan> {
      const settings = await settingsOf(userId);
      const shared = await catalogue.current();
      const seed = nextSeed();
      const result = await pool.run(
        'generatePlan',
        shared,
        {
          profile: toProfile(settings),
          locked: [],
          seed,
          weights: await weightOverrides(),
          kitchen: await kitchenOf(userId),
        },
        userId,
      );
      const written = await plans.write(
        userId,
        toWrite(result, seed, settings.servingSize, true, new Set()),
      );
      if (written === null)
        throw new Error('an unconditional plan write failed');
      return render(written, shared.version);
    },

    /** A different plan of similar quality; locked meals stay. */
    async regenerate(userId: string, version: number): Promise<MealPlan> {
      const { meals } = await planAt(userId, version);
      const settings = await settingsOf(userId);
      const shared = await catalogue.current();
      const current = mealRefs(meals, shared.recipeIds);
      const locked: LockedMeal[] = current
        .filter((meal) => meal.locked)
        .map(({ day, slot, recipeId }) => ({ day, slot, recipeId }));
      const previous = current.map(({ day, slot, recipeId }) => ({
        day,
        slot,
        recipeId,
      }));
      // The planner guarantees a plan that differs from `previous` whenever
      // another valid one exists (packages/planner regeneratePlan).
      const seed = nextSeed();
      const result = await pool.run(
        'regeneratePlan',
        shared,
        {
          profile: toProfile(settings),
          locked,
          seed,
          previous,
          weights: await weightOverrides(),
          kitchen: await kitchenOf(userId),
        },
        userId,
      );
      const lockedSlots = new Set(locked.map((m) => slotKey(m.day, m.slot)));
      const written = await plans.write(
        userId,
        toWrite(result, seed, settings.servingSize, true, lockedSlots),
        version,
      );
      if (written === null)
        throw new ConflictError(mealPlanMessages.staleVersion);
      return render(written, shared.version);
    },

    /** Another recipe in one slot; every other meal stays as it is. */
    async regenerateMeal(
      userId: string,
      version: number,
      day: Day,
      slot: MealSlot,
    ): Promise<MealPlan> {
      const { plan, meals } = await planAt(userId, version);
      const index = dayIndex(day);
      const inPlan =
        meals.some((meal) => meal.day === index && meal.slot === slot) ||
        (plan.unfilled ?? []).some(
          (item) => item.day === index && item.slot === slot,
        );
      if (!inPlan) throw new NotFoundError(mealPlanMessages.noMealInSlot);
      const settings = await settingsOf(userId);
      const shared = await catalogue.current();
      const current = mealRefs(meals, shared.recipeIds);
      const others = current.filter((m) => !(m.day === day && m.slot === slot));
      const lockedSlots = new Set(
        others.filter((m) => m.locked).map((m) => slotKey(m.day, m.slot)),
      );
      const seed = nextSeed();
      const result = await pool.run(
        'regenerateMeal',
        shared,
        {
          weights: await weightOverrides(),
          kitchen: await kitchenOf(userId),
          profile: toProfile(settings),
          // The other meals are kept by regenerateMeal whatever their lock.
          locked: others
            .filter((m) => m.locked)
            .map(({ day: d, slot: s, recipeId }) => ({
              day: d,
              slot: s,
              recipeId,
            })),
          seed,
          current: current.map(({ day: d, slot: s, recipeId }) => ({
            day: d,
            slot: s,
            recipeId,
          })),
          day,
          slot,
        },
        userId,
      );
      // Only the asked slot may change: the other meals are written back as
      // stored, with the planner's refreshed reason where it kept the recipe
      // (a reason may name a meal that was just replaced).
      const planned = new Map(
        result.meals.map((m) => [slotKey(m.day, m.slot), m] as const),
      );
      const storedReason = new Map(
        meals.map((row) => [`${DAYS[row.day]}/${row.slot}`, row.reason]),
      );
      const kept = others.map((m) => {
        const key = slotKey(m.day, m.slot);
        const fresh = planned.get(key);
        return {
          ...m,
          reason:
            fresh?.recipeId === m.recipeId
              ? fresh.reason
              : (storedReason.get(key) ?? ''),
        };
      });
      const replacement = planned.get(slotKey(day, slot));
      const write = toWrite(
        { ...result, meals: [...kept, ...(replacement ? [replacement] : [])] },
        plan.seed,
        plan.servingSize,
        false,
        lockedSlots,
      );
      const written = await plans.write(userId, write, version);
      if (written === null)
        throw new ConflictError(mealPlanMessages.staleVersion);
      return render(written, shared.version);
    },

    /** Locks or unlocks one meal. */
    async lock(
      userId: string,
      version: number,
      day: Day,
      slot: MealSlot,
      locked: boolean,
    ): Promise<MealPlan> {
      const result = await plans.setLocked(
        userId,
        version,
        dayIndex(day),
        slot,
        locked,
        mealPlanMessages.noMealInSlot,
      );
      if (result === 'stale') {
        await storedPlan(userId);
        throw new ConflictError(mealPlanMessages.staleVersion);
      }
      return render(result);
    },

    /** PATCH /recipes/{userId}: the plan is gone (idempotent). */
    async remove(userId: string): Promise<{ success: true }> {
      await plans.remove(userId);
      return { success: true };
    },
  };
}

export type MealPlansService = ReturnType<typeof createMealPlansService>;
