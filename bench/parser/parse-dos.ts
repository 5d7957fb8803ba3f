/**
 * Issue 9, point 1: the ingredient parser under attack. First, in process,
 * the time per 500-character line of each hostile shape (the test
 * packages/food-data/src/parser/parse-cost.test.ts holds them linear). Then,
 * against the built server, the largest request of the costliest shape the
 * limits allow (200 lines of at most 500 characters, a 64 KB body), sent
 * alone and several at once up to the per-user rate limit, while GET
 * /api/health is asked again and again from this process: its latency is
 * what other users feel. Each phase runs on a fresh server, so the rate
 * limit counts from zero. Writes bench/results/parser-dos.json.
 *
 *   npm run build && npx tsx bench/parser/parse-dos.ts [servers per phase]
 */
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { INGREDIENTS } from '../../packages/food-data/src/catalogue/ingredients.js';
import {
  createIngredientResolver,
  MAX_LINE_LENGTH,
  parseIngredientLine,
} from '../../packages/food-data/src/parser/index.js';
import { waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { spawnBuiltServer, type BuiltServer } from '../lib/server.js';

/** apps/server/src/app.ts JSON_BODY_LIMIT and the shared schema's limits. */
const BODY_LIMIT = 64 * 1024;
const MAX_LINES = 200;
/** The server's default RATE_LIMIT_PARSE_USER (config.ts). */
const PER_USER_LIMIT = 30;
/** Fresh servers per phase (argv[2]); samples are pooled over them. */
const repeats = Number(process.argv[2] ?? 3);
const ADMIN = {
  email: 'bench-admin@platewise.test',
  password: 'Bench#Pass1234',
};

const repeat = (unit: string, length: number, before = '', after = '') =>
  before +
  unit.repeat(
    Math.max(
      1,
      Math.floor((length - before.length - after.length) / unit.length),
    ),
  ) +
  after;

/** The shapes of the issue and of parse-cost.test.ts, at a given length. */
const SHAPES: Record<string, (length: number) => string> = {
  '½ x n': (n) => '½'.repeat(n),
  '1½ x n/2': (n) => repeat('1½', n),
  digits: (n) => '1'.repeat(n),
  'digits and spaces': (n) => repeat('1 ', n),
  spaces: (n) => repeat(' ', n, 'a', 'b'),
  '1/ repeated': (n) => repeat('1/', n),
  slashes: (n) => repeat('/', n, '1 '),
  '1- repeated': (n) => repeat('1-', n),
  dots: (n) => repeat('.', n, '', 'a'),
  '( repeated': (n) => '('.repeat(n),
  '() repeated': (n) => repeat('()', n),
  'measures in a parenthesis': (n) =>
    repeat(' 1 g', n, '1 cup flour (1 g', ' x)'),
  'sizes in parentheses': (n) => repeat('(14 oz) ', n, 'salt '),
  'dual units': (n) => repeat(' / 1 g', n, '1 g', ' x'),
  'measures after a name': (n) => repeat(' 1 g', n, 'flour', ' x'),
  'unit words': (n) => repeat('cup ', n),
  'amounts and units': (n) => repeat('1 cup ', n),
  commas: (n) => ','.repeat(n),
  'comma parts': (n) => repeat('a,', n),
  'preparation words': (n) => repeat('chopped ', n),
  'preparation parts': (n) => repeat('chopped, ', n, '2 '),
  "'zz or ' repeated": (n) => repeat('zz or ', n, '', 'zz'),
  "'salt and ' repeated": (n) => repeat('salt and ', n),
  descriptors: (n) => repeat('large ', n, '2 ', 'onion'),
  'trailing notes': (n) => repeat(' optional', n, 'salt'),
  "'juice of ' repeated": (n) => repeat('juice of ', n),
};

const raise = (message: string): never => {
  throw new Error(message);
};

const round = (value: number, places = 2) =>
  Math.round(value * 10 ** places) / 10 ** places;

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, at)] ?? NaN;
}

// ---------------------------------------------------------------------------
// 1. Each shape in process.

const resolver = createIngredientResolver(INGREDIENTS);
const perLine = Object.entries(SHAPES).map(([shape, build]) => {
  const line = build(MAX_LINE_LENGTH);
  for (let warm = 0; warm < 20; warm += 1) parseIngredientLine(line, resolver);
  const runs: number[] = [];
  for (let run = 0; run < 15; run += 1) {
    const started = performance.now();
    for (let at = 0; at < 20; at += 1) parseIngredientLine(line, resolver);
    runs.push((performance.now() - started) / 20);
  }
  return { shape, characters: line.length, medianMs: round(median(runs), 3) };
});
perLine.sort((a, b) => b.medianMs - a.medianMs);

