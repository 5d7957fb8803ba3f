import { createHash, randomBytes } from 'node:crypto';

import {
  DIETS,
  HOUSEHOLD_EXPIRED_INVITATION_LISTED_DAYS,
  HOUSEHOLD_INVITATION_TTL_HOURS,
  householdMessages,
  type Household,
  type HouseholdInviteResponse,
} from '@platewise/shared';

import type { Clock } from '../../clock.js';
import type { UserPreferencesRow } from '../../db/schema/index.js';
import type { RunInTransaction, Transaction } from '../../db/transaction.js';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import type { AuditLog } from '../audit/audit-service.js';
import { householdInvitationMail } from '../mail/mail-templates.js';
import type { Mailer } from '../mail/mailer.js';
import type {
  HouseholdsRepository,
  MemberRow,
  Membership,
} from './households-repository.js';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * The strictest diet first: a household plans for its strictest member
 * (everyone can eat every meal). Vegan covers vegetarian; the others do not
 * combine, so the first in this order wins.
 */
const DIET_ORDER = ['vegan', 'vegetarian', 'gluten-free', 'ketogenic'];

function strictestDiet(diets: string[]): string {
  for (const diet of DIET_ORDER) if (diets.includes(diet)) return diet;
  return diets.find((diet) => DIETS.includes(diet as never)) ?? 'none';
}

const union = (lists: string[][]) => [...new Set(lists.flat())];

/** Each member's likes in turn, so every member's first likes count early. */
function interleave(lists: string[][]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const item = list[index];
      if (item === undefined || seen.has(item.toLowerCase())) continue;
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}

class InvitationExpiredError extends AppError {
  constructor() {
    super(410, 'INVITATION_EXPIRED', householdMessages.invitationExpired);
  }
}

export interface HouseholdsServiceDeps {
  repo: HouseholdsRepository;
  transaction: RunInTransaction;
  mailer: Pick<Mailer, 'deliver'>;
  audit: AuditLog;
  clock: Clock;
  publicUrl: string;
  /** The web path that accepts an invitation (the SPA's route). */
  joinPath: string;
}

/**
 * Households (issue 18). Every user is in exactly one: without a
 * membership row, alone in one of their own, made on first use. Members
 * share the plan and its ticks, which stay keyed by the owner's user id
 * (`data_user_id`): handing over ownership re-keys them. A member who
 * leaves or is removed takes nothing along and starts alone again.
 */
