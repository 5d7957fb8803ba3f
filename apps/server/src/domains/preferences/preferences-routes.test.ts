import {
  CONTROL_CHARACTERS_MESSAGE,
  DAYS,
  messages,
  preferenceMessages,
  PreferencesSchema,
} from '@platewise/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { auditEvents } from '../../db/schema/index.js';
import { OTHER_USER_TEXT } from '../../plugins/app/auth.js';
import { createTestApp } from '../../test/build-app.js';
import {
  preferencesBody,
  savePreferences,
  weekSchedule,
} from '../../test/planner-fixtures.js';
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

const user = () => signedIn(app, db, 'user');

function save(caller: TestCaller, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/preferences/save',
    headers: caller.headers,
    payload: payload as object,
  });
}

function read(caller: TestCaller | null, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/preferences/preferences${query}`,
    ...(caller ? { headers: caller.headers } : {}),
  });
}

describe('POST /api/preferences/save', () => {
  it('stores the settings normalised and answers them', async () => {
    const alice = await user();
    const response = await save(alice, {
      ...preferencesBody(),
      user_id: alice.id,
      dietary_preference: 'Gluten-Free',
      protein_level: 'high',
      allergens: ['peanuts', 'peanuts'],
      custom_allergens: ['  Banana ', 'banana', ''],
      customAllergens: ['kiwi'],
      preferences: {
        likes: [{ name: ' Italian ' }, { name: 'italian' }, 'tacos'],
        dislikes: [{ name: 'Mushroom' }],
      },
      serving_size: 4,
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    const saved = PreferencesSchema.parse(response.json());
    expect(saved).toMatchObject({
      user_id: alice.id,
      dietary_preference: 'gluten-free',
      protein_level: 'High Protein',
      allergens: ['peanuts'],
      customAllergens: ['kiwi', 'Banana'],
      custom_allergens: ['kiwi', 'Banana'],
      preferences: {
        likes: [{ name: 'Italian' }, { name: 'tacos' }],
        dislikes: [{ name: 'Mushroom' }],
      },
      serving_size: 4,
    });
    expect(saved.weekly_schedule.map((day) => day.day_name)).toEqual(DAYS);

    const again = await read(alice);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(saved);
  });

  it('replaces the previous settings', async () => {
    const bob = await user();
    await savePreferences(app, bob.headers, { serving_size: 3 });
    await savePreferences(app, bob.headers, {
      serving_size: 5,
      protein_level: null,
    });
    const response = await read(bob);
    expect(response.json()).toMatchObject({
      serving_size: 5,
      protein_level: null,
    });
  });

  it.each([
    [
      'a schedule of six days',
      { weekly_schedule: weekSchedule().slice(0, 6) },
      'weekly_schedule',
      preferenceMessages.weekDays,
    ],
    [
      'days out of order',
      {
        weekly_schedule: [...weekSchedule().slice(1), weekSchedule()[0]],
      },
      'weekly_schedule.0.day_name',
      preferenceMessages.dayOrder('Monday'),
    ],
    [
      'an unknown diet',
      { dietary_preference: 'carnivore' },
      'dietary_preference',
      preferenceMessages.diet,
    ],
    [
      'an unknown protein level',
      { protein_level: 'Extreme Protein' },
      'protein_level',
      preferenceMessages.proteinLevel,
    ],
    [
      'serving size 0',
      { serving_size: 0 },
      'serving_size',
      messages.validation.servingSizePositive,
    ],
    [
      'a fractional serving size',
      { serving_size: 1.5 },
      'serving_size',
      messages.validation.servingSizePositive,
    ],
    [
      'serving size 21',
      { serving_size: 21 },
      'serving_size',
      preferenceMessages.servingSizeMax,
    ],
    [
      'a weeknight cooking time of 14 minutes',
      { weeknight_cooking_time: 14 },
      'weeknight_cooking_time',
      preferenceMessages.weeknightCookingTime,
    ],
    [
      'a weeknight cooking time of 181 minutes',
      { weeknight_cooking_time: 181 },
      'weeknight_cooking_time',
      preferenceMessages.weeknightCookingTime,
    ],
    [
      'a fractional weeknight cooking time',
      { weeknight_cooking_time: 30.5 },
      'weeknight_cooking_time',
      preferenceMessages.weeknightCookingTime,
    ],
    [
      'a weeknight cooking time as text',
      { weeknight_cooking_time: '30' },
      'weeknight_cooking_time',
      preferenceMessages.weeknightCookingTime,
    ],
    [
      'a like of 41 characters',
      { preferences: { likes: [{ name: 'x'.repeat(41) }], dislikes: [] } },
      'preferences.likes.0',
      preferenceMessages.itemTooLong,
    ],
    [
      '51 distinct dislikes',
      {
        preferences: {
          likes: [],
          dislikes: Array.from({ length: 51 }, (_, i) => ({ name: `d${i}` })),
        },
      },
      'preferences.dislikes',
      preferenceMessages.tooManyItems,
    ],
    [
      'a custom allergen with a control character',
      { customAllergens: ['nuts\u0000'] },
      'customAllergens.0',
      CONTROL_CHARACTERS_MESSAGE,
    ],
    [
      'a user_id that is not an id',
      { user_id: "1' OR '1'='1" },
      'user_id',
      preferenceMessages.userId,
    ],
  ])('answers 400 for %s', async (_name, overrides, path, message) => {
    const caller = await user();
    const response = await save(caller, preferencesBody(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues).toContainEqual({ path, message });
    expect((await read(caller)).statusCode).toBe(404);
  });

  it('stores the weeknight cooking time, 45 minutes when not sent', async () => {
    const caller = await user();
    const first = await save(caller, preferencesBody());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ weeknight_cooking_time: 45 });

    const second = await save(
      caller,
      preferencesBody({ weeknight_cooking_time: 20 }),
    );
    expect(second.statusCode).toBe(200);
    expect((await read(caller)).json()).toMatchObject({
      weeknight_cooking_time: 20,
    });
  });

  it('keeps 50 entries when duplicates bring a longer list down to 50', async () => {
    const caller = await user();
    const likes = Array.from({ length: 50 }, (_, i) => ({ name: `like ${i}` }));
    const response = await save(
      caller,
      preferencesBody({
        preferences: {
          likes: [
            ...likes,
            ...likes.map(({ name }) => ({ name: name.toUpperCase() })),
          ],
          dislikes: [],
        },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().preferences.likes).toHaveLength(50);
  });

  it('answers 400 naming an allergen id the catalogue does not have', async () => {
    const caller = await user();
    const response = await save(
      caller,
      preferencesBody({ allergens: ['peanuts', 'unicorn-horn'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: preferenceMessages.unknownAllergen,
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'allergens.1', message: preferenceMessages.unknownAllergen },
      ],
    });
    expect((await read(caller)).statusCode).toBe(404);
  });

  it("answers 403 for another user's id, even for an admin, and stores nothing", async () => {
    const alice = await user();
    const mallory = await user();
    for (const caller of [mallory, admin]) {
      const response = await save(
        caller,
        preferencesBody({ user_id: alice.id }),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(OTHER_USER_TEXT);
    }
    expect((await read(alice)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/preferences/save',
      payload: preferencesBody(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/preferences/preferences', () => {
  it('answers 404 before anything is saved', async () => {
    const response = await read(await user());
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(preferenceMessages.notFound);
  });

  it("answers 403 with none of the other user's fields, and an admin may read them", async () => {
    const alice = await user();
    await savePreferences(app, alice.headers, {
      customAllergens: ['secret-allergy'],
    });
    const mallory = await user();
    const refused = await read(mallory, `?user_id=${alice.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('secret-allergy');

    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'authz_fail'),
          eq(auditEvents.actorId, mallory.id),
        ),
      );
    expect(audit).toMatchObject({
      outcome: 'denied',
      target: 'GET /api/preferences/preferences',
    });

    const asAdmin = await read(admin, `?user_id=${alice.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().customAllergens).toEqual(['secret-allergy']);

    const own = await read(alice, `?user_id=${alice.id.toUpperCase()}`);
    expect(own.statusCode).toBe(200);
  });

  it('answers 400 for a repeated or malformed user_id', async () => {
    const alice = await user();
    const twice = await read(alice, `?user_id=${alice.id}&user_id=${alice.id}`);
    expect(twice.statusCode).toBe(400);
    const injected = await read(
      alice,
      `?user_id=${encodeURIComponent(`${alice.id} OR 1=1`)}`,
    );
    expect(injected.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    expect((await read(null)).statusCode).toBe(401);
  });
});
