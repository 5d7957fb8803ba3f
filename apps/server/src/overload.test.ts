import { rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig, type Config } from './config.js';
import { buildPlannerApp } from './planner-server.js';
import { pressureLimits } from './plugins/app/under-pressure.js';
import {
  blackBoxDriver,
  call,
  newDataDir,
  newScratchDatabase,
} from './test/black-box.js';
import {
  createTestApp,
  createTestConfig,
  getTestDatabase,
} from './test/build-app.js';
import {
  freePort,
  PLANNER_ENTRY,
  spawnServer,
  stopIfRunning,
  type ServerProcess,
} from './test/process.js';

/**
 * security.md R04: past capacity the server answers 503 with Retry-After
 * instead of queueing (plugins/app/under-pressure.ts). Pressure is forced
 * through the environment: a heap cap of 1 MiB on the real server process,
 * and a blocked event loop in an app built in this process.
 */

/** Readiness answers 503 under pressure too: waits for liveness instead. */
async function untilLive(server: ServerProcess, url: string): Promise<void> {
  for (let i = 0; i < 3_000; i += 1) {
    const live = await fetch(url).then(
      (answer) => answer.status,
      () => 0,
    );
    if (live === 200) return;
    if (server.child.exitCode !== null) break;
    await sleep(100);
  }
  throw new Error(`the process did not start: ${server.stderr()}`);
}

describe('a server past its memory cap (the real process over HTTP)', () => {
  let server: ServerProcess;
  let dataDir: string;
  let database: Awaited<ReturnType<typeof newScratchDatabase>> | undefined;

  beforeAll(async () => {
    const port = await freePort();
    dataDir = await newDataDir('platewise-overload-');
    database =
      blackBoxDriver() === 'postgres' ? await newScratchDatabase() : undefined;
    server = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'overload-secret-0123456789abcdef0123456789',
      ...(database ? { DATABASE_URL: database.url } : {}),
      PRESSURE_MAX_HEAP_MIB: '1',
      PRESSURE_RETRY_AFTER_SECONDS: '7',
    });
    await untilLive(server, `${server.url}/api/health`);
  }, 360_000);

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => stopIfRunning(server), 10_000);
      await server.exited;
      clearTimeout(timer);
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('answers 503 with Retry-After to reads, logins and readiness, and liveness 200', async () => {
    const asks = [
      () => call(server.url, 'GET', '/api/recipes?limit=20'),
      () =>
        call(server.url, 'POST', '/api/users/login', {
          json: { email: 'nobody@example.com', password: 'Plate-wise-42!' },
        }),
      () =>
        call(server.url, 'POST', '/api/users/signup', {
          json: { email: 'overload@example.com' },
        }),
      () => call(server.url, 'GET', '/api/ready'),
    ];
    // The plugin samples the heap once a second: liveness can answer before
    // the first sample, when nothing is known to be over its limit yet.
    for (let i = 0; i < 100; i += 1) {
      const first = await asks[0]?.();
      if (first?.status === 503) break;
      await sleep(100);
    }
    for (const ask of asks) {
      const answer = await ask();
      expect(answer.status, answer.text).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('7');
    }
    const refused = await asks[0]?.();
    expect(refused?.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    const live = await call(server.url, 'GET', '/api/health');
    expect(live.status).toBe(200);
  });
});

