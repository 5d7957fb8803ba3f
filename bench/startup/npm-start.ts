/**
 * The README's first command as a newcomer meets it right after `npm ci`:
 * `npm start` with no build output and an empty embedded database, timed
 * from the command to the landing page's HTML (issue: "under a minute after
 * install"). Each run deletes the workspaces' build output first.
 *
 *   npx tsx bench/startup/npm-start.ts [runs]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort, waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { serverEnv } from '../lib/server.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 3);
const BUILD_OUTPUTS = [
  'packages/shared/dist',
  'packages/planner/dist',
  'packages/food-data/dist',
  'apps/server/dist',
  'apps/web/dist',
];

async function startOnce(): Promise<number> {
  for (const dir of BUILD_OUTPUTS) {
    rmSync(join(root, dir), { recursive: true, force: true });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-'));
  const port = await freePort();
  const started = performance.now();
  // Its own process group, so that npm, the build and the server all stop.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: serverEnv(port, dataDir),
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`, Date.now() + 180_000);
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const samples: number[] = [];
for (let run = 0; run < runs; run += 1) samples.push(await startOnce());

const result = {
  runs,
  toLandingMsMedian: Math.round(median(samples)),
  toLandingMsMax: Math.round(Math.max(...samples)),
};
writeResult('npm-start', result);
console.log(JSON.stringify(result, null, 2));
