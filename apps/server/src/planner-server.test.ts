import { connect, type AddressInfo } from 'node:net';

import { MealPlanSchema } from '@platewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from './app.js';
import { ConfigError, parseConfig } from './config.js';
import { seedCatalogue } from './domains/catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from './domains/recipes/test/callers.js';
import { buildPlannerApp } from './planner-server.js';
import {
  createTestApp,
  createTestConfig,
  getTestDatabase,
} from './test/build-app.js';
import { savePreferences } from './test/planner-fixtures.js';

const WEB_ORIGIN = 'https://plates.example';

let planner: App;
let caller: TestCaller;

beforeAll(async () => {
  // The API (for the login) and the generator share one database and
  // JWT_SECRET, as the two processes do.
  const api = await createTestApp();
  await seedCatalogue(api.db);
  caller = await signedIn(api.app, api.db, 'user');
  await savePreferences(api.app, caller.headers);
  planner = await buildPlannerApp({
    config: createTestConfig({ PLANNER_CORS_ORIGIN: [WEB_ORIGIN] }),
    db: api.database,
    logger: false,
  });
});

afterAll(async () => {
  await planner.close();
});

describe('the plan generator as its own process', () => {
  it('generates a plan with the access token the API issued', async () => {
    const response = await planner.inject({
      method: 'GET',
      url: `/generate-meal-plan?user_id=${caller.id}`,
      headers: { ...caller.headers, origin: WEB_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(
      response.headers['access-control-allow-credentials'],
    ).toBeUndefined();
    const plan = MealPlanSchema.parse(response.json());
    expect(plan.meals).toHaveLength(7);
  });

  it('answers a preflight from the allowed origin only', async () => {
    const preflight = (origin: string) =>
      planner.inject({
        method: 'OPTIONS',
        url: '/generate-meal-plan',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const allowed = await preflight(WEB_ORIGIN);
    expect(allowed.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
    expect(allowed.headers['access-control-allow-headers']).toMatch(
      /authorization/i,
    );
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('sends no CORS header to another origin, 401 without a token', async () => {
    const response = await planner.inject({
      method: 'GET',
      url: '/generate-meal-plan',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves only the generator and its health probes', async () => {
    expect(
      (await planner.inject({ method: 'GET', url: '/health' })).statusCode,
    ).toBe(200);
    for (const url of [
      '/preferences/user-meal-plan',
      '/api/preferences/user-meal-plan',
      '/user-ingredients-summary',
    ]) {
      const response = await planner.inject({
        method: 'GET',
        url,
        headers: caller.headers,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('the plan generator’s HTTP limits (shared with the API)', () => {
  it('cuts off a client that never finishes its request at REQUEST_TIMEOUT_MS with 408, and names each answer’s request id', async () => {
    const limited = await buildPlannerApp({
      config: createTestConfig({ REQUEST_TIMEOUT_MS: 2_000 }),
      db: await getTestDatabase(),
      logger: false,
    });
    try {
      await limited.listen({ port: 0, host: '127.0.0.1' });
      const { port } = limited.server.address() as AddressInfo;
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      // Headers begun and never ended: the answer must come from the
      // server's timer, long before this test's own 20 s.
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        const giveUp = setTimeout(() => {
          socket.destroy();
          resolve(text);
        }, 20_000);
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => {
          clearTimeout(giveUp);
          resolve(text);
        });
        socket.on('error', reject);
        socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await limited.close();
    }
  }, 60_000);
});

describe('planner configuration', () => {
  it('reads exact CORS origins and refuses one with a path', () => {
    expect(
      parseConfig({
        PLANNER_CORS_ORIGIN: 'https://plates.example, http://localhost:5173',
      }).PLANNER_CORS_ORIGIN,
    ).toEqual(['https://plates.example', 'http://localhost:5173']);
    expect(parseConfig({}).PLANNER_CORS_ORIGIN).toEqual([]);
    expect(() =>
      parseConfig({ PLANNER_CORS_ORIGIN: 'https://plates.example/app' }),
    ).toThrow(ConfigError);
  });

  it('bounds the planner threads, queue and rate limit', () => {
    const config = parseConfig({});
    expect(config.PLANNER_THREADS).toBeUndefined();
    expect(config.PLANNER_QUEUE_MAX).toBe(100);
    expect(config.PLANNER_RATE_LIMIT).toBe(30);
    expect(config.PLANNER_PORT).toBe(3001);
    expect(() => parseConfig({ PLANNER_THREADS: '0' })).toThrow(
      /PLANNER_THREADS/,
    );
  });
});
