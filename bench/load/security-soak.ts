/**
 * security.md R11 soak: GET /api/recipes?limit=20 (five pages, br/gzip as a
 * browser asks) at a fixed rate, evenly spaced (default 50 requests/s;
 * R11 asks for half of R01's rate) for `seconds` (default 600), after an
 * unmeasured warm-up at the same rate (`warm-up seconds`, default none),
 * sampling the server's resident memory, V8 heap (memory-probe.mjs), open
 * file descriptors and the latency of each window, beside what can stall an
 * answer: the server's garbage collections and event-loop stalls, this
 * process's own stalls, and the machine's busy and stolen CPU. Reports RSS and heap
 * growth after the first window, fd growth, p99 per window and per block of
 * four windows. LOAD_PORT picks the server's port.
 *
 *   npm run build && npx tsx bench/load/security-soak.ts [seconds] [rate] [warm-up seconds]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { waitFor } from '../lib/http.js';
import { runOpenLoop } from '../lib/open-loop.js';
import { writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';
import {
  cpuShares,
  cpuTimes,
  loginToken,
  percentile,
  processFootprint,
} from './security-lib.js';

const seconds = Number(process.argv[2] ?? 600);
const rate = Number(process.argv[3] ?? 50);
// Seconds at the same rate before the soak is measured (default none).
const warmUpSeconds = Number(process.argv[4] ?? 0);
const windowSeconds = Math.max(10, Math.round(seconds / 20));
/**
 * The most sockets the open-loop driver keeps (it opens them as answers
 * overlap). Requests leave evenly spaced (bench/lib/open-loop.ts):
 * autocannon's fixed rate sends each second's share in a burst at the start
 * of the second, and as its connections' timers drifted apart p99 fell from
 * 62 to 10 ms with 100 connections and from 14 to 8 ms with 20 while the
 * server did not change.
 */
