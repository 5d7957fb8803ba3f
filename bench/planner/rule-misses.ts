/**
 * Where the planner's week misses a rule of issue 22 on the bench profiles,
 * and why: per profile below the random median of fresh food, the plan's
 * fresh grams, the random median, the planner's floor and an upper bound of
 * what any week keeping the cooking-time caps can carry; per repeat and
 * near-duplicate, the dishes and how many valid recipes the slot had; and
 * the notes the plan gives (issue 22: what the planner had to give up).
 *
 *   npx tsx --conditions=source bench/planner/rule-misses.ts [seed|realistic]
 */
import {
  compileCatalogue,
  freshGramsPerServing,
  generatePlan,
  planFloors,
} from '@platewise/planner';
import type { MealRef, PlannerRecipe } from '@platewise/planner';
import { DAYS } from '@platewise/shared';

import { median } from '../lib/results.js';
import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { PlanChecker } from './plan-checks.js';
import { benchProfiles, enabledSlots } from './profiles.js';
import { randomPlan, validRecipeIds } from './random-plans.js';
import { realisticCatalogueRecipes } from './realistic-catalogue.js';

const which = process.argv[2] ?? 'seed';
const recipes: readonly PlannerRecipe[] =
  which === 'seed' ? SEED_PLANNER_RECIPES : realisticCatalogueRecipes(5000);
const catalogue = compileCatalogue(
  PLANNER_INGREDIENTS,
  recipes,
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
);
const checker = new PlanChecker(catalogue);
const byId = new Map(catalogue.recipes.map((r) => [r.id, r]));
const fresh = (id: string) =>
  freshGramsPerServing(catalogue, [{ recipeId: id }]);

for (const [i, { name, profile }] of benchProfiles(36).entries()) {
  const input = { catalogue, profile, locked: [], seed: i + 1 };
  const plan = generatePlan(input);
  const checks = checker.check(profile, plan.meals);
  const valid = validRecipeIds(catalogue, profile);
  const randomFresh = median(
    Array.from(
      { length: 21 },
      (_, k) =>
        checker.check(profile, randomPlan(valid, profile, k + 1))
          .freshGramsPerServing,
    ),
  );
  const below = checks.freshGramsPerServing < randomFresh - 1e-9;
  if (
    !below &&
    checks.repeats === 0 &&
    checks.nearDuplicates === 0 &&
    plan.notes.length === 0
  ) {
    continue;
  }
  console.log(`\n${name}`);
  console.log(
    `  valid: breakfast ${valid.breakfast.length}, lunch ${valid.lunch.length}, dinner ${valid.dinner.length}; broken by planner: ${JSON.stringify(plan.broken ?? [])}`,
  );
  for (const note of plan.notes) {
    console.log(
      `  note (${note.code}): ${note.day === undefined ? '' : `${note.day} ${note.slot}: `}${note.reason}`,
    );
  }
  if (below) {
    const floors = planFloors(input);
    const meals = plan.meals.length;
    // Upper bound of fresh food per serving under the cooking-time caps
    // alone: per meal type, weekday slots take the freshest recipes within
    // their cap, then weekend slots the freshest of the rest (a recipe once
    // per type: distinctness across types relaxed).
    const weeknight = profile.weeknightCookingMinutes ?? 45;
    let bound = 0;
    for (const slot of ['breakfast', 'lunch', 'dinner'] as const) {
      const slots = enabledSlots(profile.schedule).filter(
        (x) => x.slot === slot,
      );
      const weekday = slots.filter((x) => DAYS.indexOf(x.day) <= 4).length;
      const weekend = slots.length - weekday;
      const cap = slot === 'breakfast' ? 20 : weeknight;
      const sorted = [...valid[slot]].sort((a, b) => fresh(b) - fresh(a));
      const within = sorted.filter(
        (id) => (byId.get(id)?.totalCookingTime ?? 45) <= cap,
      );
      const taken = new Set(within.slice(0, weekday));
      const rest = sorted.filter((id) => !taken.has(id)).slice(0, weekend);
      for (const id of [...taken, ...rest]) bound += fresh(id);
    }
    bound /= Math.max(1, meals);
    console.log(
      `  fresh g/serving: plan ${checks.freshGramsPerServing.toFixed(1)}, random median ${randomFresh.toFixed(1)}, planner floor ${(floors.freshGrams / profile.servingSize / Math.max(1, meals)).toFixed(1)}, bound under time caps ${bound.toFixed(1)}; waste ${plan.waste.wasteGrams.toFixed(0)} g; meat floor ${floors.meatMeals}, meat meals ${checks.meatMeals}`,
    );
  }
  if (checks.repeats > 0 || checks.nearDuplicates > 0) {
    const describe = (m: MealRef) => {
      const f = checker.factsOf(m.recipeId);
      return `${m.day} ${m.slot}: ${byId.get(m.recipeId)?.name} [head ${f?.head}, kind ${f?.kind}, animal ${f?.animal}, ${byId.get(m.recipeId)?.totalCookingTime} min]`;
    };
    const seen = new Map<string, MealRef>();
    for (const m of plan.meals) {
      const prev = seen.get(m.recipeId);
      if (prev !== undefined) {
        console.log(`  repeat: ${describe(prev)} / ${describe(m)}`);
      }
      seen.set(m.recipeId, m);
    }
    for (let a = 0; a < plan.meals.length; a += 1) {
      for (let b = a + 1; b < plan.meals.length; b += 1) {
        const x = plan.meals[a];
        const y = plan.meals[b];
        if (x === undefined || y === undefined) continue;
        if (x.recipeId === y.recipeId) continue;
        const fx = checker.factsOf(x.recipeId);
        const fy = checker.factsOf(y.recipeId);
        if (fx === undefined || fy === undefined) continue;
        const sameHead = fx.head !== null && fx.head === fy.head;
        const sameKind =
          fx.kind !== null &&
          fx.kind === fy.kind &&
          fx.animal !== null &&
          fx.animal === fy.animal;
        if (sameHead || sameKind) {
          console.log(`  near-duplicate: ${describe(x)} / ${describe(y)}`);
        }
      }
    }
  }
}
