import { faker } from '@faker-js/faker';

import type { Database } from '../db/client.js';
import {
  userIdentities,
  users,
  type NewUserRow,
  type UserRow,
} from '../db/schema/users.js';
import { createPasswordHasher } from '../security/password-hasher.js';

/**
 * Real rows with faker data (style guide, "Testing"). Passwords are hashed
 * with the production policy; each distinct password is hashed once per
 * test file, since argon2 is slow on purpose.
 */

/** Meets the spec's rule and is in no common-password list. */
export const DEFAULT_PASSWORD = 'Plate-wise-42!';

const hasher = createPasswordHasher();
const hashes = new Map<string, Promise<string>>();

export function hashPassword(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hasher.hash(password);
    hashes.set(password, hash);
  }
  return hash;
}

let sequence = 0;

/** A unique, normalised address. */
export function uniqueEmail(): string {
  sequence += 1;
  return `${faker.internet
    .username()
    .toLowerCase()
    .replace(
      /[^a-z0-9]/g,
      '',
    )}.${sequence}.${Date.now().toString(36)}@example.com`;
}

export interface CreateUserOverrides extends Partial<
  Omit<NewUserRow, 'passwordHash'>
> {
  /** Plain password, hashed here. */
  password?: string;
  /** Default true: the e-mail is verified. */
  verified?: boolean;
}

export interface CreatedUser {
  user: UserRow;
  /** The plain password. */
  password: string;
}

/** A verified, active user unless the overrides say otherwise. */
export async function createUser(
  db: Database,
  overrides: CreateUserOverrides = {},
): Promise<CreatedUser> {
  const { password = DEFAULT_PASSWORD, ...rest } = overrides;
  const user = await insertUser(db, rest, await hashPassword(password));
  return { user, password };
}

/** A user who signs in with Google only: no password, a Google identity. */
export async function createGoogleUser(
  db: Database,
  overrides: Omit<CreateUserOverrides, 'password'> = {},
): Promise<UserRow> {
  const user = await insertUser(db, overrides, null);
  await db.insert(userIdentities).values({
    provider: 'google',
    subject: faker.string.numeric(21),
    userId: user.id,
    email: user.email,
  });
  return user;
}

/**
 * A user with neither password nor Google sign-in: the password was dropped
 * at verification (ADR 008), or an admin added the account.
 */
export function createUserWithoutPassword(
  db: Database,
  overrides: Omit<CreateUserOverrides, 'password'> = {},
): Promise<UserRow> {
  return insertUser(db, overrides, null);
}

async function insertUser(
  db: Database,
  overrides: Omit<CreateUserOverrides, 'password'>,
  passwordHash: string | null,
): Promise<UserRow> {
  const { verified = true, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      firstName: faker.person.firstName(),
      lastName: faker.person.lastName(),
      phoneNumber: faker.string.numeric(10),
      state: faker.location.state(),
      zipCode: faker.location.zipCode('#####'),
      passwordHash,
      emailVerifiedAt: verified ? new Date() : null,
      ...rest,
    })
    .returning();
  if (!user) throw new Error('createUser inserted nothing');
  return user;
}

export function createAdmin(
  db: Database,
  overrides: CreateUserOverrides = {},
): Promise<CreatedUser> {
  return createUser(db, { role: 'admin', ...overrides });
}

/** A sign-up body that passes SignupRequestSchema. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: faker.person.firstName(),
    lastName: faker.person.lastName(),
    email: uniqueEmail(),
    phoneNumber: faker.string.numeric(10),
    state: faker.location.state(),
    zipCode: faker.location.zipCode('#####'),
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}
