/**
 * Issue 17: read throughput under load. Starts the server from the sources of
 * a checkout (tsx, so a "before" run needs no build), signs in, saves settings
 * and generates a plan, then measures each read with autocannon against
 * 127.0.0.1, each endpoint right after GET /api/health in the same round, so
 * the ratio to health says what a busy machine does to the absolute figures.
 *
 *   npx tsx bench/load/read-load.ts --db pglite|postgres --label before|after \
 *     [--root /path/to/checkout] [--duration 5] [--connections 10,100] \
 *     [--port 4390]
 *
 * PostgreSQL takes BENCH_DATABASE_URL (a server where it may create and drop
 * a database of its own). Writes bench/results/load-<label>-<db>.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import pg from 'pg';

import { freePort, waitFor } from '../lib/http.js';
import { writeResult } from '../lib/results.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    label: { type: 'string', default: 'after' },
    root: {
      type: 'string',
      default: fileURLToPath(new URL('../..', import.meta.url)),
    },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10,100' },
    // Default: any free port.
    port: { type: 'string' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const duration = Number(values.duration);
const connectionCounts = values.connections.split(',').map(Number);
const ADMIN = { email: 'load@platewise.test', password: 'Load-bench-pass-42!' };

async function withPg<T>(url: string, run: (c: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (db === 'pglite') return { env: {}, drop: async () => {} };
  const admin = process.env.BENCH_DATABASE_URL;
  if (!admin) throw new Error('--db postgres needs BENCH_DATABASE_URL');
  const name = `platewise_load_${Date.now()}`;
  await withPg(admin, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () =>
      withPg(admin, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

interface Round {
  path: string;
  connections: number;
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytesPerRequest: number;
  health: { requests: number; p50: number; p99: number };
  ratio: number;
  load: number[];
}

function run(
  url: string,
  connections: number,
  headers: Record<string, string>,
): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration, headers, pipelining: 1 });
}

/** Waits until health answers within 50 ms again (at most 30 s). */
async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`);
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'platewise-load-'));
  const database = await prepareDatabase();
  const port = values.port ? Number(values.port) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: join(values.root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        // The shopping summary is limited per user (4 x this a minute): the
        // bench reads it as one user, so the limit would answer most with 429.
        PLANNER_RATE_LIMIT: '1000000',
        // Likewise its bound on one user's planner tasks waiting at once.
        PLANNER_USER_QUEUE_MAX: '10000',
        ...database.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', resolve));
  try {
    await waitFor(`${base}/api/ready`, Date.now() + 300_000);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, rememberMe: true }),
    });
    const body = (await login.json()) as {
      user: { id: string; accessToken: string };
    };
    const auth = {
      authorization: `Bearer ${body.user.accessToken}`,
      // What a browser sends: the answers may come compressed.
      'accept-encoding': 'br, gzip',
    };
    const json = { ...auth, 'content-type': 'application/json' };
    const days = [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ];
    const saved = await fetch(`${base}/api/preferences/save`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        weekly_schedule: days.map((day_name) => ({
          day_name,
          meals: { breakfast: true, lunch: true, dinner: true },
          enabled: true,
        })),
        dietary_preference: 'none',
        protein_level: 'Medium Protein',
        allergens: [],
        customAllergens: [],
        preferences: { likes: [], dislikes: [] },
        serving_size: 2,
      }),
    });
    if (!saved.ok) throw new Error(`save: ${saved.status}`);
    const plan = await fetch(`${base}/api/generate-meal-plan`, {
      headers: auth,
    });
    if (!plan.ok) throw new Error(`plan: ${plan.status}`);
    const list = (await (
      await fetch(`${base}/api/recipes?limit=50`, { headers: auth })
    ).json()) as { data: { id: string }[] };
    const recipeId = list.data[0]?.id;
    if (!recipeId) throw new Error('no recipe');

    const paths = [
      '/api/recipes?limit=50',
      `/api/recipes/${recipeId}`,
      '/api/allergens',
      '/api/preferences/user-meal-plan',
      '/api/user-ingredients-summary',
      '/api/preferences/preferences',
    ];
    const rounds: Round[] = [];
    for (const connections of connectionCounts) {
      for (const path of paths) {
        // Requests left queued by the previous round drain first.
        await settle(base);
        const health = await run(`${base}/api/health`, connections, {});
        const result = await run(`${base}${path}`, connections, auth);
        const round: Round = {
          path,
          connections,
          requests: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          bytesPerRequest: Math.round(
            result.throughput.total / Math.max(1, result.requests.total),
          ),
          health: {
            requests: health.requests.average,
            p50: health.latency.p50,
            p99: health.latency.p99,
          },
          ratio:
            Math.round(
              (result.requests.average / health.requests.average) * 1000,
            ) / 1000,
          load: loadavg().map((value) => Math.round(value * 100) / 100),
        };
        rounds.push(round);
        console.log(
          `${db} c=${connections} ${path}: ${round.requests} req/s p99 ${round.p99} ms (health ${round.health.requests}, x${round.ratio}) non2xx ${round.non2xx} load ${round.load.join(' ')}`,
        );
      }
    }
    writeResult(`load-${values.label}-${db}`, {
      label: values.label,
      db,
      durationSeconds: duration,
      rounds,
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
