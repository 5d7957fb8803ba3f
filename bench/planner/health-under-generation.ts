/**
 * Issue 10 / architecture point 7: plan generation runs off the event loop,
 * so 50 concurrent generations leave GET /api/health answering within 50 ms
 * (p99 and max). Spawns the built server (PGlite, the seed catalogue), saves
 * settings with all 21 meals, then in each round fires 50 generations at once
 * while probing /api/health back to back, and records both latencies.
 *
 *   npm run build -w @platewise/shared -w @platewise/planner \
 *     -w @platewise/food-data -w @platewise/server
 *   npx tsx bench/planner/health-under-generation.ts [rounds] [concurrency]
 *
 * With DATABASE_URL set the server runs on that PostgreSQL database (give it
 * an empty one) and the figures go to planner-health-under-generation-postgres.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { waitFor } from '../lib/http.js';
import { writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';

const rounds = Number(process.argv[2] ?? 5);
const concurrency = Number(process.argv[3] ?? 50);
const TARGET_MS = 50;
const ADMIN = {
  email: 'bench-planner@platewise.test',
  password: 'Bench#Pass1234',
};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil((p / 100) * sorted.length) - 1),
  );
  const value = sorted[index];
  if (value === undefined) throw new Error('percentile of an empty list');
  return value;
}

function summary(values: readonly number[]) {
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    samples: values.length,
    p50: round(percentile(values, 50)),
    p99: round(percentile(values, 99)),
    max: round(values.reduce((a, b) => Math.max(a, b), 0)),
  };
}

async function timed(
  url: string,
  init?: RequestInit,
): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/**
 * Probes `url` back to back on a thread of its own until told to stop, so
 * that the load generator's work on this thread (50 answers arriving at
 * once) does not count as the server's latency.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const samples = [];
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  parentPort.postMessage(samples);
})();
`;

function startProbe(url: string): { stop(): Promise<number[]> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { url } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (samples: number[]) => resolve(samples));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const samples = await done;
      await worker.terminate();
      return samples;
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-planner-'));
const server = await spawnBuiltServer(dataDir, {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // One account sends every generation: lift the per-user limit.
  PLANNER_RATE_LIMIT: '1000000',
  PLANNER_QUEUE_MAX: String(concurrency * 2),
});

try {
  await waitFor(`${server.base}/api/ready`, Date.now() + 120_000);
  const login = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, rememberMe: false }),
  });
  const { user } = (await login.json()) as {
    user: { id: string; accessToken: string };
  };
  const auth = { authorization: `Bearer ${user.accessToken}` };
  const days = [
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ];
  const saved = await fetch(`${server.base}/api/preferences/save`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      weekly_schedule: days.map((day_name) => ({
        day_name,
        meals: { breakfast: true, lunch: true, dinner: true },
        enabled: true,
      })),
      dietary_preference: 'none',
      protein_level: 'Medium Protein',
      serving_size: 2,
    }),
  });
  if (!saved.ok) throw new Error(`save answered ${saved.status}`);

  const generateUrl = `${server.base}/api/generate-meal-plan`;
  const healthUrl = `${server.base}/api/health`;
  // Warm-up: starts the worker threads and compiles the catalogue in them.
  for (let i = 0; i < 4; i += 1) await timed(generateUrl, { headers: auth });

  const idleProbe = startProbe(healthUrl);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = await idleProbe.stop();

  const health: number[] = [];
  const generation: number[] = [];
  const statuses: Record<string, number> = {};
  for (let r = 0; r < rounds; r += 1) {
    const probe = startProbe(healthUrl);
    const answers = await Promise.all(
      Array.from({ length: concurrency }, () =>
        timed(generateUrl, { headers: auth }),
      ),
    );
    health.push(...(await probe.stop()));
    for (const answer of answers) {
      generation.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  }

  const healthSummary = summary(health);
  const result = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    // The machine's load while measuring: other work shares its 2 cores.
    loadAverage1m: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    rounds,
    concurrency,
    statuses,
    healthIdleMs: summary(idle),
    healthUnderLoadMs: healthSummary,
    generationMs: summary(generation),
    target: `health p99 and max under ${TARGET_MS} ms during ${concurrency} concurrent generations`,
    met: healthSummary.p99 < TARGET_MS && healthSummary.max < TARGET_MS,
  };
  writeResult(
    process.env.DATABASE_URL
      ? 'planner-health-under-generation-postgres'
      : 'planner-health-under-generation',
    result,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
