import { createAccountService } from './account-service.js';
import { createFirstAdmin } from './first-admin.js';
import { createPasswordService } from './password-service.js';
import { createSignupService } from './signup-service.js';
import { createUserCodes, type UsersServiceDeps } from './users-deps.js';
import { createVerifyEmailService } from './verify-email-service.js';

/**
 * The account operations as one service for the routes and the admin:
 * sign-up and verification, passwords and invitations, the account itself,
 * and the first administrator. Each lives in its own file; they share only
 * the codes and mails of users-deps.ts.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const codes = createUserCodes(deps);
  return {
    ...createSignupService(deps, codes),
    ...createVerifyEmailService(deps, codes),
    ...createPasswordService(deps, codes),
    ...createAccountService(deps, codes),
    ...createFirstAdmin(deps),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
