/**
 * The shopping list's texts over the real seed catalogue, as the server
 * loads it from the database: every item of many plans (generated for
 * varied profiles, and menus covering every seed recipe at several serving
 * sizes) must read like a list a person writes. One bad item anywhere in the
 * catalogue ("Buy 2 eaches", "0 black pepper", "1 onions", "1½ left over",
 * "leafs") fails the test, so the whole class is caught, not the examples.
 */
import {
  compileCatalogue,
  generatePlan,
  buildShoppingList,
  type MealRef,
  type PlannerCatalogue,
  type PlannerIngredient,
  type PlannerProfile,
  type ShoppingItem,
} from '@platewise/planner';
import {
  DAYS,
  DIETS,
  MEAL_SLOTS,
  ShoppingSummarySchema,
  type ShoppingItem as ApiShoppingItem,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createPlannerCatalogueRepository } from '../../planner/planner-catalogue-repository.js';
import { createPlannerCatalogueSource } from '../../planner/planner-catalogue.js';
import { readSharedCatalogue } from '../../planner/planner-protocol.js';
import { createTestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn } from '../recipes/test/callers.js';
import { leftoverAsBought, packagesWithSize } from './shop-readings.js';

let app: App;
let db: Database;
let catalogue: PlannerCatalogue;
let ingredientsById: ReadonlyMap<string, PlannerIngredient>;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
  const source = createPlannerCatalogueSource(
    createPlannerCatalogueRepository(db),
  );
  const raw = readSharedCatalogue((await source.current()).buffer);
  catalogue = compileCatalogue(raw.ingredients, raw.recipes, raw.allergens);
  ingredientsById = new Map(raw.ingredients.map((item) => [item.id, item]));
}, 120_000);

/** Units written as symbols, the same for one and many. */
const SYMBOLS = new Set([
  'g',
  'kg',
  'mg',
  'ml',
  'l',
  'tsp',
  'tbsp',
  'oz',
  'lb',
]);
/** Plural-looking, independently of the planner's own rules. */
const looksPlural = (word: string) => /(?:[^su]s|ies|ves)$/.test(word);
const BAD_PLURALS = /\b(?:leaf|loaf|knife|half|shelf|each)(?:e?s)\b/i;

type Item = Pick<
  ShoppingItem,
  | 'ingredientId'
  | 'name'
  | 'quantity'
  | 'unit'
  | 'packages'
  | 'packageCount'
  | 'leftover'
>;

