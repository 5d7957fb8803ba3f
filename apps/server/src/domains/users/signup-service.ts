import {
  adminMessages,
  authMessages,
  type EmailRequest,
  type MessageResponse,
  type SignupRequest,
  type SignupResponse,
} from '@platewise/shared';

import { addSeconds } from '../../clock.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import { generateToken } from '../../security/secrets.js';
import { SIGNUP_ATTEMPT_TTL_SECONDS } from './signup-cookie.js';
import {
  HOUR_SECONDS,
  refuseCommonPassword,
  type UserCodes,
  type UsersServiceDeps,
} from './users-deps.js';
import {
  accountTexts,
  AlreadyVerifiedError,
  EmailTakenError,
} from './users-errors.js';
import { isUniqueViolation } from './users-repository.js';

/** The answer to a sign-up, and the secret for the browser's cookie. */
export interface SignupOutcome {
  response: SignupResponse;
  /** Proves at verification that this browser chose the password (ADR 008). */
  signupSecret: string;
}

/** Sign-up and the resend of its code (ADR 008). */
export function createSignupService(deps: UsersServiceDeps, codes: UserCodes) {
  const {
    repo,
    verifications,
    throttles,
    hasher,
    audit,
    transaction,
    clock,
    config,
  } = deps;
  const { secretHash, sendOtp, otpQuota } = codes;
  return {
    /**
     * POST /users/signup: the account, unverified, and its first OTP mail.
     * An address that exists but was never verified starts afresh (ADR 008):
     * the new sign-up replaces what the earlier one chose, voids its code
     * and mails a new one, and answers exactly as a first sign-up does.
     */
    async signup(
      input: SignupRequest,
      context: RequestContext,
    ): Promise<SignupOutcome> {
      const { email } = input;
      // An admin closed sign-up (admin settings, issue 12).
      if (deps.signupOpen && !(await deps.signupOpen())) {
        throw new ForbiddenError(adminMessages.signupClosed);
      }
      refuseCommonPassword(input.password, 'password');
      const taken = async () => {
        await audit.record(context, {
          type: 'user_repeated_signup',
          outcome: 'failure',
          details: { email, verified: true },
        });
        return new EmailTakenError();
      };
      const existing = await repo.findByEmail(email);
      if (existing?.emailVerifiedAt) throw await taken();

      const passwordHash = await hasher.hash(input.password);
      const signupSecret = generateToken();
      const now = clock.now();
      const chosen = {
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        phoneNumber: input.phoneNumber,
        state: input.state,
        zipCode: input.zipCode ?? null,
        passwordHash,
        updatedAt: now,
      };
      const attempt = (userId: string) => ({
        type: 'signup_attempt' as const,
        target: email,
        userId,
        codeHash: secretHash('signup_attempt', email, signupSecret),
        expiresAt: addSeconds(now, SIGNUP_ATTEMPT_TTL_SECONDS),
        createdAt: now,
      });

      let user: UserRow | null = null;
      if (!existing) {
        try {
          user = await transaction(async (tx) => {
            const row = await repo.insert(
              { ...chosen, email, createdAt: now },
              tx,
            );
            await verifications.replace(attempt(row.id), tx);
            return row;
          });
        } catch (error) {
          // Two sign-ups for one address at once: the unique index decides,
          // and the later one replaces the earlier as below.
          if (!isUniqueViolation(error)) throw error;
        }
      }

      if (user) {
        await audit.record(context, {
          type: 'user_created',
          outcome: 'success',
          actorId: user.id,
          target: user.id,
        });
        // The first mail counts toward the resend quota, but is never
        // refused by it: someone hammering resend for an unknown address
        // must not be able to block its sign-up.
        await throttles.consume('otp-send', email, otpQuota());
        // R10: the account exists whatever the mail does; if SMTP is down
        // the user asks for a new code later.
        await sendOtp(user, context);
        return {
          response: { message: authMessages.signup.success, email },
          signupSecret,
        };
      }

      // Start afresh. The old code goes first, in the order verification
      // takes its locks (code, then user), so a verification racing this
      // either wins before the password changes or finds its code gone.
      const replaced = await transaction(async (tx) => {
        await verifications.deleteFor('email_otp', email, tx);
        const row = await repo.replacePendingSignup(email, chosen, tx);
        if (row) await verifications.replace(attempt(row.id), tx);
        return row;
      });
      // Verified in the meantime: a registered address after all.
      if (!replaced) throw await taken();
      await audit.record(context, {
        type: 'user_repeated_signup',
        outcome: 'success',
        actorId: replaced.id,
        target: replaced.id,
        details: { email, verified: false },
      });
      // The same per-address counter as a first sign-up and resend, so the
      // resend cooldown that follows is the same. Unlike a first sign-up,
      // which happens once, repeats could flood a mailbox: past the hourly
      // cap the answer stays the same and no mail goes out (resend later).
      const decision = await throttles.consume('otp-send', email, {
        max: config.OTP_RESEND_PER_HOUR,
        windowSeconds: HOUR_SECONDS,
      });
      if (decision.allowed) await sendOtp(replaced, context);
      return {
        response: { message: authMessages.signup.success, email },
        signupSecret,
      };
    },

    /** POST /users/resend-otp */
    async resendOtp(
      input: EmailRequest,
      context: RequestContext,
    ): Promise<MessageResponse> {
      const { email } = input;
      // S06: the cooldown is keyed on the address, so unknown addresses
      // get the same 429 as real ones.
      const decision = await throttles.consume('otp-send', email, otpQuota());
      if (!decision.allowed) {
        await audit.record(context, {
          type: 'excess_rate_limit_exceeded',
          outcome: 'denied',
          details: { limit: 'otp_resend', email },
        });
        throw new TooManyRequestsError(
          accountTexts.resendCooldown,
          decision.retryAfterSeconds,
        );
      }
      const user = await repo.findByEmail(email);
      if (!user) throw new NotFoundError(authMessages.resend[404]);
      if (user.emailVerifiedAt) throw new AlreadyVerifiedError();
      if ((await sendOtp(user, context)) === 'failed') {
        throw new ServiceUnavailableError(accountTexts.mailUnavailable);
      }
      return { message: authMessages.resend.success };
    },
  };
}
