import {
  adminMessages,
  authMessages,
  EmailSchema,
  type CurrentUserResponse,
  type DeleteAccountRequest,
  type EditInfoRequest,
  type EditInfoResponse,
  type EmailRequest,
  type MessageResponse,
  type ResetPasswordRequest,
  type SignupRequest,
  type SignupResponse,
  type VerifyEmailRequest,
} from '@platewise/shared';

import { addSeconds, type Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema/users.js';
import type { VerificationType } from '../../db/schema/verifications.js';
import type { RunInTransaction, Transaction } from '../../db/transaction.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import type { PasswordHasher } from '../../security/password-hasher.js';
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from '../../security/password-policy.js';
import {
  generateOtp,
  generateToken,
  safeEqual,
  type SecretKeys,
} from '../../security/secrets.js';
import type { AuditChanges, AuditLog } from '../audit/audit-service.js';
import type { Credentials } from '../auth/credentials.js';
import {
  invitationMail,
  otpMail,
  passwordChangedMail,
  passwordResetMail,
  resetLinkMail,
  setPasswordMail,
} from '../mail/mail-templates.js';
import type { Delivery, Mailer } from '../mail/mailer.js';
import type {
  AuthContext,
  SessionsService,
} from '../sessions/sessions-service.js';
import type { Throttles } from '../throttles/throttles-service.js';
import type { VerificationsRepository } from '../verifications/verifications-repository.js';
import { publicUser, type PublicUser } from './public-user.js';
import { SIGNUP_ATTEMPT_TTL_SECONDS } from './signup-cookie.js';
import {
  AccountDisabledError,
  AlreadyVerifiedError,
  accountTexts,
  CodeBurnedError,
  EmailTakenError,
  GoogleAccountError,
  InvalidResetLinkError,
  OtpExpiredError,
  OtpInvalidError,
} from './users-errors.js';
import { isUniqueViolation, type UsersRepository } from './users-repository.js';

type UsersConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'OTP_TTL_SECONDS'
  | 'OTP_MAX_ATTEMPTS'
  | 'OTP_RESEND_COOLDOWN_SECONDS'
  | 'OTP_RESEND_PER_HOUR'
  | 'RESET_TOKEN_TTL_SECONDS'
  | 'RESET_MAILS_PER_HOUR'
  | 'INVITE_TOKEN_TTL_SECONDS'
>;

/**
 * Runs inside an admin status change's transaction before the update (the
 * admin's safety rails, S35); throws to refuse. What it returns is added to
 * the audit event.
 */
export type StatusChangeGuard = (
  tx: Transaction,
) => Promise<{ changes?: AuditChanges } | undefined>;

export interface UsersServiceDeps {
  repo: UsersRepository;
  verifications: VerificationsRepository;
  sessions: SessionsService;
  credentials: Credentials;
  throttles: Throttles;
  hasher: PasswordHasher;
  keys: SecretKeys;
  mailer: Mailer;
  audit: AuditLog;
  transaction: RunInTransaction;
  clock: Clock;
  config: UsersConfig;
  /** The admin setting "sign-up open"; absent means always open. */
  signupOpen?: () => Promise<boolean>;
  logger: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}

const HOUR_SECONDS = 3600;

/** The answer to a sign-up, and the secret for the browser's cookie. */
export interface SignupOutcome {
  response: SignupResponse;
  /** Proves at verification that this browser chose the password (ADR 008). */
  signupSecret: string;
}

function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new BadRequestError(COMMON_PASSWORD_MESSAGE, [
      { path: field, message: COMMON_PASSWORD_MESSAGE },
    ]);
  }
}

/** A password that meets the spec's rule: 144 random bits plus one of each class. */
function randomAdminPassword(): string {
  return `${generateToken(18)}Aa1!`;
}

