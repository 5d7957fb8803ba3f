import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  createPostgresDatabase,
  type PostgresDatabase,
} from './postgres-database.js';
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
 * Migrated databases for spawned servers to start from: a DATA_DIR holding a
 * migrated PGlite cluster, and a migrated PostgreSQL template database. The
 * server suite's global setup makes them once per run and setup.ts sets them
 * here; without them (a script, a test of first starts) a server starts on an
 * empty database and migrates it, which costs a PGlite start seconds of CPU.
 */
export const serverTemplates: { pgliteDataDir?: string; postgres?: string } =
  {};

/** A DATA_DIR of its own, with the migrated PGlite cluster when there is one. */
export async function newDataDir(
  prefix = 'platewise-black-box-',
): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  if (serverTemplates.pgliteDataDir) {
    await cp(serverTemplates.pgliteDataDir, dataDir, { recursive: true });
  }
  return dataDir;
}

/**
 * A PostgreSQL database of its own on TEST_DATABASE_URL's server: a copy of
 * the migrated template when there is one, else empty.
 */
export function newScratchDatabase(): Promise<PostgresDatabase> {
  return createPostgresDatabase({ template: serverTemplates.postgres });
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
  const database =
    (options.driver ?? blackBoxDriver()) === 'postgres'
      ? await newScratchDatabase()
      : undefined;
  const dataDir = await newDataDir();
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