/** The rules every item obeys; answers what is wrong with it (empty: nothing). */
function problems(item: Item): string[] {
  const found: string[] = [];
  const text = `${String(item.quantity)} ${item.unit} ${item.name} | ${item.packages ?? '-'} | ${item.leftover ? `${String(item.leftover.quantity)} ${item.leftover.unit}` : '-'}`;
  const fail = (why: string) => found.push(`${why}: ${text}`);
  const ingredient =
    item.ingredientId === null
      ? undefined
      : ingredientsById.get(item.ingredientId);

  // An amount is null ("to taste") or positive, never 0.
  if (item.quantity !== null && !(item.quantity > 0)) fail('quantity 0');
  if (item.quantity === null && (item.unit !== '' || item.leftover !== null)) {
    fail('a unit or leftover without an amount');
  }
  if (BAD_PLURALS.test(text)) fail('a wrong plural or "each"');

  // Number and noun agree: the unit word, or the name for a bare count.
  const q = item.quantity ?? 0;
  if (item.unit !== '' && !SYMBOLS.has(item.unit)) {
    if (q > 1 && !looksPlural(item.unit)) fail('singular unit for many');
    if (q <= 1 && looksPlural(item.unit)) fail('plural unit for one');
  }
  if (item.quantity !== null && item.unit === '' && ingredient) {
    if (q <= 1 && item.name !== ingredient.name) fail('plural name for one');
    if (q > 1 && item.name !== (ingredient.plural ?? item.name)) {
      fail('not the catalogue plural');
    }
    if (q > 1 && item.name === ingredient.name) fail('singular name for many');
  }

  // A leftover always says what it is: a unit or the noun.
  if (item.leftover) {
    const { quantity, unit } = item.leftover;
    if (!(quantity > 0)) fail('leftover of 0');
    if (unit === '') fail('leftover without a unit');
    if (unit !== '' && !SYMBOLS.has(unit)) {
      if (quantity > 1 && !looksPlural(unit)) fail('leftover: singular');
      if (quantity <= 1 && looksPlural(unit)) fail('leftover: plural');
    }
  }

  // "2 bags (500 g)", "1 lemon": the count, then a noun agreeing with it.
  if (item.packages !== null) {
    const match = /^(\d+) (.+)$/.exec(item.packages);
    if (!match || Number(match[1]) !== item.packageCount) {
      fail('packages without their count');
    } else if (ingredient) {
      const count = Number(match[1]);
      const words = match[2] ?? '';
      // Sold loose ('each'): counted by the ingredient's own noun.
      const label = ingredient.package.label;
      const singular = label === 'each' ? ingredient.name : label;
      const singulars = singular === ingredient.plural ? [] : [singular];
      const startsWithSingular = singulars.some(
        (noun) =>
          words === noun ||
          words.startsWith(`${noun} `) ||
          words.startsWith(`${noun}(`),
      );
      if (count === 0) fail('0 packages');
      if (count === 1 && !startsWithSingular) fail('one package, not singular');
      if (count > 1 && startsWithSingular) fail('packages in the singular');
    }
  }
  return found;
}

function listProblems(items: readonly Item[]): string[] {
  return items.flatMap(problems);
}

function profile(
  n: number,
  schedule: PlannerProfile['schedule'],
  servingSize: number,
): PlannerProfile {
  return {
    schedule,
    diet: DIETS[n % DIETS.length] ?? 'none',
    allergenIds: [],
    customAllergens: [],
    likes: [],
    dislikes: [],
    proteinLevel: null,
    servingSize,
  };
}

const SCHEDULES: PlannerProfile['schedule'][] = [
  DAYS.map((day) => ({ day, breakfast: true, lunch: true, dinner: true })),
  DAYS.map((day) => ({ day, breakfast: false, lunch: false, dinner: true })),
  DAYS.map((day, d) => ({
    day,
    breakfast: d % 2 === 0,
    lunch: d >= 5,
    dinner: d < 5,
  })),
];

