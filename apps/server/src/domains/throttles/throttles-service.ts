import { addSeconds, secondsUntil, type Clock } from '../../clock.js';
import type { ThrottleRow } from '../../db/schema/throttles.js';
import type { RunInTransaction } from '../../db/transaction.js';
import type { SecretKeys } from '../../security/secrets.js';
import type { ThrottlesRepository } from './throttles-repository.js';

/**
 * Counters per purpose and e-mail address, in the database so that they hold
 * across restarts and processes (unlike the per-IP limits in memory). Keyed
 * on the normalised address whether or not an account exists (S06, S11).
 */
export type ThrottlePurpose = 'login' | 'otp-send' | 'reset-mail';

export type ThrottleDecision =
  { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface QuotaLimits {
  max: number;
  windowSeconds: number;
  /** Minimum time between two allowed hits. */
  cooldownSeconds?: number;
}

export interface LockoutLimits {
  threshold: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface Throttles {
  /** Counts one hit if the quota allows it; otherwise says how long to wait. */
  consume(
    purpose: ThrottlePurpose,
    email: string,
    limits: QuotaLimits,
  ): Promise<ThrottleDecision>;
  /** Seconds left on a lock, or null. */
  lockedFor(purpose: ThrottlePurpose, email: string): Promise<number | null>;
  /** Counts a failure; returns the lock end when this failure started one. */
  recordFailure(
    purpose: ThrottlePurpose,
    email: string,
    limits: LockoutLimits,
  ): Promise<{ lockedUntil: Date | null }>;
  clear(purpose: ThrottlePurpose, email: string): Promise<void>;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * Expired rows are dropped at most this often (per process). Pruning on every
 * new key made a first hit for an address one statement slower than a repeat
 * one, which a timing probe reads as "unknown address" (S10), and let a flood
 * of new addresses run a DELETE each.
 */
export const PRUNE_EVERY_SECONDS = 60;

export function createThrottles(deps: {
  repo: ThrottlesRepository;
  transaction: RunInTransaction;
  clock: Clock;
  keys: SecretKeys;
}): Throttles {
  const { repo, transaction, clock, keys } = deps;
  let prunedAt = Number.NEGATIVE_INFINITY;
  // No e-mail address is stored: the key is a keyed hash of it.
  const keyOf = (purpose: ThrottlePurpose, email: string) =>
    keys.hash('throttle-key', `${purpose}:${email}`);

  async function update(
    purpose: ThrottlePurpose,
    email: string,
    decide: (row: ThrottleRow, now: Date) => ThrottleRow | null,
  ): Promise<ThrottleRow | null> {
    const now = clock.now();
    let created = false;
    const result = await transaction(async (tx) => {
      const row = await repo.lock(keyOf(purpose, email), now, tx);
      created = row.lastHitAt === null && row.count === 0;
      const next = decide(row, now);
      if (next) await repo.save(next, tx);
      return next;
    });
    // A new key is the moment to drop rows that have run out, so the table
    // stays as small as the set of addresses currently being counted.
    if (created && now.getTime() - prunedAt >= PRUNE_EVERY_SECONDS * 1000) {
      prunedAt = now.getTime();
      await repo.prune(now);
    }
    return result;
  }

  return {
    async consume(purpose, email, limits) {
      let decision: ThrottleDecision = { allowed: true };
      await update(purpose, email, (row, now) => {
        const windowEnd = addSeconds(row.windowStartedAt, limits.windowSeconds);
        const fresh = now >= windowEnd;
        if (limits.cooldownSeconds && row.lastHitAt) {
          const cooldownEnd = addSeconds(row.lastHitAt, limits.cooldownSeconds);
          if (now < cooldownEnd) {
            decision = {
              allowed: false,
              retryAfterSeconds: secondsUntil(cooldownEnd, now),
            };
            return null;
          }
        }
        if (!fresh && row.count >= limits.max) {
          decision = {
            allowed: false,
            retryAfterSeconds: secondsUntil(windowEnd, now),
          };
          return null;
        }
        const windowStartedAt = fresh ? now : row.windowStartedAt;
        return {
          ...row,
          count: (fresh ? 0 : row.count) + 1,
          windowStartedAt,
          lastHitAt: now,
          expiresAt: later(
            addSeconds(windowStartedAt, limits.windowSeconds),
            addSeconds(now, limits.cooldownSeconds ?? 0),
          ),
        };
      });
      return decision;
    },

    async lockedFor(purpose, email) {
      const row = await repo.find(keyOf(purpose, email));
      const now = clock.now();
      return row?.lockedUntil && row.lockedUntil > now
        ? secondsUntil(row.lockedUntil, now)
        : null;
    },

    async recordFailure(purpose, email, limits) {
      let lockedUntil: Date | null = null;
      await update(purpose, email, (row, now) => {
        // Failures during a lock do not extend it: the lock is never
        // permanent (S11).
        if (row.lockedUntil && row.lockedUntil > now) return null;
        const windowEnd = addSeconds(row.windowStartedAt, limits.windowSeconds);
        const fresh = now >= windowEnd;
        const count = (fresh ? 0 : row.count) + 1;
        const windowStartedAt = fresh ? now : row.windowStartedAt;
        if (count >= limits.threshold) {
          lockedUntil = addSeconds(now, limits.lockSeconds);
          return {
            ...row,
            count: 0,
            windowStartedAt: now,
            lastHitAt: now,
            lockedUntil,
            expiresAt: lockedUntil,
          };
        }
        return {
          ...row,
          count,
          windowStartedAt,
          lastHitAt: now,
          lockedUntil: null,
          expiresAt: addSeconds(windowStartedAt, limits.windowSeconds),
        };
      });
      return { lockedUntil };
    },

    async clear(purpose, email) {
      await repo.delete(keyOf(purpose, email));
    },
  };
}
