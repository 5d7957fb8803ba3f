import { describe, expect, it } from 'vitest';

import type { MealRef } from './plan-types.js';
import { catalogueOf, ingredient, recipe } from './test-support/builders.js';
import { buyPackages, evaluatePlan } from './waste.js';

/** Grams per day Monday..Sunday from { dayIndex: grams }. */
const week = (uses: Partial<Record<number, number>>): number[] =>
  Array.from({ length: 7 }, (_, d) => uses[d] ?? 0);

describe('buyPackages (the waste model for one ingredient)', () => {
  it.each([
    {
      case: 'uses share an open package, then spill into a new one',
      // 100 g packs, keeps 7 days. Mon 30: buy 1 (70 left). Wed 50: 20 left.
      // Fri 40: takes the 20, buys 1 more for the other 20 (80 left).
      uses: { 0: 30, 2: 50, 4: 40 },
      size: 100,
      life: 7,
      bought: 200,
    },
    {
      case: 'a use past the shelf life buys a new package',
      // Keeps 2 days: Mon 30 (70 left); Thu is 3 days on, the 70 g are gone: buy 1.
      uses: { 0: 30, 3: 30 },
      size: 100,
      life: 2,
      bought: 200,
    },
    {
      case: 'a use on the last day of the shelf life still shares',
      // Keeps 2 days: Mon 30, Wed (2 days on) takes 30 of the 70 left.
      uses: { 0: 30, 2: 30 },
      size: 100,
      life: 2,
      bought: 100,
    },
    {
      case: 'one use larger than a package buys several',
      // 250 g from 100 g packs: 3 packs, 50 g left.
      uses: { 0: 250 },
      size: 100,
      life: 7,
      bought: 300,
    },
    {
      case: 'uses of one day are one use',
      // Tue 60 + 60 = 120: 2 packs.
      uses: { 1: 120 },
      size: 100,
      life: 0,
      bought: 200,
    },
    {
      case: 'a package used up exactly leaves nothing',
      // 4 × 25 g over four days from one 100 g pack.
      uses: { 0: 25, 1: 25, 2: 25, 3: 25 },
      size: 100,
      life: 7,
      bought: 100,
    },
  ])('$case', ({ uses, size, life, bought }) => {
    const buys: { dayIndex: number; grams: number }[] = [];
    expect(buyPackages(week(uses), 0, size, life, buys)).toBeCloseTo(bought, 9);
    expect(buys.reduce((sum, buy) => sum + buy.grams, 0)).toBeCloseTo(
      bought,
      9,
    );
  });

  it('buys on the day of the use that needs the package', () => {
    const buys: { dayIndex: number; grams: number }[] = [];
    buyPackages(week({ 1: 30, 4: 90 }), 0, 100, 7, buys);
    // Tue buys one (70 left); Fri needs 90: takes 70, buys one for 20.
    expect(buys.map((buy) => buy.dayIndex)).toEqual([1, 4]);
  });
});

describe('evaluatePlan', () => {
  const spinach = ingredient('spinach', {
    package: { size: 200, unit: 'g', label: 'bag' },
    shelfLifeDays: 5,
  });
  const cream = ingredient('cream', {
    category: 'dairy',
    package: { size: 250, unit: 'ml', label: 'carton' },
    densityGPerMl: 1,
    shelfLifeDays: 10,
    openedShelfLifeDays: 1,
  });
  const rice = ingredient('rice', {
    perishable: false,
    category: 'grains',
    package: { size: 1, unit: 'kg', label: 'bag' },
  });
  const catalogue = catalogueOf(
    [spinach, cream, rice],
    [
      // Written for 2 servings: 100 g spinach, 200 g rice.
      recipe('saag', { spinach: 100, rice: 200 }, { servingSize: 2 }),
      recipe('creamed-spinach', { spinach: 60, cream: 100 }),
      recipe('cream-soup', { cream: 100 }),
    ],
  );

  it('scales quantities to the serving size and counts only perishables as waste', () => {
    const meals: MealRef[] = [
      { day: 'Monday', slot: 'dinner', recipeId: 'saag' },
    ];
    const { totals, purchases } = evaluatePlan(catalogue, meals, 3);
    // 3 servings of a 2-serving recipe: 150 g spinach from one 200 g bag → 50 g waste.
    // Rice: 300 g of a 1 kg bag is pantry, not waste.
    expect(totals.boughtGrams).toBeCloseTo(200);
    expect(totals.usedGrams).toBeCloseTo(150);
    expect(totals.wasteGrams).toBeCloseTo(50);
    expect(totals.wasteShare).toBeCloseTo(0.25);
    expect(totals.freshItemsBought).toBe(1);
    const riceBuy = purchases.find((p) => p.ingredientId === 'rice');
    expect(riceBuy?.perishable).toBe(false);
    expect(riceBuy?.usedGrams).toBeCloseTo(300);
    expect(riceBuy?.packages).toHaveLength(1);
  });

  it('shares a bag across meals within its shelf life', () => {
    const meals: MealRef[] = [
      { day: 'Monday', slot: 'dinner', recipeId: 'saag' },
      { day: 'Wednesday', slot: 'lunch', recipeId: 'creamed-spinach' },
    ];
    // Spinach: Mon 100 g (2 servings ÷ 2) + Wed 2 × 60 = 120 g.
    // Mon buys a 200 g bag (100 left), Wed takes 100 and buys another for 20 → 400 bought, 220 used.
    // Cream: Wed 200 ml = 200 g from one 250 ml carton → 50 g waste.
    const { totals } = evaluatePlan(catalogue, meals, 2);
    expect(totals.boughtGrams).toBeCloseTo(400 + 250);
    expect(totals.usedGrams).toBeCloseTo(220 + 200);
    expect(totals.wasteGrams).toBeCloseTo(180 + 50);
    expect(totals.freshItemsBought).toBe(2);
    expect(totals.freshItemsShared).toBe(1);
    // Spinach in 2 meals, cream in 1: 3 meal-uses over 2 items.
    expect(totals.mealsPerFreshItem).toBeCloseTo(1.5);
  });

  it('uses the shorter opened shelf life', () => {
    const meals: MealRef[] = [
      { day: 'Monday', slot: 'dinner', recipeId: 'cream-soup' },
      { day: 'Wednesday', slot: 'dinner', recipeId: 'cream-soup' },
    ];
    // Opened cream keeps 1 day: Mon 100 of 250 (150 left), Wed is 2 days on: a new carton.
    // 500 bought, 200 used → 300 waste. Tuesday instead would share the carton.
    expect(evaluatePlan(catalogue, meals, 1).totals.wasteGrams).toBeCloseTo(
      300,
    );
    const tuesday: MealRef[] = [
      { day: 'Monday', slot: 'dinner', recipeId: 'cream-soup' },
      { day: 'Tuesday', slot: 'dinner', recipeId: 'cream-soup' },
    ];
    expect(evaluatePlan(catalogue, tuesday, 1).totals.wasteGrams).toBeCloseTo(
      50,
    );
  });

  it('skips meals whose recipe the catalogue does not hold', () => {
    const meals: MealRef[] = [
      { day: 'Monday', slot: 'dinner', recipeId: 'gone' },
    ];
    expect(evaluatePlan(catalogue, meals, 2).totals.boughtGrams).toBe(0);
  });
});
