import type { FastifyBaseLogger } from 'fastify';

import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { transactionRunner } from './db/transaction.js';
import { createAdminAuditService } from './domains/admin/admin-audit-service.js';
import { createAdminSettingsRepository } from './domains/admin/admin-settings-repository.js';
import { createAdminSettingsService } from './domains/admin/admin-settings-service.js';
import { createAdminUsersRepository } from './domains/admin/admin-users-repository.js';
import { createAdminUsersService } from './domains/admin/admin-users-service.js';
import { createAuditRepository } from './domains/audit/audit-repository.js';
import { createAuditLog } from './domains/audit/audit-service.js';
import { createAuthService } from './domains/auth/auth-service.js';
import { createCredentials } from './domains/auth/credentials.js';
import { createGoogleRepository } from './domains/google/google-repository.js';
import { createGoogleService } from './domains/google/google-service.js';
import { createMailer, type Mailer } from './domains/mail/mailer.js';
import { createPreferencesRepository } from './domains/preferences/preferences-repository.js';
import { createAccessTokens } from './domains/sessions/access-tokens.js';
import { createRefreshTokenCodec } from './domains/sessions/refresh-tokens.js';
import { createSessionsRepository } from './domains/sessions/sessions-repository.js';
import { createSessionsService } from './domains/sessions/sessions-service.js';
import { createThrottlesRepository } from './domains/throttles/throttles-repository.js';
import { createThrottles } from './domains/throttles/throttles-service.js';
import { createUsersRepository } from './domains/users/users-repository.js';
import { createUsersService } from './domains/users/users-service.js';
import { createVerificationsRepository } from './domains/verifications/verifications-repository.js';
import { createPasswordHasher } from './security/password-hasher.js';
import { createSecretKeys } from './security/secrets.js';

export interface ServiceDeps {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  clock: Clock;
  /** Default: nodemailer over SMTP_URL, or the log. */
  mailer?: Mailer;
}

/**
 * The composition root of the account domains: repositories over the
 * database, services over repositories, each given exactly what it uses.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, logger, clock } = deps;
  const transaction = transactionRunner(db);
  const keys = createSecretKeys(config.JWT_SECRET);
  const hasher = createPasswordHasher();
  const mailer = deps.mailer ?? createMailer({ config, logger });

  const auditRepository = createAuditRepository(db);
  const audit = createAuditLog({ repo: auditRepository, logger, clock });
  const usersRepository = createUsersRepository(db);
  const throttles = createThrottles({
    repo: createThrottlesRepository(db),
    transaction,
    clock,
    keys,
  });
  const credentials = createCredentials({ hasher, throttles, audit, config });
  const sessions = createSessionsService({
    repo: createSessionsRepository(db),
    users: usersRepository,
    accessTokens: createAccessTokens({
      secret: config.JWT_SECRET,
      issuer: config.PUBLIC_URL,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      clock,
    }),
    refreshTokens: createRefreshTokenCodec(keys.key('refresh-token')),
    config,
    clock,
    audit,
  });
  const auth = createAuthService({
    users: usersRepository,
    sessions,
    credentials,
    hasher,
    audit,
    config,
  });
  const adminSettings = createAdminSettingsService({
    repo: createAdminSettingsRepository(db),
    users: usersRepository,
    mailer,
    audit,
    transaction,
    clock,
    config,
  });
  const users = createUsersService({
    signupOpen: () => adminSettings.isSignupOpen(),
    repo: usersRepository,
    verifications: createVerificationsRepository(db),
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
  });

  const google = createGoogleService({
    signupOpen: () => adminSettings.isSignupOpen(),
    repo: createGoogleRepository(db),
    users: usersRepository,
    sessions,
    audit,
    clock,
    logger,
    config,
  });

  const adminUsers = createAdminUsersService({
    repo: createAdminUsersRepository(db),
    usersRepo: usersRepository,
    users,
    preferences: createPreferencesRepository(db),
    audit,
    transaction,
    clock,
  });
  const adminAudit = createAdminAuditService({ repo: auditRepository });

  return {
    adminAudit,
    adminSettings,
    adminUsers,
    audit,
    auth,
    google,
    mailer,
    sessions,
    users,
    /** For Google sign-in: findOrCreateByGoogleIdentity and friends. */
    usersRepository,
  };
}

export type Services = ReturnType<typeof createServices>;
