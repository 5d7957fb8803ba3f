import { and, eq, gt, lte } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  googlePendingLinks,
  googleSignInAttempts,
  googleSignInHandoffs,
  type GooglePendingLinkRow,
  type GoogleSignInAttemptRow,
  type GoogleSignInHandoffRow,
} from '../../db/schema/google-sign-in.js';

/**
 * The `google_sign_in_attempts` table, one row per redirect to Google, and
 * `google_pending_links`, Google identities waiting for a password login, and
 * `google_sign_in_handoffs`, sign-ins waiting for their browser's tokens.
 */
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

    /** Drops attempts nobody came back from and links nobody completed. */
    async pruneExpired(now: Date): Promise<void> {
      await db
        .delete(googleSignInAttempts)
        .where(lte(googleSignInAttempts.expiresAt, now));
      await db
        .delete(googlePendingLinks)
        .where(lte(googlePendingLinks.expiresAt, now));
      await db
        .delete(googleSignInHandoffs)
        .where(lte(googleSignInHandoffs.expiresAt, now));
    },

    async insertHandoff(row: GoogleSignInHandoffRow): Promise<void> {
      await db.insert(googleSignInHandoffs).values(row);
    },

    /**
     * Single use, and only with both secrets: a code presented without its
     * browser's cookie neither answers nor uses up the handoff.
     */
    async consumeHandoff(
      codeHash: string,
      bindingHash: string,
      now: Date,
    ): Promise<GoogleSignInHandoffRow | null> {
      const [row] = await db
        .delete(googleSignInHandoffs)
        .where(
          and(
            eq(googleSignInHandoffs.codeHash, codeHash),
            eq(googleSignInHandoffs.bindingHash, bindingHash),
            gt(googleSignInHandoffs.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },

    async insertPendingLink(row: GooglePendingLinkRow): Promise<void> {
      await db.insert(googlePendingLinks).values(row);
    },

    /** Single use, like an attempt: deletes it, answers it if unexpired. */
    async consumePendingLink(
      tokenHash: string,
      now: Date,
    ): Promise<GooglePendingLinkRow | null> {
      const [row] = await db
        .delete(googlePendingLinks)
        .where(
          and(
            eq(googlePendingLinks.tokenHash, tokenHash),
            gt(googlePendingLinks.expiresAt, now),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type GoogleRepository = ReturnType<typeof createGoogleRepository>;
