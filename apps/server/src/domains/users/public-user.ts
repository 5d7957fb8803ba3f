import type { UserRow } from '../../db/schema/users.js';

/**
 * What the API says about a user (login answer, /users/me): an explicit
 * allowlist, because the shared UserDataSchema keeps unknown keys and would
 * pass a password hash straight through (S36).
 */
// A type, not an interface: the shared schema's loose object needs an index
// signature, which only type aliases get implicitly.
export type PublicUser = {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string;
  role: UserRow['role'];
  phoneNumber: string | null;
  state: string | null;
  zipCode: string | null;
  /** False for an account made through Google: it confirms deletion by e-mail. */
  hasPassword: boolean;
};

export function publicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    phoneNumber: user.phoneNumber,
    state: user.state,
    zipCode: user.zipCode,
    hasPassword: user.passwordHash !== null,
  };
}
