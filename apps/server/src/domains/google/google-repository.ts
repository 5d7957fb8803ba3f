import { and, eq, gt, lte } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  googleSignInAttempts,
  type GoogleSignInAttemptRow,
} from '../../db/schema/google-sign-in.js';

/** The `google_sign_in_attempts` table: one row per redirect to Google. */
export function createGoogleRepository(db: Database) {
  return {
    async insert(row: GoogleSignInAttemptRow): Promise<void> {
      await db.insert(googleSignInAttempts).values(row);
    },

    /**
     * Single use (S28): deletes the attempt and answers it only if it was
     * still unexpired, so a replayed or concurrent callback finds nothing.
     */
    async consume(
      stateHash: string,
      now: Date,
    ): Promise<GoogleSignInAttemptRow | null> {
      const [row] = await db
        .delete(googleSignInAttempts)
        .where(
          and(
            eq(googleSignInAttempts.stateHash, stateHash),
            gt(googleSignInAttempts.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Drops attempts nobody came back from. */
    async pruneExpired(now: Date): Promise<void> {
      await db
        .delete(googleSignInAttempts)
        .where(lte(googleSignInAttempts.expiresAt, now));
    },
  };
}

export type GoogleRepository = ReturnType<typeof createGoogleRepository>;
