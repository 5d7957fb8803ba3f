import { and, count, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  userIdentities,
  users,
  type NewUserRow,
  type UserRow,
} from '../../db/schema/users.js';
import type { Executor } from '../../db/transaction.js';

/** PostgreSQL's unique_violation, raised by both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps the driver's error in `cause`.
  for (let depth = 0; depth < 3 && current; depth += 1) {
    if (
      typeof current === 'object' &&
      'code' in current &&
      current.code === '23505'
    ) {
      return true;
    }
    current =
      typeof current === 'object' && 'cause' in current
        ? current.cause
        : undefined;
  }
  return false;
}

export interface GoogleIdentity {
  /** The ID token's `sub`. */
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName?: string | null;
}

/** Names the lock that start-up takes around creating the first admin. */
const INITIAL_ADMIN_LOCK_KEY = 0x706c_6164; // "plad"

export function createUsersRepository(db: Database) {
  const repo = {
    /**
     * Holds, until `tx` ends, the lock that processes starting together on
     * one PostgreSQL take in turn before they look for and create the first
     * administrator, so only one of them creates it.
     */
    async lockInitialAdmin(tx: Executor): Promise<void> {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(${INITIAL_ADMIN_LOCK_KEY})`,
      );
    },

    async findById(id: string, tx: Executor = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },

    /** `email` must already be normalised (EmailSchema lower-cases it). */
    async findByEmail(
      email: string,
      tx: Executor = db,
    ): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.email, email));
      return row ?? null;
    },

    /** Throws a unique violation (see isUniqueViolation) for a taken e-mail. */
    async insert(values: NewUserRow, tx: Executor = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },

    async update(
      id: string,
      values: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>,
      tx: Executor = db,
    ): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * A repeated sign-up for an address nobody has verified (ADR 008):
     * replaces what the earlier sign-up chose. Answers null when the address
     * is verified by now, so a verified account is never overwritten.
     */
    async replacePendingSignup(
      email: string,
      values: Pick<
        NewUserRow,
        | 'firstName'
        | 'lastName'
        | 'phoneNumber'
        | 'state'
        | 'zipCode'
        | 'passwordHash'
        | 'updatedAt'
      >,
      tx: Executor = db,
    ): Promise<UserRow | null> {
      const [row] = await tx
        .update(users)
        .set(values)
        .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
        .returning();
      return row ?? null;
    },

    /** Deletes the user; sessions, verifications and identities cascade. */
    async delete(id: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(users)
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    async countAdmins(
      options: { activeOnly: boolean },
      tx: Executor = db,
    ): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.role, 'admin'),
            options.activeOnly ? eq(users.isActive, true) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async findByIdentity(
      provider: string,
      subject: string,
      tx: Executor = db,
    ): Promise<UserRow | null> {
      const [row] = await tx
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, eq(users.id, userIdentities.userId))
        .where(
          and(
            eq(userIdentities.provider, provider),
            eq(userIdentities.subject, subject),
          ),
        );
      return row?.user ?? null;
    },

    /** Whether the user can sign in with a third party (Google). */
    async hasIdentity(userId: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(eq(userIdentities.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    async linkIdentity(
      values: {
        provider: string;
        subject: string;
        userId: string;
        email: string | null;
      },
      tx: Executor = db,
    ): Promise<void> {
      await tx.insert(userIdentities).values(values).onConflictDoNothing();
    },

    /**
     * The user signed in with this Google identity, created on first sight
     * (security.md S29): found by (provider, subject), never by e-mail.
     * A new user gets no password and a verified address only when Google
     * says it is verified. An existing account with the same e-mail is not
     * linked here (that needs proof of the password first), so in that case
     * `conflict` is returned with that account and nothing is created. A
     * sign-up that was never verified is replaced instead (ADR 008).
     * With `allowCreate: false` (sign-up closed by an admin) nothing is
     * created or replaced: `closed` is returned.
     */
    async findOrCreateByGoogleIdentity(
      identity: GoogleIdentity,
      now: Date,
      options: { allowCreate?: boolean } = {},
    ): Promise<
      | { user: UserRow; created: boolean }
      | { conflict: 'email_taken'; existing: UserRow }
      | { closed: true }
    > {
      const existing = await repo.findByIdentity('google', identity.subject);
      if (existing) return { user: existing, created: false };
      return db.transaction(async (tx) => {
        const email = identity.email.trim().toLowerCase();
        const existing = await repo.findByEmail(email, tx);
        if (
          existing &&
          existing.emailVerifiedAt === null &&
          existing.isActive &&
          identity.emailVerified
        ) {
          if (options.allowCreate === false) return { closed: true as const };
          // A sign-up nobody verified proves nothing, and its password may
          // be someone else's (ADR 008): Google has just proved the address,
          // so the account starts afresh as this identity's, inheriting
          // neither the password nor anything else the sign-up chose.
          await repo.delete(existing.id, tx);
        } else if (existing) {
          return { conflict: 'email_taken' as const, existing };
        }
        if (options.allowCreate === false) return { closed: true as const };
        const user = await repo.insert(
          {
            email,
            firstName: identity.firstName,
            lastName: identity.lastName ?? null,
            passwordHash: null,
            emailVerifiedAt: identity.emailVerified ? now : null,
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        await repo.linkIdentity(
          {
            provider: 'google',
            subject: identity.subject,
            userId: user.id,
            email,
          },
          tx,
        );
        return { user, created: true };
      });
    },
  };
  return repo;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
