import { SEED_RECIPES } from '@platewise/food-data';
import {
  DAYS,
  mealPlanMessages,
  MealPlanSchema,
  RecipeSchema,
  type MealPlan,
  type PlanMeal,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { OTHER_USER_TEXT } from '../../plugins/app/auth.js';
import { createTestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';
import { roundQuantity } from './meal-plans-service.js';

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

/** Dinners Monday to Friday. */
const WEEKDAY_DINNERS = weekSchedule(
  { breakfast: false, lunch: false },
  DAYS.slice(0, 5),
);

/** Dinners Monday to Friday and lunches Monday and Tuesday: 7 meals. */
const SCHEDULE = WEEKDAY_DINNERS.map((day) =>
  day.day_name === 'Monday' || day.day_name === 'Tuesday'
    ? { ...day, meals: { ...day.meals, lunch: true } }
    : day,
);

async function plannedUser(servingSize = 2): Promise<TestCaller> {
  const caller = await signedIn(app, db, 'user');
  await savePreferences(app, caller.headers, {
    weekly_schedule: SCHEDULE,
    serving_size: servingSize,
  });
  return caller;
}

async function generate(caller: TestCaller, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/generate-meal-plan${query}`,
    headers: caller.headers,
  });
}

async function generated(caller: TestCaller): Promise<MealPlan> {
  const response = await generate(caller);
  expect(response.statusCode).toBe(200);
  return MealPlanSchema.parse(response.json());
}

/** Deletes a catalogue recipe as the admin. */
async function removeRecipe(id: string): Promise<void> {
  const deleted = await app.inject({
    method: 'DELETE',
    url: `/api/recipes/${id}`,
    headers: admin.headers,
  });
  expect(deleted.statusCode).toBe(204);
}

/** The stored plan as the caller reads it. */
async function storedPlan(caller: TestCaller): Promise<MealPlan> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/preferences/user-meal-plan',
    headers: caller.headers,
  });
  return MealPlanSchema.parse(response.json());
}

function post(caller: TestCaller, url: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: caller.headers, payload });
}

/** "Monday/dinner" → recipe id, for every meal of a plan. */
function recipesBySlot(plan: MealPlan): Map<string, string> {
  const out = new Map<string, string>();
  for (const day of plan.meals) {
    for (const slot of ['breakfast', 'lunch', 'dinner'] as const) {
      const meal = day[slot];
      if (meal) out.set(`${day.day}/${slot}`, meal.id);
    }
  }
  return out;
}

function mealAt(
  plan: MealPlan,
  day: string,
  slot: 'lunch' | 'dinner',
): PlanMeal {
  const meal = plan.meals.find((entry) => entry.day === day)?.[slot];
  if (!meal) throw new Error(`no ${slot} on ${day}`);
  return meal;
}

describe('GET /api/generate-meal-plan', () => {
  it('plans every enabled slot, scaled to the serving size, and stores it', async () => {
    const caller = await plannedUser(4);
    const plan = await generated(caller);

    expect(plan.meals.map((day) => day.day)).toEqual(DAYS.slice(0, 5));
    expect([...recipesBySlot(plan).keys()].sort()).toEqual(
      [
        'Monday/lunch',
        'Monday/dinner',
        'Tuesday/lunch',
        'Tuesday/dinner',
        'Wednesday/dinner',
        'Thursday/dinner',
        'Friday/dinner',
      ].sort(),
    );
    expect(plan.unfilled).toEqual([]);
    expect(plan.version).toBe(1);
    expect(plan.serving_size).toBe(4);
    expect(plan.waste.boughtGrams).toBeGreaterThan(0);
    // No recipe twice while distinct ones remain.
    const ids = [...recipesBySlot(plan).values()];
    expect(new Set(ids).size).toBe(ids.length);

    const meal = mealAt(plan, 'Monday', 'dinner');
    expect(meal.reason).not.toBe('');
    expect(meal.locked).toBe(false);
    const recipe = RecipeSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/recipes/${meal.id}`,
          headers: caller.headers,
        })
      ).json(),
    );
    expect(meal.name).toBe(recipe.name);
    expect(meal.directions).toBe(recipe.directions);
    expect(meal.images).toEqual(recipe.images);
    const factor = 4 / (recipe.serving_size ?? 1);
    expect(meal.ingredients).toEqual(
      recipe.ingredients.map((line) => ({
        ingredient: line.ingredient,
        quantity:
          line.quantity === null ? null : roundQuantity(line.quantity * factor),
        unit: line.unit,
      })),
    );

    const stored = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: caller.headers,
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(plan);
  });

  it('replaces the plan with a new version', async () => {
    const caller = await plannedUser();
    const first = await generated(caller);
    const second = await generated(caller);
    expect(second.version).toBe(first.version + 1);
  });

  it('answers 404 before settings are saved', async () => {
    const caller = await signedIn(app, db, 'user');
    const response = await generate(caller);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(mealPlanMessages.noPreferences);
  });

  it("answers 403 for another user's id, even for an admin", async () => {
    const alice = await plannedUser();
    const mallory = await signedIn(app, db, 'user');
    for (const caller of [mallory, admin]) {
      const response = await generate(caller, `?user_id=${alice.id}`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(OTHER_USER_TEXT);
    }
    const stored = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: alice.headers,
    });
    expect(stored.statusCode).toBe(404);
  });
});

