import { and, eq, lt, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  verifications,
  type VerificationRow,
  type VerificationType,
} from '../../db/schema/verifications.js';
import type { Executor } from '../../db/transaction.js';

export function createVerificationsRepository(db: Database) {
  return {
    /** Stores a new secret for (target, type), replacing the old one (S04, S15). */
    async replace(
      values: {
        type: VerificationType;
        target: string;
        userId: string;
        codeHash: string;
        expiresAt: Date;
        createdAt: Date;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insert(verifications)
        .values({ ...values, attempts: 0 })
        .onConflictDoUpdate({
          target: [verifications.target, verifications.type],
          set: {
            userId: values.userId,
            codeHash: values.codeHash,
            expiresAt: values.expiresAt,
            createdAt: values.createdAt,
            attempts: 0,
          },
        });
    },

    async find(
      type: VerificationType,
      target: string,
      tx: Executor = db,
    ): Promise<VerificationRow | null> {
      const [row] = await tx
        .select()
        .from(verifications)
        .where(
          and(eq(verifications.type, type), eq(verifications.target, target)),
        );
      return row ?? null;
    },

    /**
     * Counts a wrong try unless the limit is reached; returns the new count,
     * or null when the secret is already void (or gone).
     */
    async addAttempt(
      id: string,
      maxAttempts: number,
      tx: Executor = db,
    ): Promise<number | null> {
      const [row] = await tx
        .update(verifications)
        .set({ attempts: sql`${verifications.attempts} + 1` })
        .where(
          and(
            eq(verifications.id, id),
            lt(verifications.attempts, maxAttempts),
          ),
        )
        .returning({ attempts: verifications.attempts });
      return row?.attempts ?? null;
    },

    /**
     * Deletes the row if it still holds this hash: the one winner of a
     * double submit gets true, everyone else false (single use, R08).
     */
    async consume(
      id: string,
      codeHash: string,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .delete(verifications)
        .where(
          and(eq(verifications.id, id), eq(verifications.codeHash, codeHash)),
        )
        .returning({ id: verifications.id });
      return rows.length > 0;
    },

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.delete(verifications).where(eq(verifications.id, id));
    },

    /** Voids the secret of this type for this address, if there is one. */
    async deleteFor(
      type: VerificationType,
      target: string,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .delete(verifications)
        .where(
          and(eq(verifications.type, type), eq(verifications.target, target)),
        );
    },
  };
}

export type VerificationsRepository = ReturnType<
  typeof createVerificationsRepository
>;
