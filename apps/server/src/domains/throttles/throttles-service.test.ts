import { beforeEach, describe, expect, it } from 'vitest';

import { throttles as throttlesTable } from '../../db/schema/throttles.js';
import { transactionRunner } from '../../db/transaction.js';
import { createSecretKeys } from '../../security/secrets.js';
import {
  getTestDatabase,
  resetDatabase,
  TEST_JWT_SECRET,
} from '../../test/build-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { createThrottlesRepository } from './throttles-repository.js';
import { createThrottles, PRUNE_EVERY_SECONDS } from './throttles-service.js';

const limits = { threshold: 10, windowSeconds: 60, lockSeconds: 300 };

async function setup() {
  const { db } = await getTestDatabase();
  const clock = createTestClock(new Date('2026-11-27T08:00:00Z'));
  const throttles = createThrottles({
    repo: createThrottlesRepository(db),
    transaction: transactionRunner(db),
    clock,
    keys: createSecretKeys(TEST_JWT_SECRET),
  });
  const rows = async () => (await db.select().from(throttlesTable)).length;
  return { throttles, clock, rows };
}

describe('throttles: pruning expired rows', () => {
  beforeEach(() => resetDatabase());

  it('drops rows that ran out when a new address arrives', async () => {
    const { throttles, clock, rows } = await setup();
    await throttles.recordFailure('login', 'a@example.com', limits);
    clock.advance(PRUNE_EVERY_SECONDS + limits.windowSeconds);
    await throttles.recordFailure('login', 'b@example.com', limits);
    // a@'s window ended: only b@ is left.
    expect(await rows()).toBe(1);
  });

  it('prunes at most once a minute, so a new address costs what a known one does (S10) and a flood of new addresses does not run a DELETE each', async () => {
    const { throttles, clock, rows } = await setup();
    const short = { ...limits, windowSeconds: 10 };
    // The first new key prunes (nothing to drop); its own row stays.
    await throttles.recordFailure('login', 'first@example.com', short);
    clock.advance(short.windowSeconds + 1);
    // first@ has run out, but the last prune was 11 s ago: a burst of new
    // addresses leaves it.
    for (let i = 0; i < 20; i += 1) {
      await throttles.recordFailure('login', `new-${i}@example.com`, short);
    }
    expect(await rows()).toBe(21);
    clock.advance(PRUNE_EVERY_SECONDS);
    await throttles.recordFailure('login', 'later@example.com', short);
    expect(await rows()).toBe(1);
  });
});