describe('the plan notes (issue 22)', () => {
  it('says when the week has less fresh food than a typical one, and says it again on a read', async () => {
    // Bench profile #24 (bench/planner/profiles.ts): no gluten-free week of
    // five weekday dinners without sesame or soy that keeps the rules
    // reaches the fresh food of a typical random week.
    const caller = await signedIn(app, db, 'user');
    await savePreferences(app, caller.headers, {
      weekly_schedule: WEEKDAY_DINNERS,
      dietary_preference: 'gluten-free',
      protein_level: null,
      allergens: ['sesame', 'soy'],
      customAllergens: ['mustard'],
      preferences: {
        likes: ['Mexican', 'chicken'],
        dislikes: ['cilantro', 'olives'],
      },
      serving_size: 6,
    });
    // Each generation draws its own seed, and with it the random weeks the
    // floor comes from (their upper quartile moves by a few grams), so a
    // seed now and then sets a floor this profile's freshest week reaches.
    // Most do not: within a few generations one must carry the note.
    let notes: { code: string; reason: string }[] = [];
    for (let attempt = 0; attempt < 8 && notes.length === 0; attempt += 1) {
      const response = await generate(caller);
      expect(response.statusCode).toBe(200);
      ({ notes } = response.json<{
        notes: { code: string; reason: string }[];
      }>());
    }
    expect(notes).toEqual([
      {
        code: 'fresh-below-typical',
        reason: expect.stringMatching(
          /^This week has less fresh food than a typical week for your settings \(\d+ g a serving against \d+ g\)/,
        ),
      },
    ]);
    expect((await storedPlan(caller)).notes).toEqual(notes);
  });

  it('lists each meal that repeats, and drops its line once its recipe is removed', async () => {
    // Five ketogenic breakfasts without eggs for seven breakfasts (bench
    // profile #15): some must come back.
    const caller = await signedIn(app, db, 'user');
    await savePreferences(app, caller.headers, {
      weekly_schedule: weekSchedule({ lunch: false, dinner: false }),
      dietary_preference: 'ketogenic',
      allergens: ['eggs'],
    });
    const plan = await generated(caller);
    const repeats = (plan.notes ?? []).filter(
      (note) => note.code === 'rule-broken',
    );
    expect(repeats.length).toBeGreaterThan(0);
    for (const note of repeats) {
      const meal = plan.meals.find((day) => day.day === note.day)?.breakfast;
      expect(note.reason).toBe(meal?.reason);
    }
    const first = repeats[0];
    const gone = plan.meals.find((day) => day.day === first?.day)?.breakfast;
    if (!gone) throw new Error('no meal for the note');
    await removeRecipe(gone.id);
    const stored = await storedPlan(caller);
    const emptied = stored.unfilled.map((slot) => slot.day);
    expect(emptied).toContain(first?.day);
    expect(
      (stored.notes ?? []).filter((note) => note.code === 'rule-broken'),
    ).toEqual(
      repeats.filter((note) => !emptied.includes(note.day ?? 'Monday')),
    );
  });

  it('has none for a week that keeps every rule', async () => {
    const plan = (await generate(await plannedUser(4))).json<{
      notes: unknown;
    }>();
    expect(plan.notes).toEqual([]);
  });
});

