/**
 * Measures how long the built server takes from spawn to a ready database
 * (`GET /api/ready` 200) and to serving the landing page, on a fresh
 * embedded database (migrations and seeding included) and on a warm one.
 *
 *   npm run build && npx tsx bench/startup/server-startup.ts [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';

const runs = Number(process.argv[2] ?? 5);

interface Sample {
  readyMs: number;
  landingMs: number;
}

async function startOnce(dataDir: string): Promise<Sample> {
  const started = performance.now();
  const server = await spawnBuiltServer(dataDir);
  try {
    await waitFor(`${server.base}/api/ready`, Date.now() + 60_000);
    const readyMs = performance.now() - started;
    const landing = await fetch(`${server.base}/`);
    if (!landing.ok) throw new Error(`GET / answered ${landing.status}`);
    await landing.text();
    return { readyMs, landingMs: performance.now() - started };
  } finally {
    await server.stop();
  }
}

const cold: Sample[] = [];
const warm: Sample[] = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-'));
  try {
    cold.push(await startOnce(dataDir));
    warm.push(await startOnce(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const summary = (samples: Sample[]) => ({
  readyMsMedian: Math.round(median(samples.map((s) => s.readyMs))),
  landingMsMedian: Math.round(median(samples.map((s) => s.landingMs))),
  landingMsMax: Math.round(Math.max(...samples.map((s) => s.landingMs))),
});

const result = { runs, cold: summary(cold), warm: summary(warm) };
writeResult('server-startup', result);
console.log(JSON.stringify(result, null, 2));