/** As many copies of `line` as the line and body limits allow. */
function largestBody(line: string): { body: string; lines: number } {
  // '{"lines":[' + the lines joined by ',' + ']}', in bytes.
  const each = Buffer.byteLength(JSON.stringify(line)) + 1;
  const count = Math.min(MAX_LINES, Math.floor((BODY_LIMIT - 11) / each));
  const body = JSON.stringify({
    lines: Array.from({ length: count }, () => line),
  });
  if (Buffer.byteLength(body) > BODY_LIMIT) throw new Error('body too large');
  return { body, lines: count };
}
// The body limit is in bytes ('½' takes two): the costliest request is the
// shape whose lines cost most in the number of them that fit.
const requests = perLine.map((entry) => {
  const line = (SHAPES[entry.shape] as (n: number) => string)(MAX_LINE_LENGTH);
  const body = largestBody(line);
  return { ...entry, line, ...body, estimateMs: entry.medianMs * body.lines };
});
requests.sort((a, b) => b.estimateMs - a.estimateMs);
const worst = requests.at(0) ?? raise('no shapes');

// ---------------------------------------------------------------------------
// 2. The built server.

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-'));
const loopDelayFile = join(dataDir, 'loop-delay.json');
const loopDelayModule = fileURLToPath(
  new URL('./loop-delay.ts', import.meta.url),
);

