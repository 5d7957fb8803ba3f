import { EmailSchema } from '@platewise/shared';

import { isCommonPassword } from '../../security/password-policy.js';
import { generateToken } from '../../security/secrets.js';
import type { UsersServiceDeps } from './users-deps.js';

/** A password that meets the spec's rule: 144 random bits plus one of each class. */
function randomAdminPassword(): string {
  return `${generateToken(18)}Aa1!`;
}

/** The first administrator, created at start (S13). */
export function createFirstAdmin(deps: UsersServiceDeps) {
  const { repo, hasher, audit, transaction, clock, logger } = deps;
  return {
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
