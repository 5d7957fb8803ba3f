import {
  ingredientById,
  INGREDIENTS,
  NON_PURCHASED_INGREDIENT_IDS,
} from '@platewise/food-data';
import {
  mealPlanMessages,
  MealPlanSchema,
  messages,
  RecipeSchema,
  ShoppingSummarySchema,
  type MealPlan,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { OTHER_USER_TEXT } from '../../plugins/app/auth.js';
import { createTestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';

let app: App;
let db: Database;
let admin: TestCaller;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
  admin = await signedIn(app, db, 'admin');
});

const perishable = new Map(
  INGREDIENTS.map((item) => [item.id, item.perishable]),
);

async function plannedUser(): Promise<TestCaller> {
  const caller = await signedIn(app, db, 'user');
  await savePreferences(app, caller.headers, {
    weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
    serving_size: 2,
  });
  return caller;
}

async function generate(caller: TestCaller): Promise<MealPlan> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/generate-meal-plan',
    headers: caller.headers,
  });
  expect(response.statusCode).toBe(200);
  return MealPlanSchema.parse(response.json());
}

function summary(caller: TestCaller, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/user-ingredients-summary${query}`,
    headers: caller.headers,
  });
}

function tick(caller: TestCaller, payload: object) {
  return app.inject({
    method: 'PUT',
    url: '/api/shopping-list/ticks',
    headers: caller.headers,
    payload,
  });
}

describe('GET /api/user-ingredients-summary', () => {
  it('answers empty lists without a plan', async () => {
    const response = await summary(await plannedUser());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          freshIngredients: [],
          nonPerishableIngredients: [],
          haveIngredients: [],
        },
      ],
      total: 0,
      version: null,
    });
  });

  it("lists each ingredient of the week's meals once, fresh apart from pantry", async () => {
    const caller = await plannedUser();
    const plan = await generate(caller);
    const response = await summary(caller);
    expect(response.statusCode).toBe(200);
    const body = ShoppingSummarySchema.parse(response.json());
    const [lists] = body.data;
    if (!lists) throw new Error('no lists');
    const items = [
      ...lists.freshIngredients,
      ...lists.nonPerishableIngredients,
    ];
    expect(body.total).toBe(items.length);
    expect(body.version).toBe(plan.version);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
    for (const item of lists.freshIngredients) {
      expect(perishable.get(item.ingredientId ?? '')).toBe(true);
      expect(item.packages).not.toBeNull();
    }
    const pantryIds = lists.nonPerishableIngredients.flatMap((item) =>
      item.ingredientId ? [item.ingredientId] : [],
    );
    expect(pantryIds.filter((id) => perishable.get(id) !== false)).toEqual([]);
    expect(items.every((item) => !item.ticked)).toBe(true);

    // Merged across recipes: one line per catalogue ingredient, used by as
    // many meals as contain it.
    const mealsUsing = new Map<string, number>();
    for (const day of plan.meals) {
      const meal = day.dinner;
      if (!meal) continue;
      const recipe = RecipeSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/recipes/${meal.id}`,
            headers: caller.headers,
          })
        ).json(),
      );
      // Yolks and lemon juice are bought as eggs and lemons (issue 20).
      const ids = new Set(
        recipe.ingredients.flatMap((line) =>
          line.ingredientId
            ? [
                ingredientById(line.ingredientId)?.partOf?.ingredientId ??
                  line.ingredientId,
              ]
            : [],
        ),
      );
      for (const id of ids) mealsUsing.set(id, (mealsUsing.get(id) ?? 0) + 1);
    }
    // Water and ice are in recipes but never bought.
    const bought = [...mealsUsing].filter(
      ([id]) => !NON_PURCHASED_INGREDIENT_IDS.has(id),
    );
    // Staples (salt, oil, spices) are listed apart, as "You have these".
    const listed = new Map(
      [...items, ...(lists.haveIngredients ?? [])].map((item) => [
        item.ingredientId,
        item.usedIn,
      ]),
    );
    expect(new Map(bought.map(([id]) => [id, listed.get(id)]))).toEqual(
      new Map(bought),
    );
    expect(
      items.filter((item) =>
        NON_PURCHASED_INGREDIENT_IDS.has(item.ingredientId ?? ''),
      ),
    ).toEqual([]);
    expect([...mealsUsing.values()].some((count) => count > 1)).toBe(true);
  });

  it("answers 403 on another user's list, an admin reads it, 401 without a token", async () => {
    const alice = await plannedUser();
    await generate(alice);
    const mallory = await signedIn(app, db, 'user');
    const refused = await summary(mallory, `?user_id=${alice.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(OTHER_USER_TEXT);
    const asAdmin = await summary(admin, `?user_id=${alice.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().total).toBeGreaterThan(0);
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/user-ingredients-summary',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PUT /api/shopping-list/ticks', () => {
  it('stores the ticks with the plan, and a new plan starts unticked', async () => {
    const caller = await plannedUser();
    const plan = await generate(caller);
    const first = ShoppingSummarySchema.parse((await summary(caller)).json());
    const key = first.data[0]?.freshIngredients[0]?.key;
    if (!key) throw new Error('no fresh item');

    const ticked = await tick(caller, { version: plan.version, ticked: [key] });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toEqual({ ticked: [key], version: plan.version });
    const after = ShoppingSummarySchema.parse((await summary(caller)).json());
    expect(after.data[0]?.freshIngredients[0]).toMatchObject({
      key,
      ticked: true,
    });

    await generate(caller);
    const fresh = ShoppingSummarySchema.parse((await summary(caller)).json());
    const items = [
      ...(fresh.data[0]?.freshIngredients ?? []),
      ...(fresh.data[0]?.nonPerishableIngredients ?? []),
    ];
    expect(items.every((item) => !item.ticked)).toBe(true);
  });

  it('answers 409 for a list of an older plan and 404 without a plan', async () => {
    const caller = await plannedUser();
    const noPlan = await tick(caller, { ticked: ['cilantro'] });
    expect(noPlan.statusCode).toBe(404);
    expect(noPlan.json().error).toBe(mealPlanMessages.noPlan);
    const plan = await generate(caller);
    await generate(caller);
    const stale = await tick(caller, { version: plan.version, ticked: ['x'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(mealPlanMessages.staleVersion);
  });

  it("answers 403 for another user's list", async () => {
    const alice = await plannedUser();
    await generate(alice);
    const mallory = await signedIn(app, db, 'user');
    const response = await tick(mallory, { user_id: alice.id, ticked: ['x'] });
    expect(response.statusCode).toBe(403);
  });
});

describe("a user's writes under RATE_LIMIT_USER_WRITES", () => {
  const LIMIT = 2;
  let limited: App;
  let alice: TestCaller;
  let bob: TestCaller;

  beforeAll(async () => {
    const test = await createTestApp({
      config: { RATE_LIMIT_USER_WRITES: LIMIT },
    });
    limited = test.app;
    [alice, bob] = await Promise.all([
      signedIn(limited, test.db, 'user'),
      signedIn(limited, test.db, 'user'),
    ]);
  });

  const write = (caller: TestCaller, url: string) =>
    limited.inject({
      method: 'PUT',
      url,
      headers: caller.headers,
      payload: { ticked: ['cilantro'] },
    });

  it('answers 429 with Retry-After past the limit, per user and per route', async () => {
    for (let sent = 0; sent < LIMIT; sent += 1) {
      // No plan yet: 404, and still a write that counts.
      expect((await write(alice, '/api/shopping-list/ticks')).statusCode).toBe(
        404,
      );
    }
    const refused = await write(alice, '/api/shopping-list/ticks');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: messages.generic.tooManyChanges,
    });
    // Another user has a count of their own, and so has another route.
    expect((await write(bob, '/api/shopping-list/ticks')).statusCode).toBe(404);
    const staples = await limited.inject({
      method: 'PUT',
      url: '/api/kitchen/staples',
      headers: alice.headers,
      payload: { staples: [] },
    });
    expect(staples.statusCode).not.toBe(429);
  });
});
