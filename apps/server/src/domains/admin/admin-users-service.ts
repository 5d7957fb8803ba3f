import {
  type ResendInvitationResponse,
  adminMessages,
  DAYS,
  splitFullName,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUsersPage,
  type CreateUser,
  type CreateUserResponse,
  type Role,
  type UpdateUser,
} from '@platewise/shared';

import type { Clock } from '../../clock.js';
import type { UserRow } from '../../db/schema/users.js';
import type { RunInTransaction, Transaction } from '../../db/transaction.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import { auditChanges, type AuditLog } from '../audit/audit-service.js';
import type { PreferencesRepository } from '../preferences/preferences-repository.js';
import { accountTexts } from '../users/users-errors.js';
import {
  isUniqueViolation,
  type UsersRepository,
} from '../users/users-repository.js';
import type { UsersService } from '../users/users-service.js';
import {
  likePattern,
  toAdminUserRow,
  type AdminUserRow,
  type AdminUsersRepository,
} from './admin-users-repository.js';

export interface AdminUsersServiceDeps {
  repo: AdminUsersRepository;
  usersRepo: Pick<UsersRepository, 'findById' | 'insert' | 'update'>;
  users: Pick<UsersService, 'disableUser' | 'enableUser' | 'sendInvitation'>;
  preferences: Pick<PreferencesRepository, 'save'>;
  audit: AuditLog;
  transaction: RunInTransaction;
  clock: Clock;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...row,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
  };
}

/** The Add User dialog's diets in the planner's terms (spec point 9). */
const DIET_OF_ADD_USER = {
  Vegetarian: 'vegetarian',
  Vegan: 'vegan',
  'Non-Vegetarian': 'none',
} as const;

/** A week with no meal switched on: the person chooses their own schedule. */
function emptyWeek() {
  return DAYS.map((day_name) => ({
    day_name,
    meals: { breakfast: false, lunch: false, dinner: false },
    enabled: false,
  }));
}

/**
 * User management (spec point 2; issue 12; security.md S33-S35). Every
 * change that could leave the installation without an active admin locks
 * the active admins' rows first and checks in the same transaction.
 */
