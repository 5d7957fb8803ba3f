/**
 * security.md S10: a failed login must not tell an unknown address from a
 * wrong password by its timing (unknown users get a dummy argon2 verify).
 * Spawns the built server, then alternates logins with an unknown address,
 * the admin's address with a wrong password, and the right password, and
 * compares the medians. Decision 2 keeps the spec's 404 for an unknown
 * address, so only the timing is compared here.
 *
 *   npm run build && npx tsx bench/login/login-timing.ts [trials]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';

const trials = Number(process.argv[2] ?? 30);
const ADMIN = {
  email: 'bench-admin@platewise.test',
  password: 'Bench#Pass1234',
};
const CASES = {
  unknownEmail: { email: 'nobody@platewise.test', password: ADMIN.password },
  wrongPassword: { email: ADMIN.email, password: 'Wrong#Pass1234' },
  rightPassword: ADMIN,
} as const;
type Case = keyof typeof CASES;

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-'));
const server = await spawnBuiltServer(dataDir, {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Every trial comes from one address and hits one account: lift the
  // lockout and the per-IP limit, which would otherwise answer 429.
  LOGIN_LOCKOUT_THRESHOLD: '1000',
  RATE_LIMIT_LOGIN: '1000000',
});

async function login(which: Case): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CASES[which], rememberMe: false }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

try {
  await waitFor(`${server.base}/api/ready`, Date.now() + 60_000);
  const names = Object.keys(CASES) as Case[];
  for (const name of names) await login(name); // warm-up
  const samples = Object.fromEntries(
    names.map((name) => [name, [] as number[]]),
  ) as Record<Case, number[]>;
  const statuses = {} as Record<Case, number>;
  // Interleaved, so that a slow moment of the machine hits every case.
  for (let trial = 0; trial < trials; trial += 1) {
    for (const name of names) {
      const { ms, status } = await login(name);
      samples[name].push(ms);
      statuses[name] = status;
    }
  }
  const medians = Object.fromEntries(
    names.map((name) => [name, Math.round(median(samples[name]) * 10) / 10]),
  ) as Record<Case, number>;
  const gap =
    Math.abs(medians.unknownEmail - medians.wrongPassword) /
    medians.wrongPassword;
  const result = {
    trials,
    statuses,
    medianMs: medians,
    unknownVsWrongPasswordGap: Math.round(gap * 1000) / 1000,
    target: '< 0.25 (security.md S10)',
  };
  writeResult('login-timing', result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