const CONNECTIONS = 50;
/** Windows per block of the p99 stability figure (2 minutes of 30-s windows). */
const BLOCK_WINDOWS = 4;
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
// ... and every garbage collection of 2 ms or more here.
const gcFile = join(dataDir, 'gc-probe.jsonl');
const probe = fileURLToPath(new URL('memory-probe.mjs', import.meta.url));
const server = await spawnBuiltServer(dataDir, {
  ...(port ? { PORT: port } : {}),
  NODE_OPTIONS: `--import ${probe}`,
  MEMORY_PROBE_FILE: probeFile,
  GC_PROBE_FILE: gcFile,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const pid = server.child.pid ?? 0;
const base = port ? `http://127.0.0.1:${port}` : server.base;

/** The records of a JSON-lines probe file the server writes (none yet: []). */
function probeRecords<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

interface MemorySample {
  at: number;
  heapUsed: number;
  heapTotal: number;
  /** The event loop's longest delay in the second before `at`. */
  loopMaxMs?: number;
}

/** The server's latest heap sample (MiB), from the probe file. */
function heapMiB(): { heapUsedMiB: number; heapTotalMiB: number } {
  const sample = probeRecords<MemorySample>(probeFile).at(-1);
  if (!sample) return { heapUsedMiB: 0, heapTotalMiB: 0 };
  const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  return {
    heapUsedMiB: mib(sample.heapUsed),
    heapTotalMiB: mib(sample.heapTotal),
  };
}

/** The server's collections and event-loop stalls in [from, to) (epoch ms). */
function serverPauses(from: number, to: number) {
  const pauses = probeRecords<{ at: number; kind: string; ms: number }>(
    gcFile,
  ).filter((pause) => pause.at >= from && pause.at < to);
  const seconds = probeRecords<MemorySample>(probeFile).filter(
    (second) => second.at > from && second.at <= to,
  );
  return {
    serverLoopMaxMs: Math.max(
      0,
      ...seconds.map((second) => second.loopMaxMs ?? 0),
    ),
    gcPauses: pauses.length,
    gcTotalMs: Number(
      pauses.reduce((sum, pause) => sum + pause.ms, 0).toFixed(1),
    ),
    gcMaxMs: Math.max(0, ...pauses.map((pause) => pause.ms)),
    gcMajor: pauses.filter((pause) => pause.kind !== 'minor').length,
  };
}

function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** How far the value farthest from the median lies from it, in per cent. */
function mostOffMedianPercent(values: readonly number[]): number {
  const middle = median(values);
  const farthest = Math.max(...values.map((value) => Math.abs(value - middle)));
  return Number(((farthest / middle) * 100).toFixed(1));
}

interface Window {
  atSeconds: number;
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  fds: number;
  /** Answers in the window (the rate reached is this over windowSeconds). */
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  maxMs: number;
  /** The machine's CPU in the window: busy, and taken by the hypervisor. */
  cpuBusyPercent: number;
  cpuStealPercent: number;
  /** The longest stall of the server's event loop in the window. */
  serverLoopMaxMs: number;
  /** ... and of this process's, which sends the requests and times them. */
  clientLoopMaxMs: number;
  /** The server's collections of >= 2 ms in the window (memory-probe.mjs). */
  gcPauses: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** Those that are not scavenges: mark-compact, incremental marking, weak callbacks. */
  gcMajor: number;
}

try {
  await waitFor(`${base}/api/ready`, Date.now() + 400_000);
  const signedIn = async () => ({
    authorization: `Bearer ${await loginToken(base, ADMIN.email, ADMIN.password)}`,
    'accept-encoding': 'br, gzip',
  });
  const windows: Window[] = [];
  let latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const load = {
    base,
    rate,
    connections: CONNECTIONS,
    headers: await signedIn(),
    path: (index: number) => `/api/recipes?limit=20&page=${(index % 5) + 1}`,
  };
  // A server's first minutes at a new rate (V8 optimising and sizing its
  // heap) are its warm-up, not the soak: measured runs showed p99 settle
  // over about four and a half minutes.
  if (warmUpSeconds > 0) {
    await runOpenLoop({ ...load, seconds: warmUpSeconds, onAnswer: () => {} });
  }
  // A fresh access token for the soak: one signed in before a warm-up
  // expires within it (15 minutes), and its 401s read as errors.
  const started = performance.now();
  const finished = runOpenLoop({
    ...load,
    headers: await signedIn(),
    seconds,
    onAnswer: ({ latencyMs, status }) => {
      if (status === 0) {
        errors += 1;
        return;
      }
      latencies.push(latencyMs);
      if (status >= 300) non2xx += 1;
    },
  });
  // Each window's latencies, sorted, for the p99 of longer blocks below.
  const kept: number[][] = [];
  let windowFrom = Date.now();
  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  clientLoop.enable();
  let cpuFrom = cpuTimes();
  const sample = () => {
    const windowTo = Date.now();
    const cpuTo = cpuTimes();
    latencies.sort((a, b) => a - b);
    kept.push(latencies);
    windows.push({
      atSeconds: Math.round((performance.now() - started) / 1000),
      ...processFootprint(pid),
      ...heapMiB(),
      requests: latencies.length,
      non2xx,
      errors,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      maxMs: Number((latencies.at(-1) ?? 0).toFixed(1)),
      ...serverPauses(windowFrom, windowTo),
      clientLoopMaxMs: Number((clientLoop.max / 1e6).toFixed(1)),
      ...cpuShares(cpuFrom, cpuTo),
    });
    clientLoop.reset();
    cpuFrom = cpuTo;
    windowFrom = windowTo;
    process.stdout.write(`${JSON.stringify(windows.at(-1))}\n`);
    latencies = [];
    non2xx = 0;
    errors = 0;
  };
  const sampler = setInterval(sample, windowSeconds * 1000);
  await finished;
  clearInterval(sampler);
  // The last partial window, if it holds at least a second of answers.
  if (latencies.length >= rate) sample();
  // R11's "p99 stable within 20 %", read on blocks of BLOCK_WINDOWS windows
  // after the warm-up window: a 30-s window's p99 is its 300 slowest
  // answers, which one garbage collection of the server moves by half.
  const blocks = [];
  for (let first = 1; first < kept.length; first += BLOCK_WINDOWS) {
    const merged = kept
      .slice(first, first + BLOCK_WINDOWS)
      .flat()
      .sort((a, b) => a - b);
    blocks.push({
      fromSeconds: windows[first - 1]?.atSeconds ?? 0,
      toSeconds:
        windows[Math.min(first + BLOCK_WINDOWS, kept.length) - 1]?.atSeconds ??
        0,
      requests: merged.length,
      p99: percentile(merged, 99),
    });
  }
  const blockP99s = blocks.map((block) => block.p99);
  const warm = windows[1] ?? windows[0];
  const last = windows.at(-1);
  const p99s = windows.slice(1).map((window) => window.p99);
  writeResult(`security-soak-${database}`, {
    database,
    seconds,
    warmUpSeconds,
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
    p99MedianMs: median(p99s),
    p99MostOffMedianPercent: mostOffMedianPercent(p99s),
    p99Blocks: blocks,
    p99BlockMostOffMedianPercent: mostOffMedianPercent(blockP99s),
    windows,
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
