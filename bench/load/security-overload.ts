/**
 * security.md R01-R04 against the built server on 127.0.0.1 (PGlite in a
 * fresh DATA_DIR, or PostgreSQL when DATABASE_URL is set):
 *
 * - R01 read path: GET /api/recipes?limit=20 by 50 callers (the seed
 *   catalogue; the 10k-row read figures are the read-throughput scripts').
 * - R02 write path: POST /api/recipes by 10 callers, each request with its
 *   own Idempotency-Key; afterwards the catalogue total grew by exactly the
 *   number of 201s.
 * - R03 login storm: 8 callers log in with the right password while a
 *   prober asks GET /api/health every 50 ms.
 * - R04 overload: 200 callers mixing valid reads, plan generations, logins,
 *   forgot-password requests and sign-ups at the default limits; every answer
 *   must be 2xx, 429 or 503, every 429/503 must carry Retry-After, and no
 *   request may hang past the server's requestTimeout.
 *
 *   npm run build && npx tsx bench/load/security-overload.ts [seconds]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitFor } from '../lib/http.js';
import { writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';
import {
  loginToken,
  percentile,
  processFootprint,
  runLoad,
  served,
  type LoadResult,
} from './security-lib.js';

const seconds = Number(process.argv[2] ?? 15);
const ADMIN = {
  email: 'load-admin@platewise.test',
  password: 'Load#Admin1234',
};
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const loadBefore = loadavg().map((value) => Number(value.toFixed(2)));

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-security-load-'));
// LOAD_PORT: a port of the caller's range on a shared machine.
const port = process.env.LOAD_PORT;
const server = await spawnBuiltServer(dataDir, {
  ...(port ? { PORT: port } : {}),
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // R01-R03 measure paths, not limits: lift the ones a single client meets.
  RATE_LIMIT_LOGIN: '1000000',
  RATE_LIMIT_ADMIN: '1000000',
});
const pid = server.child.pid ?? 0;
const base = port ? `http://127.0.0.1:${port}` : server.base;

try {
  await waitFor(`${base}/api/ready`, Date.now() + 400_000);
  const token = await loginToken(base, ADMIN.email, ADMIN.password);
  const auth = { authorization: `Bearer ${token}` };
  const footprintStart = processFootprint(pid);

  const total = async () => {
    const response = await served(() =>
      fetch(`${base}/api/recipes?limit=1`, { headers: auth }),
    );
    return ((await response.json()) as { total: number }).total;
  };

  const r01 = await runLoad({
    base,
    workers: 50,
    seconds,
    next: (_, n) => ({
      path: `/api/recipes?limit=20&page=${(n % 5) + 1}`,
      headers: auth,
    }),
  });
  process.stdout.write(`R01 ${JSON.stringify(r01)}\n`);

  const before = await total();
  const r02 = await runLoad({
    base,
    workers: 10,
    seconds,
    next: (worker, n) => ({
      method: 'POST',
      path: '/api/recipes',
      // R02: a unique Idempotency-Key per request (R08).
      headers: {
        ...auth,
        'idempotency-key': `load-${worker}-${n}-${Date.now()}`,
      },
      body: {
        name: `Load dish ${worker}-${n}-${Date.now()}`,
        ingredients: ['400 g firm tofu', '1 tbsp olive oil'],
      },
    }),
  });
  const grew = (await total()) - before;
  process.stdout.write(`R02 ${JSON.stringify(r02)} rows +${grew}\n`);

  // R03: logins beside a health prober.
  const probes: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const sent = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      probes.push(performance.now() - sent);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const r03 = await runLoad({
    base,
    workers: 8,
    seconds,
    next: () => ({
      method: 'POST',
      path: '/api/users/login',
      body: { ...ADMIN, rememberMe: false },
    }),
  });
  probing = false;
  await prober;
  probes.sort((a, b) => a - b);
  const health = {
    probes: probes.length,
    p50: percentile(probes, 50),
    p99: percentile(probes, 99),
    max: percentile(probes, 100),
  };
  process.stdout.write(
    `R03 ${JSON.stringify(r03)} health ${JSON.stringify(health)}\n`,
  );

  // R04: past capacity, at the default limits of everything but the admin.
  const saved = await served(() =>
    fetch(`${base}/api/preferences/save`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        weekly_schedule: [
          'Monday',
          'Tuesday',
          'Wednesday',
          'Thursday',
          'Friday',
          'Saturday',
          'Sunday',
        ].map((day_name) => ({
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
    }),
  );
  await saved.arrayBuffer();
  process.stdout.write(`settings saved: ${saved.status}\n`);
  const mixes = [
    () => ({ path: '/api/recipes?limit=20', headers: auth }),
    () => ({ path: '/api/generate-meal-plan', headers: auth }),
    () => ({
      method: 'POST',
      path: '/api/users/login',
      body: { ...ADMIN, rememberMe: false },
    }),
    () => ({
      method: 'POST',
      path: '/api/users/forgot-password',
      body: { email: ADMIN.email },
    }),
    (n: number) => ({
      method: 'POST',
      path: '/api/users/signup',
      body: {
        firstName: 'Load',
        lastName: 'Test',
        email: `load.${n}.${Date.now()}@platewise.test`,
        phoneNumber: '5551234567',
        state: 'Oregon',
        password: 'Load@Pass1234',
      },
    }),
  ];
  // Only valid requests, so that any answer but 2xx must be a refusal for
  // load or limits; a client gives up after 35 s, past the server’s 30 s
  // requestTimeout, so a timeout is a request that hung.
  const r04 = await runLoad({
    base,
    workers: 200,
    seconds,
    timeoutMs: 35_000,
    next: (worker, n) => {
      const mix = mixes[(worker + n) % mixes.length];
      if (!mix) throw new Error('no request mix');
      return mix(worker * 100_000 + n);
    },
  });
  const unexpected = Object.entries(r04.statuses).filter(
    ([status]) => !/^(2\d\d|429|503)$/.test(status),
  );
  process.stdout.write(`R04 ${JSON.stringify(r04)}\n`);
  const footprintEnd = processFootprint(pid);

  const verdict = (result: LoadResult) => ({
    non2xx: Object.entries(result.statuses)
      .filter(([status]) => !status.startsWith('2'))
      .reduce((sum, [, count]) => sum + count, 0),
  });
  writeResult(`security-load-${database}`, {
    database,
    seconds,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))),
    footprintStart,
    footprintEnd,
    r01: { ...r01, ...verdict(r01) },
    r02: {
      ...r02,
      ...verdict(r02),
      rowsAdded: grew,
      rowsMatch201s: grew === (r02.statuses['201'] ?? 0),
    },
    r03: { ...r03, ...verdict(r03), health },
    r04: {
      ...r04,
      unexpectedStatuses: Object.fromEntries(unexpected),
      onlyExpected: unexpected.length === 0 && r04.withoutRetryAfter === 0,
    },
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
