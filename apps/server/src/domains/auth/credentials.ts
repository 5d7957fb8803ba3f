import type { Config } from '../../config.js';
import { TooManyRequestsError } from '../../errors.js';
import type { PasswordHasher } from '../../security/password-hasher.js';
import type { AuditLog } from '../audit/audit-service.js';
import type { Throttles } from '../throttles/throttles-service.js';
import type { Credentials } from '../users/users-deps.js';
import { accountTexts } from '../users/users-errors.js';

/** The users domain's interface for these checks; implemented here. */
export type { Credentials };

/**
 * Password checks with the account lockout of security.md S11: failures are
 * counted per normalised e-mail (known or not) in the database; at
 * LOGIN_LOCKOUT_THRESHOLD failures within LOGIN_LOCKOUT_WINDOW_SECONDS the
 * address is locked for LOGIN_LOCKOUT_SECONDS, during which even the right
 * password gets 429. Login, password change and account deletion share the
 * counter; forgot/reset do not check it (and a reset clears it).
 */
export function createCredentials(deps: {
  hasher: PasswordHasher;
  throttles: Throttles;
  audit: AuditLog;
  config: Pick<
    Config,
    | 'LOGIN_LOCKOUT_THRESHOLD'
    | 'LOGIN_LOCKOUT_WINDOW_SECONDS'
    | 'LOGIN_LOCKOUT_SECONDS'
  >;
}): Credentials {
  const { hasher, throttles, audit, config } = deps;
  return {
    async assertNotLocked(email) {
      const seconds = await throttles.lockedFor('login', email);
      if (seconds !== null) {
        throw new TooManyRequestsError(accountTexts.lockedOut, seconds);
      }
    },

    async verify(user, email, password, context) {
      let ok = false;
      if (user?.passwordHash) {
        ok = await hasher.verify(user.passwordHash, password);
      } else {
        await hasher.dummyVerify(password);
      }
      if (ok) return true;

      const { lockedUntil } = await throttles.recordFailure('login', email, {
        threshold: config.LOGIN_LOCKOUT_THRESHOLD,
        windowSeconds: config.LOGIN_LOCKOUT_WINDOW_SECONDS,
        lockSeconds: config.LOGIN_LOCKOUT_SECONDS,
      });
      if (lockedUntil) {
        await audit.record(context, {
          type: 'authn_login_lock',
          outcome: 'denied',
          actorId: user?.id ?? null,
          target: user?.id ?? null,
          details: { email, lockedUntil: lockedUntil.toISOString() },
        });
      }
      return false;
    },

    clear: (email) => throttles.clear('login', email),
  };
}
