import {
  EmailSchema,
  type CurrentUserResponse,
  type DeleteAccountRequest,
} from '@platewise/shared';

import type { Transaction } from '../../db/transaction.js';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors.js';
import type { AuthContext, RequestContext } from '../../request-context.js';
import type { AuditChanges } from '../audit/audit-service.js';
import { publicUser, type PublicUser } from './public-user.js';
import type { UserCodes, UsersServiceDeps } from './users-deps.js';
import { accountTexts } from './users-errors.js';

/**
 * Runs inside an admin status change's transaction before the update (the
 * admin's safety rails, S35); throws to refuse. What it returns is added to
 * the audit event.
 */
export type StatusChangeGuard = (
  tx: Transaction,
) => Promise<{ changes?: AuditChanges } | undefined>;

/** The signed-in account, its status (admin) and its deletion (S27, S34). */
export function createAccountService(deps: UsersServiceDeps, codes: UserCodes) {
  const { repo, sessions, credentials, audit, transaction } = deps;
  const { loadUser } = codes;
  return {
    /** GET /users/me */
    async me(auth: AuthContext): Promise<CurrentUserResponse> {
      return { user: publicUser(await loadUser(auth.userId)) };
    },

    /**
     * Disables an account (the admin's status toggle): every session of the
     * user ends in the same transaction, so re-enabling later brings none
     * back (S34). Login then answers ACCOUNT_DISABLED after the right
     * password only.
     */
    async disableUser(
      userId: string,
      context: RequestContext | null,
      actorId: string | null = null,
      guard?: StatusChangeGuard,
    ): Promise<PublicUser> {
      const { user, revoked, checked } = await transaction(async (tx) => {
        const checked = await guard?.(tx);
        const user = await repo.update(userId, { isActive: false }, tx);
        if (!user) throw new NotFoundError();
        const revoked = await sessions.revokeAllForUser(
          userId,
          'account_disabled',
          {},
          tx,
        );
        return { user, revoked, checked };
      });
      await audit.record(context, {
        type: 'user_disabled',
        outcome: 'success',
        actorId,
        target: user.id,
        details: { revokedSessions: revoked },
        ...checked,
      });
      return publicUser(user);
    },

    /** Re-enables an account; its old sessions stay ended (S34). */
    async enableUser(
      userId: string,
      context: RequestContext | null,
      actorId: string | null = null,
      guard?: StatusChangeGuard,
    ): Promise<PublicUser> {
      const { user, checked } = await transaction(async (tx) => {
        const checked = await guard?.(tx);
        const user = await repo.update(userId, { isActive: true }, tx);
        if (!user) throw new NotFoundError();
        return { user, checked };
      });
      await audit.record(context, {
        type: 'user_enabled',
        outcome: 'success',
        actorId,
        target: user.id,
        ...checked,
      });
      return publicUser(user);
    },

    /**
     * DELETE /users/me (S27): re-authentication with the password, or the
     * typed e-mail for an account without one. Everything of the user's goes
     * with the row (foreign keys cascade); the audit trail keeps the id.
     */
    async deleteAccount(
      auth: AuthContext,
      input: DeleteAccountRequest,
      context: RequestContext,
    ): Promise<void> {
      const user = await loadUser(auth.userId);
      if (user.passwordHash) {
        if (input.password === undefined) {
          throw new BadRequestError(accountTexts.passwordIncorrect, [
            { path: 'password', message: accountTexts.passwordIncorrect },
          ]);
        }
        await credentials.assertNotLocked(user.email);
        if (
          !(await credentials.verify(user, user.email, input.password, context))
        ) {
          throw new UnauthorizedError(accountTexts.passwordIncorrect);
        }
      } else {
        const typed = EmailSchema.safeParse(input.email ?? '');
        if (!typed.success || typed.data !== user.email) {
          throw new UnauthorizedError(accountTexts.emailMismatch);
        }
      }
      if (
        user.role === 'admin' &&
        (await repo.countAdmins({ activeOnly: true })) <= 1
      ) {
        throw new ConflictError(accountTexts.lastAdmin);
      }
      await repo.delete(user.id);
      await audit.record(context, {
        type: 'user_deleted',
        outcome: 'success',
        actorId: user.id,
        target: user.id,
      });
    },
  };
}
