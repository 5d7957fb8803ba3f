/**
 * Issue 17: `npm start` with an up-to-date build, timed from its script to
 * `GET /api/ready` 200, on PGlite and on PostgreSQL, cold (empty database:
 * migrations and seed) and warm (the same database again). The build must be
 * current (`npm run build` first); the script refuses otherwise, since the
 * point is the start without a build.
 *
 *   npm run build && npx tsx bench/startup/start-up-to-date.ts [runs] [port]
 *
 * PostgreSQL takes BENCH_DATABASE_URL (a server where it may create and drop
 * databases). Writes bench/results/start-up-to-date.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildState } from '../../scripts/start.mjs';
import { waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { serverEnv } from '../lib/server.js';
import { withPg } from '../lib/source-server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const port = Number(process.argv[3] ?? 4392);

async function startOnce(env: Record<string, string>): Promise<number> {
  const started = performance.now();
  // What `npm start` runs (npm itself adds its own start-up, about 0.3 s):
  // it forwards SIGTERM to the server and exits with it, so the port is free
  // again before the next run.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...serverEnv(port, env.DATA_DIR ?? ''), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', resolve));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/ready`, Date.now() + 120_000);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function series(db: 'pglite' | 'postgres') {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'platewise-start-'));
    let drop = async () => {};
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-jwt-secret-0123456789abcdef0123456789',
    };
    if (db === 'postgres') {
      const admin = process.env.BENCH_DATABASE_URL;
      if (!admin) throw new Error('PostgreSQL needs BENCH_DATABASE_URL');
      const name = `platewise_start_${Date.now()}`;
      await withPg(admin, (c) => c.query(`CREATE DATABASE ${name}`));
      const url = new URL(admin);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
      drop = () =>
        withPg(admin, (c) =>
          c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        ).then(() => undefined);
    }
    try {
      cold.push(await startOnce(env));
      warm.push(await startOnce(env));
    } finally {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const round = (values: number[]) => values.map((value) => Math.round(value));
  return {
    coldMs: round(cold),
    warmMs: round(warm),
    coldMedianMs: Math.round(median(cold)),
    warmMedianMs: Math.round(median(warm)),
  };
}

const state = buildState();
if (!state.upToDate) {
  throw new Error(`The build is not current (${state.reason}): npm run build`);
}
const loadBefore = loadavg();
const pglite = await series('pglite');
const postgres = await series('postgres');
const result = {
  runs,
  loadBefore: loadBefore.map((value) => Math.round(value * 100) / 100),
  loadAfter: loadavg().map((value) => Math.round(value * 100) / 100),
  pglite,
  postgres,
};
writeResult('start-up-to-date', result);
console.log(JSON.stringify(result, null, 2));
