import { describe, expect, it } from 'vitest';

import { lineGrams, packageGrams } from '../quantities.js';
import { SEED_RECIPES } from '../recipes/index.js';
import type { Ingredient, ShoppingCategory } from '../types.js';
import { ingredientById, INGREDIENTS } from './ingredients.js';
import { KEEPING } from './keeping.js';
import { effectiveShelfLifeDays } from './shelf-life.js';

const byId = (id: string): Ingredient => {
  const found = ingredientById(id);
  if (found === undefined) throw new Error(`no ingredient ${id}`);
  return found;
};

const perishables = INGREDIENTS.filter((ingredient) => ingredient.perishable);
/**
 * Every row that breaks a rule, as `name: problem` lines: one test per rule
 * that names every failing row at once (issue 15), not one test per row.
 */
function failing<T>(
  rows: readonly T[],
  name: (row: T) => string,
  check: (row: T) => readonly string[],
): string[] {
  return rows.flatMap((row) =>
    check(row).map((problem) => `${name(row)}: ${problem}`),
  );
}
const failingPerishables = (check: (row: Ingredient) => readonly string[]) =>
  failing(perishables, (ingredient) => ingredient.id, check);

/** Days as the waste model counts them: the shorter of bought and opened. */
const keeps = (ingredient: Ingredient): number =>
  effectiveShelfLifeDays({
    shelfLifeDays: ingredient.shelfLifeDays ?? Number.NaN,
    ...(ingredient.openedShelfLifeDays === undefined
      ? {}
      : { openedShelfLifeDays: ingredient.openedShelfLifeDays }),
  });

/**
 * Bounds per aisle on the days a perishable keeps once bought (unopened),
 * from the spread of the FoodKeeper's refrigerator column for that aisle.
 */
const CATEGORY_BOUNDS: Readonly<
  Partial<Record<ShoppingCategory, readonly [number, number]>>
> = {
  produce: [2, 42],
  herbs: [2, 10],
  dairy: [4, 60],
  eggs: [10, 35],
  meat: [1, 42],
  fish: [1, 21],
  bakery: [3, 42],
  grains: [3, 21],
  legumes: [7, 30],
  condiments: [7, 42],
  beverages: [7, 21],
  other: [7, 21],
};

/**
 * Groups whose storage life the guidance states narrowly, with the bounds
 * the issue names: [ids, min, max] on the days the waste model uses.
 */
const GROUP_BOUNDS: readonly (readonly [
  string,
  readonly string[],
  number,
  number,
])[] = [
  [
    'fresh fish and shellfish',
    [
      'salmon-fillet',
      'cod-fillet',
      'tilapia-fillet',
      'sea-bass-fillet',
      'trout-fillet',
      'tuna-steak',
      'shrimp',
      'crab-meat',
      'lobster-tail',
      'scallop',
      'mussel',
      'clam',
      'squid',
    ],
    1,
    3,
  ],
  ['smoked fish and surimi, opened', ['smoked-salmon', 'imitation-crab'], 1, 5],
  [
    'soft herbs',
    ['cilantro', 'basil', 'thai-basil', 'mint', 'dill', 'chives', 'tarragon'],
    // FoodKeeper 288 "Herbs": 7 to 10 days.
    7,
    7,
  ],
  [
    'leafy greens',
    [
      'spinach',
      'kale',
      'swiss-chard',
      'romaine-lettuce',
      'iceberg-lettuce',
      'mixed-salad-greens',
      'arugula',
      'watercress',
    ],
    // Bagged greens keep 2 days once opened (FoodKeeper 415).
    2,
    7,
  ],
  [
    'roots and tubers',
    [
      'carrot',
      'potato',
      'yukon-gold-potato',
      'baby-potato',
      'sweet-potato',
      'parsnip',
      'beet',
      'radish',
    ],
    14,
    30,
  ],
  ['carrots', ['carrot'], 21, 28],
  [
    'hard cheese, opened',
    ['cheddar', 'parmesan', 'pecorino', 'gruyere', 'swiss-cheese', 'manchego'],
    21,
    42,
  ],
  ['eggs in the shell', ['egg', 'egg-yolk'], 21, 35],
  [
    'raw poultry, ground meat and raw sausage',
    [
      'chicken-breast',
      'chicken-thigh',
      'bone-in-chicken-thigh',
      'chicken-drumstick',
      'chicken-wing',
      'whole-chicken',
      'ground-chicken',
      'ground-turkey',
      'turkey-breast',
      'duck-breast',
      'chicken-liver',
      'ground-beef',
      'ground-pork',
      'ground-lamb',
      'italian-sausage',
      'pork-sausage',
      'breakfast-sausage',
      'mexican-chorizo',
    ],
    1,
    2,
  ],
  [
    'whole cuts of beef, pork and lamb',
    [
      'sirloin-steak',
      'ribeye-steak',
      'beef-tenderloin',
      'flank-steak',
      'beef-chuck',
      'beef-brisket',
      'beef-short-rib',
      'pork-tenderloin',
      'pork-chop',
      'pork-shoulder',
      'pork-belly',
      'lamb-shoulder',
      'leg-of-lamb',
      'lamb-chop',
    ],
    3,
    5,
  ],
  [
    'cream and milk, opened',
    ['milk', 'heavy-cream', 'light-cream', 'half-and-half', 'buttermilk'],
    3,
    14,
  ],
  [
    'fresh cheese, opened',
    ['ricotta', 'mozzarella', 'mascarpone', 'queso-fresco', 'paneer'],
    3,
    7,
  ],
];

