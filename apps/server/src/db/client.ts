import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import type { DatabaseDriver, EnvConfig } from '../config.js';
import * as schema from './schema/index.js';

/**
 * What both drivers' raw results have in common (pg's `QueryResult` and
 * PGlite's `Results`), so `db.execute` stays typed without a cast.
 */
export interface QueryResult<Row> {
  rows: Row[];
}
export interface QueryResultHKT extends PgQueryResultHKT {
  type: QueryResult<this['row']>;
}

/**
 * The one database type repositories use, whatever the driver: both Drizzle
 * drivers extend `PgDatabase`, so queries and transactions look the same.
 */
export type Database = PgDatabase<QueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** True when `SELECT 1` answers within `timeoutMs`. Never throws. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY on `channel` from any
   * process, and also after the listening connection was lost and is back
   * (notifications in between are lost, so the caller must assume a change).
   * Resolves with a function that stops listening.
   */
  listen?(
    channel: string,
    onNotify: (payload?: string) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Next to this file in src/ and, copied by scripts/copy-migrations.mjs, in dist/. */
export const MIGRATIONS_FOLDER = fileURLToPath(
  new URL('./migrations', import.meta.url),
);

export const PING_TIMEOUT_MS = 1_000;
/** R10: a runaway statement cannot hold a connection for long. */
export const STATEMENT_TIMEOUT_MS = 5_000;
/** Any constant shared by every Platewise process; names the migration lock. */
const MIGRATION_LOCK_KEY = 0x706c_7477; // "pltw"

async function pingWith(
  query: () => Promise<unknown>,
  timeoutMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([query().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Embedded PostgreSQL. `dataDir` undefined means in memory (tests).
 * The caller must hold the DATA_DIR lock (db/data-dir-lock.ts): PGlite has
 * none of its own and two processes would corrupt the files.
 */
export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  if (dataDir !== undefined) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    // A dump of an initialised cluster skips initdb (tests start in
    // milliseconds instead of seconds).
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema });

  return {
    db,
    driver: 'pglite',
    ping: (timeoutMs = PING_TIMEOUT_MS) =>
      pingWith(() => client.query('SELECT 1'), timeoutMs),
    // One process, one connection: its own NOTIFYs come back to it.
    async listen(channel, onNotify) {
      const stop = await client.listen(channel, (payload) => onNotify(payload));
      // Closing the database ends every subscription with it; stopping one
      // afterwards (an app closed after its database) has nothing to do.
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async migrate() {
      // One process owns the directory, so no lock is needed; the migrator
      // still applies everything pending in one transaction.
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'platewise',
  });
  // An idle client that loses its server emits 'error' on the pool; without a
  // listener that would crash the process instead of failing one request.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema });
  let closed = false;

  return {
    db,
    driver: 'postgres',
    ping: (timeoutMs = PING_TIMEOUT_MS) =>
      closed
        ? Promise.resolve(false)
        : pingWith(() => pool.query('SELECT 1'), timeoutMs),
    async migrate() {
      // R09: instances starting together take turns on a session-level
      // advisory lock held by one dedicated connection, so each migration is
      // applied once. The migrator runs on that same connection.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          // Migrations may legitimately run longer than a request may.
          await client.query('SET statement_timeout = 0');
          await migrateNodePg(drizzleNodePg({ client }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await client.query('RESET statement_timeout');
          await client.query('SELECT pg_advisory_unlock($1)', [
            MIGRATION_LOCK_KEY,
          ]);
        }
      } finally {
        client.release();
      }
    },
    listen: createListener(url),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

const LISTEN_RETRY_MS = 1_000;

type OnNotify = (payload?: string) => void;

/**
 * One dedicated connection (a pooled one would be handed to other queries)
 * LISTENs on every channel the process subscribes to, so a process holds one
 * listening connection however many caches it keeps fresh (three today:
 * catalogue, per-user answers, sessions); it reconnects after a loss, and
 * then tells every subscriber that it may have missed a NOTIFY.
 */
function createListener(url: string) {
  const handlers = new Map<string, Set<OnNotify>>();
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  // Subscribing and stopping take turns, so LISTEN and UNLISTEN never race.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const next = turn.then(step, step);
    turn = next.catch(() => {});
    return next;
  };

  const schedule = () => {
    if (handlers.size === 0 || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void inTurn(() => connect(true)).catch(schedule);
    }, LISTEN_RETRY_MS);
    retry.unref();
  };

  async function connect(reconnect: boolean): Promise<void> {
    if (handlers.size === 0 || client !== null) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: 'platewise-listen',
    });
    next.on('error', () => {});
    next.on('notification', (message) => {
      for (const onNotify of handlers.get(message.channel) ?? []) {
        onNotify(message.payload);
      }
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      schedule();
    });
    try {
      await next.connect();
      for (const channel of handlers.keys()) {
        await next.query(`LISTEN ${channel}`);
      }
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    if (reconnect) {
      for (const set of handlers.values())
        for (const onNotify of set) onNotify();
    }
  }

  return (channel: string, onNotify: OnNotify) =>
    inTurn(async () => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('bad channel');
      const known = handlers.get(channel);
      const set = known ?? new Set<OnNotify>();
      set.add(onNotify);
      handlers.set(channel, set);
      try {
        // Lost and waiting to retry: connecting now is the reconnect, so
        // the subscribers already there hear that they may have missed one.
        if (client === null) await connect(retry !== undefined);
        else if (known === undefined) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        set.delete(onNotify);
        if (set.size === 0) handlers.delete(channel);
        throw error;
      }
      return () =>
        inTurn(async () => {
          if (!set.delete(onNotify) || set.size > 0) return;
          handlers.delete(channel);
          const open = client;
          if (open === null) return;
          if (handlers.size === 0) {
            clearTimeout(retry);
            retry = undefined;
            client = null;
            await open.end().catch(() => {});
          } else {
            await open.query(`UNLISTEN ${channel}`).catch(() => {});
          }
        });
    });
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pglite. */
export function openDatabase(
  config: Pick<EnvConfig, 'DATABASE_URL' | 'DATA_DIR'>,
): Promise<DatabaseHandle> {
  return config.DATABASE_URL === undefined
    ? openPglite(pgliteDataDir(config.DATA_DIR))
    : openPostgres(config.DATABASE_URL);
}

export function pgliteDataDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** The names of the application's tables (not the migrator's). */
export async function listTables(db: Database): Promise<string[]> {
  const rows = await db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        ORDER BY table_name`,
  );
  return rows.rows.map((row) => row.table_name);
}
