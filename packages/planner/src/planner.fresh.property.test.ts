/**
 * Issue 22's fresh-food rule: waste is cut by sharing, never by dropping
 * fresh food. A plan's fresh produce per serving (freshGramsPerServing: the
 * perishables its meals use, the measure the bench reports too) is at least
 * the median of random valid plans for the same profile: each enabled slot a
 * uniformly random recipe the profile allows, no recipe twice while others
 * remain. Random catalogues mix perishables of short and long life with
 * goods that only spoil once opened (cans), which do not count as fresh.
 */
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { MealSlot } from '@platewise/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { filterForProfile } from './constraints.js';
import type { PlannerIngredient, PlannerProfile } from './plan-types.js';
import { generatePlan, planFloors } from './planner.js';
import { createRandom } from './random.js';
import {
  catalogueOf,
  ingredient,
  profile as profileOf,
  recipe,
  schedule,
} from './test-support/builders.js';
import { freshGramsPerServing } from './waste.js';

const FOODS: PlannerIngredient[] = [
  ingredient('spinach', { shelfLifeDays: 3 }),
  ingredient('salmon', { shelfLifeDays: 2, category: 'fish' }),
  ingredient('carrot', { shelfLifeDays: 21 }),
  ingredient('basil', {
    shelfLifeDays: 4,
    package: { size: 30, unit: 'g', label: 'bunch' },
  }),
  ingredient('yogurt', {
    shelfLifeDays: 10,
    package: { size: 500, unit: 'g', label: 'pot' },
  }),
  ingredient('tomato-can', {
    perishable: false,
    openedShelfLifeDays: 3,
    package: { size: 400, unit: 'g', label: 'can' },
  }),
  ingredient('rice', {
    perishable: false,
    package: { size: 1000, unit: 'g', label: 'bag' },
  }),
];
const IDS = FOODS.map((food) => food.id);

const worldArb = fc.array(
  fc.record({
    uses: fc.dictionary(
      fc.constantFrom(...IDS),
      fc.integer({ min: 10, max: 400 }),
      { minKeys: 1, maxKeys: 4 },
    ),
    mealTypes: fc.subarray([...MEAL_SLOTS], { minLength: 1 }),
    minutes: fc.integer({ min: 10, max: 90 }),
  }),
  { minLength: 3, maxLength: 30 },
);

const profileArb: fc.Arbitrary<PlannerProfile> = fc
  .record({
    slots: fc.subarray([...MEAL_SLOTS], { minLength: 1 }),
    days: fc.subarray([...DAYS], { minLength: 1 }),
    servingSize: fc.integer({ min: 1, max: 6 }),
    likes: fc.subarray(['carrot', 'salmon']),
    proteinLevel: fc.constantFrom(null, 'low', 'medium', 'high'),
  })
  .map(({ slots, days, servingSize, likes, proteinLevel }) =>
    profileOf({
      schedule: DAYS.map((day) => ({
        day,
        breakfast: days.includes(day) && slots.includes('breakfast'),
        lunch: days.includes(day) && slots.includes('lunch'),
        dinner: days.includes(day) && slots.includes('dinner'),
      })),
      servingSize,
      likes,
      proteinLevel: proteinLevel as PlannerProfile['proteinLevel'],
    }),
  );

const RANDOM_PLANS = 41;

/**
 * The most fresh food per serving any week keeping the cooking-time caps
 * (weekday breakfasts 20 minutes, weekday lunches and dinners 45) can
 * carry: per meal type, the weekday slots take the freshest recipes within
 * their cap and the weekend slots the freshest of the rest (a recipe may
 * serve two meal types: an upper bound). An over-cap recipe fills a weekday
 * slot only when too few are within the cap; with too few recipes, the
 * freshest fills the slots left (a repeat).
 */
function freshWithinCaps(
  catalogue: ReturnType<typeof catalogueOf>,
  filter: ReturnType<typeof filterForProfile>,
  profile: PlannerProfile,
): number {
  let total = 0;
  let meals = 0;
  MEAL_SLOTS.forEach((slot, type) => {
    const days = profile.schedule.filter((day) => day[slot]);
    const weekday = days.filter((day) => DAYS.indexOf(day.day) <= 4).length;
    const cap = slot === 'breakfast' ? 20 : 45;
    const options = Array.from(filter.validByType[type] ?? [], (r) => {
      const recipe = catalogue.recipes[r];
      return {
        minutes: recipe?.totalCookingTime ?? 45,
        grams: freshGramsPerServing(catalogue, [
          { recipeId: recipe?.id ?? '' },
        ]),
      };
    }).sort((a, b) => b.grams - a.grams);
    const within = options.filter((o) => o.minutes <= cap).slice(0, weekday);
    const rest = options
      .filter((o) => !within.includes(o))
      .slice(0, days.length - within.length);
    for (const o of [...within, ...rest]) total += o.grams;
    // Too few recipes: the week repeats one, at best the freshest.
    const missing = days.length - within.length - rest.length;
    if (options.length > 0 && missing > 0) {
      total += missing * (options[0]?.grams ?? 0);
    }
    meals += options.length > 0 ? days.length : 0;
  });
  return meals === 0 ? 0 : total / meals;
}
const SAMPLE_TOLERANCE = 0.02;

