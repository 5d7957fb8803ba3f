import { describe, expect, it } from 'vitest';

import { TooManyRequestsError } from '../errors.js';
import {
  createFairPlannerQueue,
  createInProcessUserLimits,
  type UserWorkLimits,
} from './fair-queue.js';
import { PlannerBusyError, type PlannerPool } from './planner-pool.js';
import type { SharedCatalogue } from './planner-protocol.js';

/**
 * The queue decides the order of work, so these tests count that order on
 * a pool whose tasks end only when the test says so: no clock involved.
 */

interface Started {
  owner: string;
  label: string;
  end(error?: Error): void;
}

function controlledPool(capacity: number) {
  const started: Started[] = [];
  const running: Started[] = [];
  let closed = false;
  const pool: PlannerPool = {
    run(_op, _catalogue, input, owner = '') {
      return new Promise((resolve, reject) => {
        const task: Started = {
          owner,
          label: String((input as { seed?: number }).seed),
          end: (error) =>
            error ? reject(error) : resolve({ meals: [] } as never),
        };
        started.push(task);
        running.push(task);
      });
    },
    threads: capacity,
    capacity,
    async close() {
      closed = true;
    },
  };
  /** Ends the oldest running task and lets the queue hand out the next. */
  async function endNext(error?: Error): Promise<void> {
    const task = running.shift();
    if (!task) throw new Error('nothing is running');
    task.end(error);
    await settle();
  }
  return {
    pool,
    started,
    isClosed: () => closed,
    finishNext: () => endNext(),
    failNext: (error: Error) => endNext(error),
  };
}

/** Lets promise callbacks (the queue's bookkeeping) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

const catalogue = {} as SharedCatalogue;

function queueOver(
  pool: PlannerPool,
  overrides: Partial<Parameters<typeof createFairPlannerQueue>[1]> = {},
) {
  return createFairPlannerQueue(pool, {
    concurrency: pool.capacity,
    maxQueue: 100,
    limits: createInProcessUserLimits(100),
    limitMessage: 'Too many',
    ...overrides,
  });
}

/** Submits one task of `owner`, labelled by its seed. */
function submit(queue: PlannerPool, owner: string, seed: number) {
  const done = queue.run('generatePlan', catalogue, { seed } as never, owner);
  // Failures are asserted where they matter; keep the rest from going unhandled.
  done.catch(() => undefined);
  return done;
}

const order = (started: readonly Started[]) =>
  started.map((task) => `${task.owner}${task.label}`);

describe('the fair planner queue', () => {
  it("runs another user's first request right after the running one, whatever one user has queued", async () => {
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool);
    for (let i = 1; i <= 30; i += 1) void submit(queue, 'a', i);
    await settle();
    void submit(queue, 'b', 1);
    await settle();
    // Only a1 is running; b1 is next, before a2..a30.
    expect(order(threads.started)).toEqual(['a1']);
    await threads.finishNext();
    expect(order(threads.started)).toEqual(['a1', 'b1']);
  });

  it('gives bursting users turns, one task each', async () => {
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool);
    for (let i = 1; i <= 3; i += 1) void submit(queue, 'a', i);
    for (let i = 1; i <= 3; i += 1) void submit(queue, 'b', i);
    for (let i = 1; i <= 2; i += 1) void submit(queue, 'c', i);
    await settle();
    for (let i = 0; i < 8; i += 1) await threads.finishNext();
    expect(order(threads.started)).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
      'b2',
      'c2',
      'a3',
      'b3',
    ]);
  });

  it('keeps every thread busy and gives a newcomer the next free one', async () => {
    const threads = controlledPool(2);
    const queue = queueOver(threads.pool);
    for (let i = 1; i <= 10; i += 1) void submit(queue, 'a', i);
    await settle();
    expect(order(threads.started)).toEqual(['a1', 'a2']);
    void submit(queue, 'b', 1);
    void submit(queue, 'c', 1);
    await settle();
    await threads.finishNext();
    await threads.finishNext();
    expect(order(threads.started)).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  it("hands each task's answer to its own caller", async () => {
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool);
    const first = submit(queue, 'a', 1);
    const second = submit(queue, 'b', 2);
    await settle();
    await threads.failNext(new Error('planner failed'));
    await threads.finishNext();
    await expect(first).rejects.toThrow('planner failed');
    await expect(second).resolves.toEqual({ meals: [] });
  });

  it('refuses a user beyond their limit with 429 and Retry-After, and frees the slot when a task ends', async () => {
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool, {
      limits: createInProcessUserLimits(2),
    });
    void submit(queue, 'a', 1);
    void submit(queue, 'a', 2);
    const refused = submit(queue, 'a', 3);
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    const error = await refused.catch((caught: unknown) => caught);
    expect((error as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(
      0,
    );
    // Another user is not affected by a's limit.
    void submit(queue, 'b', 1);
    await settle();
    await threads.finishNext();
    await settle();
    void submit(queue, 'a', 4);
    await settle();
    expect(threads.started.length).toBe(2);
    for (let i = 0; i < 3; i += 1) await threads.finishNext();
    expect(order(threads.started)).toEqual(['a1', 'b1', 'a2', 'a4']);
  });

  it('refuses work beyond the total queue with PlannerBusyError (503)', async () => {
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool, { maxQueue: 2 });
    void submit(queue, 'a', 1); // running
    void submit(queue, 'b', 1); // waiting
    void submit(queue, 'c', 1); // waiting
    await settle();
    await expect(submit(queue, 'd', 1)).rejects.toBeInstanceOf(
      PlannerBusyError,
    );
    await threads.finishNext();
    void submit(queue, 'd', 2);
    await settle();
    for (let i = 0; i < 3; i += 1) await threads.finishNext();
    expect(order(threads.started)).toEqual(['a1', 'b1', 'c1', 'd2']);
  });

  it('asks the limits for a slot per task and gives each back once', async () => {
    const calls: string[] = [];
    const limits: UserWorkLimits = {
      async acquire(owner) {
        calls.push(`acquire ${owner}`);
        return true;
      },
      async release(owner) {
        calls.push(`release ${owner}`);
      },
    };
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool, { limits });
    const done = submit(queue, 'a', 1);
    await settle();
    await threads.failNext(new Error('planner failed'));
    await expect(done).rejects.toThrow();
    await settle();
    expect(calls).toEqual(['acquire a', 'release a']);
  });

  it('refuses waiting and new work once closed, and closes the pool', async () => {
    const threads = controlledPool(1);
    const queue = queueOver(threads.pool);
    void submit(queue, 'a', 1);
    const waiting = submit(queue, 'a', 2);
    await settle();
    await queue.close();
    await expect(waiting).rejects.toBeInstanceOf(PlannerBusyError);
    await expect(submit(queue, 'b', 1)).rejects.toBeInstanceOf(
      PlannerBusyError,
    );
    expect(threads.isClosed()).toBe(true);
  });
});
