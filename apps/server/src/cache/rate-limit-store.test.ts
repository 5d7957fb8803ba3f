import { randomUUID } from 'node:crypto';

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { getTestDatabase, testDbDriver } from '../test/build-app.js';
import {
  postgresCounters,
  redisCounters,
  type CounterBackend,
} from './rate-limit-store.js';

/**
 * Issue 17: request counters that two processes share. Two backends stand
 * for two processes (the whole path through two real processes is in
 * several-processes.test.ts). Redis runs when TEST_REDIS_URL is set
 * (e.g. redis://127.0.0.1:6379/5).
 */

async function countsAcross(first: CounterBackend, second: CounterBackend) {
  const key = `test:${randomUUID()}`;
  const counts = [];
  for (const backend of [first, second, first, second]) {
    counts.push((await backend.hit(key, 60_000)).current);
  }
  expect(counts).toEqual([1, 2, 3, 4]);
  const { ttl } = await second.hit(key, 60_000);
  expect(ttl).toBeGreaterThan(0);
  expect(ttl).toBeLessThanOrEqual(60_000);
}

describe.skipIf(testDbDriver() !== 'postgres')('PostgreSQL counters', () => {
  it('count one key across two counters over the pool', async () => {
    const { db } = await getTestDatabase();
    await countsAcross(postgresCounters(db), postgresCounters(db));
  });

  it('start again once the window has passed', async () => {
    const { db } = await getTestDatabase();
    const counters = postgresCounters(db);
    const key = `test:${randomUUID()}`;
    expect((await counters.hit(key, 1)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await counters.hit(key, 60_000)).current).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('Redis counters', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('count one key across two connections', async () => {
    const a = new Redis(redisUrl ?? '');
    const b = new Redis(redisUrl ?? '');
    clients.push(a, b);
    await countsAcross(redisCounters(a), redisCounters(b));
  });
});