export function createHouseholdsService(deps: HouseholdsServiceDeps) {
  const { repo, transaction, mailer, audit, clock } = deps;
  // Unused invitations that ran out stay listed a while, to send again.
  const listedSince = () =>
    new Date(
      clock.now().getTime() -
        HOUSEHOLD_EXPIRED_INVITATION_LISTED_DAYS * 24 * 3600 * 1000,
    );
  const base = deps.publicUrl.replace(/\/+$/, '');

  async function ensure(
    userId: string,
    context: RequestContext | null,
  ): Promise<Membership> {
    const found = await repo.membership(userId);
    if (found) return found;
    const created = await transaction((tx) => repo.createAlone(userId, tx));
    const made = await repo.membership(userId);
    if (!made) throw new Error('household membership missing after create');
    // Two first requests at once: only the one whose row stayed audits.
    if (created) {
      await audit.record(context, {
        type: 'household_created',
        outcome: 'success',
        actorId: userId,
        target: made.householdId,
      });
    }
    return made;
  }

  /** The owner's membership, locked; 403 for anyone else. */
  async function ownerOf(userId: string, tx: Transaction): Promise<Membership> {
    const membership = await repo.membership(userId, tx);
    if (!membership || membership.role !== 'owner') {
      throw new ForbiddenError(householdMessages.ownerOnly);
    }
    await repo.lock(membership.householdId, tx);
    return membership;
  }

  /**
   * Takes `userId` out of their household: a household of one is deleted;
   * otherwise the member row goes. The plan stays with the household (it is
   * keyed by the owner, who is never detached while others remain).
   */
  async function detach(
    membership: Membership,
    userId: string,
    others: MemberRow[],
    tx: Transaction,
  ): Promise<void> {
    if (others.length === 0) {
      await repo.deleteHousehold(membership.householdId, tx);
      return;
    }
    await repo.removeMember(userId, tx);
  }

  function toHousehold(
    membership: Membership,
    members: MemberRow[],
    invitations: { email: string; expiresAt: Date }[],
  ): Household {
    return {
      id: membership.householdId,
      role: membership.role,
      members: members.map((member) => ({
        ...member,
        joinedAt: member.joinedAt.toISOString(),
      })),
      invitations: invitations.map((invitation) => ({
        email: invitation.email,
        expiresAt: invitation.expiresAt.toISOString(),
        expired: invitation.expiresAt.getTime() <= clock.now().getTime(),
      })),
      servingSize: membership.servingSize ?? members.length,
      servingSizeSet: membership.servingSize !== null,
      planUserId: membership.dataUserId,
    };
  }

  async function get(
    userId: string,
    context: RequestContext | null = null,
  ): Promise<Household> {
    const membership = await ensure(userId, context);
    const members = await repo.members(membership.householdId);
    const invitations =
      membership.role === 'owner'
        ? await repo.openInvitations(membership.householdId, listedSince())
        : [];
    return toHousehold(membership, members, invitations);
  }

  async function leave(userId: string, context: RequestContext) {
    const householdId = await transaction(async (tx) => {
      const membership = await repo.membership(userId, tx);
      if (!membership) throw new ConflictError(householdMessages.alone);
      await repo.lock(membership.householdId, tx);
      const others = (await repo.members(membership.householdId, tx)).filter(
        (member) => member.userId !== userId,
      );
      if (others.length === 0) throw new ConflictError(householdMessages.alone);
      if (membership.role === 'owner') {
        throw new ConflictError(householdMessages.lastOwner);
      }
      await detach(membership, userId, others, tx);
      return membership.householdId;
    });
    await audit.record(context, {
      type: 'household_left',
      outcome: 'success',
      actorId: userId,
      target: householdId,
    });
  }

  /**
   * Joins the household of the invitation `token` (its address must be the
   * caller's). Refusals are audited too: a wrong address may be a stolen
   * link.
   */
  async function join(
    userId: string,
    token: string,
    context: RequestContext,
    via: 'link' | 'signup' | 'google',
  ): Promise<Household> {
    const tokenHash = sha256(token);
    const email = await repo.userEmail(userId);
    const joining = transaction(async (tx) => {
      const invitation = await repo.invitationForUpdate(tokenHash, tx);
      if (!invitation) {
        throw new NotFoundError(householdMessages.invitationInvalid);
      }
      if (invitation.usedAt) {
        throw new ConflictError(householdMessages.invitationUsed);
      }
      if (invitation.expiresAt.getTime() <= clock.now().getTime()) {
        throw new InvitationExpiredError();
      }
      if (email !== invitation.email) {
        throw new ForbiddenError(
          householdMessages.invitationOtherEmail(invitation.email),
        );
      }
      const current = await repo.membership(userId, tx);
      if (current?.householdId === invitation.householdId) {
        throw new ConflictError(householdMessages.alreadyInHousehold);
      }
      if (current) {
        await repo.lock(current.householdId, tx);
        const others = (await repo.members(current.householdId, tx)).filter(
          (member) => member.userId !== userId,
        );
        if (current.role === 'owner' && others.length > 0) {
          throw new ConflictError(householdMessages.ownerOfOther);
        }
        await detach(current, userId, others, tx);
      }
      await repo.lock(invitation.householdId, tx);
      // The joining member shares the household's plan from now on; a
      // plan of their own would come back if they left, so it goes.
      await repo.deletePlan(userId, tx);
      await repo.addMember(userId, invitation.householdId, 'member', tx);
      await repo.markUsed(tokenHash, clock.now(), tx);
      return invitation.householdId;
    });
    let householdId: string;
    try {
      householdId = await joining;
    } catch (error) {
      if (error instanceof AppError) {
        await audit.record(context, {
          type: 'household_joined',
          outcome: error.statusCode === 403 ? 'denied' : 'failure',
          actorId: userId,
          details: { via, reason: error.code },
        });
      }
      throw error;
    }
    await audit.record(context, {
      type: 'household_joined',
      outcome: 'success',
      actorId: userId,
      target: householdId,
      details: { via },
    });
    return get(userId, context);
  }

  return {
    /**
     * Whose id keys the plan `userId` sees, and who shares it. Never
     * creates anything: a user without a household is alone.
     */
    async planAccess(
      userId: string,
    ): Promise<{ dataUserId: string; memberIds: string[] }> {
      const membership = await repo.membership(userId);
      if (!membership) return { dataUserId: userId, memberIds: [userId] };
      const members = await repo.members(membership.householdId);
      return {
        dataUserId: membership.dataUserId,
        memberIds: members.map((member) => member.userId),
      };
    },

    get,

    /** PATCH /household: the serving size (null: one per member). */
    async updateSettings(
      userId: string,
      servingSize: number | null,
      context: RequestContext,
    ): Promise<Household> {
      const membership = await ensure(userId, context);
      await repo.setServingSize(membership.householdId, servingSize);
      await audit.record(context, {
        type: 'household_settings_changed',
        outcome: 'success',
        actorId: userId,
        target: membership.householdId,
        changes: {
          servingSize: { before: membership.servingSize, after: servingSize },
        },
      });
      const members = await repo.members(membership.householdId);
      const invitations =
        membership.role === 'owner'
          ? await repo.openInvitations(membership.householdId, listedSince())
          : [];
      return toHousehold({ ...membership, servingSize }, members, invitations);
    },

    async invite(
      userId: string,
      email: string,
      context: RequestContext,
    ): Promise<HouseholdInviteResponse> {
      await ensure(userId, context);
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(
        now.getTime() + HOUSEHOLD_INVITATION_TTL_HOURS * 3600 * 1000,
      );
      const { householdId, inviterName, resent } = await transaction(
        async (tx) => {
          const membership = await ownerOf(userId, tx);
          const members = await repo.members(membership.householdId, tx);
          if (members.some((member) => member.email === email)) {
            throw new ConflictError(householdMessages.alreadyMember);
          }
          const resent = await repo.replaceInvitation(
            {
              tokenHash: sha256(token),
              householdId: membership.householdId,
              email,
              invitedBy: userId,
              createdAt: now,
              expiresAt,
              usedAt: null,
            },
            tx,
          );
          const me = members.find((member) => member.userId === userId);
          return {
            householdId: membership.householdId,
            resent,
            inviterName:
              [me?.firstName, me?.lastName].filter(Boolean).join(' ') ||
              'A Platewise user',
          };
        },
      );
      const link = `${base}${deps.joinPath}?${new URLSearchParams({ token }).toString()}`;
      const delivery = await mailer.deliver({
        to: email,
        ...householdInvitationMail({
          inviterName,
          link,
          ttlHours: HOUSEHOLD_INVITATION_TTL_HOURS,
        }),
      });
      await audit.record(context, {
        type: 'household_invitation_sent',
        outcome: delivery === 'failed' ? 'failure' : 'success',
        actorId: userId,
        target: householdId,
        // `resent`: an earlier link to this address (expired or not) was
        // replaced and no longer works.
        details: { email, delivery, resent },
      });
      const message =
        delivery === 'sent'
          ? householdMessages.invitationSent(email)
          : delivery === 'pending'
            ? householdMessages.invitationPending(email)
            : householdMessages.invitationFailed(email);
      return {
        message,
        invitation: { email, expiresAt: expiresAt.toISOString() },
        delivery,
      };
    },

    /**
     * DELETE /household/invitations/{email} (owner only): the address's
     * open invitation goes, expired or not, and its link stops working.
     * 404 when there is none.
     */
    async cancelInvitation(
      userId: string,
      email: string,
      context: RequestContext,
    ): Promise<void> {
      await ensure(userId, context);
      const { householdId, expired } = await transaction(async (tx) => {
        const membership = await ownerOf(userId, tx);
        const deleted = await repo.deleteOpenInvitations(
          membership.householdId,
          email,
          tx,
        );
        if (deleted.length === 0) {
          throw new NotFoundError(householdMessages.noInvitation);
        }
        const now = clock.now().getTime();
        return {
          householdId: membership.householdId,
          expired: deleted.every((expiresAt) => expiresAt.getTime() <= now),
        };
      });
      await audit.record(context, {
        type: 'household_invitation_cancelled',
        outcome: 'success',
        actorId: userId,
        target: householdId,
        details: { email, expired },
      });
    },

    join: (userId: string, token: string, context: RequestContext) =>
      join(userId, token, context, 'link'),

    /**
     * Joins from a sign-up that started at the invitation link, once the
     * address is verified (the verification calls this; the users domain
     * has checked that the browser is the one that signed up), or from a
     * Google sign-up that made the account (`via: 'google'`). Never throws
     * for a refused invitation: the account exists either way, and the
     * answer says why it did not join (another address, used, expired).
     */
    async joinAfterSignup(
      userId: string,
      token: string,
      context: RequestContext,
      via: 'signup' | 'google' = 'signup',
    ): Promise<{ joined: boolean; message: string }> {
      try {
        await join(userId, token, context, via);
        return { joined: true, message: householdMessages.joined };
      } catch (error) {
        if (error instanceof AppError) {
          return { joined: false, message: error.message };
        }
        throw error;
      }
    },

    /** DELETE /household/members/{userId}: the owner removes, or one leaves. */
    async removeMember(
      actorId: string,
      targetId: string,
      context: RequestContext,
    ): Promise<void> {
      if (actorId === targetId) {
        await leave(actorId, context);
        return;
      }
      await ensure(actorId, context);
      const householdId = await transaction(async (tx) => {
        const membership = await ownerOf(actorId, tx);
        const target = await repo.membership(targetId, tx);
        if (!target || target.householdId !== membership.householdId) {
          throw new NotFoundError(householdMessages.notMember);
        }
        const others = (await repo.members(membership.householdId, tx)).filter(
          (member) => member.userId !== targetId,
        );
        await detach(target, targetId, others, tx);
        return membership.householdId;
      });
      await audit.record(context, {
        type: 'household_member_removed',
        outcome: 'success',
        actorId,
        target: targetId,
        details: { householdId },
      });
    },

    /** POST /household/owner: the owner hands over; the plan goes along. */
    async transferOwnership(
      actorId: string,
      targetId: string,
      context: RequestContext,
    ): Promise<Household> {
      await ensure(actorId, context);
      const householdId = await transaction(async (tx) => {
        const membership = await ownerOf(actorId, tx);
        if (targetId === actorId) {
          throw new ConflictError(householdMessages.alreadyOwner);
        }
        const target = await repo.membership(targetId, tx);
        if (!target || target.householdId !== membership.householdId) {
          throw new NotFoundError(householdMessages.notMember);
        }
        await repo.setRole(actorId, 'member', tx);
        await repo.setRole(targetId, 'owner', tx);
        await repo.rekeyPlan(
          membership.householdId,
          membership.dataUserId,
          targetId,
          tx,
        );
        return membership.householdId;
      });
      await audit.record(context, {
        type: 'household_owner_changed',
        outcome: 'success',
        actorId,
        target: targetId,
        details: { householdId },
      });
      return get(actorId, context);
    },

    /**
     * The settings the planner uses for the plan keyed by `dataUserId`: for
     * a household of several, the members' combined (allergens, custom
     * allergens and dislikes are the union, so everyone can eat every meal;
     * likes take turns per member; the strictest diet; the serving size is
     * the household's, by default one per member). The schedule, protein
     * level and weeknight time are the owner's.
     */
    async plannerPreferences(
      dataUserId: string,
      own: (userId: string) => Promise<UserPreferencesRow | undefined>,
    ): Promise<UserPreferencesRow | undefined> {
      const household = await repo.byDataUser(dataUserId);
      if (!household) return own(dataUserId);
      const members = await repo.members(household.id);
      if (members.length <= 1) return own(dataUserId);
      const rows = await repo.preferencesOf(
        members.map((member) => member.userId),
      );
      const ordered = members.flatMap((member) => {
        const row = rows.find(
          (candidate) => candidate.userId === member.userId,
        );
        return row ? [row] : [];
      });
      const baseRow =
        ordered.find((row) => row.userId === dataUserId) ?? ordered[0];
      if (!baseRow) return undefined;
      return {
        ...baseRow,
        dietaryPreference: strictestDiet(
          ordered.map((row) => row.dietaryPreference),
        ),
        allergens: union(ordered.map((row) => row.allergens)),
        customAllergens: union(ordered.map((row) => row.customAllergens)),
        dislikes: union(ordered.map((row) => row.dislikes)),
        likes: interleave(ordered.map((row) => row.likes)),
        servingSize: household.servingSize ?? members.length,
      };
    },
  };
}

export type HouseholdsService = ReturnType<typeof createHouseholdsService>;
