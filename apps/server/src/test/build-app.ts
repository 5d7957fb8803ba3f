import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { inject } from 'vitest';

import { buildApp, type App } from '../app.js';
import type { Clock } from '../clock.js';
import { parseConfig, type Config } from '../config.js';
import {
  listTables,
  openPglite,
  openPostgres,
  type Database,
  type DatabaseHandle,
} from '../db/client.js';
import { createLifecycle, type Lifecycle } from '../lifecycle.js';
import { createPostgresDatabase } from './postgres-database.js';

export { createPostgresDatabase };

/**
 * Server test harness (style guide, "Testing"). The vitest project sets
 * TEST_DB_DRIVER: `server-pglite` runs on in-memory PGlite, `server-postgres`
 * on a fresh PostgreSQL database per test file, created from
 * TEST_DATABASE_URL and dropped afterwards. setup.ts closes everything.
 */

export type TestDbDriver = 'pglite' | 'postgres';

export function testDbDriver(): TestDbDriver {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and, on PostgreSQL, drops its database. */
  dispose(): Promise<void>;
}

/**
 * A new database for the current driver. Migrated unless `migrate: false`.
 * Most tests share `getTestDatabase()` instead; take your own when a test
 * closes or breaks it.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (testDbDriver() === 'postgres') {
    const database = await createPostgresDatabase({
      template: options.migrate === false ? undefined : postgresTemplate(),
    });
    handle = await openPostgres(database.url);
    drop = database.drop;
  } else {
    handle = await openPglite(undefined, {
      loadDataDir: await pgliteTemplate(),
    });
  }
  if (options.migrate !== false) await handle.migrate();
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}

/** The migrated template database of global-setup.ts, if this run made one. */
function postgresTemplate(): string | undefined {
  return inject('postgresTemplate') || undefined;
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated cluster dumped by global-setup.ts, if this run made one. */
export function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

let shared: Promise<TestDatabase> | undefined;

/** The migrated database of this test file (one per worker file). */
export function getTestDatabase(): Promise<TestDatabase> {
  shared ??= createTestDatabase();
  return shared;
}

/** Empties every application table; the migrations stay applied. */
export async function resetDatabase(db?: Database): Promise<void> {
  const target = db ?? (await getTestDatabase()).db;
  const tables = await listTables(target);
  if (tables.length === 0) return;
  const list = sql.join(
    tables.map((table) => sql.identifier(table)),
    sql`, `,
  );
  await target.execute(sql`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`);
}

let dataDir: string | undefined;

/** A valid configuration for tests; WEB_DIST_DIR points nowhere by default. */
export function createTestConfig(overrides: Partial<Config> = {}): Config {
  dataDir ??= mkdtempSync(join(tmpdir(), 'platewise-test-data-'));
  return {
    ...parseConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST_DIR: join(dataDir, 'no-web-dist'),
      // No 503 for event-loop delay on a loaded test machine (R04 has its
      // own tests: overload.test.ts).
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
    JWT_SECRET: TEST_JWT_SECRET,
    ...overrides,
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Default: the shared database of this test file. */
  database?: DatabaseHandle;
  /** Default: no logging. */
  logger?: FastifyBaseLogger | false;
  /** Default: the system clock (see test/test-clock.ts). */
  clock?: Clock;
}

export interface TestApp {
  app: App;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  lifecycle: Lifecycle;
}

const openApps = new Set<App>();

/**
 * A built (not yet ready) app over a migrated database. Register test-only
 * routes before the first `inject`. Apps still open are closed after the file.
 */
export async function createTestApp(
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await getTestDatabase());
  // On PostgreSQL the request counters live in the database (issue 17), so
  // they would outlive the app; a new app starts counting afresh, as a new
  // process did when they were in memory. Tests of several processes build
  // their apps first and then count.
  // A database left unmigrated on purpose has no counters to clear.
  if (database.driver === 'postgres') {
    await database.db.execute(
      sql`DO $$ BEGIN IF to_regclass('rate_limit_hits') IS NOT NULL THEN DELETE FROM rate_limit_hits; END IF; END $$`,
    );
  }
  const config = createTestConfig(options.config);
  const lifecycle = createLifecycle();
  const app = await buildApp({
    config,
    db: database,
    logger: options.logger ?? false,
    lifecycle,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  openApps.add(app);
  app.addHook('onClose', async () => {
    openApps.delete(app);
  });
  return { app, db: database.db, database, config, lifecycle };
}

/** Called by setup.ts after each test file. */
export async function closeTestResources(): Promise<void> {
  await Promise.all([...openApps].map((app) => app.close()));
  const database = shared;
  shared = undefined;
  if (database) await (await database).dispose();
}