describe('shelf life', () => {
  it('gives every perishable a whole number of days, within its aisle’s bounds', () => {
    const problems = failingPerishables(({ shelfLifeDays: days, category }) => {
      const bounds = CATEGORY_BOUNDS[category];
      if (days === undefined) return ['no shelf life'];
      if (!Number.isInteger(days)) return [`${days} days`];
      if (bounds === undefined) return [`no bounds for ${category}`];
      return days >= bounds[0] && days <= bounds[1]
        ? []
        : [`${days} days, outside ${bounds[0]}-${bounds[1]}`];
    });
    expect(problems).toEqual([]);
  });

  it('keeps no perishable longer once opened than unopened', () => {
    const problems = failingPerishables((ingredient) => {
      const opened = ingredient.openedShelfLifeDays;
      if (opened === undefined) return [];
      // Given only where opening shortens it.
      return Number.isInteger(opened) &&
        opened >= 1 &&
        opened < (ingredient.shelfLifeDays ?? 0)
        ? []
        : [`${opened} days opened, ${ingredient.shelfLifeDays} unopened`];
    });
    expect(problems).toEqual([]);
  });

  it('gives non-perishables no shelf life, and an opened life only where keeping.ts lists one', () => {
    const withOne = INGREDIENTS.filter(
      (ingredient) =>
        !ingredient.perishable &&
        (ingredient.shelfLifeDays !== undefined ||
          (ingredient.openedShelfLifeDays !== undefined &&
            KEEPING[ingredient.id]?.opened === undefined)),
    );
    expect(withOne.map((ingredient) => ingredient.id)).toEqual([]);
  });

  it.each(GROUP_BOUNDS)(
    'keeps %s within the guidance',
    (_group, ids, min, max) => {
      const outside = ids
        .map((id) => [id, keeps(byId(id))] as const)
        .filter(([, days]) => !(days >= min && days <= max));
      expect(outside).toEqual([]);
    },
  );

  it('orders aisles as the guidance does: fish and herbs short, roots and hard cheese long', () => {
    const median = (category: ShoppingCategory): number => {
      const days = perishables
        .filter((ingredient) => ingredient.category === category)
        .map(keeps)
        .sort((a, b) => a - b);
      return days[Math.floor(days.length / 2)] ?? Number.NaN;
    };
    expect(median('fish')).toBeLessThanOrEqual(3);
    expect(median('meat')).toBeLessThanOrEqual(4);
    expect(median('herbs')).toBeLessThanOrEqual(10);
    expect(keeps(byId('carrot'))).toBeGreaterThan(keeps(byId('spinach')));
    expect(keeps(byId('parmesan'))).toBeGreaterThan(keeps(byId('ricotta')));
    expect(keeps(byId('heavy-cream'))).toBeLessThan(
      byId('heavy-cream').shelfLifeDays ?? 0,
    );
  });
});

describe('perishable quantities the waste model weighs', () => {
  it('gives every perishable a package that converts to grams', () => {
    const problems = failingPerishables((ingredient) => {
      const grams = packageGrams(ingredient);
      return grams !== undefined && grams > 0 ? [] : [`package of ${grams} g`];
    });
    expect(problems).toEqual([]);
  });

  const perishableLines = SEED_RECIPES.flatMap((recipe) =>
    recipe.ingredients
      .filter((line) => ingredientById(line.ingredientId)?.perishable === true)
      .map((line) => ({ recipe, line })),
  );

  it('covers the perishable lines of every seed recipe', () => {
    expect(perishableLines.length).toBeGreaterThan(1000);
  });

  it('converts every perishable line of the seed recipes to a plausible number of grams', () => {
    const problems = failing(
      perishableLines,
      ({ recipe, line }) => `${recipe.slug}: "${line.text}"`,
      ({ recipe, line }) => {
        // A fresh ingredient 'to taste' could not be bought for: every
        // perishable line has a quantity.
        if (line.quantity === null) return ['no quantity'];
        const grams = lineGrams(line, byId(line.ingredientId));
        if (grams === undefined || grams <= 0) return [`${grams} g`];
        // A conversion through the wrong weight shows as an absurd portion.
        const perServing = grams / recipe.servingSize;
        return perServing >= 0.1 && perServing <= 500
          ? []
          : [`${perServing} g per serving`];
      },
    );
    expect(problems).toEqual([]);
  });
});
