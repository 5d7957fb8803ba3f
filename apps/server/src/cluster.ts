import cluster, { type Worker } from 'node:cluster';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';

import { ConfigError, loadConfig } from './config.js';
import { isEntryPoint } from './entry-point.js';
import { resolveSecrets } from './secrets.js';
import { startServer } from './server.js';

/**
 * `npm run start:cluster` (issue 17): CLUSTER_WORKERS server processes on
 * one machine sharing the port, over one PostgreSQL. Everything that must
 * hold across them lives in the database (or Redis): sessions, throttles,
 * request counters, plan versions; catalogue caches are dropped by NOTIFY.
 * Behind a reverse proxy on several machines, run `npm start` on each
 * instead (README "Several processes").
 */

/** A worker that dies sooner than this after its start counts as failing. */
const QUICK_EXIT_MS = 10_000;
const MAX_QUICK_EXITS = 5;

async function primary(): Promise<void> {
  const env = loadConfig();
  if (env.DATABASE_URL === undefined) {
    throw new ConfigError(
      'start:cluster needs DATABASE_URL (PostgreSQL): the embedded database allows one process per DATA_DIR',
      ['DATABASE_URL'],
    );
  }
  // One secret for all workers: generated here once when JWT_SECRET is unset.
  await mkdir(env.DATA_DIR, { recursive: true });
  const config = await resolveSecrets(env);
  const count = config.CLUSTER_WORKERS ?? availableParallelism();
  // Each worker has its planner threads; unset, one each, so that N workers
  // do not start N x (cores - 1) threads.
  const workerEnv = {
    JWT_SECRET: config.JWT_SECRET,
    PLANNER_THREADS: String(config.PLANNER_THREADS ?? 1),
  };

  let stopping = false;
  let quickExits = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(workerEnv), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    if (quickExits >= MAX_QUICK_EXITS) {
      process.stderr.write(
        `Workers keep exiting at start (last: ${signal ?? code}); stopping.\n`,
      );
      stopping = true;
      for (const other of startedAt.keys()) other.process.kill('SIGTERM');
      process.exitCode = 1;
      if (startedAt.size === 0) process.exit(1);
      return;
    }
    process.stderr.write(
      `Worker ${worker.process.pid} exited (${signal ?? code}); starting another.\n`,
    );
    fork();
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true;
      // Each worker closes gracefully on SIGTERM (server.ts).
      for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
      if (startedAt.size === 0) process.exit(0);
    });
  }
  for (let index = 0; index < count; index += 1) fork();
}

if (isEntryPoint(import.meta)) {
  try {
    if (cluster.isPrimary) await primary();
    else await startServer();
  } catch (error) {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
