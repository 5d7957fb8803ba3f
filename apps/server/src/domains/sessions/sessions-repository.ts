import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { sessions, type SessionRow } from '../../db/schema/sessions.js';
import { users, type UserRow } from '../../db/schema/users.js';
import type { Executor } from '../../db/transaction.js';

export type NewSession = typeof sessions.$inferInsert;

export function createSessionsRepository(db: Database) {
  return {
    async insert(values: NewSession, tx: Executor = db): Promise<SessionRow> {
      const [row] = await tx.insert(sessions).values(values).returning();
      if (!row) throw new Error('insert into sessions returned nothing');
      return row;
    },

    /** The session and its user in one query: every request runs this (S24, S34). */
    async findWithUser(
      id: string,
      tx: Executor = db,
    ): Promise<{ session: SessionRow; user: UserRow } | null> {
      const [row] = await tx
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, id));
      return row ?? null;
    },

    /**
     * Rotates the refresh token if `presentedHash` is still the current one;
     * of two concurrent refreshes exactly one gets the row back. With
     * `presentedHash` null (a password change renews a live session without a
     * presented token) it replaces the current token and keeps no parent, so
     * no earlier token has a grace window.
     */
    async rotate(
      id: string,
      presentedHash: string | null,
      nextHash: string,
      now: Date,
      tx: Executor = db,
    ): Promise<SessionRow | null> {
      const [row] = await tx
        .update(sessions)
        .set({
          refreshTokenHash: nextHash,
          previousRefreshTokenHash: presentedHash,
          rotatedAt: now,
          lastActiveAt: now,
        })
        .where(
          and(
            eq(sessions.id, id),
            presentedHash === null
              ? undefined
              : eq(sessions.refreshTokenHash, presentedHash),
            isNull(sessions.revokedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    async touch(id: string, now: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ lastActiveAt: now })
        .where(eq(sessions.id, id));
    },

    /** Returns whether a live session was revoked. */
    async revoke(
      id: string,
      reason: string,
      now: Date,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },

    /** Revokes every live session of a user, except one if given; returns the count. */
    async revokeAllForUser(
      userId: string,
      reason: string,
      now: Date,
      options: { exceptSessionId?: string } = {},
      tx: Executor = db,
    ): Promise<number> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            options.exceptSessionId
              ? ne(sessions.id, options.exceptSessionId)
              : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Sessions not revoked, before their absolute end and not idle too long. */
    listActive(
      userId: string,
      now: Date,
      idleSince: Date,
      tx: Executor = db,
    ): Promise<SessionRow[]> {
      return tx
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastActiveAt, idleSince),
          ),
        )
        .orderBy(desc(sessions.lastActiveAt));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
