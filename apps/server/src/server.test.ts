import { readFileSync } from 'node:fs';
import { access, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';

import { LOCK_FILE } from './db/data-dir-lock.js';
import { newDataDir, newScratchDatabase } from './test/black-box.js';
import { createPostgresDatabase, testDbDriver } from './test/build-app.js';
import {
  freePort,
  SLOW_SERVER_ENTRY,
  spawnServer,
  stopIfRunning,
  waitUntilReady,
  type ServerProcess,
} from './test/process.js';

/**
 * The real entry point in child processes: what operators see at start,
 * with a second process, and on SIGTERM (security.md R06, R09; ADR 003).
 */

/** The migration files the server applies (db/migrations/meta/_journal.json). */
const MIGRATION_COUNT = (
  JSON.parse(
    readFileSync(
      new URL('./db/migrations/meta/_journal.json', import.meta.url),
      'utf8',
    ),
  ) as { entries: unknown[] }
).entries.length;

const tempDir = () => mkdtemp(join(tmpdir(), 'platewise-server-'));
const started: ServerProcess[] = [];

async function start(
  env: Record<string, string>,
  entry?: string,
): Promise<ServerProcess> {
  const server = spawnServer({ PORT: String(await freePort()), ...env }, entry);
  started.push(server);
  return server;
}

afterEach(() => {
  for (const server of started.splice(0)) stopIfRunning(server);
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

// Each test starts real server processes (tsx, migrations, a fresh PGlite);
// beside the other suite on a busy 2-core machine that takes tens of seconds.
// These are limits, not measurements (bench/startup measures start-up).
const PROCESS_TESTS = { timeout: 120_000 };

describe.runIf(testDbDriver() === 'pglite')(
  'node src/server.ts',
  PROCESS_TESTS,
  () => {
    it('exits 1 with one line naming PORT when PORT=abc', async () => {
      const server = spawnServer({ PORT: 'abc', DATA_DIR: await tempDir() });
      started.push(server);
      expect(await server.exited).toBe(1);
      const lines = server.stderr().trimEnd().split('\n');
      expect(lines).toEqual([
        'Invalid configuration: PORT must be an integer from 1 to 65535 (got "abc")',
      ]);
    });

    it('refuses a second process on the same DATA_DIR, and takes over after kill -9', async () => {
      // Start from a migrated cluster: initdb is covered by the SIGTERM test.
      const dataDir = await newDataDir('platewise-server-');
      const first = await start({ DATA_DIR: dataDir });
      await waitUntilReady(first);

      const second = await start({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.stderr().trimEnd().split('\n')).toEqual([
        `Another Platewise process (pid ${first.child.pid}) is using DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
      ]);
      // The first one is unaffected.
      expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

      first.child.kill('SIGKILL');
      await first.exited;
      const third = await start({ DATA_DIR: dataDir });
      await waitUntilReady(third);
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
      expect(await exists(join(dataDir, LOCK_FILE))).toBe(false);
    });

    it('finishes a request in flight on SIGTERM, exits 0 and reopens cleanly', async () => {
      const dataDir = await tempDir();
      const server = await start(
        { DATA_DIR: dataDir, SLOW_MS: '1500' },
        SLOW_SERVER_ENTRY,
      );
      await waitUntilReady(server);

      const slow = fetch(`${server.url}/api/test/slow`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));

      // New work is turned away while the slow request finishes.
      const during = await fetch(`${server.url}/api/ready`).then(
        (response) => response.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(during);

      const response = await slow;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ done: true });
      expect(await server.exited).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(10_000);
      expect(server.stderr()).toBe('');
      expect(await exists(join(dataDir, LOCK_FILE))).toBe(false);
      // A fresh database got its first admin, with the password logged once
      // (architecture point 4, S13).
      expect(
        server.stdout().match(/No administrator existed, so one was created/g),
      ).toHaveLength(1);

      // The data directory opens cleanly and holds the migrated schema.
      const db = await PGlite.create(join(dataDir, 'pglite'));
      try {
        const tables = await db.query<{ table_name: string }>(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        );
        expect(tables.rows.map((row) => row.table_name)).toContain('app_meta');
        const migrations = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
        );
        expect(migrations.rows[0]?.n).toBeGreaterThan(0);
      } finally {
        await db.close();
      }
    });
  },
);

describe.runIf(testDbDriver() === 'postgres')(
  'node src/server.ts on PostgreSQL',
  PROCESS_TESTS,
  () => {
    it('starts two instances at once on an empty database, applying each migration once', async () => {
      const database = await createPostgresDatabase();
      try {
        const env = {
          DATABASE_URL: database.url,
          JWT_SECRET: 'shared-secret-for-both-instances-0123456789',
        };
        const servers = await Promise.all([
          start({ ...env, DATA_DIR: await tempDir() }),
          start({ ...env, DATA_DIR: await tempDir() }),
        ]);
        await Promise.all(servers.map((server) => waitUntilReady(server)));

        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const result = await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash',
          );
          expect(result.rows.length).toBeGreaterThan(0);
          for (const row of result.rows) expect(row.n).toBe(1);
          // Both looked for an administrator; one created it (S13).
          const admins = await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM users WHERE role = 'admin'",
          );
          expect(admins.rows[0]?.n).toBe(1);
          expect(
            servers
              .map((server) => server.stdout())
              .join('')
              .match(/No administrator existed, so one was created/g),
          ).toHaveLength(1);
        } finally {
          await client.end();
        }

        for (const server of servers) server.child.kill('SIGTERM');
        expect(
          await Promise.all(servers.map((server) => server.exited)),
        ).toEqual([0, 0]);
      } finally {
        await database.drop();
      }
    });

    it('exits non-zero and never turns ready when a migration fails, and the failed migration leaves nothing behind', async () => {
      const database = await createPostgresDatabase();
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        // A table in the way of a migration's CREATE TABLE (0014's), as a
        // hand-made change on a production database would be.
        await client.query(
          'CREATE TABLE idempotency_keys (planted integer NOT NULL)',
        );
        const server = await start({
          DATABASE_URL: database.url,
          JWT_SECRET: 'failing-migration-secret-0123456789abcdef',
          DATA_DIR: await tempDir(),
        });
        let readyOnce = false;
        let exited: number | string | undefined;
        void server.exited.then((code) => (exited = code));
        while (exited === undefined) {
          const status = await fetch(`${server.url}/api/ready`).then(
            (answer) => answer.status,
            () => 0,
          );
          if (status === 200) readyOnce = true;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(exited).not.toBe(0);
        expect(readyOnce).toBe(false);
        // Nothing of the failed migration: the planted table as it was,
        // none of its index, and no record of it as applied.
        const columns = await client.query<{ column_name: string }>(
          "SELECT column_name FROM information_schema.columns WHERE table_name = 'idempotency_keys'",
        );
        expect(columns.rows.map((row) => row.column_name)).toEqual(['planted']);
        const index = await client.query(
          "SELECT 1 FROM pg_indexes WHERE indexname = 'idempotency_keys_expires_at_idx'",
        );
        expect(index.rows).toEqual([]);
        const applied = await client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.tables
             WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations'`,
        );
        // Earlier migrations may stand (each in its own transaction), never
        // the failed one: fewer records than migration files.
        const recorded =
          applied.rows[0]?.n === 1
            ? ((
                await client.query<{ n: number }>(
                  'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
                )
              ).rows[0]?.n ?? 0)
            : 0;
        expect(recorded).toBeLessThan(MIGRATION_COUNT);
      } finally {
        await client.end();
        await database.drop();
      }
    });

    it('finishes a request in flight on SIGTERM and exits 0', async () => {
      // Migrations on an empty database are the test above's.
      const database = await newScratchDatabase();
      try {
        const server = await start(
          {
            DATABASE_URL: database.url,
            DATA_DIR: await tempDir(),
            JWT_SECRET: 'a-secret-for-this-test-only-0123456789',
            SLOW_MS: '1000',
          },
          SLOW_SERVER_ENTRY,
        );
        await waitUntilReady(server);
        const slow = fetch(`${server.url}/api/test/slow`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        server.child.kill('SIGTERM');
        const response = await slow;
        expect(response.status).toBe(200);
        expect(await server.exited).toBe(0);
        expect(server.stderr()).toBe('');
      } finally {
        await database.drop();
      }
    });
  },
);