export function createUsersService(deps: UsersServiceDeps) {
  const {
    repo,
    verifications,
    sessions,
    credentials,
    throttles,
    hasher,
    keys,
    mailer,
    audit,
    transaction,
    clock,
    config,
    logger,
  } = deps;

  /** Codes are bound to their purpose and address (S01: A's code fails for B). */
  const secretHash = (type: VerificationType, email: string, secret: string) =>
    keys.hash('verification-code', `${type}:${email}:${secret}`);

  async function loadUser(userId: string): Promise<UserRow> {
    const user = await repo.findById(userId);
    // The guard has just seen this user; only a concurrent deletion gets here.
    if (!user) throw new UnauthorizedError(accountTexts.sessionExpired);
    return user;
  }

  /** Replaces any earlier code (S04), mails the new one, audits the send. */
  async function sendOtp(user: UserRow, context: RequestContext) {
    const code = generateOtp();
    const now = clock.now();
    await verifications.replace({
      type: 'email_otp',
      target: user.email,
      userId: user.id,
      codeHash: secretHash('email_otp', user.email, code),
      expiresAt: addSeconds(now, config.OTP_TTL_SECONDS),
      createdAt: now,
    });
    const delivery = await mailer.deliver({
      to: user.email,
      ...otpMail({
        firstName: user.firstName,
        code,
        ttlSeconds: config.OTP_TTL_SECONDS,
      }),
    });
    await audit.record(context, {
      type: delivery === 'failed' ? 'otp_send_fail' : 'otp_sent',
      outcome: delivery === 'failed' ? 'failure' : 'success',
      actorId: user.id,
      target: user.id,
      details: { delivery },
    });
    return delivery;
  }

  /**
   * A single-use link to /resetpassword (S15): to reset a password, or to
   * set the first one after a verification that dropped it (ADR 008).
   */
  async function mailPasswordLink(user: UserRow, purpose: 'reset' | 'set') {
    const { email } = user;
    const token = generateToken();
    const now = clock.now();
    await verifications.replace({
      type: 'password_reset',
      target: email,
      userId: user.id,
      codeHash: secretHash('password_reset', email, token),
      expiresAt: addSeconds(now, config.RESET_TOKEN_TTL_SECONDS),
      createdAt: now,
    });
    // Built from PUBLIC_URL, never from the Host header (S15).
    const link = `${config.PUBLIC_URL}/resetpassword?${new URLSearchParams({ email, token }).toString()}`;
    const mail = purpose === 'reset' ? resetLinkMail : setPasswordMail;
    return mailer.deliver({
      to: email,
      ...mail({
        firstName: user.firstName,
        link,
        ttlSeconds: config.RESET_TOKEN_TTL_SECONDS,
      }),
    });
  }

  const otpQuota = () => ({
    max: config.OTP_RESEND_PER_HOUR,
    windowSeconds: HOUR_SECONDS,
    cooldownSeconds: config.OTP_RESEND_COOLDOWN_SECONDS,
  });

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
    ): Promise<MessageResponse> {
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
      if (outcome.sameBrowser) return { message: authMessages.verify.success };
      // Mailed, not answered: only the mailbox's owner may set the password.
      await mailPasswordLink(user, 'set');
      return { message: accountTexts.verifiedSetPassword };
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
        // 256-bit tokens cannot be guessed, but a link that keeps being
        // tried with wrong tokens is void all the same.
        if (
          (await verifications.addAttempt(
            verification.id,
            config.OTP_MAX_ATTEMPTS,
          )) === null
        ) {
          await verifications.delete(verification.id);
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

    /** GET /users/me */
    async me(auth: AuthContext): Promise<CurrentUserResponse> {
      return { user: publicUser(await loadUser(auth.userId)) };
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

    /**
     * The first administrator (architecture point 4, security.md S13), run
     * by server.ts at start. With ADMIN_EMAIL/ADMIN_PASSWORD: that verified
     * admin, if the address is free. With neither and no admin at all: one
     * with a random password, printed once to the log. Never a fixed one.
     */
    async ensureInitialAdmin(input: {
      email?: string;
      password?: string;
      publicUrl: string;
    }): Promise<{ created: false } | { created: true; email: string }> {
      // Processes starting together take turns here (R09): each looks for
      // an admin and creates one under the same lock, so one is created.
      const outcome = await transaction(async (tx) => {
        await repo.lockInitialAdmin(tx);
        const create = async (email: string, password: string) => {
          const now = clock.now();
          return repo.insert(
            {
              email,
              firstName: 'Admin',
              role: 'admin',
              passwordHash: await hasher.hash(password),
              emailVerifiedAt: now,
              createdAt: now,
              updatedAt: now,
            },
            tx,
          );
        };

        if (input.email !== undefined && input.password !== undefined) {
          const email = EmailSchema.parse(input.email);
          const existing = await repo.findByEmail(email, tx);
          if (existing) return { kind: 'exists' as const, existing };
          const user = await create(email, input.password);
          return { kind: 'created' as const, user, source: 'environment' };
        }

        if ((await repo.countAdmins({ activeOnly: false }, tx)) > 0) {
          return null;
        }
        const host = new URL(input.publicUrl).hostname;
        const domain = host.includes('.') ? host : 'platewise.local';
        let email = `admin@${domain}`;
        if (await repo.findByEmail(email, tx)) {
          email = `admin-${generateToken(4).toLowerCase()}@${domain}`;
        }
        const password = randomAdminPassword();
        const user = await create(email, password);
        return {
          kind: 'created' as const,
          user,
          source: 'generated',
          password,
        };
      });

      if (outcome === null) return { created: false };
      if (outcome.kind === 'exists') {
        if (outcome.existing.role !== 'admin') {
          logger.warn(
            { email: outcome.existing.email },
            'ADMIN_EMAIL belongs to an existing account that is not an administrator; it was left unchanged',
          );
        }
        return { created: false };
      }
      const { user } = outcome;
      await audit.record(null, {
        type: 'admin_bootstrap',
        outcome: 'success',
        actorId: user.id,
        target: user.id,
        details: { source: outcome.source },
      });
      if (outcome.source === 'environment') {
        if (input.password !== undefined && isCommonPassword(input.password)) {
          logger.warn(
            { email: user.email },
            'ADMIN_PASSWORD is a common password: change it after the first login',
          );
        }
        logger.info(
          { email: user.email },
          'administrator created from ADMIN_EMAIL',
        );
      } else {
        // The one place a password reaches the log, on purpose and once
        // (architecture point 4): the operator has no other way to learn it.
        logger.warn(
          {},
          `No administrator existed, so one was created. Log in at ${input.publicUrl}/admin as ${user.email} with the password ${outcome.password} and change it in the profile. This password is shown only once.`,
        );
      }
      return { created: true, email: user.email };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
