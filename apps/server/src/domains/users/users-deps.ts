import type { TokenPair } from '@platewise/shared';

import { addSeconds, type Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema/users.js';
import type { VerificationType } from '../../db/schema/verifications.js';
import type { Executor, RunInTransaction } from '../../db/transaction.js';
import { BadRequestError, UnauthorizedError } from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import type { PasswordHasher } from '../../security/password-hasher.js';
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from '../../security/password-policy.js';
import {
  generateOtp,
  generateToken,
  type SecretKeys,
} from '../../security/secrets.js';
import type { AuditLog } from '../audit/audit-service.js';
import {
  otpMail,
  resetLinkMail,
  setPasswordMail,
} from '../mail/mail-templates.js';
import type { Mailer } from '../mail/mailer.js';
import type { Throttles } from '../throttles/throttles-service.js';
import type { VerificationsRepository } from '../verifications/verifications-repository.js';
import { accountTexts } from './users-errors.js';
import type { UsersRepository } from './users-repository.js';

/**
 * What the account operations (sign-up, verification, passwords, the
 * account, the first admin) are built from, and the helpers they share:
 * one-time codes and the mails that carry them.
 */

export type UsersConfig = Pick<
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
 * Password checks with the account lockout (S11), as the password change and
 * the account deletion need them. The auth domain implements it
 * (auth/credentials.ts); the composition root passes it in, so users does
 * not import auth.
 */
export interface Credentials {
  /** Throws 429 with Retry-After while the address is locked. */
  assertNotLocked(email: string): Promise<void>;
  /**
   * Checks the password against the user's hash, or spends the same time on
   * a dummy hash when there is none (S10). A wrong password is counted.
   */
  verify(
    user: UserRow | null,
    email: string,
    password: string,
    context: RequestContext,
  ): Promise<boolean>;
  /** Forgets the failures of an address (successful login, reset). */
  clear(email: string): Promise<void>;
}

/**
 * What a password reset, a password change and disabling an account do to
 * sessions. The sessions domain implements it; the composition root passes
 * it in, so users does not import sessions (sessions imports users).
 */
export interface UserSessions {
  /** Ends every session of the user (but one); returns how many ended. */
  revokeAllForUser(
    userId: string,
    reason: string,
    options?: { exceptSessionId?: string },
    tx?: Executor,
  ): Promise<number>;
  /** Fresh tokens for a session that stays (after a password change). */
  renewTokens(sessionId: string, tx?: Executor): Promise<TokenPair>;
}

export interface UsersServiceDeps {
  repo: UsersRepository;
  verifications: VerificationsRepository;
  sessions: UserSessions;
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
  /**
   * Joins the household of an invitation a sign-up started from (issue 18),
   * once the address is verified. The households domain implements it; the
   * composition root passes it in. Absent: invitations are ignored.
   */
  invitations?: {
    joinAfterSignup(
      userId: string,
      token: string,
      context: RequestContext,
    ): Promise<{ joined: boolean; message: string }>;
  };
  logger: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}

export const HOUR_SECONDS = 3600;

export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new BadRequestError(COMMON_PASSWORD_MESSAGE, [
      { path: field, message: COMMON_PASSWORD_MESSAGE },
    ]);
  }
}

/** The codes and mails the account operations share. */
export function createUserCodes(deps: UsersServiceDeps) {
  const { repo, verifications, keys, mailer, audit, clock, config } = deps;

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

  return { secretHash, loadUser, sendOtp, mailPasswordLink, otpQuota };
}

export type UserCodes = ReturnType<typeof createUserCodes>;
