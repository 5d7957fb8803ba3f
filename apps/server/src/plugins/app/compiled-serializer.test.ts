import { brotliDecompressSync } from 'node:zlib';

import {
  MealPlanSchema,
  PreferencesSchema,
  ShoppingSummarySchema,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { seedCatalogue } from '../../domains/catalogue/catalogue-seed.js';
import { signedIn, type Caller } from '../../test/accounts.js';
import { createTestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';

let app: App;
let db: Database;
let user: Caller;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(test.db);
  user = await signedIn(app, test.db, 'user');
  await savePreferences(app, user.headers);
  const generated = await app.inject({
    method: 'GET',
    url: '/api/generate-meal-plan',
    headers: user.headers,
  });
  if (generated.statusCode !== 200) throw new Error(generated.body);
});

// What the zod serializer wrote before issue 17, for the same data.
const zodJson = (schema: z.ZodType, body: string) =>
  JSON.stringify(z.encode(schema, JSON.parse(body)));

describe('per-user reads (issue 17)', () => {
  it.each([
    ['/api/preferences/user-meal-plan', MealPlanSchema],
    ['/api/user-ingredients-summary', ShoppingSummarySchema],
    ['/api/preferences/preferences', PreferencesSchema],
  ] as const)(
    'GET %s answers byte for byte what the zod serializer wrote',
    async (url, schema) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(response.body).toBe(zodJson(schema, response.body));
    },
  );

  it('answers a plan with notes byte for byte as zod wrote it', async () => {
    // Five ketogenic breakfasts without eggs for seven: repeats, each said
    // in a note with its day and slot (optional keys).
    const cook = await signedIn(app, db, 'user');
    await savePreferences(app, cook.headers, {
      weekly_schedule: weekSchedule({ lunch: false, dinner: false }),
      dietary_preference: 'ketogenic',
      allergens: ['eggs'],
    });
    await app.inject({
      method: 'GET',
      url: '/api/generate-meal-plan',
      headers: cook.headers,
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: cook.headers,
    });
    const { notes = [] } = MealPlanSchema.parse(response.json());
    expect(notes.some((note) => note.day !== undefined)).toBe(true);
    expect(response.body).toBe(zodJson(MealPlanSchema, response.body));
  });

  it('compresses the plan with brotli when the client accepts it', async () => {
    const plain = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: user.headers,
    });
    const br = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: { ...user.headers, 'accept-encoding': 'br' },
    });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('still answers errors in the error shape', async () => {
    const other = await signedIn(app, (await createTestApp()).db, 'user');
    const response = await app.inject({
      method: 'GET',
      url: '/api/preferences/preferences',
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: expect.any(String),
      code: expect.any(String),
    });
  });
});
