/**
 * security.md R11 soak: GET /api/recipes?limit=20 at a fixed rate (default
 * 50 requests/s, about half of what R01 measured on this machine under
 * load) for `seconds` (default 600), sampling the server's resident memory,
 * V8 heap (memory-probe.mjs), open file descriptors and the latency of each
 * window. Reports RSS and heap growth after a warm-up of one window, fd
 * growth, and p99 per window. LOAD_PORT picks the server's port.
 *
 *   npm run build && npx tsx bench/load/security-soak.ts [seconds] [rate]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { waitFor } from '../lib/http.js';
import { writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';
import { loginToken, percentile, processFootprint } from './security-lib.js';

const seconds = Number(process.argv[2] ?? 600);
const rate = Number(process.argv[3] ?? 50);
const windowSeconds = Math.max(10, Math.round(seconds / 20));
/** Requests waiting at once, at most (the client's own bound). */
const MAX_IN_FLIGHT = 256;
const ADMIN = {
  email: 'soak-admin@platewise.test',
  password: 'Soak#Admin1234',
};
const database = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const loadBefore = loadavg().map((value) => Number(value.toFixed(2)));

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-security-soak-'));
// LOAD_PORT: a port of the caller's range on a shared machine.
const port = process.env.LOAD_PORT;
// The server appends its own memoryUsage() here every second (V8 heap).
const probeFile = join(dataDir, 'memory-probe.jsonl');
const probe = fileURLToPath(new URL('memory-probe.mjs', import.meta.url));
const server = await spawnBuiltServer(dataDir, {
  ...(port ? { PORT: port } : {}),
  NODE_OPTIONS: `--import ${probe}`,
  MEMORY_PROBE_FILE: probeFile,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const pid = server.child.pid ?? 0;
const base = port ? `http://127.0.0.1:${port}` : server.base;

/** The server's latest heap sample (MiB), from the probe file. */
function heapMiB(): { heapUsedMiB: number; heapTotalMiB: number } {
  const lines = existsSync(probeFile)
    ? readFileSync(probeFile, 'utf8').trim().split('\n')
    : [];
  const last = lines.at(-1);
  if (!last) return { heapUsedMiB: 0, heapTotalMiB: 0 };
  const sample = JSON.parse(last) as { heapUsed: number; heapTotal: number };
  const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  return {
    heapUsedMiB: mib(sample.heapUsed),
    heapTotalMiB: mib(sample.heapTotal),
  };
}

interface Window {
  atSeconds: number;
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  fds: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** Requests sent late because MAX_IN_FLIGHT were waiting. */
  late: number;
  p50: number;
  p99: number;
}

try {
  await waitFor(`${base}/api/ready`, Date.now() + 400_000);
  const token = await loginToken(base, ADMIN.email, ADMIN.password);
  const windows: Window[] = [];
  const started = performance.now();
  let latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let late = 0;
  const inFlight = new Set<Promise<void>>();
  let nextWindow = started + windowSeconds * 1000;
  const interval = 1000 / rate;
  for (let sent = 0; performance.now() - started < seconds * 1000; sent += 1) {
    const due = started + sent * interval;
    const wait = due - performance.now();
    // Behind schedule, still yield: a loop that only sends never reads an
    // answer (at 470 a second the first run completed none).
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    else await new Promise((resolve) => setImmediate(resolve));
    // An open loop with a bound: past MAX_IN_FLIGHT the next request waits
    // for one to finish, and the window counts it as late.
    if (inFlight.size >= MAX_IN_FLIGHT) {
      late += 1;
      await Promise.race(inFlight);
    }
    const at = performance.now();
    const request = fetch(
      `${base}/api/recipes?limit=20&page=${(sent % 5) + 1}`,
      {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      },
    )
      .then(async (response) => {
        await response.arrayBuffer();
        latencies.push(performance.now() - at);
        if (response.status >= 300) non2xx += 1;
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
    if (performance.now() >= nextWindow) {
      latencies.sort((a, b) => a - b);
      windows.push({
        atSeconds: Math.round((performance.now() - started) / 1000),
        ...processFootprint(pid),
        ...heapMiB(),
        requests: latencies.length,
        non2xx,
        errors,
        late,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
      });
      process.stdout.write(`${JSON.stringify(windows.at(-1))}\n`);
      latencies = [];
      non2xx = 0;
      errors = 0;
      late = 0;
      nextWindow += windowSeconds * 1000;
    }
  }
  await Promise.all(inFlight);
  const warm = windows[1] ?? windows[0];
  const last = windows.at(-1);
  const p99s = windows.slice(1).map((window) => window.p99);
  writeResult(`security-soak-${database}`, {
    database,
    seconds,
    rate,
    windowSeconds,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg().map((value) => Number(value.toFixed(2))),
    rssGrowthAfterWarmUpPercent:
      warm && last
        ? Number((((last.rssMiB - warm.rssMiB) / warm.rssMiB) * 100).toFixed(1))
        : null,
    heapGrowthAfterWarmUpPercent:
      warm && last && warm.heapUsedMiB > 0
        ? Number(
            (
              ((last.heapUsedMiB - warm.heapUsedMiB) / warm.heapUsedMiB) *
              100
            ).toFixed(1),
          )
        : null,
    fdGrowthAfterWarmUp: warm && last ? last.fds - warm.fds : null,
    p99MinMs: Math.min(...p99s),
    p99MaxMs: Math.max(...p99s),
    windows,
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
