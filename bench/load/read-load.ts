/**
 * Issue 17: read throughput under load. Starts the server from the sources of
 * a checkout (tsx, so a "before" run needs no build), signs in, saves settings
 * and generates a plan, then measures each read with autocannon against
 * 127.0.0.1, each endpoint right after GET /api/health in the same round, so
 * the ratio to health says what a busy machine does to the absolute figures.
 * While each endpoint is loaded, one more connection asks GET /api/health in
 * a loop: its p99 says whether the load blocks the event loop (issue 17
 * point 2). Each round also records the CPU time the server process (and, on
 * PostgreSQL, the database's backends) spent per request, from /proc: on a
 * shared machine that figure moves far less than req/s.
 *
 *   npx tsx bench/load/read-load.ts --db pglite|postgres --label before|after \
 *     [--root /path/to/checkout] [--duration 5] [--connections 10,100] \
 *     [--port 4390] [--client autocannon|wrk]
 *
 * PostgreSQL takes BENCH_DATABASE_URL (a server where it may create and drop
 * a database of its own). Writes bench/results/load-<label>-<db>.json.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { freePort, waitFor } from '../lib/http.js';
import {
  type LoadClient,
  type LoadResult,
  runLoad,
} from '../lib/load-client.js';
import { writeResult } from '../lib/results.js';
import {
  prepareDatabase,
  settle,
  spawnSourceServer,
  withPg,
} from '../lib/source-server.js';

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
    // Paths to load (comma-separated names: list, recipe, allergens, plan,
    // shopping, preferences); default all.
    only: { type: 'string' },
    // Write a V8 CPU profile of the server into this directory.
    'cpu-prof': { type: 'string' },
    // Part of the database's name (several people may run this at once).
    name: { type: 'string', default: 'platewise_load' },
    // The load generator (bench/lib/load-client.ts says why wrk exists).
    client: { type: 'string', default: 'autocannon' },
  },
});
const client: LoadClient = values.client === 'wrk' ? 'wrk' : 'autocannon';
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const duration = Number(values.duration);
const connectionCounts = values.connections.split(',').map(Number);
const ADMIN = { email: 'load@platewise.test', password: 'Load-bench-pass-42!' };

interface Round {
  path: string;
  connections: number;
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytesPerRequest: number;
  health: { requests: number; p50: number; p99: number };
  /** One connection asking GET /api/health while the endpoint is loaded. */
  healthDuring: { requests: number; p50: number; p99: number; max: number };
  /** CPU time per request (user + system), in microseconds. */
  cpuMicros: { server: number; database: number | null };
  healthCpuMicros: { server: number; database: number | null };
  ratio: number;
  load: number[];
}

/** user + system CPU time of `pid` in microseconds (Linux /proc). */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / 100;
  } catch {
    return 0;
  }
}

/** The server's CPU time, and its database backends' on PostgreSQL. */
async function cpuNow(
  serverPid: number,
  databaseName: string | undefined,
): Promise<{ server: number; database: number | null }> {
  const server = cpuOf(serverPid);
  if (!databaseName || !process.env.BENCH_DATABASE_URL) {
    return { server, database: null };
  }
  const pids = await withPg(process.env.BENCH_DATABASE_URL, (c) =>
    c.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1',
      [databaseName],
    ),
  );
  return {
    server,
    database: pids.rows.reduce((sum, row) => sum + cpuOf(row.pid), 0),
  };
}

const perRequest = (
  before: { server: number; database: number | null },
  after: { server: number; database: number | null },
  requests: number,
) => ({
  server: Math.round((after.server - before.server) / Math.max(1, requests)),
  database:
    before.database === null || after.database === null
      ? null
      : Math.round((after.database - before.database) / Math.max(1, requests)),
});

function run(
  url: string,
  connections: number,
  headers: Record<string, string>,
): Promise<LoadResult> {
  return runLoad(client, url, connections, duration, headers);
}

/** Health asked in a loop by a process of its own (health-probe.ts). */
function probeHealth(url: string): Promise<{
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('health-probe.ts', import.meta.url)),
        url,
        String(duration),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`health probe exited ${code}`));
        return;
      }
      const probe = JSON.parse(out) as {
        requests: number;
        p50: number;
        p99: number;
        max: number;
      };
      resolve({
        requests: {
          average: probe.requests,
          total: Math.round(probe.requests * duration),
        },
        latency: { p50: probe.p50, p99: probe.p99, max: probe.max },
      });
    });
  });
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'platewise-load-'));
  const database = await prepareDatabase(db, `platewise_${values.name}`);
  const port = values.port ? Number(values.port) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnSourceServer({
    root: values.root,
    port,
    dataDir,
    nodeArgs: values['cpu-prof']
      ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`]
      : [],
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The shopping summary is limited per user (4 x this a minute): the
      // bench reads it as one user, so the limit would answer most with 429.
      PLANNER_RATE_LIMIT: '1000000',
      // Likewise its bound on one user's planner tasks waiting at once.
      PLANNER_USER_QUEUE_MAX: '10000',
      ...database.env,
    },
  });
  const { child } = server;
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

    const named: Record<string, string> = {
      list: '/api/recipes?limit=50',
      recipe: `/api/recipes/${recipeId}`,
      allergens: '/api/allergens',
      plan: '/api/preferences/user-meal-plan',
      shopping: '/api/user-ingredients-summary',
      preferences: '/api/preferences/preferences',
    };
    const paths = values.only
      ? values.only.split(',').map((key) => {
          const path = named[key];
          if (!path) throw new Error(`--only: unknown ${key}`);
          return path;
        })
      : Object.values(named);
    const pid = child.pid ?? 0;
    const rounds: Round[] = [];
    for (const connections of connectionCounts) {
      for (const path of paths) {
        // Requests left queued by the previous round drain first.
        await settle(base);
        const cpu0 = await cpuNow(pid, database.name);
        const health = await run(`${base}/api/health`, connections, {});
        const cpu1 = await cpuNow(pid, database.name);
        const [result, during] = await Promise.all([
          run(`${base}${path}`, connections, auth),
          probeHealth(`${base}/api/health`),
        ]);
        const cpu2 = await cpuNow(pid, database.name);
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
          healthDuring: {
            requests: during.requests.average,
            p50: during.latency.p50,
            p99: during.latency.p99,
            max: during.latency.max,
          },
          // The health probe's requests are a small share of the round.
          cpuMicros: perRequest(
            cpu1,
            cpu2,
            result.requests.total + during.requests.total,
          ),
          healthCpuMicros: perRequest(cpu0, cpu1, health.requests.total),
          ratio:
            Math.round(
              (result.requests.average / health.requests.average) * 1000,
            ) / 1000,
          load: loadavg().map((value) => Math.round(value * 100) / 100),
        };
        rounds.push(round);
        console.log(
          `${db} ${client} c=${connections} ${path}: ${round.requests} req/s p99 ${round.p99} ms (health ${round.health.requests}, x${round.ratio}) health during p99 ${round.healthDuring.p99} ms, cpu/req ${round.cpuMicros.server}+${round.cpuMicros.database ?? '-'} us (health ${round.healthCpuMicros.server}) non2xx ${round.non2xx} load ${round.load.join(' ')}`,
        );
      }
    }
    writeResult(`load-${values.label}-${db}`, {
      label: values.label,
      db,
      client,
      durationSeconds: duration,
      rounds,
    });
  } finally {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
