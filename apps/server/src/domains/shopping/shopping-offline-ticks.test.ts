import { MealPlanSchema, ShoppingSummarySchema } from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import {
  createAccountsApp,
  signedIn,
  type Caller,
} from '../../test/accounts.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import type { TestClock } from '../../test/test-clock.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';

let app: App;
let db: Database;
let clock: TestClock;

beforeAll(async () => {
  const test = await createAccountsApp();
  app = test.app;
  db = test.db;
  clock = test.clock;
  await seedCatalogue(db);
}, 120_000);

async function plannedUser() {
  const caller = await signedIn(app, db, 'user');
  await savePreferences(app, caller.headers, {
    weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
  });
  const response = await app.inject({
    method: 'GET',
    url: '/api/generate-meal-plan',
    headers: caller.headers,
  });
  const plan = MealPlanSchema.parse(response.json());
  const summary = ShoppingSummarySchema.parse(
    (
      await app.inject({
        method: 'GET',
        url: '/api/user-ingredients-summary',
        headers: caller.headers,
      })
    ).json(),
  );
  const keys = [
    ...(summary.data[0]?.freshIngredients ?? []),
    ...(summary.data[0]?.nonPerishableIngredients ?? []),
  ].map((item) => item.key);
  if (keys.length < 2) throw new Error('a list of two items at least');
  return { caller, version: plan.version, keys };
}

function merge(caller: Caller, payload: object) {
  return app.inject({
    method: 'PATCH',
    url: '/api/shopping-list/ticks',
    headers: caller.headers,
    payload,
  });
}

const minutesAgo = (minutes: number) =>
  new Date(clock.now().getTime() - minutes * 60_000).toISOString();

describe('PATCH /api/shopping-list/ticks', () => {
  it('merges offline changes per key: the later change wins', async () => {
    const { caller, version, keys } = await plannedUser();
    const [first = '', second = ''] = keys;
    // Another device, online, ticks the first item now.
    const online = await app.inject({
      method: 'PUT',
      url: '/api/shopping-list/ticks',
      headers: caller.headers,
      payload: { version, ticked: [first] },
    });
    expect(online.statusCode).toBe(200);

    // A phone that was offline unticked the first item five minutes ago
    // and ticked the second: the first stays ticked, the second is added.
    const offline = await merge(caller, {
      version,
      changes: [
        { key: first, ticked: false, at: minutesAgo(5) },
        { key: second, ticked: true, at: minutesAgo(5) },
      ],
    });
    expect(offline.statusCode).toBe(200);
    expect(new Set(offline.json().ticked)).toEqual(new Set([first, second]));

    // A change made after the online tick wins over it.
    clock.advance(60);
    const later = await merge(caller, {
      version,
      changes: [{ key: first, ticked: false, at: clock.now().toISOString() }],
    });
    expect(later.json().ticked).toEqual([second]);
  });

  it('answers 409 for changes made on an older plan', async () => {
    const { caller, version, keys } = await plannedUser();
    const response = await merge(caller, {
      version: version + 1,
      changes: [{ key: keys[0], ticked: true, at: minutesAgo(1) }],
    });
    expect(response.statusCode).toBe(409);
  });

  it('answers 404 without a plan and 400 for a change without a time', async () => {
    const caller = await signedIn(app, db, 'user');
    const none = await merge(caller, {
      version: 1,
      changes: [{ key: 'milk', ticked: true, at: minutesAgo(1) }],
    });
    expect(none.statusCode).toBe(404);
    const bad = await merge(caller, {
      version: 1,
      changes: [{ key: 'milk', ticked: true }],
    });
    expect(bad.statusCode).toBe(400);
  });
});
