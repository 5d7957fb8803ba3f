import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { seedCatalogue } from '../domains/catalogue/catalogue-seed.js';
import { signedIn, type Caller } from '../test/accounts.js';
import { createTestApp, testDbDriver } from '../test/build-app.js';
import { preferencesBody } from '../test/planner-fixtures.js';

/**
 * Issue 17: a per-user read sends the answer it kept while its user's data
 * is unchanged (reads/answer-cache.ts, migration 0017). Counted in
 * statements sent to the database: on PostgreSQL one (the session and the
 * version), on PGlite none (the event loop stays free for everyone else).
 */

let app: App;
let db: Database;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts what goes to the database client (PGlite, or the pg pool). */
function countStatements(): { readonly count: number } {
  const client = (db as unknown as { $client: { query: () => unknown } })
    .$client;
  const spy = vi.spyOn(client, 'query');
  return {
    get count() {
      return spy.mock.calls.length;
    },
  };
}

const save = (caller: Caller, servingSize: number) =>
  app.inject({
    method: 'POST',
    url: '/api/preferences/save',
    headers: caller.headers,
    payload: preferencesBody({ serving_size: servingSize }),
  });

const read = (caller: Caller) =>
  app.inject({
    method: 'GET',
    url: '/api/preferences/preferences',
    headers: caller.headers,
  });

const keptReadStatements = testDbDriver() === 'postgres' ? 1 : 0;

describe('kept per-user answers', () => {
  it('answers a repeated read from the kept bytes, and a write at once', async () => {
    const cook = await signedIn(app, db, 'user');
    expect((await save(cook, 3)).statusCode).toBe(200);
    const first = await read(cook);
    expect(first.statusCode).toBe(200);

    const statements = countStatements();
    const again = await read(cook);
    expect(statements.count).toBe(keptReadStatements);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    expect((await save(cook, 4)).statusCode).toBe(200);
    const beforeRead = statements.count;
    const after = await read(cook);
    expect(JSON.parse(after.body)).toMatchObject({ serving_size: 4 });
    // Built again: the read's own statement was counted.
    expect(statements.count).toBeGreaterThan(beforeRead);
  });

  it('sees a write made by hand in the database, not through the API', async () => {
    const cook = await signedIn(app, db, 'user');
    expect((await save(cook, 2)).statusCode).toBe(200);
    expect(JSON.parse((await read(cook)).body)).toMatchObject({
      serving_size: 2,
    });
    await db.execute(
      sql`UPDATE user_preferences SET serving_size = 6 WHERE user_id = ${cook.id}`,
    );
    expect(JSON.parse((await read(cook)).body)).toMatchObject({
      serving_size: 6,
    });
  });

  it('keeps one user’s answer apart from another’s', async () => {
    const [ann, bob] = [
      await signedIn(app, db, 'user'),
      await signedIn(app, db, 'user'),
    ];
    await save(ann, 1);
    await save(bob, 5);
    await read(ann);
    await read(bob);
    expect(JSON.parse((await read(ann)).body)).toMatchObject({
      serving_size: 1,
    });
    expect(JSON.parse((await read(bob)).body)).toMatchObject({
      serving_size: 5,
    });
  });
});

describe('the shopping summary’s per-user limit', () => {
  it('counts the answers it builds, not the kept ones it sends again', async () => {
    // PLANNER_RATE_LIMIT 1: four shopping summaries built a minute.
    const limited = await createTestApp({ config: { PLANNER_RATE_LIMIT: 1 } });
    await seedCatalogue(limited.db);
    const cook = await signedIn(limited.app, limited.db, 'user');
    const summary = () =>
      limited.app.inject({
        method: 'GET',
        url: '/api/user-ingredients-summary',
        headers: cook.headers,
      });
    const saveServings = async (servings: number) => {
      const saved = await limited.app.inject({
        method: 'POST',
        url: '/api/preferences/save',
        headers: cook.headers,
        payload: preferencesBody({ serving_size: servings }),
      });
      expect(saved.statusCode).toBe(200);
    };
    await saveServings(2);
    const plan = await limited.app.inject({
      method: 'GET',
      url: '/api/generate-meal-plan',
      headers: cook.headers,
    });
    expect(plan.statusCode).toBe(200);

    // Built once, then sent again nine times: one of the four.
    for (let read = 0; read < 10; read += 1) {
      expect((await summary()).statusCode).toBe(200);
    }
    // Each write makes the next read build: three more fit, the fifth is refused.
    for (const servings of [3, 4, 5]) {
      await saveServings(servings);
      expect((await summary()).statusCode).toBe(200);
    }
    await saveServings(6);
    const refused = await summary();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await limited.app.close();
  });
});