describe('fresh food (issue 22)', () => {
  it('a plan carries at least the fresh produce per serving of the median random valid plan', () => {
    fc.assert(
      fc.property(
        worldArb,
        profileArb,
        fc.integer(),
        (world, profile, seed) => {
          const catalogue = catalogueOf(
            FOODS,
            world.map((dish, k) =>
              recipe(`dish-${k}`, dish.uses, {
                mealTypes: dish.mealTypes,
                totalCookingTime: dish.minutes,
              }),
            ),
          );
          const plan = generatePlan({ catalogue, profile, locked: [], seed });
          const filter = filterForProfile(catalogue, profile);
          const slots = profile.schedule.flatMap((day) =>
            MEAL_SLOTS.filter((slot) => day[slot]).map((slot) => ({
              day: day.day,
              slot,
            })),
          );
          const random = createRandom(seed ^ 0x5eed);
          const perServing: number[] = [];
          for (let p = 0; p < RANDOM_PLANS; p += 1) {
            const used = new Set<string>();
            const meals: { recipeId: string }[] = [];
            for (const { slot } of slots) {
              const type = MEAL_SLOTS.indexOf(slot as MealSlot);
              const ids = Array.from(
                filter.validByType[type] ?? [],
                (r) => catalogue.recipes[r]?.id ?? '',
              );
              if (ids.length === 0) continue;
              const fresh = ids.filter((id) => !used.has(id));
              const from = fresh.length > 0 ? fresh : ids;
              const id = from[random.int(from.length)] ?? '';
              used.add(id);
              meals.push({ recipeId: id });
            }
            perServing.push(freshGramsPerServing(catalogue, meals));
          }
          perServing.sort((a, b) => a - b);
          const median = perServing[(RANDOM_PLANS - 1) / 2] ?? 0;
          // The planner sees its own sample of random plans, not this one:
          // two samples' medians of a few discrete menus differ by a little
          // (78.5 against 79 g), hence 2 %.
          const floor = median * (1 - SAMPLE_TOLERANCE) - 1e-9;
          const fresh = freshGramsPerServing(catalogue, plan.meals);
          // The rule holds while a valid alternative exists: the random
          // plans ignore the cooking-time caps, which come first, so below
          // the floor no week keeping the caps may reach it.
          const reachable =
            freshWithinCaps(catalogue, filter, profile) >= floor;
          expect(fresh >= floor || !reachable).toBe(true);
        },
      ),
      { numRuns: 150, seed: 2211 },
    );
  }, 120_000);

  it('states the fresh floor it holds a plan to (planFloors), which least waste alone would miss', () => {
    // Rice dishes waste nothing; spinach (kept 3 days, 200 g bags) wastes
    // unless two meals share a bag, so least waste alone serves rice.
    const catalogue = catalogueOf(FOODS, [
      recipe('spinach-soup', { spinach: 150 }, { totalCookingTime: 10 }),
      recipe('spinach-curry', { spinach: 130 }, { totalCookingTime: 10 }),
      recipe('rice-bowl', { rice: 100 }, { totalCookingTime: 10 }),
      recipe('rice-salad', { rice: 120 }, { totalCookingTime: 10 }),
      recipe('fried-rice', { rice: 90 }, { totalCookingTime: 10 }),
    ]);
    const profile = profileOf({
      schedule: schedule(['dinner'], ['Monday', 'Thursday']),
    });
    const input = { catalogue, profile, locked: [], seed: 7 };
    const floors = planFloors(input);
    expect(floors.freshGrams).toBeGreaterThan(0);
    expect(floors.meatMeals).toBe(0);
    const plan = generatePlan(input);
    const freshGrams =
      freshGramsPerServing(catalogue, plan.meals) * plan.meals.length;
    expect(freshGrams).toBeGreaterThanOrEqual(floors.freshGrams - 1e-9);
    expect(plan.waste.wasteGrams).toBeGreaterThan(0);
  });
});
