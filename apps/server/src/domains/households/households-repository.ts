import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  householdInvitations,
  householdMembers,
  households,
  kitchenItems,
  kitchenStaples,
  kitchenStaplesSet,
  mealPlans,
  users,
  type HouseholdInvitationRow,
  type HouseholdRow,
  userPreferences,
  type UserPreferencesRow,
} from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';

/** A user's household as their membership row sees it. */
export interface Membership {
  householdId: string;
  role: 'owner' | 'member';
  dataUserId: string;
  servingSize: number | null;
}

export interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string | null;
  email: string;
  role: 'owner' | 'member';
  joinedAt: Date;
}

export function createHouseholdsRepository(db: Database) {
  /**
   * Deletes the household's unused invitations of `email` (their links
   * stop working at once) and answers when each would have run out.
   */
  async function deleteOpenInvitations(
    householdId: string,
    email: string,
    tx: Executor,
  ): Promise<Date[]> {
    const rows = await tx
      .delete(householdInvitations)
      .where(
        and(
          eq(householdInvitations.householdId, householdId),
          eq(householdInvitations.email, email),
          isNull(householdInvitations.usedAt),
        ),
      )
      .returning({ expiresAt: householdInvitations.expiresAt });
    return rows.map((row) => row.expiresAt);
  }

  return {
    async membership(
      userId: string,
      tx: Executor = db,
    ): Promise<Membership | null> {
      const [row] = await tx
        .select({
          householdId: householdMembers.householdId,
          role: householdMembers.role,
          dataUserId: households.dataUserId,
          servingSize: households.servingSize,
        })
        .from(householdMembers)
        .innerJoin(households, eq(households.id, householdMembers.householdId))
        .where(eq(householdMembers.userId, userId));
      return row ?? null;
    },

    /** The household whose plan is keyed by `dataUserId`, if any. */
    async byDataUser(
      dataUserId: string,
      tx: Executor = db,
    ): Promise<HouseholdRow | null> {
      const [row] = await tx
        .select()
        .from(households)
        .where(eq(households.dataUserId, dataUserId));
      return row ?? null;
    },

    /** A household of one, owned by `userId`; null if they already have one. */
    async createAlone(userId: string, tx: Executor): Promise<boolean> {
      const [household] = await tx
        .insert(households)
        .values({ dataUserId: userId })
        .returning({ id: households.id });
      if (!household) throw new Error('household not created');
      const added = await tx
        .insert(householdMembers)
        .values({ userId, householdId: household.id, role: 'owner' })
        .onConflictDoNothing()
        .returning({ userId: householdMembers.userId });
      if (added.length === 0) {
        await tx.delete(households).where(eq(households.id, household.id));
        return false;
      }
      return true;
    },

    async members(
      householdId: string,
      tx: Executor = db,
    ): Promise<MemberRow[]> {
      return tx
        .select({
          userId: householdMembers.userId,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: householdMembers.role,
          joinedAt: householdMembers.joinedAt,
        })
        .from(householdMembers)
        .innerJoin(users, eq(users.id, householdMembers.userId))
        .where(eq(householdMembers.householdId, householdId))
        .orderBy(asc(householdMembers.joinedAt), asc(users.email));
    },

    /** Locks the household's row until `tx` ends: its changes queue up. */
    async lock(householdId: string, tx: Executor): Promise<void> {
      await tx
        .select({ id: households.id })
        .from(households)
        .where(eq(households.id, householdId))
        .for('update');
    },

    async addMember(
      userId: string,
      householdId: string,
      role: 'owner' | 'member',
      tx: Executor,
    ): Promise<void> {
      await tx.insert(householdMembers).values({ userId, householdId, role });
    },

    async removeMember(userId: string, tx: Executor): Promise<void> {
      await tx
        .delete(householdMembers)
        .where(eq(householdMembers.userId, userId));
    },

    async deleteHousehold(householdId: string, tx: Executor): Promise<void> {
      await tx.delete(households).where(eq(households.id, householdId));
    },

    async setRole(
      userId: string,
      role: 'owner' | 'member',
      tx: Executor,
    ): Promise<void> {
      await tx
        .update(householdMembers)
        .set({ role })
        .where(eq(householdMembers.userId, userId));
    },

    async setServingSize(
      householdId: string,
      servingSize: number | null,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(households)
        .set({ servingSize })
        .where(eq(households.id, householdId));
    },

    /**
     * Moves the household's plan (and, by ON UPDATE CASCADE, its meals) and
     * its kitchen (issue 20) from one member's id to another's, and the
     * household's key with it.
     */
    async rekeyPlan(
      householdId: string,
      from: string,
      to: string,
      tx: Executor,
    ): Promise<void> {
      await tx.delete(mealPlans).where(eq(mealPlans.userId, to));
      await tx
        .update(mealPlans)
        .set({ userId: to })
        .where(eq(mealPlans.userId, from));
      for (const table of [kitchenItems, kitchenStaples, kitchenStaplesSet]) {
        await tx.delete(table).where(eq(table.userId, to));
        await tx
          .update(table)
          .set({ userId: to })
          .where(eq(table.userId, from));
      }
      await tx
        .update(households)
        .set({ dataUserId: to })
        .where(eq(households.id, householdId));
    },

    /** Drops a plan kept under `userId` (a member takes nothing along). */
    async deletePlan(userId: string, tx: Executor): Promise<void> {
      await tx.delete(mealPlans).where(eq(mealPlans.userId, userId));
    },

    async preferencesOf(userIds: string[]): Promise<UserPreferencesRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(userPreferences)
        .where(inArray(userPreferences.userId, userIds));
    },

    async userEmail(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      return row?.email ?? null;
    },

    async userByEmail(
      email: string,
    ): Promise<{ id: string; firstName: string } | null> {
      const [row] = await db
        .select({ id: users.id, firstName: users.firstName })
        .from(users)
        .where(eq(users.email, email));
      return row ?? null;
    },

    deleteOpenInvitations,

    /**
     * Re-sending: the address's open invitation gives way to the new one.
     * Answers whether there was one (expired or not).
     */
    async replaceInvitation(
      row: HouseholdInvitationRow,
      tx: Executor,
    ): Promise<boolean> {
      const replaced = await deleteOpenInvitations(
        row.householdId,
        row.email,
        tx,
      );
      await tx.insert(householdInvitations).values(row);
      return replaced.length > 0;
    },

    /** Unused invitations whose link runs out after `since`. */
    async openInvitations(
      householdId: string,
      since: Date,
    ): Promise<HouseholdInvitationRow[]> {
      return db
        .select()
        .from(householdInvitations)
        .where(
          and(
            eq(householdInvitations.householdId, householdId),
            isNull(householdInvitations.usedAt),
            gt(householdInvitations.expiresAt, since),
          ),
        )
        .orderBy(asc(householdInvitations.createdAt));
    },

    /** The invitation, locked until `tx` ends (one join per link). */
    async invitationForUpdate(
      tokenHash: string,
      tx: Executor,
    ): Promise<HouseholdInvitationRow | null> {
      const [row] = await tx
        .select()
        .from(householdInvitations)
        .where(eq(householdInvitations.tokenHash, tokenHash))
        .for('update');
      return row ?? null;
    },

    async markUsed(tokenHash: string, at: Date, tx: Executor): Promise<void> {
      await tx
        .update(householdInvitations)
        .set({ usedAt: at })
        .where(eq(householdInvitations.tokenHash, tokenHash));
    },
  };
}

export type HouseholdsRepository = ReturnType<
  typeof createHouseholdsRepository
>;
