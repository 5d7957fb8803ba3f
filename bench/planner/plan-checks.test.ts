import type { MealRef } from '@platewise/planner';
import { describe, expect, it } from 'vitest';

import {
  catalogueOf,
  ingredient,
  profile as profileOf,
  recipe,
  schedule,
} from '../../packages/planner/src/test-support/builders.js';
import { brokenCounts, PlanChecker } from './plan-checks.js';

const FOODS = [
  ingredient('spinach', { shelfLifeDays: 3 }),
  ingredient('tomato', { shelfLifeDays: 5 }),
  ingredient('lentils', { perishable: false }),
];

const dinners = (ids: readonly string[]): MealRef[] =>
  ids.map((recipeId, k) => ({
    day: (['Monday', 'Tuesday', 'Wednesday'] as const)[k] ?? 'Monday',
    slot: 'dinner',
    recipeId,
  }));

describe('PlanChecker: breaks the catalogue forces', () => {
  const profile = profileOf({
    schedule: schedule(['dinner'], ['Monday', 'Tuesday', 'Wednesday']),
  });

  it('counts a repeat as forced when fewer distinct recipes fit than meals', () => {
    const checker = new PlanChecker(
      catalogueOf(FOODS, [
        recipe('spinach-soup', { spinach: 100 }),
        recipe('tomato-curry', { tomato: 100 }),
      ]),
    );
    const checks = checker.check(
      profile,
      dinners(['spinach-soup', 'tomato-curry', 'spinach-soup']),
    );
    expect(checks.repeats).toBe(1);
    expect(checks.forced).toBe(1);
    expect(brokenCounts(checks).repeats).toBe(0);
  });

  it('counts two dishes of one name (head noun) as forced only when no other name fits', () => {
    const forcedChecker = new PlanChecker(
      catalogueOf(FOODS, [
        recipe('spinach-salad', { spinach: 100 }),
        recipe('tomato-salad', { tomato: 100 }),
        recipe('lentil-soup', { lentils: 80 }),
      ]),
    );
    const forced = forcedChecker.check(
      profile,
      dinners(['spinach-salad', 'tomato-salad', 'lentil-soup']),
    );
    expect(forced.nearDuplicates).toBe(1);
    expect(forced.forced).toBe(1);
    expect(brokenCounts(forced).nearDuplicates).toBe(0);

    // A third name exists: the same two salads are a break.
    const checker = new PlanChecker(
      catalogueOf(FOODS, [
        recipe('spinach-salad', { spinach: 100 }),
        recipe('tomato-salad', { tomato: 100 }),
        recipe('lentil-soup', { lentils: 80 }),
        recipe('tomato-curry', { tomato: 120 }),
      ]),
    );
    const avoidable = checker.check(
      profile,
      dinners(['spinach-salad', 'tomato-salad', 'lentil-soup']),
    );
    expect(avoidable.nearDuplicates).toBe(1);
    expect(avoidable.forced).toBe(0);
    expect(brokenCounts(avoidable).nearDuplicates).toBe(1);
  });

  it('counts a weekday dinner over the cap as forced only when no quicker one of another name fits', () => {
    const catalogue = catalogueOf(FOODS, [
      recipe('spinach-soup', { spinach: 100 }, { totalCookingTime: 30 }),
      recipe('tomato-curry', { tomato: 100 }, { totalCookingTime: 30 }),
      recipe('lentil-stew', { lentils: 80 }, { totalCookingTime: 90 }),
    ]);
    const checks = new PlanChecker(catalogue).check(
      profile,
      dinners(['spinach-soup', 'tomato-curry', 'lentil-stew']),
    );
    expect(checks.timeOver).toBe(1);
    expect(checks.forced).toBe(1);
    expect(brokenCounts(checks).timeOver).toBe(0);
  });
});

describe('PlanChecker.freshBound', () => {
  it('is the most fresh food a week keeping the cooking-time caps can carry', () => {
    // Weekday dinners within 45 minutes: the 200 g spinach dish takes 90.
    const catalogue = catalogueOf(FOODS, [
      recipe('spinach-bake', { spinach: 200 }, { totalCookingTime: 90 }),
      recipe('tomato-soup', { tomato: 100 }, { totalCookingTime: 30 }),
      recipe('tomato-salad', { tomato: 60 }, { totalCookingTime: 10 }),
      recipe('lentil-soup', { lentils: 80 }, { totalCookingTime: 30 }),
    ]);
    const checker = new PlanChecker(catalogue);
    const profile = profileOf({
      schedule: schedule(['dinner'], ['Monday', 'Tuesday']),
    });
    const meals = dinners(['tomato-soup', 'tomato-salad']);
    expect(checker.freshBound(profile, meals)).toBeCloseTo((100 + 60) / 2);
    // At the weekend there is no cap: the bake counts.
    const weekend = profileOf({
      schedule: schedule(['dinner'], ['Saturday', 'Sunday']),
    });
    expect(
      checker.freshBound(weekend, [
        { day: 'Saturday', slot: 'dinner', recipeId: 'tomato-soup' },
        { day: 'Sunday', slot: 'dinner', recipeId: 'tomato-salad' },
      ]),
    ).toBeCloseTo((200 + 100) / 2);
  });
});

describe('PlanChecker.freshReachable', () => {
  it('says whether a week keeping the rules reaches a fresh target', () => {
    // Two weekday dinners; the two freshest share their name (salad).
    const catalogue = catalogueOf(FOODS, [
      recipe('spinach-salad', { spinach: 200 }),
      recipe('tomato-salad', { tomato: 150 }),
      recipe('lentil-soup', { lentils: 80 }),
    ]);
    const checker = new PlanChecker(catalogue);
    const profile = profileOf({
      schedule: schedule(['dinner'], ['Monday', 'Tuesday']),
    });
    const meals = dinners(['spinach-salad', 'lentil-soup']);
    expect(checker.freshReachable(profile, meals, 100)).toBe(true);
    expect(checker.freshReachable(profile, meals, 120)).toBe(false);
  });
});
