import {
  CalendarStatusSchema,
  CalendarTokenResponseSchema,
  DAYS,
  MealPlanSchema,
  MEAL_SLOTS,
  type MealPlan,
} from '@platewise/shared';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { createTestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';

let app: App;
let db: Database;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
});

async function plannedUser(): Promise<{ caller: TestCaller; plan: MealPlan }> {
  const caller = await signedIn(app, db, 'user');
  await savePreferences(app, caller.headers, {
    weekly_schedule: weekSchedule({ breakfast: false }),
    serving_size: 2,
  });
  const response = await app.inject({
    method: 'GET',
    url: '/api/generate-meal-plan',
    headers: caller.headers,
  });
  expect(response.statusCode).toBe(200);
  return { caller, plan: MealPlanSchema.parse(response.json()) };
}

function createToken(caller: TestCaller, payload: object = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/calendar/token',
    headers: caller.headers,
    payload,
  });
}

/** The path of a feed URL, for app.inject. */
function feedPath(url: string): string {
  return new URL(url).pathname;
}

function events(body: string): ICAL.Event[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent));
}

describe('POST /api/calendar/token', () => {
  it('answers a secret URL whose feed has one event per planned meal', async () => {
    const { caller, plan } = await plannedUser();
    const response = await createToken(caller, {
      lunch: '12:00',
      dinner: '18:45',
      timeZone: 'Europe/Berlin',
    });
    expect(response.statusCode).toBe(201);
    const answer = CalendarTokenResponseSchema.parse(response.json());
    expect(answer.url).toMatch(
      /^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );

    const feed = await app.inject({ method: 'GET', url: feedPath(answer.url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);

    const planned = plan.meals.flatMap((day) =>
      MEAL_SLOTS.flatMap((slot) => {
        const meal = day[slot];
        return meal ? [{ day: day.day, slot, meal }] : [];
      }),
    );
    expect(planned.length).toBeGreaterThan(0);
    const parsed = events(feed.body);
    expect(parsed).toHaveLength(planned.length);

    // Each meal at its slot's time on its weekday, named after the recipe,
    // with its cooking time and a link into the app.
    const title = (slot: string) =>
      `${slot.charAt(0).toUpperCase()}${slot.slice(1)}`;
    const expected = planned
      .map(({ day, slot, meal }) => ({
        summary: `${title(slot)}: ${meal.name}`,
        weekday: DAYS.indexOf(day) + 1,
        time: slot === 'lunch' ? [12, 0] : [18, 45],
        zone: 'floating',
        cookingTime:
          meal.total_cooking_time === null
            ? null
            : `Cooking time: ${meal.total_cooking_time} min`,
        link: true,
      }))
      .sort((a, b) => a.summary.localeCompare(b.summary));
    const seen = parsed
      .map((event) => ({
        summary: event.summary,
        weekday: event.startDate.dayOfWeek(ICAL.Time.MONDAY),
        time: [event.startDate.hour, event.startDate.minute],
        zone: event.startDate.zone?.tzid,
        cookingTime:
          /Cooking time: \d+ min/.exec(event.description)?.[0] ?? null,
        link: event.description.includes(
          'http://localhost:3000/user/dashboard?q=',
        ),
      }))
      .sort((a, b) => a.summary.localeCompare(b.summary));
    expect(seen).toEqual(expected);

    // The seven days of one week, Monday first.
    const starts = parsed.map((event) => event.startDate.toJSDate().getTime());
    expect(Math.max(...starts) - Math.min(...starts)).toBeLessThan(
      7 * 24 * 3600 * 1000,
    );
  });

  it('serves an empty calendar before there is a plan', async () => {
    const caller = await signedIn(app, db, 'user');
    const answer = CalendarTokenResponseSchema.parse(
      (await createToken(caller)).json(),
    );
    const feed = await app.inject({ method: 'GET', url: feedPath(answer.url) });
    expect(feed.statusCode).toBe(200);
    expect(events(feed.body)).toEqual([]);
    expect(answer).toMatchObject({
      breakfast: '08:00',
      lunch: '12:30',
      dinner: '19:00',
      timeZone: 'UTC',
    });
  });

  it('replaces the earlier address: the old one answers 404', async () => {
    const { caller } = await plannedUser();
    const first = CalendarTokenResponseSchema.parse(
      (await createToken(caller)).json(),
    );
    const second = CalendarTokenResponseSchema.parse(
      (await createToken(caller)).json(),
    );
    expect(second.url).not.toBe(first.url);
    expect(
      (await app.inject({ method: 'GET', url: feedPath(first.url) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: feedPath(second.url) }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    [{ dinner: '25:00' }, 'dinner'],
    [{ breakfast: '8am' }, 'breakfast'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
  ])('answers 400 for %j', async (payload, field) => {
    const caller = await signedIn(app, db, 'user');
    const response = await createToken(caller, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: field }),
    ]);
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/calendar/token',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/calendar/token', () => {
  it('says whether a feed is active, without its address', async () => {
    const caller = await signedIn(app, db, 'user');
    const status = () =>
      app.inject({
        method: 'GET',
        url: '/api/calendar/token',
        headers: caller.headers,
      });
    expect(CalendarStatusSchema.parse((await status()).json())).toEqual({
      feed: null,
    });
    await createToken(caller, { dinner: '20:15' });
    const answer = (await status()).json();
    expect(answer.feed).toMatchObject({ dinner: '20:15' });
    expect(JSON.stringify(answer)).not.toContain('.ics');
  });
});

describe('DELETE /api/calendar/token', () => {
  it('revokes the feed: its address answers 404 after', async () => {
    const { caller } = await plannedUser();
    const answer = CalendarTokenResponseSchema.parse(
      (await createToken(caller)).json(),
    );
    const revoke = await app.inject({
      method: 'DELETE',
      url: '/api/calendar/token',
      headers: caller.headers,
    });
    expect(revoke.statusCode).toBe(204);
    const feed = await app.inject({ method: 'GET', url: feedPath(answer.url) });
    expect(feed.statusCode).toBe(404);
    expect(feed.json()).toMatchObject({
      error: 'This calendar link does not exist or was revoked.',
    });
  });
});

describe('GET /api/calendar/:file', () => {
  it.each(['nope.ics', `${'A'.repeat(43)}.ics`, `${'A'.repeat(43)}.txt`])(
    'answers 404 for %s',
    async (file) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/calendar/${file}`,
      });
      expect(response.statusCode).toBe(404);
    },
  );
});
