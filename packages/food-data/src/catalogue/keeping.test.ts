/**
 * The catalogue's lives against USDA FoodKeeper's own data (issue 20), read
 * from `../shared/data/foodkeeper` beside the project (never copied in).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import type { Ingredient } from '../types.js';
import { ingredientById, INGREDIENTS } from './ingredients.js';
import { CUT_LIFE_DAYS, KEEPING, LIFE_CAP_DAYS } from './keeping.js';

interface FoodKeeperProduct {
  readonly id: number;
  readonly name: string;
  readonly [field: string]: unknown;
}

const FOODKEEPER = join('data', 'foodkeeper', 'foodkeeper.json');

/**
 * FoodKeeper's data: under PLATEWISE_SHARED_DIR when set, else in the first
 * `shared/` found walking up from this file (`../shared` beside the project).
 */
function foodKeeperFile(): string | undefined {
  const shared = process.env.PLATEWISE_SHARED_DIR;
  if (shared) return join(shared, FOODKEEPER);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', FOODKEEPER);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const file = foodKeeperFile();

const products: ReadonlyMap<number, FoodKeeperProduct> = new Map(
  file === undefined
    ? []
    : (
        JSON.parse(readFileSync(file, 'utf8')) as {
          products: FoodKeeperProduct[];
        }
      ).products.map((product) => [product.id, product]),
);

const DAYS_PER: Readonly<Record<string, number>> = {
  Days: 1,
  Weeks: 7,
  Months: 30,
  Years: 365,
};

/** FoodKeeper's [min, max] in days for a field prefix, or undefined. */
function range(
  product: FoodKeeperProduct,
  prefixes: readonly string[],
): readonly [number, number] | undefined {
  for (const prefix of prefixes) {
    const min = product[`${prefix}_Min`];
    const max = product[`${prefix}_Max`];
    const unit = DAYS_PER[String(product[`${prefix}_Metric`])];
    if (typeof min === 'number' && typeof max === 'number' && unit) {
      return [min * unit, max * unit];
    }
  }
  return undefined;
}

/** A life agrees with a range: inside it, or at the cap when the range runs past it. */
const agrees = (days: number, [min, max]: readonly [number, number]) =>
  days <= max && (days >= min || (days === LIFE_CAP_DAYS && max >= days));

const perishables = INGREDIENTS.filter((ingredient) => ingredient.perishable);
const byId = (id: string): Ingredient => {
  const found = ingredientById(id);
  if (found === undefined) throw new Error(`no ingredient ${id}`);
  return found;
};

// Where the shared data is not beside the project, the comparison cannot
// run; the kitchen rules below still do. CI finds the data (.ci/run).
describe.skipIf(file === undefined)(
  'keeping against USDA FoodKeeper (needs ../shared/data/foodkeeper)',
  () => {
    it('names a FoodKeeper product for every perishable, and every product exists', () => {
      const missing = perishables
        .filter((ingredient) => ingredient.foodKeeperId === undefined)
        .map((ingredient) => ingredient.id);
      expect(missing).toEqual([]);
      const unknown = Object.entries(KEEPING)
        .filter(([, keeping]) => !products.has(keeping.fk))
        .map(([id, keeping]) => `${id}: ${String(keeping.fk)}`);
      expect(unknown).toEqual([]);
      const notInCatalogue = Object.keys(KEEPING).filter(
        (id) => ingredientById(id) === undefined,
      );
      expect(notInCatalogue).toEqual([]);
    });

    it('keeps every perishable as long as FoodKeeper says for its place, or cites its source', () => {
      const problems: string[] = [];
      for (const ingredient of perishables) {
        const keeping = KEEPING[ingredient.id];
        const product = keeping && products.get(keeping.fk);
        if (!keeping || !product) continue;
        const place =
          ingredient.storage === 'cupboard'
            ? ['DOP_Pantry', 'Pantry']
            : ['DOP_Refrigerate', 'Refrigerate'];
        const days = ingredient.shelfLifeDays ?? Number.NaN;
        const expected = range(product, place);
        if (expected === undefined) {
          if (keeping.source === undefined) {
            problems.push(
              `${ingredient.id}: FoodKeeper ${String(keeping.fk)} has no time and no source is cited`,
            );
          }
        } else if (!agrees(days, expected) && keeping.source === undefined) {
          problems.push(
            `${ingredient.id}: ${String(days)} days, FoodKeeper ${String(keeping.fk)} (${product.name}) says ${String(expected[0])}-${String(expected[1])}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it('gives opened lives inside FoodKeeper’s once-opened range, or cites their source', () => {
      const problems: string[] = [];
      for (const [id, keeping] of Object.entries(KEEPING)) {
        if (keeping.opened === undefined) continue;
        const product = products.get(keeping.fk);
        if (!product) continue;
        const expected = range(product, [
          'Refrigerate_After_Opening',
          'Pantry_After_Opening',
        ]);
        if (expected === undefined) {
          if (keeping.source === undefined) {
            problems.push(
              `${id}: FoodKeeper ${String(keeping.fk)} has no opened time and no source is cited`,
            );
          }
        } else if (
          !agrees(keeping.opened, expected) &&
          keeping.source === undefined
        ) {
          problems.push(
            `${id}: opened ${String(keeping.opened)} days, FoodKeeper ${String(keeping.fk)} says ${String(expected[0])}-${String(expected[1])}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it('gives freezer lives inside FoodKeeper’s freezer range, and none where it advises against freezing', () => {
      const problems: string[] = [];
      for (const [id, keeping] of Object.entries(KEEPING)) {
        if (keeping.freezer === undefined) continue;
        const product = products.get(keeping.fk);
        if (!product) continue;
        const expected = range(product, ['DOP_Freeze', 'Freeze']);
        if (expected === undefined) {
          problems.push(
            `${id}: FoodKeeper ${String(keeping.fk)} (${product.name}) gives no freezer time`,
          );
        } else if (
          (keeping.freezer < expected[0] || keeping.freezer > expected[1]) &&
          keeping.source === undefined
        ) {
          problems.push(
            `${id}: freezer ${String(keeping.freezer)} days, FoodKeeper ${String(keeping.fk)} says ${String(expected[0])}-${String(expected[1])}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });
  },
);

describe('keeping as a kitchen keeps food', () => {
  it('gives opened canned, jarred and cartoned goods FoodKeeper’s 3 to 4 days', () => {
    for (const id of ['chicken-stock', 'coconut-milk', 'chickpeas']) {
      expect(byId(id).perishable).toBe(false);
      expect(byId(id).openedShelfLifeDays).toBe(4);
    }
    expect(byId('tomato-paste').openedShelfLifeDays).toBe(5);
  });

  it('gives produce used in part a cut life', () => {
    for (const id of ['butternut-squash', 'celeriac', 'cabbage']) {
      expect(byId(id).openedShelfLifeDays).toBe(CUT_LIFE_DAYS);
    }
  });

  it('keeps potatoes and onions in the cupboard, a month', () => {
    for (const id of ['potato', 'onion']) {
      expect(byId(id).storage).toBe('cupboard');
      expect(byId(id).shelfLifeDays).toBe(30);
    }
    expect(byId('milk').storage).toBe('fridge');
  });

  it('keeps meat, fish and bread for months in the freezer, and not salad', () => {
    for (const id of [
      'chicken-breast',
      'ground-beef',
      'cod-fillet',
      'white-bread',
    ]) {
      expect(KEEPING[id]?.freezer).toBeGreaterThanOrEqual(60);
    }
    for (const id of ['romaine-lettuce', 'egg', 'cucumber', 'spinach']) {
      expect(KEEPING[id]?.freezer).toBeUndefined();
    }
  });

  it('sells onions, carrots, tomatoes and peppers loose', () => {
    for (const id of ['onion', 'carrot', 'tomato', 'red-bell-pepper']) {
      expect(byId(id).package).toMatchObject({ size: 1, unit: 'piece' });
    }
  });

  it('uses yolks and whites from a carton of eggs, and juice from the fruit', () => {
    expect(byId('egg-yolk').partOf).toMatchObject({ ingredientId: 'egg' });
    expect(byId('egg-white').partOf).toMatchObject({ ingredientId: 'egg' });
    expect(byId('lemon-juice').partOf).toMatchObject({
      ingredientId: 'lemon',
      withWhole: 'max',
    });
    expect(byId('lime-juice').partOf?.ingredientId).toBe('lime');
  });

  it('suggests salt, pepper, oil and spices as staples, and no fresh food', () => {
    for (const id of ['salt', 'black-pepper', 'olive-oil', 'ground-cumin']) {
      expect(byId(id).staple).toBe(true);
    }
    expect(perishables.filter((ingredient) => ingredient.staple)).toEqual([]);
  });
});
