import { effectiveShelfLifeDays, ingredientById } from '@platewise/food-data';
import {
  KitchenItemsResponseSchema,
  KitchenSchema,
  MealPlanSchema,
  ShoppingSummarySchema,
  type ShoppingItem,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { OTHER_USER_TEXT } from '../../plugins/app/auth.js';
import { createTestApp, type TestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import { createTestClock } from '../../test/test-clock.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';

// A Monday morning: use-by days are counted from here.
const TODAY = '2026-03-02';
const clock = createTestClock(new Date(`${TODAY}T09:00:00Z`));

let test: TestApp;
let app: App;
let db: Database;

beforeAll(async () => {
  test = await createTestApp({ clock });
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
}, 120_000);

function kitchen(caller: TestCaller, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/kitchen${query}`,
    headers: caller.headers,
  });
}

function add(caller: TestCaller, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/kitchen',
    headers: caller.headers,
    payload,
  });
}

async function summary(caller: TestCaller) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/user-ingredients-summary',
    headers: caller.headers,
  });
  expect(response.statusCode).toBe(200);
  return ShoppingSummarySchema.parse(response.json()).data[0];
}

async function plannedUser(): Promise<TestCaller> {
  const caller = await signedIn(app, db, 'user');
  await savePreferences(app, caller.headers, {
    weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
    serving_size: 2,
  });
  const response = await app.inject({
    method: 'GET',
    url: '/api/generate-meal-plan',
    headers: caller.headers,
  });
  expect(response.statusCode).toBe(200);
  MealPlanSchema.parse(response.json());
  return caller;
}

describe('GET /api/kitchen', () => {
  it('starts empty, with salt, pepper, oil and spices as staples', async () => {
    const caller = await signedIn(app, db, 'user');
    const response = await kitchen(caller);
    expect(response.statusCode).toBe(200);
    const body = KitchenSchema.parse(response.json());
    expect(body.items).toEqual([]);
    expect(body.staples).toEqual(
      expect.arrayContaining(['salt', 'black-pepper', 'olive-oil']),
    );
  });

  it("answers 403 for another user's kitchen and 401 without a token", async () => {
    const caller = await signedIn(app, db, 'user');
    const other = await signedIn(app, db, 'user');
    const response = await kitchen(caller, `?user_id=${other.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: OTHER_USER_TEXT });
    const anonymous = await app.inject({ method: 'GET', url: '/api/kitchen' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/kitchen', () => {
  it('reads typed lines, weighs them and dates them from the food data', async () => {
    const caller = await signedIn(app, db, 'user');
    const response = await add(caller, {
      items: [
        { line: '2 kg potatoes' },
        { line: '1 l chicken stock', opened: true },
        { ingredientId: 'spinach', quantity: 200, unit: 'g' },
        { line: '3 dragon fruits' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const { items } = KitchenItemsResponseSchema.parse(response.json());
    expect(items).toHaveLength(4);
    expect(items[0]).toMatchObject({
      ingredientId: 'potato',
      grams: 2000,
      place: 'cupboard',
      addedOn: TODAY,
      // FoodKeeper: potatoes keep 1 to 2 months in the pantry.
      useBy: '2026-04-01',
      staple: false,
    });
    // An opened carton of stock keeps 4 days.
    expect(items[1]).toMatchObject({
      ingredientId: 'chicken-stock',
      opened: true,
      place: 'fridge',
      useBy: '2026-03-06',
    });
    expect(items[2]).toMatchObject({ place: 'fridge', useBy: '2026-03-07' });
    // Not in the catalogue: kept by name, without weight or use-by.
    expect(items[3]).toMatchObject({ ingredientId: null, grams: null });

    // The kitchen reads soonest use-by first, undated last.
    const body = KitchenSchema.parse((await kitchen(caller)).json());
    expect(body.items.map((item) => item.useBy)).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-04-01',
      null,
    ]);
  });

  it.each([
    ['no items', { items: [] }],
    [
      'an item with neither line nor ingredient',
      { items: [{ place: 'fridge' }] },
    ],
    [
      'an ingredient the catalogue lacks',
      { items: [{ ingredientId: 'unobtainium', quantity: 1, unit: 'g' }] },
    ],
    [
      'a use-by that is no date',
      { items: [{ line: '1 onion', useBy: 'soon' }] },
    ],
    ['an unknown place', { items: [{ line: '1 onion', place: 'attic' }] }],
  ])('answers 400 for %s', async (_case, payload) => {
    const caller = await signedIn(app, db, 'user');
    const response = await add(caller, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it("answers 403 for another user's kitchen", async () => {
    const caller = await signedIn(app, db, 'user');
    const other = await signedIn(app, db, 'user');
    const response = await add(caller, {
      user_id: other.id,
      items: [{ line: '1 onion' }],
    });
    expect(response.statusCode).toBe(403);
    expect(KitchenSchema.parse((await kitchen(other)).json()).items).toEqual(
      [],
    );
  });
});

describe('PATCH and DELETE /api/kitchen/:id', () => {
  it('corrects an item (grams follow the amount) and removes it', async () => {
    const caller = await signedIn(app, db, 'user');
    const [item] = KitchenItemsResponseSchema.parse(
      (await add(caller, { items: [{ line: '2 kg potatoes' }] })).json(),
    ).items;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/kitchen/${item?.id ?? ''}`,
      headers: caller.headers,
      payload: { quantity: 500, unit: 'g', useBy: '2026-03-20' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      quantity: 500,
      grams: 500,
      useBy: '2026-03-20',
    });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/kitchen/${item?.id ?? ''}`,
      headers: caller.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(KitchenSchema.parse((await kitchen(caller)).json()).items).toEqual(
      [],
    );
  });

  it("answers 404 for another user's item, 400 for a malformed id or amount", async () => {
    const owner = await signedIn(app, db, 'user');
    const caller = await signedIn(app, db, 'user');
    const [item] = KitchenItemsResponseSchema.parse(
      (await add(owner, { items: [{ line: '1 onion' }] })).json(),
    ).items;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: `/api/kitchen/${item?.id ?? ''}`,
        headers: caller.headers,
        ...(method === 'PATCH' ? { payload: { quantity: 2 } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const malformed = await app.inject({
      method: 'DELETE',
      url: '/api/kitchen/not-an-id',
      headers: caller.headers,
    });
    expect(malformed.statusCode).toBe(400);
    const negative = await app.inject({
      method: 'PATCH',
      url: `/api/kitchen/${item?.id ?? ''}`,
      headers: owner.headers,
      payload: { quantity: -1 },
    });
    expect(negative.statusCode).toBe(400);
  });
});

describe('the freezer', () => {
  it('keeps meat for its FoodKeeper freezer life, and salad no longer than in the fridge', async () => {
    const caller = await signedIn(app, db, 'user');
    const response = await add(caller, {
      items: [
        {
          ingredientId: 'chicken-breast',
          quantity: 500,
          unit: 'g',
          place: 'freezer',
        },
        {
          ingredientId: 'romaine-lettuce',
          quantity: 1,
          unit: '',
          place: 'freezer',
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    const [chicken, lettuce] = KitchenItemsResponseSchema.parse(
      response.json(),
    ).items;
    // FoodKeeper 117: boneless chicken breast, 9 months frozen (270 days).
    expect(chicken).toMatchObject({ place: 'freezer', useBy: '2026-11-27' });
    // FoodKeeper 290 advises against freezing lettuce: its fridge week.
    expect(lettuce).toMatchObject({ place: 'freezer', useBy: '2026-03-09' });
  });

  it('dates an item moved into the freezer from the day it is frozen, and out of it from the day it thaws', async () => {
    const caller = await signedIn(app, db, 'user');
    const [mince] = KitchenItemsResponseSchema.parse(
      (
        await add(caller, {
          items: [{ ingredientId: 'ground-beef', quantity: 500, unit: 'g' }],
        })
      ).json(),
    ).items;
    // Raw mince keeps 2 days in the fridge (FoodKeeper 43).
    expect(mince).toMatchObject({ place: 'fridge', useBy: '2026-03-04' });
    const move = (place: string) =>
      app.inject({
        method: 'PATCH',
        url: `/api/kitchen/${mince?.id ?? ''}`,
        headers: caller.headers,
        payload: { place },
      });
    const frozen = await move('freezer');
    expect(frozen.statusCode).toBe(200);
    // FoodKeeper 43: ground beef 3 to 4 months frozen; 90 days.
    expect(frozen.json()).toMatchObject({
      place: 'freezer',
      useBy: '2026-05-31',
    });
    const thawed = await move('fridge');
    expect(thawed.json()).toMatchObject({
      place: 'fridge',
      useBy: '2026-03-04',
    });
  });
});

describe('PUT /api/kitchen/staples', () => {
  it('replaces the staples, and answers 400 for an unknown ingredient', async () => {
    const caller = await signedIn(app, db, 'user');
    const response = await app.inject({
      method: 'PUT',
      url: '/api/kitchen/staples',
      headers: caller.headers,
      payload: { ingredientIds: ['salt', 'olive-oil', 'salt'] },
    });
    expect(response.statusCode).toBe(200);
    expect(KitchenSchema.parse(response.json()).staples).toEqual([
      'olive-oil',
      'salt',
    ]);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/kitchen/staples',
      headers: caller.headers,
      payload: { ingredientIds: ['salt', 'unobtainium'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps staples off the list to buy, in "You have these"', async () => {
    const caller = await plannedUser();
    const lists = await summary(caller);
    const toBuy = [
      ...(lists?.freshIngredients ?? []),
      ...(lists?.nonPerishableIngredients ?? []),
    ];
    const staples = new Set(
      KitchenSchema.parse((await kitchen(caller)).json()).staples,
    );
    expect(
      toBuy.filter((item) => staples.has(item.ingredientId ?? '')),
    ).toEqual([]);
    expect(lists?.haveIngredients?.length).toBeGreaterThan(0);
    for (const item of lists?.haveIngredients ?? []) {
      expect(staples.has(item.ingredientId ?? '')).toBe(true);
      expect(item.packageCount).toBe(0);
    }
  });
});

describe('staples the user chose', () => {
  it('take an ingredient off the list to buy, into "You have these", and back when removed', async () => {
    const caller = await plannedUser();
    const before = await summary(caller);
    const item = (before?.freshIngredients ?? []).find(
      (entry) => entry.ingredientId !== null && entry.packageCount > 0,
    );
    if (item?.ingredientId == null) throw new Error('nothing fresh to buy');
    const setStaples = (ingredientIds: string[]) =>
      app.inject({
        method: 'PUT',
        url: '/api/kitchen/staples',
        headers: caller.headers,
        payload: { ingredientIds },
      });
    expect((await setStaples(['salt', item.ingredientId])).statusCode).toBe(
      200,
    );
    const after = await summary(caller);
    const toBuy = [
      ...(after?.freshIngredients ?? []),
      ...(after?.nonPerishableIngredients ?? []),
    ].map((entry) => entry.ingredientId);
    expect(toBuy).not.toContain(item.ingredientId);
    expect(
      after?.haveIngredients?.map((entry) => entry.ingredientId),
    ).toContain(item.ingredientId);
    // A suggested staple the week uses (an oil, a spice) that is no staple
    // any more is to buy again.
    const dropped = before?.haveIngredients?.find(
      (entry) => entry.ingredientId !== null && entry.ingredientId !== 'salt',
    );
    expect(dropped).toBeDefined();
    expect(toBuy).toContain(dropped?.ingredientId);

    expect((await setStaples(['salt'])).statusCode).toBe(200);
    const again = await summary(caller);
    expect(
      again?.freshIngredients.find(
        (entry) => entry.ingredientId === item.ingredientId,
      )?.packageCount,
    ).toBe(item.packageCount);
  });
});

describe('carry-over: bought, cooked, and the next plan', () => {
  it('puts the ticked list into the kitchen, so the list has nothing left to buy of it', async () => {
    const caller = await plannedUser();
    const before = await summary(caller);
    const fresh = (before?.freshIngredients ?? []).filter(
      (item) => item.packageCount > 0 && item.quantity !== null,
    );
    expect(fresh.length).toBeGreaterThan(0);
    const keys = fresh.map((item) => item.key);
    const ticked = await app.inject({
      method: 'PUT',
      url: '/api/shopping-list/ticks',
      headers: caller.headers,
      payload: { ticked: keys },
    });
    expect(ticked.statusCode).toBe(200);

    const bought = await app.inject({
      method: 'POST',
      url: '/api/kitchen/from-shopping-list',
      headers: caller.headers,
      payload: {},
    });
    expect(bought.statusCode).toBe(201);
    const added = KitchenItemsResponseSchema.parse(bought.json()).items;
    expect(added.map((item) => item.ingredientId).sort()).toEqual(
      fresh.map((item) => item.ingredientId).sort(),
    );

    // Bought today, what keeps all week covers the week: nothing left to
    // buy, and the list says how much the kitchen covers. What keeps less
    // (raw meat, 2 to 4 days) may need a fresh pack for a later day.
    const after = await summary(caller);
    const byId = new Map<string | null, ShoppingItem>(
      (after?.freshIngredients ?? []).map((item) => [item.ingredientId, item]),
    );
    const keepsAllWeek = fresh.filter((item) => {
      const food = ingredientById(item.ingredientId ?? '');
      return (
        food !== undefined &&
        effectiveShelfLifeDays({
          shelfLifeDays: food.shelfLifeDays ?? 0,
          ...(food.openedShelfLifeDays === undefined
            ? {}
            : { openedShelfLifeDays: food.openedShelfLifeDays }),
        }) >= 6
      );
    });
    expect(keepsAllWeek.length).toBeGreaterThan(0);
    for (const item of fresh) {
      const now = byId.get(item.ingredientId);
      expect(now?.ticked).toBe(false);
      expect(now?.packageCount ?? 0, item.name).toBeLessThanOrEqual(
        item.packageCount,
      );
    }
    for (const item of keepsAllWeek) {
      const now = byId.get(item.ingredientId);
      expect(now?.packageCount, item.name).toBe(0);
      expect(now?.haveQuantity, item.name).toBe(now?.quantity);
    }

    // Cooking the whole week takes the plan's amounts out: what is left
    // is never more than was bought, and what keeps all week was used from
    // home (what keeps less may have passed its date before its day came,
    // and its meal took a fresh pack instead).
    const cooked = await app.inject({
      method: 'POST',
      url: '/api/kitchen/cooked',
      headers: caller.headers,
      payload: {},
    });
    expect(cooked.statusCode).toBe(200);
    const left = KitchenSchema.parse(cooked.json()).items;
    const usedFromHome = new Set(keepsAllWeek.map((item) => item.ingredientId));
    const boughtGrams = new Map(
      added.map((item) => [item.ingredientId, item.grams ?? 0]),
    );
    const overBought = left.filter(
      (item) => (item.grams ?? 0) > (boughtGrams.get(item.ingredientId) ?? 0),
    );
    expect(overBought.map((item) => item.name)).toEqual([]);
    const unused = left.filter(
      (item) =>
        usedFromHome.has(item.ingredientId) &&
        (item.grams ?? 0) >= (boughtGrams.get(item.ingredientId) ?? 0),
    );
    expect(unused.map((item) => item.name)).toEqual([]);
  });

  it('keeps what the week leaves of a bag of potatoes at home for the next plan, not as waste', async () => {
    const caller = await plannedUser();
    await add(caller, { items: [{ line: '5 kg potatoes' }] });
    const regenerated = await app.inject({
      method: 'GET',
      url: '/api/generate-meal-plan',
      headers: caller.headers,
    });
    expect(regenerated.statusCode).toBe(200);
    const plan = MealPlanSchema.parse(regenerated.json());
    // 5 kg keep a month: whatever the week takes of them, the rest is
    // still good on the next Monday, kept for the next plan, not waste.
    expect(plan.waste.keptGrams).toBeGreaterThan(2000);
    expect(plan.waste.baselineDescription).toMatch(/compared with/i);
  });

  it('answers 404 for "Cooked" without a plan', async () => {
    const caller = await signedIn(app, db, 'user');
    const response = await app.inject({
      method: 'POST',
      url: '/api/kitchen/cooked',
      headers: caller.headers,
      payload: { days: ['Monday'] },
    });
    expect(response.statusCode).toBe(404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/kitchen/cooked',
      headers: caller.headers,
      payload: { days: ['Someday'] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('restart', () => {
  it('keeps the kitchen and the staples in the database', async () => {
    const caller = await signedIn(app, db, 'user');
    await add(caller, { items: [{ line: '2 kg potatoes' }] });
    await app.inject({
      method: 'PUT',
      url: '/api/kitchen/staples',
      headers: caller.headers,
      payload: { ingredientIds: ['salt'] },
    });
    const restarted = await createTestApp({
      database: test.database,
      clock,
    });
    const response = await restarted.app.inject({
      method: 'GET',
      url: '/api/kitchen',
      headers: caller.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = KitchenSchema.parse(response.json());
    expect(body.items.map((item) => item.ingredientId)).toEqual(['potato']);
    expect(body.staples).toEqual(['salt']);
    await restarted.app.close();
  });
});
