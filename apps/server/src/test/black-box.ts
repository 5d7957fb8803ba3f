import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import {
  freePort,
  spawnServer,
  stopIfRunning,
  waitUntilReady,
  type ServerProcess,
} from './process.js';

/**
 * The real server as a child process on the database of the vitest project
 * (a fresh PostgreSQL database, or PGlite in a fresh DATA_DIR), spoken to
 * over HTTP only: the harness of the security suite and the fault tests.
 */

/**
 * An empty PostgreSQL database made from TEST_DATABASE_URL (as build-app.ts
 * does, without vitest, so scripts can use it too).
 */
export async function createScratchDatabase(
  adminUrl = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) throw new Error('PostgreSQL runs need TEST_DATABASE_URL');
  const name = `platewise_bb_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The database of the vitest project (TEST_DB_DRIVER), or of a script's choice. */
export function blackBoxDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

export interface BlackBoxServer {
  server: ServerProcess;
  url: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL database, on the postgres project. */
  databaseUrl: string | undefined;
  /** Starts the process again on the same database and port. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export interface BlackBoxAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they asked for
  body: any;
}

export async function startBlackBoxServer(
  env: Record<string, string>,
  options: {
    port?: number;
    readyTimeoutMs?: number;
    driver?: 'pglite' | 'postgres';
    /** Rewrites the database URL the server gets (e.g. through a proxy). */
    databaseUrlFor?: (url: string) => string;
  } = {},
): Promise<BlackBoxServer> {
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'platewise-black-box-'));
  const database =
    (options.driver ?? blackBoxDriver()) === 'postgres'
      ? await createScratchDatabase()
      : undefined;
  const baseEnv = {
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'black-box-secret-0123456789abcdef0123456789',
    ...(database
      ? {
          DATABASE_URL: options.databaseUrlFor
            ? options.databaseUrlFor(database.url)
            : database.url,
        }
      : {}),
    ...env,
  };
  const handle: BlackBoxServer = {
    server: spawnServer(baseEnv),
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl: database?.url,
    async restart(extraEnv = {}) {
      handle.server = spawnServer({ ...baseEnv, ...extraEnv });
      await waitUntilReady(handle.server, options.readyTimeoutMs);
    },
    /** SIGKILL, as a crash: no handler runs. */
    async kill() {
      handle.server.child.kill('SIGKILL');
      await handle.server.exited;
    },
    async stop() {
      if (
        handle.server.child.exitCode === null &&
        handle.server.child.signalCode === null
      ) {
        handle.server.child.kill('SIGTERM');
        const timer = setTimeout(() => stopIfRunning(handle.server), 10_000);
        await handle.server.exited;
        clearTimeout(timer);
      }
      await database?.drop();
    },
  };
  try {
    await waitUntilReady(handle.server, options.readyTimeoutMs);
  } catch (error) {
    // Nobody holds the handle yet: do not leave the process running.
    stopIfRunning(handle.server);
    await handle.server.exited;
    await database?.drop();
    throw error;
  }
  return handle;
}

/** One HTTP call; JSON bodies are sent and read as JSON. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    json?: unknown;
    body?: RequestInit['body'];
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<BlackBoxAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: parsed,
  };
}
