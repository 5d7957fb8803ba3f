import { describe, expect, it } from 'vitest';

import type { MealRef } from './plan-types.js';
import { catalogueOf, ingredient, recipe } from './test-support/builders.js';
import { buyPackages, evaluatePlan } from './waste.js';
import type { PackageLedger } from './waste.js';

const newLedger = (): PackageLedger => ({
  bought: 0,
  fromKitchen: 0,
  kept: 0,
  waste: 0,
});

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
    const ledger = newLedger();
    buyPackages(week(uses), 0, size, life, buys, undefined, ledger);
    expect(ledger.bought).toBeCloseTo(bought, 9);
    expect(buys.reduce((sum, buy) => sum + buy.grams, 0)).toBeCloseTo(
      bought,
      9,
    );
  });

  it.each([
    {
      case: 'what is still good on the next Monday is kept, not waste',
      // Fri 40 from a 100 g pack keeping 7 days: 60 g good until next Friday.
      uses: { 4: 40 },
      life: 7,
      kept: 60,
      waste: 0,
    },
    {
      case: 'what passes its use-by day before Monday is waste',
      // Fri 40, keeps 2 days: the 60 g left pass on Sunday.
      uses: { 4: 40 },
      life: 2,
      kept: 0,
      waste: 60,
    },
    {
      case: 'a package good exactly until the next Monday is kept',
      // Thu 40, keeps 4 days: good on Monday (day 7 = 3 + 4).
      uses: { 3: 40 },
      life: 4,
      kept: 60,
      waste: 0,
    },
  ])('$case', ({ uses, life, kept, waste }) => {
    const ledger = newLedger();
    const charged = buyPackages(
      week(uses),
      0,
      100,
      life,
      undefined,
      undefined,
      ledger,
    );
    expect(ledger.kept).toBeCloseTo(kept, 9);
    expect(ledger.waste).toBeCloseTo(waste, 9);
    // The charge less the grams used is the waste the optimiser sees.
    expect(charged - 40).toBeCloseTo(waste, 9);
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
    // Mon buys a 200 g bag (100 left), Wed takes 100 and buys another for 20
    // → 400 bought, 220 used; the 180 g bought Wednesday keep 5 days, so
    // they are still good on Monday: kept, not waste.
    // Cream: Wed 200 ml = 200 g from one 250 ml carton; opened it keeps 1
    // day → 50 g waste.
    const { totals } = evaluatePlan(catalogue, meals, 2);
    expect(totals.boughtGrams).toBeCloseTo(400 + 250);
    expect(totals.usedGrams).toBeCloseTo(220 + 200);
    expect(totals.keptGrams).toBeCloseTo(180);
    expect(totals.wasteGrams).toBeCloseTo(50);
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

describe('carry-over: the kitchen (issue 20, hand-worked)', () => {
  const potato = ingredient('potato', {
    package: { size: 2000, unit: 'g', label: 'bag' },
    shelfLifeDays: 30,
  });
  const stock = ingredient('chicken-stock', {
    perishable: false,
    category: 'canned',
    package: { size: 1000, unit: 'ml', label: 'carton' },
    densityGPerMl: 1,
    shelfLifeDays: undefined,
    openedShelfLifeDays: 4,
  });
  const catalogue = catalogueOf(
    [potato, stock],
    [
      recipe('mash', { potato: 500 }),
      recipe('soup', { 'chicken-stock': 250 }),
      recipe('risotto', { 'chicken-stock': 500 }),
    ],
  );
  const mondayMash: MealRef[] = [
    { day: 'Monday', slot: 'dinner', recipeId: 'mash' },
  ];

  it('keeps a bag of potatoes bought in week 1 for week 2, which buys none', () => {
    // Week 1: Monday 500 g from a 2 kg bag that keeps 30 days: 1.5 kg are
    // still good on the next Monday, so nothing is wasted.
    const week1 = evaluatePlan(catalogue, mondayMash, 1);
    const bag1 = week1.purchases.find((p) => p.ingredientId === 'potato');
    expect(bag1?.packages).toHaveLength(1);
    expect(week1.totals.wasteGrams).toBe(0);
    expect(week1.totals.keptGrams).toBeCloseTo(1500);
    // Week 2: the 1.5 kg at home, good until day 30 − 7 = 23 of week 2.
    const kitchen = [{ ingredientId: 'potato', grams: 1500, useByDay: 23 }];
    const week2 = evaluatePlan(catalogue, mondayMash, 1, kitchen);
    const bag2 = week2.purchases.find((p) => p.ingredientId === 'potato');
    expect(bag2?.packages).toHaveLength(0);
    expect(bag2?.fromKitchenGrams).toBeCloseTo(500);
    expect(week2.totals.fromKitchenGrams).toBeCloseTo(500);
    expect(week2.totals.boughtGrams).toBe(0);
    expect(week2.totals.wasteGrams).toBe(0);
    expect(week2.totals.keptGrams).toBeCloseTo(1000);
  });

  it('spoils an opened carton of stock after 4 days', () => {
    // Monday 250 ml of a 1 l carton: the 750 ml left keep until Friday
    // (day 4) and pass unused: 750 g of waste, although stock is pantry.
    const monday = evaluatePlan(
      catalogue,
      [{ day: 'Monday', slot: 'dinner', recipeId: 'soup' }],
      1,
    );
    expect(monday.totals.wasteGrams).toBeCloseTo(750);
    // Used again on Friday, 4 days on: the same carton serves; 250 ml waste.
    const friday = evaluatePlan(
      catalogue,
      [
        { day: 'Monday', slot: 'dinner', recipeId: 'soup' },
        { day: 'Friday', slot: 'dinner', recipeId: 'risotto' },
      ],
      1,
    );
    expect(friday.totals.boughtGrams).toBeCloseTo(1000);
    expect(friday.totals.wasteGrams).toBeCloseTo(250);
    // On Saturday, 5 days on, the carton has spoiled: a second one is bought.
    const saturday = evaluatePlan(
      catalogue,
      [
        { day: 'Monday', slot: 'dinner', recipeId: 'soup' },
        { day: 'Saturday', slot: 'dinner', recipeId: 'risotto' },
      ],
      1,
    );
    expect(saturday.totals.boughtGrams).toBeCloseTo(2000);
    expect(saturday.totals.wasteGrams).toBeCloseTo(750);
  });

  it('opens a sealed carton at home on its first use, then gives it 4 days', () => {
    // Two sealed cartons at home (good for months). Wednesday's soup opens
    // one: its 750 ml keep until Sunday (day 6) and pass unused; the other
    // stays sealed and is kept.
    const kitchen = [
      { ingredientId: 'chicken-stock', grams: 2000, useByDay: 200 },
    ];
    const { totals, purchases } = evaluatePlan(
      catalogue,
      [{ day: 'Wednesday', slot: 'dinner', recipeId: 'soup' }],
      1,
      kitchen,
    );
    expect(purchases[0]?.packages).toHaveLength(0);
    expect(totals.fromKitchenGrams).toBeCloseTo(250);
    expect(totals.wasteGrams).toBeCloseTo(750);
    expect(totals.keptGrams).toBeCloseTo(1000);
  });

  it('counts food at home that passes its use-by day unused as waste', () => {
    const kitchen = [
      { ingredientId: 'potato', grams: 800, useByDay: 3 },
      { ingredientId: 'potato', grams: 400, useByDay: -1 },
    ];
    // Nothing uses the potatoes: the 800 g good until Thursday are waste;
    // the 400 g already past their day before the week are not this plan's.
    const idle = evaluatePlan(catalogue, [], 1, kitchen);
    expect(idle.totals.wasteGrams).toBeCloseTo(800);
    // Monday's mash uses 500 g of them first, free: 300 g are left to spoil.
    const used = evaluatePlan(catalogue, mondayMash, 1, kitchen);
    expect(used.totals.boughtGrams).toBe(0);
    expect(used.totals.wasteGrams).toBeCloseTo(300);
  });
});

describe('parts bought as their whole (issue 20)', () => {
  const egg = ingredient('egg', {
    category: 'eggs',
    package: { size: 12, unit: 'piece', label: 'carton' },
    gramsPerPiece: 50,
    shelfLifeDays: 28,
  });
  const yolk = ingredient('egg-yolk', {
    category: 'eggs',
    package: { size: 12, unit: 'piece', label: 'carton of eggs' },
    gramsPerPiece: 17,
    partOf: { ingredientId: 'egg', gramsPerWhole: 17, withWhole: 'add' },
  });
  const white = ingredient('egg-white', {
    category: 'eggs',
    package: { size: 12, unit: 'piece', label: 'carton of eggs' },
    gramsPerPiece: 33,
    partOf: { ingredientId: 'egg', gramsPerWhole: 33, withWhole: 'add' },
  });
  const catalogue = catalogueOf(
    [egg, yolk, white],
    [
      // 2 eggs, 2 yolks and 2 whites: the yolks and whites are 2 eggs.
      recipe('custard', { egg: 100, 'egg-yolk': 34, 'egg-white': 66 }),
      recipe('omelette', { egg: 150 }),
    ],
  );

  it('cracks eggs from one carton for the yolks and whites of every dish', () => {
    const { purchases } = evaluatePlan(
      catalogue,
      [
        { day: 'Monday', slot: 'dinner', recipeId: 'custard' },
        { day: 'Tuesday', slot: 'dinner', recipeId: 'omelette' },
      ],
      1,
    );
    expect(purchases.map((p) => p.ingredientId)).toEqual(['egg']);
    // 4 eggs on Monday, 3 on Tuesday, from one carton of 12.
    expect(purchases[0]?.usedGrams).toBeCloseTo(350);
    expect(purchases[0]?.packages).toHaveLength(1);
  });
});
