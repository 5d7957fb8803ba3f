/**
 * Measures how long the built server takes from spawn to a ready database
 * (`GET /api/ready` 200) and to serving the landing page, on a fresh
 * embedded database (migrations and seeding included) and on a warm one.
 *
 *   npm run build && npx tsx bench/startup/server-startup.ts [runs]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort, waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);

interface Sample {
  readyMs: number;
  landingMs: number;
}

async function startOnce(dataDir: string): Promise<Sample> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`${base}/api/ready`, Date.now() + 60_000);
    const readyMs = performance.now() - started;
    const landing = await fetch(`${base}/`);
    if (!landing.ok) throw new Error(`GET / answered ${landing.status}`);
    await landing.text();
    return { readyMs, landingMs: performance.now() - started };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
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
