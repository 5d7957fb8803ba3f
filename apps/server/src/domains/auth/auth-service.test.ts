import { describe, expect, it, vi } from 'vitest';

import type { UserRow } from '../../db/schema/users.js';
import type { RequestContext } from '../../request-context.js';
import type { PasswordHasher } from '../../security/password-hasher.js';
import type { AuditLog } from '../audit/audit-service.js';
import type { SessionsService } from '../sessions/sessions-service.js';
import type { UsersRepository } from '../users/users-repository.js';
import { createAuthService } from './auth-service.js';
import type { Credentials } from './credentials.js';

/** S10 for accounts without a password, with fakes for the service's deps. */

const passwordless = {
  id: 'u1',
  email: 'cook@example.com',
  passwordHash: null,
  isActive: true,
  role: 'user',
  emailVerifiedAt: new Date(),
} as unknown as UserRow;

function setup(hasIdentity: boolean) {
  const hasher = {
    hash: vi.fn(),
    verify: vi.fn(),
    dummyVerify: vi.fn(async () => undefined),
    needsRehash: vi.fn(() => false),
  };
  const users = {
    findByEmail: vi.fn(async () => passwordless),
    hasIdentity: vi.fn(async () => hasIdentity),
  };
  const audit = { record: vi.fn(async () => undefined) };
  const credentials = {
    assertNotLocked: vi.fn(async () => undefined),
    verify: vi.fn(),
    clear: vi.fn(),
  };
  const service = createAuthService({
    users: users as unknown as UsersRepository,
    sessions: {} as SessionsService,
    credentials: credentials as unknown as Credentials,
    hasher: hasher as unknown as PasswordHasher,
    audit: audit as unknown as AuditLog,
    config: { GOOGLE_CLIENT_ID: undefined },
  });
  return { service, hasher, audit };
}

const context: RequestContext = {
  requestId: 'r1',
  ip: '127.0.0.1',
  userAgent: null,
};
const input = {
  email: 'cook@example.com',
  password: 'Basil&Lime42',
  rememberMe: false,
};

describe('auth service: login to an account without a password', () => {
  it.each([
    [false, 'PASSWORD_NOT_SET', 'password_not_set'],
    [true, 'GOOGLE_ACCOUNT', 'google_account'],
  ] as const)(
    'spends a dummy hash before answering (identity %s: %s)',
    async (hasIdentity, code, reason) => {
      const { service, hasher, audit } = setup(hasIdentity);
      await expect(service.login(input, context)).rejects.toMatchObject({
        statusCode: 403,
        code,
      });
      expect(hasher.dummyVerify).toHaveBeenCalledWith(input.password);
      expect(hasher.verify).not.toHaveBeenCalled();
      expect(audit.record).toHaveBeenCalledWith(
        context,
        expect.objectContaining({
          type: 'authn_login_fail',
          details: expect.objectContaining({ reason }),
        }),
      );
    },
  );
});