describe('GET /api/preferences/user-meal-plan', () => {
  it("answers 404 without a plan, 403 on another user's plan, and an admin reads any", async () => {
    const alice = await plannedUser();
    const read = (caller: TestCaller, query = '') =>
      app.inject({
        method: 'GET',
        url: `/api/preferences/user-meal-plan${query}`,
        headers: caller.headers,
      });
    const none = await read(alice);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe(mealPlanMessages.noPlan);

    const plan = await generated(alice);
    const mallory = await signedIn(app, db, 'user');
    const refused = await read(mallory, `?user_id=${alice.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain(mealAt(plan, 'Monday', 'dinner').name);
    const asAdmin = await read(admin, `?user_id=${alice.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual(plan);
  });
});

describe('POST /api/meal-plans/lock and /regenerate', () => {
  it('keeps locked meals through a whole-plan regenerate and changes others', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const locked = mealAt(plan, 'Tuesday', 'dinner');

    const lock = await post(caller, '/api/meal-plans/lock', {
      version: plan.version,
      day: 'Tuesday',
      slot: 'dinner',
      locked: true,
    });
    expect(lock.statusCode).toBe(200);
    const lockedPlan = MealPlanSchema.parse(lock.json());
    expect(lockedPlan.version).toBe(plan.version + 1);
    expect(mealAt(lockedPlan, 'Tuesday', 'dinner')).toMatchObject({
      id: locked.id,
      locked: true,
    });

    const response = await post(caller, '/api/meal-plans/regenerate', {
      version: lockedPlan.version,
    });
    expect(response.statusCode).toBe(200);
    const next = MealPlanSchema.parse(response.json());
    expect(next.version).toBe(lockedPlan.version + 1);
    expect(mealAt(next, 'Tuesday', 'dinner')).toMatchObject({
      id: locked.id,
      locked: true,
    });
    const before = recipesBySlot(plan);
    const after = recipesBySlot(next);
    expect(after.size).toBe(before.size);
    const changed = [...after].filter(([slot, id]) => before.get(slot) !== id);
    expect(changed.length).toBeGreaterThan(0);
  });

  it('unlocks a meal', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const lock = (version: number, locked: boolean) =>
      post(caller, '/api/meal-plans/lock', {
        version,
        day: 'Monday',
        slot: 'lunch',
        locked,
      });
    const first = MealPlanSchema.parse((await lock(plan.version, true)).json());
    const second = MealPlanSchema.parse(
      (await lock(first.version, false)).json(),
    );
    expect(mealAt(second, 'Monday', 'lunch').locked).toBe(false);
  });

  it('answers 409 to a second tab still on the older version, and keeps the first change', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const tabA = await post(caller, '/api/meal-plans/lock', {
      version: plan.version,
      day: 'Monday',
      slot: 'dinner',
      locked: true,
    });
    expect(tabA.statusCode).toBe(200);

    for (const [url, body] of [
      ['/api/meal-plans/regenerate', {}],
      ['/api/meal-plans/regenerate-meal', { day: 'Monday', slot: 'dinner' }],
      [
        '/api/meal-plans/lock',
        { day: 'Monday', slot: 'dinner', locked: false },
      ],
    ] as const) {
      const tabB = await post(caller, url, { version: plan.version, ...body });
      expect(tabB.statusCode).toBe(409);
      expect(tabB.json()).toEqual({
        error: mealPlanMessages.staleVersion,
        code: 'CONFLICT',
      });
    }
    const stored = MealPlanSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/preferences/user-meal-plan',
          headers: caller.headers,
        })
      ).json(),
    );
    expect(stored).toEqual(MealPlanSchema.parse(tabA.json()));
  });

  it('lets exactly one of two concurrent changes on the same version through', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const [a, b] = await Promise.all([
      post(caller, '/api/meal-plans/regenerate', { version: plan.version }),
      post(caller, '/api/meal-plans/regenerate', { version: plan.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });

  it('answers 404 when locking a slot the plan has no meal in', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const response = await post(caller, '/api/meal-plans/lock', {
      version: plan.version,
      day: 'Sunday',
      slot: 'dinner',
      locked: true,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(mealPlanMessages.noMealInSlot);
  });

  it("answers 403 on another user's plan and 401 without a token", async () => {
    const alice = await plannedUser();
    const plan = await generated(alice);
    const mallory = await signedIn(app, db, 'user');
    const body = { user_id: alice.id, version: plan.version };
    expect(
      (await post(mallory, '/api/meal-plans/regenerate', body)).statusCode,
    ).toBe(403);
    expect(
      (
        await post(admin, '/api/meal-plans/lock', {
          ...body,
          day: 'Monday',
          slot: 'dinner',
          locked: true,
        })
      ).statusCode,
    ).toBe(403);
    for (const url of [
      '/api/meal-plans/regenerate',
      '/api/meal-plans/regenerate-meal',
      '/api/meal-plans/lock',
    ]) {
      const response = await app.inject({ method: 'POST', url, payload: body });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('POST /api/meal-plans/regenerate-meal', () => {
  it('changes exactly the asked slot', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const response = await post(caller, '/api/meal-plans/regenerate-meal', {
      version: plan.version,
      day: 'Wednesday',
      slot: 'dinner',
    });
    expect(response.statusCode).toBe(200);
    const next = MealPlanSchema.parse(response.json());
    const before = recipesBySlot(plan);
    const after = recipesBySlot(next);
    const changed = [...after.keys()].filter(
      (slot) => before.get(slot) !== after.get(slot),
    );
    expect(changed).toEqual(['Wednesday/dinner']);
    expect(after.size).toBe(before.size);
  });

  it('fills a slot whose recipe was deleted from the catalogue', async () => {
    const caller = await plannedUser();
    const plan = await generated(caller);
    const gone = mealAt(plan, 'Thursday', 'dinner');
    await removeRecipe(gone.id);

    const stored = await storedPlan(caller);
    expect(
      stored.meals.find((d) => d.day === 'Thursday')?.dinner,
    ).toBeUndefined();
    expect(stored.unfilled).toEqual([
      {
        day: 'Thursday',
        slot: 'dinner',
        reason: mealPlanMessages.recipeRemoved,
      },
    ]);

    const response = await post(caller, '/api/meal-plans/regenerate-meal', {
      version: stored.version,
      day: 'Thursday',
      slot: 'dinner',
    });
    expect(response.statusCode).toBe(200);
    const next = MealPlanSchema.parse(response.json());
    const filled = mealAt(next, 'Thursday', 'dinner');
    expect(filled.id).not.toBe(gone.id);
    expect(next.unfilled).toEqual([]);
  });
});

describe('PATCH /api/recipes/:userId', () => {
  it('deletes the plan', async () => {
    const caller = await plannedUser();
    await generated(caller);
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/recipes/${caller.id}`,
      headers: caller.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const stored = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: caller.headers,
    });
    expect(stored.statusCode).toBe(404);
  });

  it("answers 403 for another user's plan and keeps it, 401 without a token", async () => {
    const alice = await plannedUser();
    await generated(alice);
    const mallory = await signedIn(app, db, 'user');
    for (const caller of [mallory, admin]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/recipes/${alice.id}`,
        headers: caller.headers,
      });
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'PATCH',
      url: `/api/recipes/${alice.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const stored = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: alice.headers,
    });
    expect(stored.statusCode).toBe(200);
  });
});

describe("the admin's planner weights (issue 12)", () => {
  it('steer the plans generated after they change', async () => {
    const caller = await signedIn(app, db, 'user');
    await savePreferences(app, caller.headers, {
      weekly_schedule: WEEKDAY_DINNERS,
    });
    const minutes = (plan: MealPlan) =>
      plan.meals
        .map((day) => Number(day.dinner?.total_cooking_time))
        .sort((a, b) => a - b);
    // The five quickest dinners of the catalogue (no diet, no allergens).
    const quickest = SEED_RECIPES.filter((r) => r.mealTypes.includes('dinner'))
      .map((r) => r.totalCookingTime)
      .sort((a, b) => a - b)
      .slice(0, 5);

    // By default waste comes first: weekday cooking time is a small term.
    expect(minutes(await generated(caller))).not.toEqual(quickest);

    // An admin makes every weekday minute outweigh all the rest.
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { plannerWeights: { weekdayMinute: 100_000 } },
    });
    expect(changed.statusCode).toBe(200);
    try {
      expect(minutes(await generated(caller))).toEqual(quickest);
    } finally {
      await app.inject({
        method: 'POST',
        url: '/api/admin/settings/reset-planner-weights',
        headers: admin.headers,
      });
    }
  });
});
