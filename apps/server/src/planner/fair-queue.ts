import { TooManyRequestsError } from '../errors.js';
import { PlannerBusyError, type PlannerPool } from './planner-pool.js';
import type { PlannerOperations } from './planner-protocol.js';

/**
 * A fair queue in front of the planner's worker threads. A plain FIFO lets
 * one user's burst (30 generations at once) fill the queue, and everyone
 * else waits behind it. Here each user has a queue of their own, and a free
 * thread takes the next task of the user with the fewest tasks running,
 * the least recently served first: a user's first request waits for at most
 * the generation that is running, never for another user's backlog, and
 * bursting users take turns.
 *
 * - At most `concurrency` tasks are handed to the pool at once (its
 *   threads), so the order of work is decided here, not in its FIFO.
 * - `maxQueue` tasks may wait in all; beyond, PlannerBusyError (503 with
 *   Retry-After): the planner is saturated for everyone.
 * - A user may have `limits` tasks waiting or running; beyond, 429 with
 *   Retry-After: that user should wait for their own work first.
 */

/**
 * How much planner work one user may have waiting or running at once.
 * Asynchronous so that a limit shared by several server processes (a Redis
 * counter per user) can implement it; createInProcessUserLimits counts in
 * this process only, which is what runs today (one API process; a separate
 * plan-generator process counts its own).
 */
export interface UserWorkLimits {
  /** Takes one of the user's slots; false when they are all taken. */
  acquire(owner: string): Promise<boolean>;
  /** Gives a slot back when its task has ended (however it ended). */
  release(owner: string): Promise<void>;
}

export function createInProcessUserLimits(perUser: number): UserWorkLimits {
  const held = new Map<string, number>();
  return {
    async acquire(owner) {
      const count = held.get(owner) ?? 0;
      if (count >= perUser) return false;
      held.set(owner, count + 1);
      return true;
    },
    async release(owner) {
      const count = (held.get(owner) ?? 0) - 1;
      if (count > 0) held.set(owner, count);
      else held.delete(owner);
    },
  };
}

export interface FairQueueOptions {
  /** Tasks handed to the pool at once: its threads. */
  concurrency: number;
  /** Tasks that may wait in all (PLANNER_QUEUE_MAX). */
  maxQueue: number;
  /** Per-user slots (PLANNER_USER_QUEUE_MAX). */
  limits: UserWorkLimits;
  /** The 429's text. */
  limitMessage: string;
  /** Milliseconds since some origin, for the Retry-After estimate only. */
  now?: () => number;
}

/** Work without a user (none today) shares one queue. */
const NO_OWNER = '';

/** The first guess of a generation's length, before any has been timed. */
const INITIAL_ESTIMATE_MS = 1_000;

interface Job {
  start(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface OwnerQueue {
  waiting: Job[];
  running: number;
  /** When this owner was last served, as a running number (0: never). */
  servedAt: number;
}

export function createFairPlannerQueue(
  pool: PlannerPool,
  options: FairQueueOptions,
): PlannerPool {
  const concurrency = Math.max(1, options.concurrency);
  const maxQueue = Math.max(0, options.maxQueue);
  const { limits } = options;
  const now = options.now ?? (() => performance.now());
  const owners = new Map<string, OwnerQueue>();
  let waitingTotal = 0;
  let runningTotal = 0;
  let serveCount = 0;
  let closed = false;
  // A moving average of how long a task takes, for Retry-After.
  let averageMs = INITIAL_ESTIMATE_MS;

  /** The owner a free thread serves next: fewest running, longest unserved. */
  function nextOwner(): OwnerQueue | undefined {
    let best: OwnerQueue | undefined;
    for (const queue of owners.values()) {
      if (queue.waiting.length === 0) continue;
      if (
        !best ||
        queue.running < best.running ||
        (queue.running === best.running && queue.servedAt < best.servedAt)
      ) {
        best = queue;
      }
    }
    return best;
  }

  function pump(): void {
    while (runningTotal < concurrency) {
      const queue = nextOwner();
      const job = queue?.waiting.shift();
      if (!queue || !job) return;
      waitingTotal -= 1;
      runningTotal += 1;
      queue.running += 1;
      serveCount += 1;
      queue.servedAt = serveCount;
      const started = now();
      job
        .start()
        .then(job.resolve, job.reject)
        .finally(() => {
          averageMs = 0.8 * averageMs + 0.2 * Math.max(0, now() - started);
          runningTotal -= 1;
          queue.running -= 1;
          pump();
        });
    }
  }

  function ownerQueue(owner: string): OwnerQueue {
    let queue = owners.get(owner);
    if (!queue) {
      queue = { waiting: [], running: 0, servedAt: 0 };
      owners.set(owner, queue);
    }
    return queue;
  }

  function forget(owner: string): void {
    const queue = owners.get(owner);
    if (queue && queue.waiting.length === 0 && queue.running === 0) {
      owners.delete(owner);
    }
  }

  /** Seconds until a task queued now would likely have run. */
  function retryAfterSeconds(ahead: number): number {
    return Math.max(1, Math.ceil((ahead * averageMs) / concurrency / 1000));
  }

  return {
    async run(op, catalogue, input, owner = NO_OWNER) {
      if (closed) throw new PlannerBusyError();
      if (!(await limits.acquire(owner))) {
        const own = owners.get(owner);
        throw new TooManyRequestsError(
          options.limitMessage,
          retryAfterSeconds((own?.waiting.length ?? 0) + (own?.running ?? 0)),
        );
      }
      // Checked after the await, right before the task joins the queue, so
      // requests arriving together cannot all pass a check made earlier.
      if (closed || (waitingTotal >= maxQueue && runningTotal >= concurrency)) {
        await limits.release(owner);
        throw new PlannerBusyError();
      }
      try {
        const result = await new Promise<unknown>((resolve, reject) => {
          ownerQueue(owner).waiting.push({
            start: () => pool.run(op, catalogue, input, owner),
            resolve,
            reject,
          });
          waitingTotal += 1;
          pump();
        });
        return result as PlannerOperations[typeof op]['output'];
      } finally {
        forget(owner);
        await limits.release(owner);
      }
    },
    get threads() {
      return pool.threads;
    },
    capacity: concurrency,
    async close() {
      closed = true;
      // Tasks still waiting will never run: refuse them as a full queue would.
      for (const queue of owners.values()) {
        for (const job of queue.waiting.splice(0)) {
          waitingTotal -= 1;
          job.reject(new PlannerBusyError());
        }
      }
      await pool.close();
    },
  };
}
