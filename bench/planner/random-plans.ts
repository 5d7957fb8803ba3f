/**
 * The "typical unplanned week" the planner is measured against: each enabled
 * slot filled by a uniformly random recipe among those the planner's own
 * constraint filter allows (meal type, diet, allergens, custom allergens,
 * dislikes), no recipe twice. Waste is scored by the planner's evaluatePlan,
 * so both sides use one model.
 */
import { evaluatePlan } from '@platewise/planner';
import type {
  MealRef,
  PlannerCatalogue,
  PlannerProfile,
  WasteTotals,
} from '@platewise/planner';
import type { MealSlot } from '@platewise/shared';

import { filterForProfile } from '../../packages/planner/src/constraints.js';
import { createPrng } from './prng.js';
import { enabledSlots } from './profiles.js';

/** Recipe ids valid for each meal type of a profile, by the planner's filter. */
export function validRecipeIds(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
): Readonly<Record<MealSlot, readonly string[]>> {
  const filter = filterForProfile(catalogue, profile);
  const ids = (slotIndex: number): string[] =>
    Array.from(
      filter.validByType[slotIndex] ?? [],
      (r) => catalogue.recipes[r]?.id ?? '',
    );
  return { breakfast: ids(0), lunch: ids(1), dinner: ids(2) };
}

/** One random valid menu for a profile; slots with no recipe left stay empty. */
export function randomPlan(
  valid: Readonly<Record<MealSlot, readonly string[]>>,
  profile: PlannerProfile,
  seed: number,
): MealRef[] {
  const prng = createPrng(seed);
  const used = new Set<string>();
  const meals: MealRef[] = [];
  for (const { day, slot } of enabledSlots(profile.schedule)) {
    const options = valid[slot].filter((id) => !used.has(id));
    if (options.length === 0) continue;
    const recipeId = prng.pick(options);
    used.add(recipeId);
    meals.push({ day, slot, recipeId });
  }
  return meals;
}

/** The waste totals of `count` random valid plans (seeds 1..count). */
export function randomPlanTotals(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
  count: number,
): WasteTotals[] {
  const valid = validRecipeIds(catalogue, profile);
  return Array.from(
    { length: count },
    (_, index) =>
      evaluatePlan(
        catalogue,
        randomPlan(valid, profile, index + 1),
        profile.servingSize,
      ).totals,
  );
}