async function start(): Promise<{ server: BuiltServer; token: string }> {
  rmSync(loopDelayFile, { force: true });
  const server = await spawnBuiltServer(dataDir, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // The server's own event-loop delay, measured from inside.
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${loopDelayModule}`,
    LOOP_DELAY_FILE: loopDelayFile,
  });
  await waitFor(`${server.base}/api/ready`, Date.now() + 120_000);
  const response = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, rememberMe: false }),
  });
  const answer = (await response.json()) as { user: { accessToken: string } };
  return { server, token: answer.user.accessToken };
}

async function parseRequest(base: string, token: string, body: string) {
  const started = performance.now();
  const response = await fetch(`${base}/api/ingredients/parse`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
    },
    body,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** GET /api/health one after another, 2 ms apart, until `done` says so. */
async function probeHealth(base: string, done: () => boolean) {
  const samples: number[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`health ${response.status}`);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return samples;
}

const summary = (samples: readonly number[]) => ({
  probes: samples.length,
  p50Ms: round(percentile(samples, 0.5)),
  p99Ms: round(percentile(samples, 0.99)),
  maxMs: round(Math.max(...samples)),
});

/** `parallel` worst requests at once, `rounds` times, with health probes. */
async function phase(parallel: number, rounds: number) {
  const { server, token } = await start();
  try {
    // One worst request first (it counts towards the limit): the first use
    // of the parser's regular expressions compiles them.
    await parseRequest(server.base, token, worst.body);
    await serverLoopDelay(server); // the loop delay counts from here
    let finished = false;
    const requests: { status: number; ms: number }[] = [];
    const health = probeHealth(server.base, () => finished);
    const started = performance.now();
    for (let round = 0; round < rounds; round += 1) {
      requests.push(
        ...(await Promise.all(
          Array.from({ length: parallel }, () =>
            parseRequest(server.base, token, worst.body),
          ),
        )),
      );
    }
    const wallMs = performance.now() - started;
    finished = true;
    const samples = await health;
    const loopDelay = await serverLoopDelay(server);
    // One more than the per-user limit allows in its window.
    const extra =
      1 + rounds * parallel >= PER_USER_LIMIT
        ? await parseRequest(server.base, token, worst.body)
        : null;
    return { requests, wallMs, samples, loopDelay, nextStatus: extra?.status };
  } finally {
    await server.stop();
  }
}

interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The server's event-loop delay since the last signal (loop-delay.ts). */
async function serverLoopDelay(server: BuiltServer): Promise<LoopDelay> {
  rmSync(loopDelayFile, { force: true });
  server.child.kill('SIGWINCH');
  for (let wait = 0; wait < 100 && !existsSync(loopDelayFile); wait += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return JSON.parse(readFileSync(loopDelayFile, 'utf8')) as LoopDelay;
}

/**
 * A phase on `repeats` fresh servers: health probes pooled, requests pooled,
 * the server's own loop delay per run (its p99 as a median over the runs).
 */
async function measured(parallel: number, rounds: number) {
  const runs: Awaited<ReturnType<typeof phase>>[] = [];
  for (let run = 0; run < repeats; run += 1) {
    runs.push(await phase(parallel, rounds));
  }
  const requests = runs.flatMap((run) => run.requests);
  return {
    parallel,
    rounds,
    servers: repeats,
    statuses: [...new Set(requests.map((request) => request.status))],
    requestMs: {
      median: round(median(requests.map((request) => request.ms))),
      max: round(Math.max(...requests.map((request) => request.ms))),
    },
    wallMs: round(median(runs.map((run) => run.wallMs))),
    health: summary(runs.flatMap((run) => run.samples)),
    serverLoopDelay: {
      p99Ms: round(median(runs.map((run) => run.loopDelay.p99Ms))),
      maxMs: round(Math.max(...runs.map((run) => run.loopDelay.maxMs))),
    },
    ...(runs[0]?.nextStatus === undefined
      ? {}
      : { nextRequestStatuses: runs.map((run) => run.nextStatus) }),
  };
}

/** The figures of a run into bench/README.md, between its markers. */
function writeReadme(result: {
  worstRequest: { shape: string; lines: number; bodyBytes: number };
  health: {
    idle: ReturnType<typeof summary> & { serverLoopDelay: LoopDelay };
  } & Record<
    'alone' | 'sixInParallel' | 'atPerUserLimit',
    Awaited<ReturnType<typeof measured>>
  >;
  loadAverage: { before: number; after: number };
}) {
  const { health } = result;
  const ms = (value: number) => `${value} ms`;
  const probes = (h: ReturnType<typeof summary>) =>
    `${ms(h.p50Ms)} / ${ms(h.p99Ms)} / ${ms(h.maxMs)}`;
  const row = (label: string, phase: Awaited<ReturnType<typeof measured>>) =>
    `| ${label} | ${phase.parallel * phase.rounds * phase.servers} (${phase.statuses.join(', ')}) | ${ms(phase.requestMs.median)} / ${ms(phase.requestMs.max)} | ${probes(phase.health)} | ${ms(phase.serverLoopDelay.p99Ms)} / ${ms(phase.serverLoopDelay.maxMs)} |`;
  const next = health.atPerUserLimit.nextRequestStatuses ?? [];
  const servers = repeats === 1 ? '1 server' : `${repeats} servers`;
  const block = [
    `Run of ${new Date().toISOString().slice(0, 10)} (1-minute load average ${result.loadAverage.before} → ${result.loadAverage.after} on the 2 cores):`,
    '',
    '| phase | requests (status) | request time (median / max) | health p50 / p99 / max | server loop delay p99 / max |',
    '| --- | --- | --- | --- | --- |',
    `| idle, 300 probes | | | ${probes(health.idle)} | ${ms(health.idle.serverLoopDelay.p99Ms)} / ${ms(health.idle.serverLoopDelay.maxMs)} |`,
    row(`alone, 5 in a row, ${servers}`, health.alone),
    row(`6 at once, ${servers}`, health.sixInParallel),
    row(`29 at once (the per-user limit), ${servers}`, health.atPerUserLimit),
    '',
    `Worst request: ${result.worstRequest.lines} lines of the shape "${result.worstRequest.shape}", ${result.worstRequest.bodyBytes} bytes. The request after the per-user limit answered ${[...new Set(next)].join(', ')}.`,
  ].join('\n');
  const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
  const readme = readFileSync(readmePath, 'utf8');
  const start = '<!-- parser-dos:start -->';
  const end = '<!-- parser-dos:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to === -1) {
    throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
  }
  writeFileSync(
    readmePath,
    `${readme.slice(0, from)}${start}\n${block}\n${end}${readme.slice(to + end.length)}`,
  );
}

try {
  // The same probes and loop-delay measure with nothing else to do: the
  // noise floor of the machine.
  const idle = await (async () => {
    const { server } = await start();
    try {
      await serverLoopDelay(server);
      let count = 0;
      const samples = await probeHealth(server.base, () => ++count > 300);
      return {
        ...summary(samples),
        serverLoopDelay: await serverLoopDelay(server),
      };
    } finally {
      await server.stop();
    }
  })();
  const loadBefore = loadavg()[0] ?? 0;
  const alone = await measured(1, 5);
  const six = await measured(6, 1);
  // 1 warm-up + 29 = the per-user limit of 30 in its window.
  const atLimit = await measured(PER_USER_LIMIT - 1, 1);

  const result = {
    perLine: { characters: MAX_LINE_LENGTH, shapes: perLine },
    worstRequest: {
      shape: worst.shape,
      lines: worst.lines,
      lineCharacters: worst.line.length,
      bodyBytes: Buffer.byteLength(worst.body),
      inProcessEstimateMs: round(worst.estimateMs),
    },
    health: {
      idle,
      alone,
      sixInParallel: six,
      atPerUserLimit: atLimit,
    },
    // The machine is shared: its 1-minute load average says how much of the
    // delays above is other processes waiting for the 2 cores.
    loadAverage: { before: round(loadBefore), after: round(loadavg()[0] ?? 0) },
  };
  writeResult('parser-dos', result);
  writeReadme(result);
  console.log(JSON.stringify(result, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
