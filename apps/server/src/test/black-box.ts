import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { createPostgresDatabase, testDbDriver } from './build-app.js';
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

export interface BlackBoxServer {
  server: ServerProcess;
  url: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL database, on the postgres project. */
  databaseUrl: string | undefined;
  /** Starts the process again on the same database and port. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
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
  options: { port?: number; readyTimeoutMs?: number } = {},
): Promise<BlackBoxServer> {
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'platewise-black-box-'));
  const database =
    testDbDriver() === 'postgres' ? await createPostgresDatabase() : undefined;
  const baseEnv = {
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: 'black-box-secret-0123456789abcdef0123456789',
    ...(database ? { DATABASE_URL: database.url } : {}),
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
  await waitUntilReady(handle.server, options.readyTimeoutMs);
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