// The plan generator runs as its own process on PostgreSQL only.
describe.runIf(blackBoxDriver() === 'postgres')(
  'the plan generator’s process past its memory cap (over HTTP)',
  () => {
    let planner: ServerProcess;
    let url: string;
    let plannerDir: string;
    let database: Awaited<ReturnType<typeof newScratchDatabase>>;

    beforeAll(async () => {
      database = await newScratchDatabase();
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      plannerDir = await newDataDir('platewise-planner-');
      planner = spawnServer(
        {
          PLANNER_PORT: String(port),
          DATA_DIR: plannerDir,
          JWT_SECRET: 'overload-secret-0123456789abcdef0123456789',
          DATABASE_URL: database.url,
          PRESSURE_MAX_HEAP_MIB: '1',
          PRESSURE_RETRY_AFTER_SECONDS: '7',
        },
        PLANNER_ENTRY,
      );
      await untilLive(planner, `${url}/health`);
    }, 360_000);

    afterAll(async () => {
      stopIfRunning(planner);
      await database?.drop();
      if (plannerDir) await rm(plannerDir, { recursive: true, force: true });
    }, 30_000);

    it('answers 503 with Retry-After to generation and readiness, liveness 200, and exits 0 on SIGTERM', async () => {
      const generate = () =>
        call(url, 'GET', '/generate-meal-plan', {
          headers: { authorization: 'Bearer nonsense' },
        });
      for (let i = 0; i < 100; i += 1) {
        if ((await generate()).status === 503) break;
        await sleep(100);
      }
      for (const answer of [
        await generate(),
        await call(url, 'GET', '/ready'),
      ]) {
        expect(answer.status, answer.text).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('7');
      }
      expect((await call(url, 'GET', '/health')).status).toBe(200);

      planner.child.kill('SIGTERM');
      expect(await planner.exited).toBe(0);
    }, 60_000);
  },
);

/** The API and the plan generator's process: both shed load the same way. */
const PROCESSES = [
  {
    name: 'the API',
    build: async (config: Partial<Config>) =>
      (await createTestApp({ config })).app,
    live: '/api/health',
    // Readiness answers 503 with the rest: one request that does no work
    // of its own (a cold catalogue read outlasted the one-second sample).
    work: '/api/ready',
  },
  {
    name: 'the plan generator',
    build: async (config: Partial<Config>) =>
      buildPlannerApp({
        config: createTestConfig(config),
        db: await getTestDatabase(),
        logger: false,
      }),
    live: '/health',
    // Refused before the token is even read.
    work: '/generate-meal-plan',
  },
];

describe.each(PROCESSES)('a blocked event loop in $name', (target) => {
  it('turns it to 503 with Retry-After, liveness still 200, and back once the loop runs again', async () => {
    const app = await target.build({
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 200,
      PRESSURE_RETRY_AFTER_SECONDS: 3,
    });
    try {
      await app.ready();
      const ask = () => app.inject({ method: 'GET', url: target.work });

      // Synchronous stalls of 0.7 s, as pathological requests would cause,
      // each followed by a breath in which timers run. The plugin's sample
      // is the mean delay over a second: one long stall lands in a window
      // of a hundred normal ticks when the plugin's timer happens to run
      // before the histogram's (seen on PostgreSQL, with more timers of its
      // own), and averages away; stalls in a row fill every window.
      let refused;
      for (let i = 0; i < 20 && !refused; i += 1) {
        const until = performance.now() + 700;
        while (performance.now() < until) {
          // spin
        }
        await sleep(5);
        const answer = await ask();
        if (answer.statusCode === 503) refused = answer;
      }
      expect(refused?.headers['retry-after']).toBe('3');
      expect(refused?.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(
        (await app.inject({ method: 'GET', url: target.live })).statusCode,
      ).toBe(200);

      let recovered = false;
      for (let i = 0; i < 300 && !recovered; i += 1) {
        recovered = (await ask()).statusCode !== 503;
        if (!recovered) await sleep(100);
      }
      expect(recovered).toBe(true);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('the pressure limits', () => {
  it('default to a 1 s event-loop delay, 90 % of the heap limit and no RSS cap; 0 turns one off', () => {
    const defaults = pressureLimits(parseConfig({}));
    expect(defaults.maxEventLoopDelay).toBe(1_000);
    expect(defaults.maxHeapUsedBytes).toBeGreaterThan(0);
    expect(defaults.maxRssBytes).toBe(0);

    const set = pressureLimits(
      parseConfig({
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        PRESSURE_MAX_HEAP_MIB: '512',
        PRESSURE_MAX_RSS_MIB: '1024',
      }),
    );
    expect(set).toEqual({
      maxEventLoopDelay: 0,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      maxRssBytes: 1024 * 1024 * 1024,
    });
  });
});