describe('the shopping list over the seed catalogue', () => {
  it('reads right for every item of plans generated for varied profiles', () => {
    const found: string[] = [];
    let items = 0;
    for (let n = 0; n < 18; n += 1) {
      const servings = 1 + (n % 6);
      const plan = generatePlan({
        catalogue,
        profile: profile(n, SCHEDULES[n % SCHEDULES.length] ?? [], servings),
        locked: [],
        seed: n + 1,
      });
      const list = buildShoppingList(catalogue, plan.meals, servings);
      items += list.fresh.length + list.nonPerishable.length;
      found.push(...listProblems([...list.fresh, ...list.nonPerishable]));
    }
    expect(items).toBeGreaterThan(300);
    expect([...new Set(found)]).toEqual([]);
  });

  it('reads right for every line of every seed recipe at 1, 3 and 6 servings', () => {
    // Menus of 21 meals taking the recipes in turn, so every recipe's lines
    // reach a list (the list does not check meal types).
    const found: string[] = [];
    const slots = DAYS.flatMap((day) =>
      MEAL_SLOTS.map((slot) => ({ day, slot })),
    );
    const recipes = catalogue.recipes;
    for (const servings of [1, 3, 6]) {
      for (let from = 0; from < recipes.length; from += slots.length) {
        const meals: MealRef[] = recipes
          .slice(from, from + slots.length)
          .map((recipe, k) => ({
            day: slots[k]?.day ?? 'Monday',
            slot: slots[k]?.slot ?? 'dinner',
            recipeId: recipe.id,
          }));
        const list = buildShoppingList(catalogue, meals, servings);
        found.push(...listProblems([...list.fresh, ...list.nonPerishable]));
      }
    }
    expect(recipes.length).toBeGreaterThan(200);
    expect([...new Set(found)]).toEqual([]);
  });

  it('says leftovers in the unit the food is sold in, never more than was bought, and every package with its size', () => {
    const MEASURES =
      /^(?:tsp|tbsp|cups?|pinch(?:es)?|dash(?:es)?|handfuls?|sprigs?|leaf|leaves)$/;
    const found: string[] = [];
    const seen: string[] = [];
    for (let n = 0; n < 18; n += 1) {
      const servings = 1 + (n % 6);
      const plan = generatePlan({
        catalogue,
        profile: profile(n, SCHEDULES[n % SCHEDULES.length] ?? [], servings),
        locked: [],
        seed: n + 1,
      });
      const list = buildShoppingList(catalogue, plan.meals, servings);
      for (const item of [...list.fresh, ...list.nonPerishable]) {
        const packages = packagesWithSize(item.ingredientId, item.packages);
        if (packages !== null && !packages.includes('(')) {
          const label = ingredientsById.get(item.ingredientId ?? '')?.package
            .label;
          // Sold loose, or one whole thing (a head of cabbage).
          const whole = ['each', 'head', 'bulb', 'ball', 'loaf', 'bunch'];
          if (!whole.includes(label ?? '')) {
            found.push(`no size: ${item.name} ${packages}`);
          }
        }
        const leftover = leftoverAsBought(
          item.ingredientId,
          item.leftover,
          item.packageCount,
        );
        if (leftover === null) continue;
        const text = `${item.name}: ${String(leftover.quantity)} ${leftover.unit} left over (${packages ?? '-'})`;
        if (process.env.SHOW_LEFTOVERS) seen.push(text);
        if (MEASURES.test(leftover.unit)) found.push(text);
        const sizeOf = /\((\d+(?:\.\d+)?) (g|kg|ml|l)\)$/.exec(packages ?? '');
        const unitOf = { g: 1, kg: 1000, ml: 1, l: 1000 } as const;
        const amountOf = { g: 1, kg: 1000, ml: 1, l: 1000 } as Record<
          string,
          number | undefined
        >;
        if (sizeOf && amountOf[leftover.unit] !== undefined) {
          const bought =
            Number(sizeOf[1]) *
            unitOf[sizeOf[2] as keyof typeof unitOf] *
            item.packageCount;
          const left = leftover.quantity * (amountOf[leftover.unit] ?? 0);
          if (left > bought) found.push(`more than bought: ${text}`);
        }
      }
    }
    if (process.env.SHOW_LEFTOVERS) {
      console.log([...new Set(seen)].sort().join('\n'));
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it('answers the same texts through GET /api/user-ingredients-summary', async () => {
    const found: string[] = [];
    for (const [n, servings] of [1, 4].entries()) {
      const caller = await signedIn(app, db, 'user');
      await savePreferences(app, caller.headers, {
        weekly_schedule: weekSchedule(),
        dietary_preference: n === 0 ? 'none' : 'vegetarian',
        serving_size: servings,
      });
      const generated = await app.inject({
        method: 'GET',
        url: '/api/generate-meal-plan',
        headers: caller.headers,
      });
      expect(generated.statusCode).toBe(200);
      const response = await app.inject({
        method: 'GET',
        url: '/api/user-ingredients-summary',
        headers: caller.headers,
      });
      expect(response.statusCode).toBe(200);
      const [lists] = ShoppingSummarySchema.parse(response.json()).data;
      const items: ApiShoppingItem[] = [
        ...(lists?.freshIngredients ?? []),
        ...(lists?.nonPerishableIngredients ?? []),
      ];
      expect(items.length).toBeGreaterThan(10);
      found.push(...listProblems(items));
    }
    expect(found).toEqual([]);
  });
});
