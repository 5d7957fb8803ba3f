/**
 * The small instances the planner is compared with the MILP optimum on: a
 * schedule, a profile and a number of candidates drawn at random (by seed)
 * from the recipes the profile allows, by the planner's own constraint
 * filter. The planner gets a catalogue of just those candidates, the MILP
 * (optimum.ts) the same recipes and slots.
 */
import { compileCatalogue, planFloors } from '@platewise/planner';
import type { PlannerProfile } from '@platewise/planner';
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { MealSlot } from '@platewise/shared';

// The planner's cooking-time caps, read from its sources.
import {
  LAST_WEEKDAY,
  UNKNOWN_MINUTES,
} from '../../packages/planner/src/objective.js';
import {
  DEFAULT_WEEKNIGHT_MINUTES,
  WEEKDAY_BREAKFAST_MINUTES,
  WEEKEND_MINUTES,
} from '../../packages/planner/src/planner.js';
import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import type { OptimumInstance, OptimumSlot } from './optimum.js';
import { createPrng } from './prng.js';
import { SCHEDULES } from './profiles.js';
import { validRecipeIds } from './random-plans.js';

export interface OptimumCase {
  /** "14 lunches and dinners from 60". */
  readonly name: string;
  readonly seed: number;
  readonly profile: PlannerProfile;
  readonly instance: OptimumInstance;
}

export const INSTANCE_KINDS = {
  '7 dinners from 40': { schedule: 'dinners (7)', candidates: 40 },
  '14 lunches and dinners from 60': {
    schedule: 'lunch and dinner (14)',
    candidates: 60,
  },
  '21 meals from 90': { schedule: 'full week (21)', candidates: 90 },
} as const;

export type InstanceKind = keyof typeof INSTANCE_KINDS;

/** The profiles cycled through by seed (seed 1 is the first). */
export const OPTIMUM_PROFILES: readonly Omit<PlannerProfile, 'schedule'>[] = (
  [
    { diet: 'none', servingSize: 2 },
    { diet: 'vegetarian', servingSize: 4 },
    { diet: 'none', servingSize: 1 },
    { diet: 'gluten-free', servingSize: 3, allergenIds: ['milk'] },
    { diet: 'none', servingSize: 6 },
  ] as const
).map((partial) => ({
  allergenIds: [],
  customAllergens: [],
  likes: [],
  dislikes: [],
  proteinLevel: null,
  ...partial,
}));

const full = compileCatalogue(
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
  PLANNER_ALLERGENS,
);
const recipeById = new Map(SEED_PLANNER_RECIPES.map((r) => [r.id, r]));

/**
 * One instance: the seed picks the profile (cycling) and shuffles the
 * recipes the profile allows for the schedule's meal types; the first
 * `candidates` are kept. Each candidate may fill the slots whose meal type
 * the planner's filter allows it for.
 */
export function buildCase(kind: InstanceKind, seed: number): OptimumCase {
  const { schedule: scheduleName, candidates } = INSTANCE_KINDS[kind];
  const schedule = SCHEDULES[scheduleName] ?? [];
  const base = OPTIMUM_PROFILES[(seed - 1) % OPTIMUM_PROFILES.length];
  if (base === undefined) throw new Error('no profile');
  const profile: PlannerProfile = { ...base, schedule };
  const valid = validRecipeIds(full, profile);
  const slots: OptimumSlot[] = [];
  for (const day of DAYS) {
    const entry = schedule.find((d) => d.day === day);
    for (const slot of MEAL_SLOTS) {
      if (entry?.[slot] === true) slots.push({ day, slot });
    }
  }
  const slotTypes = new Set<MealSlot>(slots.map((s) => s.slot));
  const pool = [
    ...new Set([...slotTypes].flatMap((slot) => valid[slot])),
  ].sort();
  const chosen = createPrng(seed * 7919)
    .shuffle(pool)
    .slice(0, candidates);
  // The planner's cooking-time caps are per slot, so they hold here as
  // the slots a candidate may fill: weekday breakfasts 20 minutes, weekday
  // lunches and dinners the weeknight time (45 by default), weekend meals
  // three hours (the planner's softer weekend cap, kept wherever it can be).
  const withinTime = (id: string, slot: OptimumSlot) => {
    const cap =
      DAYS.indexOf(slot.day) > LAST_WEEKDAY
        ? WEEKEND_MINUTES
        : slot.slot === 'breakfast'
          ? WEEKDAY_BREAKFAST_MINUTES
          : (profile.weeknightCookingMinutes ?? DEFAULT_WEEKNIGHT_MINUTES);
    return (recipeById.get(id)?.totalCookingTime ?? UNKNOWN_MINUTES) <= cap;
  };
  const validFor = (id: string, slot: OptimumSlot) =>
    valid[slot.slot].includes(id) && withinTime(id, slot);
  // Compiled as the server compiles it, with the food families: the
  // planner's main proteins (its protein rules and meat floor) come from them.
  const catalogue = compileCatalogue(
    PLANNER_INGREDIENTS,
    chosen.map((id) => recipeById.get(id)).filter((r) => r !== undefined),
    PLANNER_ALLERGENS,
    PLANNER_FAMILIES,
  );
  const instance: OptimumInstance = {
    catalogue,
    slots,
    candidates: chosen.map((recipeId) => ({
      recipeId,
      slots: slots.flatMap((s, index) =>
        validFor(recipeId, s) ? [index] : [],
      ),
    })),
    servingSize: profile.servingSize,
    floors: planFloors({ catalogue, profile, locked: [], seed }),
  };
  return { name: kind, seed, profile, instance };
}
