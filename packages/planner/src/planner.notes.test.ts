/**
 * Issue 22's plan-wide notes: when the planner must break a rule (no valid
 * alternative), the plan lists it like an unfilled slot's reason: fresh food
 * short of a typical week, and each rule a meal had to break.
 */
import { describe, expect, it } from 'vitest';

import { generatePlan, planFloors, regenerateMeal } from './planner.js';
import {
  catalogueOf,
  ingredient,
  profile,
  recipe,
  schedule,
} from './test-support/builders.js';
import { freshGramsPerServing } from './waste.js';

const spinach = ingredient('spinach', { shelfLifeDays: 7 });
const rice = ingredient('rice', {
  perishable: false,
  package: { size: 1000, unit: 'g', label: 'bag' },
});

// The random weeks behind the floor pick among every valid dinner, the
// cooking-time caps aside; the caps come first, so a weeknight week of
// quick dinners cannot reach the floor the slow, leafy dinners set.
const catalogue = catalogueOf(
  [spinach, rice],
  [
    recipe('lasagne', { spinach: 160 }, { totalCookingTime: 120 }),
    recipe('moussaka', { spinach: 150 }, { totalCookingTime: 110 }),
    recipe('tagine', { spinach: 140 }, { totalCookingTime: 100 }),
    recipe('congee', { rice: 100, spinach: 110 }, { totalCookingTime: 20 }),
    recipe('pilaf', { rice: 90, spinach: 100 }, { totalCookingTime: 15 }),
    recipe('onigiri', { rice: 120, spinach: 90 }, { totalCookingTime: 10 }),
    recipe('jambalaya', { rice: 110, spinach: 80 }, { totalCookingTime: 25 }),
  ],
);
const weeknights = profile({
  schedule: schedule(['dinner'], ['Monday', 'Tuesday', 'Wednesday']),
  servingSize: 2,
});

describe('plan notes', () => {
  it('says when no week keeping the rules reaches the fresh food of a typical week, with its grams', () => {
    const input = { catalogue, profile: weeknights, locked: [], seed: 3 };
    const plan = generatePlan(input);
    expect(plan.meals).toHaveLength(3);
    for (const meal of plan.meals) {
      expect(['congee', 'pilaf', 'onigiri', 'jambalaya']).toContain(
        meal.recipeId,
      );
    }
    const fresh = freshGramsPerServing(catalogue, plan.meals);
    const floor =
      planFloors(input).freshGrams / plan.meals.length / weeknights.servingSize;
    expect(plan.notes).toEqual([
      {
        code: 'fresh-below-typical',
        reason: `This week has less fresh food than a typical week for your settings (${Math.round(fresh)} g a serving against ${Math.round(floor)} g): no week the planner found that keeps your preferences has more.`,
      },
    ]);
    // No meal breaks a rule: the note is the plan's, not a meal's.
    expect(plan.broken).toBeUndefined();
  });

  it('says the same after one meal is regenerated', () => {
    const input = { catalogue, profile: weeknights, locked: [], seed: 3 };
    const plan = generatePlan(input);
    const again = regenerateMeal({
      ...input,
      current: plan.meals,
      day: 'Tuesday',
      slot: 'dinner',
    });
    expect(again.notes.map((note) => note.code)).toEqual([
      'fresh-below-typical',
    ]);
  });

  it('has no note when the week reaches a typical week', () => {
    const weekend = profile({
      schedule: schedule(['dinner'], ['Saturday', 'Sunday']),
      servingSize: 2,
    });
    const plan = generatePlan({
      catalogue,
      profile: weekend,
      locked: [],
      seed: 3,
    });
    expect(plan.notes).toEqual([]);
  });

  it('lists each meal that had to break a rule, by day and slot, as its reason says it', () => {
    const only = catalogueOf(
      [rice],
      [
        recipe(
          'porridge',
          { rice: 80 },
          { mealTypes: ['breakfast'], totalCookingTime: 10 },
        ),
      ],
    );
    const plan = generatePlan({
      catalogue: only,
      profile: profile({
        schedule: schedule(['breakfast'], ['Monday', 'Tuesday']),
      }),
      locked: [],
      seed: 1,
    });
    const reason =
      'repeated (2 times this week): too few breakfasts fit your preferences';
    expect(plan.meals.map((meal) => meal.reason)).toEqual([reason, reason]);
    expect(plan.notes).toEqual([
      { code: 'rule-broken', day: 'Monday', slot: 'breakfast', reason },
      { code: 'rule-broken', day: 'Tuesday', slot: 'breakfast', reason },
    ]);
  });

  it("says a slow weeknight dinner was traded for the week's fresh food when quicker dinners fit, never that none fits", () => {
    // The slow dinners carry so much more fresh food that the floor the
    // random weeks set costs more than a rule to fall short of.
    const leafy = catalogueOf(
      [spinach, rice],
      [
        recipe('lasagne', { spinach: 600 }, { totalCookingTime: 120 }),
        recipe('moussaka', { spinach: 550 }, { totalCookingTime: 110 }),
        recipe('tagine', { spinach: 500 }, { totalCookingTime: 100 }),
        recipe('congee', { rice: 100, spinach: 110 }, { totalCookingTime: 20 }),
        recipe('pilaf', { rice: 90, spinach: 100 }, { totalCookingTime: 15 }),
        recipe('onigiri', { rice: 120, spinach: 90 }, { totalCookingTime: 10 }),
        recipe(
          'jambalaya',
          { rice: 110, spinach: 80 },
          { totalCookingTime: 25 },
        ),
      ],
    );
    const plan = generatePlan({
      catalogue: leafy,
      profile: weeknights,
      locked: [],
      seed: 3,
    });
    const slow = plan.meals.filter((meal) =>
      ['lasagne', 'moussaka', 'tagine'].includes(meal.recipeId),
    );
    expect(slow.length).toBeGreaterThan(0);
    for (const meal of slow) {
      expect(meal.reason).toMatch(
        /^takes \d+ min, over your 45 minutes on a weekday: each quicker dinner that fits your preferences would leave the week short of fresh food, meat or variety$/,
      );
    }
    expect(
      plan.notes.filter((note) => note.code === 'rule-broken'),
    ).toHaveLength(slow.length);
  });

  it('says no quicker dinner fits when none does', () => {
    const slowOnly = catalogueOf(
      [spinach],
      [recipe('lasagne', { spinach: 160 }, { totalCookingTime: 120 })],
    );
    const plan = generatePlan({
      catalogue: slowOnly,
      profile: profile({
        schedule: schedule(['dinner'], ['Monday']),
        servingSize: 2,
      }),
      locked: [],
      seed: 1,
    });
    expect(plan.meals.map((meal) => meal.reason)).toEqual([
      'takes 120 min, over your 45 minutes on a weekday: no quicker dinner fits your preferences',
    ]);
  });
});
