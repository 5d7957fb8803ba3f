import {
  authMessages,
  householdMessages,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@platewise/shared';

import type { RequestContext } from '../../request-context.js';
import { safeEqual } from '../../security/secrets.js';
import type { UserCodes, UsersServiceDeps } from './users-deps.js';
import {
  accountTexts,
  AlreadyVerifiedError,
  CodeBurnedError,
  OtpExpiredError,
  OtpInvalidError,
} from './users-errors.js';

/** The e-mail verification that ends a sign-up (ADR 008). */
export function createVerifyEmailService(
  deps: UsersServiceDeps,
  codes: UserCodes,
) {
  const { repo, verifications, audit, transaction, clock, config } = deps;

  /**
   * The household of the invitation the sign-up started from (issue 18).
   * Only for the browser that signed up: a code typed elsewhere proves the
   * address but not that its owner chose to join (someone could sign up
   * with another's address and their own household's link), so then the
   * invitation waits for a login and the link.
   */
  async function joinInvited(
    userId: string,
    token: string | undefined,
    sameBrowser: boolean,
    context: RequestContext,
  ): Promise<VerifyEmailResponse['household']> {
    if (token === undefined || !deps.invitations) return undefined;
    if (!sameBrowser) {
      return {
        joined: false,
        message: householdMessages.signupJoinOtherBrowser,
      };
    }
    return deps.invitations.joinAfterSignup(userId, token, context);
  }

  const { secretHash, mailPasswordLink } = codes;
  return {
    /**
     * POST /users/verify-email. The code proves the address; the password
     * chosen at sign-up is kept only when `signupSecret` (the cookie of the
     * browser that signed up) comes back with it. Otherwise the account is
     * verified without a password and a link to set one is mailed, so a
     * password someone else chose never opens it (ADR 008).
     */
    async verifyEmail(
      input: VerifyEmailRequest,
      context: RequestContext,
      signupSecret?: string,
    ): Promise<VerifyEmailResponse> {
      const { email, otp } = input;
      const user = await repo.findByEmail(email);
      const failed = async (
        reason: string,
        type: 'otp_fail' | 'otp_burned' = 'otp_fail',
      ) =>
        audit.record(context, {
          type,
          outcome: 'failure',
          actorId: user?.id ?? null,
          target: user?.id ?? null,
          details: { reason },
        });
      if (!user) {
        await failed('unknown_email');
        throw new OtpInvalidError();
      }
      if (user.emailVerifiedAt) throw new AlreadyVerifiedError();

      const verification = await verifications.find('email_otp', email);
      if (!verification) {
        await failed('no_code');
        throw new OtpInvalidError();
      }
      if (verification.attempts >= config.OTP_MAX_ATTEMPTS) {
        await failed('burned');
        throw new CodeBurnedError();
      }
      if (verification.expiresAt <= clock.now()) {
        await failed('expired');
        throw new OtpExpiredError();
      }
      const hash = secretHash('email_otp', email, otp);
      if (!safeEqual(hash, verification.codeHash)) {
        const attempts = await verifications.addAttempt(
          verification.id,
          config.OTP_MAX_ATTEMPTS,
        );
        if (attempts === null) {
          await failed('burned');
          throw new CodeBurnedError();
        }
        await failed(
          'wrong_code',
          attempts >= config.OTP_MAX_ATTEMPTS ? 'otp_burned' : 'otp_fail',
        );
        throw new OtpInvalidError();
      }

      const outcome = await transaction(async (tx) => {
        if (!(await verifications.consume(verification.id, hash, tx))) {
          return null;
        }
        const now = clock.now();
        const attempt = await verifications.find('signup_attempt', email, tx);
        const sameBrowser =
          attempt !== null &&
          signupSecret !== undefined &&
          attempt.expiresAt > now &&
          safeEqual(
            secretHash('signup_attempt', email, signupSecret),
            attempt.codeHash,
          );
        if (attempt) await verifications.delete(attempt.id, tx);
        await repo.update(
          user.id,
          sameBrowser
            ? { emailVerifiedAt: now }
            : { emailVerifiedAt: now, passwordHash: null },
          tx,
        );
        return { sameBrowser };
      });
      // A double submit: the other request has just used the code (S02).
      if (!outcome) throw new AlreadyVerifiedError();
      await audit.record(context, {
        type: 'otp_verified',
        outcome: 'success',
        actorId: user.id,
        target: user.id,
        details: {
          password: outcome.sameBrowser ? 'kept' : 'dropped',
        },
      });
      const household = await joinInvited(
        user.id,
        input.invitationToken,
        outcome.sameBrowser,
        context,
      );
      const joined = household ? { household } : {};
      if (outcome.sameBrowser) {
        return { message: authMessages.verify.success, ...joined };
      }
      // Mailed, not answered: only the mailbox's owner may set the password.
      await mailPasswordLink(user, 'set');
      return { message: accountTexts.verifiedSetPassword, ...joined };
    },
  };
}
