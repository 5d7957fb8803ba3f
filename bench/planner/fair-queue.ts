/**
 * Issue 22 item 5, a fair generation queue: one user's burst must not delay
 * the other users' requests by more than one generation, and /api/health
 * keeps answering. Spawns the built server (seed catalogue) with a real SMTP
 * capture, makes 50 users (the admin adds them, each sets a password from
 * the invitation mail and saves a 21-meal week), then per round:
 *
 * - baseline: the 49 other users send one generation each, at once;
 * - burst: one user sends 30 generations at once, and right after the 49
 *   others send one each, as in the baseline.
 *
 * It records the others' latencies in both (the burst should add at most
 * about one generation to them), what the burster got (429s beyond
 * PLANNER_USER_QUEUE_MAX), and /api/health probed back to back from a
 * thread of its own. The server runs with its defaults (threads, queue,
 * per-user limits), as deployed.
 *
 *   npm run build -w @platewise/shared -w @platewise/planner \
 *     -w @platewise/food-data -w @platewise/server
 *   npx tsx bench/planner/fair-queue.ts [rounds]
 *
 * With DATABASE_URL set the server runs on that PostgreSQL database (give it
 * an empty one) and the figures go to planner-fair-queue-postgres.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { startSmtpCapture } from '../../apps/server/src/test/smtp-capture.js';
import { waitFor } from '../lib/http.js';
import { writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';

const rounds = Number(process.argv[2] ?? 2);
const USERS = 50;
const BURST = 30;
const PASSWORD = 'Bench@Pass1234';
const ADMIN = { email: 'bench-fair@platewise.test', password: PASSWORD };
const DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

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

const round1 = (value: number) => Math.round(value * 10) / 10;

function summary(values: readonly number[]) {
  return {
    samples: values.length,
    p50: round1(percentile(values, 50)),
    p99: round1(percentile(values, 99)),
    max: round1(values.reduce((a, b) => Math.max(a, b), 0)),
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

/** /api/health back to back on a thread of its own (see health-under-generation.ts). */
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

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(
      `${url} answered ${response.status}: ${await response.text()}`,
    );
  }
  return response;
}

async function login(base: string, email: string, password: string) {
  const response = await post(`${base}/api/users/login`, {
    email,
    password,
    rememberMe: false,
  });
  const { user } = (await response.json()) as {
    user: { accessToken: string };
  };
  return { authorization: `Bearer ${user.accessToken}` };
}

const smtp = await startSmtpCapture();
const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-fair-'));
const server = await spawnBuiltServer(dataDir, {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SMTP_URL: smtp.url,
  // Setting up 50 accounts from one address: lift the per-IP limits of the
  // account routes. The planner's own limits keep their defaults.
  RATE_LIMIT_LOGIN: '100000',
  RATE_LIMIT_RESET: '100000',
  RATE_LIMIT_ADMIN: '100000',
});

try {
  const base = server.base;
  // Generous: on a loaded machine migrating and seeding takes minutes.
  await waitFor(`${base}/api/ready`, Date.now() + 600_000);
  const admin = await login(base, ADMIN.email, ADMIN.password);

  // A different user bursts in each round, and a user who burst is not used
  // again: the per-minute limit (PLANNER_RATE_LIMIT) would refuse them. So
  // round r uses accounts r to r + 49, and account r bursts.
  const users: Record<string, string>[] = [];
  for (let i = 0; i < USERS + rounds - 1; i += 1) {
    const email = `bench-fair-${i}@platewise.test`;
    await post(
      `${base}/api/admin/users`,
      { name: `Bench User${i}`, email, role: 'user' },
      admin,
    );
    const link = smtp.latestResetLink(email);
    await post(`${base}/api/users/reset-password`, {
      email,
      token: link.searchParams.get('token'),
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const auth = await login(base, email, PASSWORD);
    await post(
      `${base}/api/preferences/save`,
      {
        weekly_schedule: DAYS.map((day_name) => ({
          day_name,
          meals: { breakfast: true, lunch: true, dinner: true },
          enabled: true,
        })),
        dietary_preference: 'none',
        protein_level: 'Medium Protein',
        serving_size: 2,
      },
      auth,
    );
    users.push(auth);
  }
  const burster = (r: number) => users[r] ?? {};
  const othersOf = (r: number) => users.slice(r + 1, r + USERS);
  const others = othersOf(rounds - 1);

  const generateUrl = `${base}/api/generate-meal-plan`;
  const healthUrl = `${base}/api/health`;
  // Warm-up (threads started, catalogue compiled in them), then one user's
  // generations one after another: what one generation takes here, now.
  for (let i = 0; i < 3; i += 1) {
    await timed(generateUrl, { headers: others[i % others.length] });
  }
  const single: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    single.push((await timed(generateUrl, { headers: others[i] })).ms);
  }
  const generationMs = percentile(single, 50);

  const baseline: number[] = [];
  const underBurst: number[] = [];
  const healthBaseline: number[] = [];
  const healthBurst: number[] = [];
  const otherStatuses: Record<string, number> = {};
  const bursterStatuses: Record<string, number> = {};
  const count = (into: Record<string, number>, status: number) => {
    into[status] = (into[status] ?? 0) + 1;
  };
  for (let r = 0; r < rounds; r += 1) {
    const everyoneElse = othersOf(r);
    let probe = startProbe(healthUrl);
    const calm = await Promise.all(
      everyoneElse.map((headers) => timed(generateUrl, { headers })),
    );
    healthBaseline.push(...(await probe.stop()));
    for (const answer of calm) {
      baseline.push(answer.ms);
      count(otherStatuses, answer.status);
    }

    probe = startProbe(healthUrl);
    const burst = Array.from({ length: BURST }, () =>
      timed(generateUrl, { headers: burster(r) }),
    );
    const busy = await Promise.all(
      everyoneElse.map((headers) => timed(generateUrl, { headers })),
    );
    const burstAnswers = await Promise.all(burst);
    healthBurst.push(...(await probe.stop()));
    for (const answer of busy) {
      underBurst.push(answer.ms);
      count(otherStatuses, answer.status);
    }
    for (const answer of burstAnswers) count(bursterStatuses, answer.status);
  }

  const calmSummary = summary(baseline);
  const burstSummary = summary(underBurst);
  const addedGenerations = round1(
    (burstSummary.p99 - calmSummary.p99) / generationMs,
  );
  const result = {
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    // The machine's load while measuring: other work shares its cores.
    loadAverage1m: round1(loadavg()[0] ?? 0),
    rounds,
    users: USERS,
    burst: BURST,
    oneGenerationMs: round1(generationMs),
    othersMs: { baseline: calmSummary, underBurst: burstSummary },
    othersStatuses: otherStatuses,
    bursterStatuses,
    healthMs: {
      baseline: summary(healthBaseline),
      underBurst: summary(healthBurst),
    },
    addedByBurstP99InGenerations: addedGenerations,
    target:
      "the others' p99 under the burst within one generation of their p99 without it; every other request answered 200",
    met:
      addedGenerations <= 1 &&
      Object.keys(otherStatuses).every((status) => status === '200'),
  };
  writeResult(
    process.env.DATABASE_URL
      ? 'planner-fair-queue-postgres'
      : 'planner-fair-queue',
    result,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  await server.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
