import {
  authMessages,
  type EditInfoRequest,
  type EditInfoResponse,
  type EmailRequest,
  type MessageResponse,
  type ResetPasswordRequest,
} from '@platewise/shared';

import { addSeconds } from '../../clock.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  BadRequestError,
  NotFoundError,
  ServiceUnavailableError,
  UnauthorizedError,
} from '../../errors.js';
import type { AuthContext, RequestContext } from '../../request-context.js';
import { generateToken, safeEqual } from '../../security/secrets.js';
import {
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
} from '../mail/mail-templates.js';
import type { Delivery } from '../mail/mailer.js';
import {
  HOUR_SECONDS,
  refuseCommonPassword,
  type UserCodes,
  type UsersServiceDeps,
} from './users-deps.js';
import {
  AccountDisabledError,
  accountTexts,
  GoogleAccountError,
  InvalidResetLinkError,
} from './users-errors.js';

/**
 * Passwords: the forgotten-password mail and its reset (S14-S16), the
 * invitation of an account an admin created, the change in the profile (S26).
 */
export function createPasswordService(
  deps: UsersServiceDeps,
  codes: UserCodes,
) {
  const {
    repo,
    verifications,
    sessions,
    credentials,
    throttles,
    hasher,
    mailer,
    audit,
    transaction,
    clock,
    config,
  } = deps;
  const { secretHash, mailPasswordLink, loadUser } = codes;
  return {
    /** POST /users/forgot-password */
    async forgotPassword(
      input: EmailRequest,
      context: RequestContext,
    ): Promise<MessageResponse> {
      const { email } = input;
      const user = await repo.findByEmail(email);
      const requested = (
        outcome: 'success' | 'failure' | 'denied',
        reason?: string,
      ) =>
        audit.record(context, {
          type: 'password_reset_requested',
          outcome,
          actorId: user?.id ?? null,
          target: user?.id ?? null,
          details: reason ? { reason } : {},
        });
      if (!user) {
        await requested('failure', 'unknown_email');
        throw new NotFoundError(authMessages.forgot[404]);
      }
      if (!user.isActive) {
        await requested('denied', 'account_disabled');
        throw new AccountDisabledError();
      }
      // S14: at most RESET_MAILS_PER_HOUR mails per account; beyond that
      // the answer looks the same and nothing is sent.
      const decision = await throttles.consume('reset-mail', email, {
        max: config.RESET_MAILS_PER_HOUR,
        windowSeconds: HOUR_SECONDS,
      });
      if (!decision.allowed) {
        await requested('denied', 'mail_quota');
        return { message: authMessages.forgot.success };
      }

      const delivery = await mailPasswordLink(user, 'reset');
      if (delivery === 'failed') {
        await requested('failure', 'mail_failed');
        throw new ServiceUnavailableError(accountTexts.mailUnavailable);
      }
      await requested('success');
      return { message: authMessages.forgot.success };
    },

    /**
     * Mails an account an admin created a link to choose its password
     * (issue 12): the reset-password token of forgotPassword, valid for
     * INVITE_TOKEN_TTL_SECONDS, so the person sets it on /resetpassword.
     */
    async sendInvitation(user: UserRow): Promise<Delivery> {
      const token = generateToken();
      const now = clock.now();
      await verifications.replace({
        type: 'password_reset',
        target: user.email,
        userId: user.id,
        codeHash: secretHash('password_reset', user.email, token),
        expiresAt: addSeconds(now, config.INVITE_TOKEN_TTL_SECONDS),
        createdAt: now,
      });
      const link = `${config.PUBLIC_URL}/resetpassword?${new URLSearchParams({ email: user.email, token }).toString()}`;
      return mailer.deliver({
        to: user.email,
        ...invitationMail({
          firstName: user.firstName,
          link,
          ttlSeconds: config.INVITE_TOKEN_TTL_SECONDS,
        }),
      });
    },

    /**
     * POST /users/reset-password (S15, S16): single use; revokes every
     * session; does not log in; clears the lockout; sends a notice. Following
     * the link proves the mailbox, so it also verifies the address.
     */
    async resetPassword(
      input: ResetPasswordRequest,
      context: RequestContext,
    ): Promise<MessageResponse> {
      const { email, token, newPassword } = input;
      const user = await repo.findByEmail(email);
      if (!user) throw new NotFoundError(authMessages.reset[404]);

      const verification = await verifications.find('password_reset', email);
      if (!verification) throw new InvalidResetLinkError();
      if (verification.expiresAt <= clock.now()) {
        await verifications.delete(verification.id);
        throw new InvalidResetLinkError();
      }
      const hash = secretHash('password_reset', email, token);
      if (!safeEqual(hash, verification.codeHash)) {
        // 256-bit tokens cannot be guessed, so wrong tries only say someone
        // is probing this address: they are counted, and audited once the
        // count reaches OTP_MAX_ATTEMPTS, but never void the link, or
        // anyone knowing an address could cancel its owner's reset or
        // invitation (issue 16 point 4). The per-IP rate limit bounds them.
        const attempts = await verifications.addAttempt(
          verification.id,
          config.OTP_MAX_ATTEMPTS,
        );
        if (attempts === config.OTP_MAX_ATTEMPTS) {
          await audit.record(context, {
            type: 'password_reset_probed',
            outcome: 'failure',
            actorId: null,
            target: user.id,
            details: { wrongTokens: attempts },
          });
        }
        throw new InvalidResetLinkError();
      }
      if (!user.isActive) throw new AccountDisabledError();
      refuseCommonPassword(newPassword, 'newPassword');

      const passwordHash = await hasher.hash(newPassword);
      const revoked = await transaction(async (tx) => {
        if (!(await verifications.consume(verification.id, hash, tx))) {
          return null;
        }
        const now = clock.now();
        await repo.update(
          user.id,
          { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
          tx,
        );
        return sessions.revokeAllForUser(user.id, 'password_reset', {}, tx);
      });
      if (revoked === null) throw new InvalidResetLinkError();
      await credentials.clear(email);
      await mailer.deliver({
        to: email,
        ...passwordResetMail({ firstName: user.firstName }),
      });
      await audit.record(context, {
        type: 'password_reset_completed',
        outcome: 'success',
        actorId: user.id,
        target: user.id,
        details: { revokedSessions: revoked },
      });
      return { message: accountTexts.resetSuccess };
    },

    /**
     * PATCH /users/edit-info (S26): needs the current password (a wrong one
     * counts toward the lockout), ends the other sessions, gives the current
     * one fresh tokens and sends a notice.
     */
    async changePassword(
      auth: AuthContext,
      input: EditInfoRequest,
      context: RequestContext,
    ): Promise<EditInfoResponse> {
      const user = await loadUser(auth.userId);
      if (!user.passwordHash) {
        throw new GoogleAccountError(accountTexts.googleNoPassword);
      }
      await credentials.assertNotLocked(user.email);
      if (
        !(await credentials.verify(
          user,
          user.email,
          input.currentPassword,
          context,
        ))
      ) {
        await audit.record(context, {
          type: 'password_changed',
          outcome: 'failure',
          actorId: user.id,
          target: user.id,
          details: { reason: 'wrong_current_password' },
        });
        throw new UnauthorizedError(accountTexts.currentPasswordIncorrect);
      }
      if (input.password === input.currentPassword) {
        throw new BadRequestError(accountTexts.samePassword, [
          { path: 'password', message: accountTexts.samePassword },
        ]);
      }
      refuseCommonPassword(input.password, 'password');

      const passwordHash = await hasher.hash(input.password);
      const { revoked, tokens } = await transaction(async (tx) => {
        await repo.update(user.id, { passwordHash }, tx);
        const revoked = await sessions.revokeAllForUser(
          user.id,
          'password_changed',
          { exceptSessionId: auth.sessionId },
          tx,
        );
        return {
          revoked,
          tokens: await sessions.renewTokens(auth.sessionId, tx),
        };
      });
      await mailer.deliver({
        to: user.email,
        ...passwordChangedMail({ firstName: user.firstName }),
      });
      await audit.record(context, {
        type: 'password_changed',
        outcome: 'success',
        actorId: user.id,
        target: user.id,
        details: { revokedSessions: revoked },
      });
      return {
        message: authMessages.profile.updatePasswordSuccess,
        data: tokens,
      };
    },
  };
}