export function createAdminUsersService(deps: AdminUsersServiceDeps) {
  const { repo, usersRepo, users, preferences, audit, transaction, clock } =
    deps;

  /**
   * The admin safety rails inside a transaction: the actor must still be an
   * active admin (another admin may have just demoted them), the target
   * must exist, and removing an active admin must leave another one.
   */
  async function checkAdminChange(
    tx: Transaction,
    actorId: string,
    targetId: string,
    removesAdmin: (target: UserRow) => boolean,
  ): Promise<UserRow> {
    const admins = await repo.lockActiveAdmins(tx);
    if (!admins.includes(actorId)) {
      throw new ForbiddenError(accountTexts.adminRequired);
    }
    const target = await repo.findForUpdate(targetId, tx);
    if (!target) throw new NotFoundError(adminMessages.userNotFound);
    if (
      target.role === 'admin' &&
      target.isActive &&
      removesAdmin(target) &&
      admins.length <= 1
    ) {
      throw new ConflictError(adminMessages.lastAdmin);
    }
    return target;
  }

  return {
    /** GET /admin/users */
    async list(query: AdminUserListQuery): Promise<AdminUsersPage> {
      const search = query.search?.replace(/\s+/g, ' ');
      const { rows, total } = await repo.page({
        pattern: search ? likePattern(search) : null,
        role: query.role ?? null,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        users: rows.map(toAdminUser),
        total,
        page: query.page,
        limit: query.limit,
      };
    },

    /** PATCH /admin/users/{id}: names, e-mail (unique), phone, location. */
    async update(
      actorId: string,
      userId: string,
      input: UpdateUser,
      context: RequestContext,
    ): Promise<{ message: string; user: AdminUser }> {
      const values = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phoneNumber: input.phoneNumber,
        state: input.state,
      };
      let result: { before: UserRow; after: UserRow };
      try {
        result = await transaction(async (tx) => {
          const before = await repo.findForUpdate(userId, tx);
          if (!before) throw new NotFoundError(adminMessages.userNotFound);
          const after = await usersRepo.update(userId, values, tx);
          if (!after) throw new NotFoundError(adminMessages.userNotFound);
          return { before, after };
        });
      } catch (error) {
        // The unique index decides, also between two edits at once.
        if (isUniqueViolation(error)) {
          throw new ConflictError(adminMessages.emailTaken);
        }
        throw error;
      }
      const changes = auditChanges(result.before, values);
      if (Object.keys(changes).length > 0) {
        await audit.record(context, {
          type: 'admin_user_updated',
          outcome: 'success',
          actorId,
          target: userId,
          changes,
        });
      }
      return {
        message: adminMessages.userUpdated,
        user: toAdminUser(toAdminUserRow(result.after)),
      };
    },

    /** PATCH /admin/users/{id}/change-role (S35: never one's own). */
    async changeRole(
      actorId: string,
      userId: string,
      role: Role,
      context: RequestContext,
    ): Promise<{ message: string; user: AdminUser }> {
      if (actorId === userId) throw new ConflictError(adminMessages.selfDemote);
      const { before, after } = await transaction(async (tx) => {
        const before = await checkAdminChange(
          tx,
          actorId,
          userId,
          () => role !== 'admin',
        );
        if (before.role === role) return { before, after: before };
        const after = await usersRepo.update(userId, { role }, tx);
        if (!after) throw new NotFoundError(adminMessages.userNotFound);
        return { before, after };
      });
      if (before.role !== after.role) {
        await audit.record(context, {
          type: 'admin_role_changed',
          outcome: 'success',
          actorId,
          target: userId,
          changes: auditChanges(before, { role: after.role }),
        });
      }
      return {
        message: adminMessages.roleUpdated,
        user: toAdminUser(toAdminUserRow(after)),
      };
    },

    /**
     * PATCH /admin/users/{id}/toggle-status. Disabling ends every session of
     * the user in the same transaction (users.disableUser, S34).
     */
    async toggleStatus(
      actorId: string,
      userId: string,
      isActive: boolean,
      context: RequestContext,
    ): Promise<{ message: string; user: AdminUser }> {
      if (!isActive && actorId === userId) {
        throw new ConflictError(adminMessages.selfDisable);
      }
      const guard = async (tx: Transaction) => {
        const before = await checkAdminChange(
          tx,
          actorId,
          userId,
          () => !isActive,
        );
        return { changes: auditChanges(before, { isActive }) };
      };
      const user = isActive
        ? await users.enableUser(userId, context, actorId, guard)
        : await users.disableUser(userId, context, actorId, guard);
      return {
        message: isActive
          ? adminMessages.userEnabled
          : adminMessages.userDisabled,
        user: toAdminUser({
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          phoneNumber: user.phoneNumber,
          state: user.state,
          role: user.role,
          isActive,
          invitationPending: !user.hasPassword,
        }),
      };
    },

    /**
     * POST /admin/users: a verified account without a password, and a mail
     * with a link to choose one (the reset-password link, valid longer).
     */
    async create(
      actorId: string,
      input: CreateUser,
      context: RequestContext,
    ): Promise<CreateUserResponse> {
      const { firstName, lastName } = splitFullName(input.name);
      const now = clock.now();
      let user: UserRow;
      try {
        user = await usersRepo.insert({
          email: input.email,
          firstName,
          lastName,
          phoneNumber: input.phoneNumber,
          state: input.country ?? null,
          role: input.role,
          passwordHash: null,
          // The admin vouches for the address; the link proves it anyway.
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ConflictError(adminMessages.emailTaken);
        }
        throw error;
      }
      if (input.dietaryPreference) {
        await preferences.save(user.id, {
          weeklySchedule: emptyWeek(),
          dietaryPreference: DIET_OF_ADD_USER[input.dietaryPreference],
        });
      }
      const delivery = await users.sendInvitation(user);
      await audit.record(context, {
        type: 'admin_user_created',
        outcome: 'success',
        actorId,
        target: user.id,
        details: { invitation: delivery },
        changes: auditChanges<Record<string, unknown>>(
          {},
          {
            firstName: user.firstName,
            lastName: user.lastName,
            email: user.email,
            phoneNumber: user.phoneNumber,
            state: user.state,
            role: user.role,
            ...(input.dietaryPreference
              ? { dietaryPreference: input.dietaryPreference }
              : {}),
          },
        ),
      });
      return {
        message:
          delivery === 'failed'
            ? adminMessages.invitationFailed
            : adminMessages.userCreated,
        user: toAdminUser(toAdminUserRow(user)),
        invitation: delivery,
      };
    },

    /**
     * POST /admin/users/{id}/invitation: mails a fresh set-password link to
     * an account without a password; the old link stops working. 409 once
     * the person has chosen a password, 503 when the mail cannot go out.
     */
    async resendInvitation(
      actorId: string,
      userId: string,
      context: RequestContext,
    ): Promise<ResendInvitationResponse> {
      const user = await usersRepo.findById(userId);
      if (!user) throw new NotFoundError(adminMessages.userNotFound);
      if (user.passwordHash !== null) {
        throw new ConflictError(adminMessages.passwordAlreadySet);
      }
      const delivery = await users.sendInvitation(user);
      await audit.record(context, {
        type: 'admin_invitation_resent',
        outcome: delivery === 'failed' ? 'failure' : 'success',
        actorId,
        target: user.id,
        details: { invitation: delivery },
      });
      if (delivery === 'failed') {
        throw new ServiceUnavailableError(adminMessages.invitationResendFailed);
      }
      return {
        message: adminMessages.invitationResent(user.email),
        invitation: delivery,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
