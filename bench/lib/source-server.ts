import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

import pg from 'pg';

/**
 * The server run from a checkout's sources (tsx, no build) for the load
 * scripts, on PGlite in its DATA_DIR or on a PostgreSQL database made for
 * the run and dropped after it.
 */

export async function withPg<T>(
  url: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  /** DATABASE_URL for the server, or nothing on PGlite. */
  env: Record<string, string>;
  /** The database's name on PostgreSQL. */
  name?: string;
  drop(): Promise<void>;
}

/**
 * PGlite: nothing to do. PostgreSQL: a new database `<prefix>_<time>` on
 * the server of BENCH_DATABASE_URL (several people may run benches at once).
 */
export async function prepareDatabase(
  db: 'pglite' | 'postgres',
  prefix: string,
): Promise<BenchDatabase> {
  if (db === 'pglite') return { env: {}, drop: async () => {} };
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) throw new Error('--db postgres needs BENCH_DATABASE_URL');
  const name = `${prefix}_${Date.now()}`;
  await withPg(admin, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    name,
    drop: () =>
      withPg(admin, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

export interface SourceServer {
  child: ChildProcess;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** `node --import tsx src/server.ts` in `<root>/apps/server`, quiet, on loopback. */
export function spawnSourceServer(options: {
  root: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  nodeArgs?: string[];
}): SourceServer {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      'src/server.ts',
    ],
    {
      cwd: join(options.root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'error',
        WEB_DIST_DIR: join(options.dataDir, 'no-web'),
        ...options.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => resolve()),
  );
  return {
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
      }
      await exited;
    },
  };
}

/** Waits until health answers within 50 ms again (at most 30 s). */
export async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const answered = await fetch(`${base}/api/health`).then(
      async (response) => {
        await response.arrayBuffer();
        return true;
      },
      () => false,
    );
    if (answered && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
