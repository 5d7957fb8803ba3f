import { eq, lt } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { throttles, type ThrottleRow } from '../../db/schema/throttles.js';
import type { Executor } from '../../db/transaction.js';

export function createThrottlesRepository(db: Database) {
  return {
    /**
     * The row for `key`, locked until the transaction ends; an empty row is
     * created first so that two first hits cannot both insert.
     */
    async lock(key: string, now: Date, tx: Executor): Promise<ThrottleRow> {
      await tx
        .insert(throttles)
        .values({ key, count: 0, windowStartedAt: now, expiresAt: now })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(throttles)
        .where(eq(throttles.key, key))
        .for('update');
      if (!row) throw new Error('throttle row vanished inside a transaction');
      return row;
    },
    async save(row: ThrottleRow, tx: Executor = db): Promise<void> {
      await tx.update(throttles).set(row).where(eq(throttles.key, row.key));
    },
    async find(key: string, tx: Executor = db): Promise<ThrottleRow | null> {
      const [row] = await tx
        .select()
        .from(throttles)
        .where(eq(throttles.key, key));
      return row ?? null;
    },
    async delete(key: string, tx: Executor = db): Promise<void> {
      await tx.delete(throttles).where(eq(throttles.key, key));
    },
    /** Rows whose counters and locks have all run out. */
    async prune(now: Date, tx: Executor = db): Promise<void> {
      await tx.delete(throttles).where(lt(throttles.expiresAt, now));
    },
  };
}

export type ThrottlesRepository = ReturnType<typeof createThrottlesRepository>;
