import { beforeEach, describe, expect, it } from 'vitest';

import { getTestDatabase, resetDatabase } from '../../test/build-app.js';
import { createUser } from '../../test/factories.js';
import { createUsersRepository } from './users-repository.js';

describe('findOrCreateByGoogleIdentity', () => {
  beforeEach(() => resetDatabase());

  const identity = {
    subject: 'google-sub-1',
    email: 'Cook@Example.com',
    emailVerified: true,
    firstName: 'Ana',
    lastName: 'Cook',
  };

  it('creates a password-less user on first sight, then finds it by subject', async () => {
    const { db } = await getTestDatabase();
    const repo = createUsersRepository(db);
    const now = new Date();
    const first = await repo.findOrCreateByGoogleIdentity(identity, now);
    expect(first).toMatchObject({
      created: true,
      user: { email: 'cook@example.com', passwordHash: null, firstName: 'Ana' },
    });
    if (!('user' in first)) throw new Error('expected a user');
    expect(first.user.emailVerifiedAt).toEqual(now);

    // A changed e-mail at Google still finds the same account (S29).
    const again = await repo.findOrCreateByGoogleIdentity(
      { ...identity, email: 'new@example.com' },
      now,
    );
    expect(again).toMatchObject({
      created: false,
      user: { id: first.user.id },
    });
  });

  it('does not link to an existing account with the same e-mail, and names it', async () => {
    const { db } = await getTestDatabase();
    const repo = createUsersRepository(db);
    const { user } = await createUser(db, { email: 'cook@example.com' });
    expect(
      await repo.findOrCreateByGoogleIdentity(identity, new Date()),
    ).toEqual({
      conflict: 'email_taken',
      existing: user,
    });
    expect(await repo.findByIdentity('google', identity.subject)).toBeNull();
  });

  it('leaves an address Google has not verified unverified', async () => {
    const { db } = await getTestDatabase();
    const repo = createUsersRepository(db);
    const result = await repo.findOrCreateByGoogleIdentity(
      { ...identity, emailVerified: false },
      new Date(),
    );
    expect(result).toMatchObject({ user: { emailVerifiedAt: null } });
  });
});
