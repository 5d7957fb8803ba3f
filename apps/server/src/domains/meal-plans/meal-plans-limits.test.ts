import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MealPlanSchema } from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import {
  openPglite,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from '../../db/client.js';
import {
  createPostgresDatabase,
  createTestApp,
  pgliteTemplate,
  testDbDriver,
} from '../../test/build-app.js';
import { createCapturedLogger } from '../../test/log-capture.js';
import { savePreferences } from '../../test/planner-fixtures.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';

let app: App;
let db: Database;

beforeAll(async () => {
  const test = await createTestApp({ config: { PLANNER_RATE_LIMIT: 3 } });
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
});

async function plannedUser(
  target: App,
  database: Database,
): Promise<TestCaller> {
  const caller = await signedIn(target, database, 'user');
  await savePreferences(target, caller.headers);
  return caller;
}

describe('planner limits', () => {
  it('limits generations per user, not per address', async () => {
    const alice = await plannedUser(app, db);
    const bob = await plannedUser(app, db);
    const generate = (caller: TestCaller) =>
      app.inject({
        method: 'GET',
        url: '/api/generate-meal-plan',
        headers: caller.headers,
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await generate(alice)).statusCode).toBe(200);
    }
    const limited = await generate(alice);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Same address, another user: still allowed.
    expect((await generate(bob)).statusCode).toBe(200);
  });

  it("answers 429 with Retry-After to one user's generations beyond PLANNER_USER_QUEUE_MAX, and serves another user", async () => {
    const queued = await createTestApp({
      config: { PLANNER_THREADS: 1, PLANNER_USER_QUEUE_MAX: 2 },
    });
    const alice = await plannedUser(queued.app, queued.db);
    const bob = await plannedUser(queued.app, queued.db);
    const generate = (caller: TestCaller) =>
      queued.app.inject({
        method: 'GET',
        url: '/api/generate-meal-plan',
        headers: caller.headers,
      });
    const [bobs, ...alices] = await Promise.all([
      generate(bob),
      ...Array.from({ length: 5 }, () => generate(alice)),
    ]);
    expect(bobs?.statusCode).toBe(200);
    const statuses = alices.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
    for (const response of alices.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    await queued.app.close();
  });

  it('answers 503 with Retry-After when the planner queue is full, logged as a warning without a stack', async () => {
    const { logger, lines } = createCapturedLogger();
    const busy = await createTestApp({
      config: { PLANNER_THREADS: 1, PLANNER_QUEUE_MAX: 1 },
      logger,
    });
    const callers = await Promise.all(
      Array.from({ length: 6 }, () => plannedUser(busy.app, busy.db)),
    );
    const responses = await Promise.all(
      callers.map((caller) =>
        busy.app.inject({
          method: 'GET',
          url: '/api/generate-meal-plan',
          headers: caller.headers,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const response of responses.filter((r) => r.statusCode === 503)) {
      expect(response.headers['retry-after']).toBe('2');
    }
    const refusals = lines().filter(
      (line) => line.msg === 'request refused: service unavailable',
    );
    expect(refusals).toHaveLength(statuses.filter((s) => s === 503).length);
    for (const line of refusals) {
      expect(line.level).toBe(40);
      expect(JSON.stringify(line)).not.toContain('stack');
    }
    expect(lines().filter((line) => Number(line.level) >= 50)).toEqual([]);
    await busy.app.close();
  });
});

describe('a restart', () => {
  it('keeps the stored plan', async () => {
    let open: () => Promise<DatabaseHandle>;
    let cleanup = async () => {};
    if (testDbDriver() === 'postgres') {
      const database = await createPostgresDatabase();
      open = () => openPostgres(database.url);
      cleanup = database.drop;
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'platewise-restart-'));
      const template = await pgliteTemplate();
      // The first open starts from the migrated template (no initdb); the
      // second reads what the first left in the directory.
      let opened = 0;
      open = () =>
        openPglite(
          dir,
          opened++ === 0 && template ? { loadDataDir: template } : {},
        );
      cleanup = () => rm(dir, { recursive: true, force: true });
    }
    try {
      const first = await open();
      await first.migrate();
      await seedCatalogue(first.db);
      const before = await createTestApp({ database: first });
      const caller = await plannedUser(before.app, first.db);
      const generated = await before.app.inject({
        method: 'GET',
        url: '/api/generate-meal-plan',
        headers: caller.headers,
      });
      expect(generated.statusCode).toBe(200);
      await before.app.close();
      await first.close();

      const second = await open();
      await second.migrate();
      const after = await createTestApp({ database: second });
      const stored = await after.app.inject({
        method: 'GET',
        url: '/api/preferences/user-meal-plan',
        headers: caller.headers,
      });
      expect(stored.statusCode).toBe(200);
      expect(MealPlanSchema.parse(stored.json())).toEqual(
        MealPlanSchema.parse(generated.json()),
      );
      await after.app.close();
      await second.close();
    } finally {
      await cleanup();
    }
  });
});
