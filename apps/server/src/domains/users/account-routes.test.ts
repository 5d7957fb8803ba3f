import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { sessions } from '../../db/schema/sessions.js';
import { userIdentities, users } from '../../db/schema/users.js';
import { verifications } from '../../db/schema/verifications.js';
import {
  bearer,
  createAccountsApp,
  login,
  meStatus,
  refresh,
  type AccountsTestApp,
} from '../../test/accounts.js';
import {
  createAdmin,
  createGoogleUser,
  createUser,
} from '../../test/factories.js';
import { createCapturedLogger } from '../../test/log-capture.js';

/** GET and DELETE /api/users/me (S27) and the first admin (S13). */

describe('GET /api/users/me', () => {
  it('returns the signed-in user and nothing secret', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const { accessToken } = await login(testApp.app, user.email, password);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: 'user',
        phoneNumber: user.phoneNumber,
        state: user.state,
        zipCode: user.zipCode,
        hasPassword: true,
      },
    });
  });
});

describe('DELETE /api/users/me', () => {
  function deleteMe(
    testApp: AccountsTestApp,
    accessToken: string,
    payload: object,
  ) {
    return testApp.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(accessToken),
      payload,
    });
  }

  const countWhere = async (
    testApp: AccountsTestApp,
    table: typeof sessions | typeof verifications | typeof userIdentities,
    userId: string,
  ) => {
    const [row] = await testApp.db
      .select({ n: count() })
      .from(table)
      .where(eq(table.userId, userId));
    return row?.n;
  };

  it('deletes the account and everything of it with the password (S27)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const tokens = await login(testApp.app, user.email, password);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: user.email },
    });
    await testApp.db.insert(userIdentities).values({
      provider: 'google',
      subject: 'sub-1',
      userId: user.id,
      email: user.email,
    });

    const response = await deleteMe(testApp, tokens.accessToken, { password });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(
      await testApp.db.select().from(users).where(eq(users.id, user.id)),
    ).toEqual([]);
    for (const table of [sessions, verifications, userIdentities]) {
      expect(await countWhere(testApp, table, user.id)).toBe(0);
    }
    expect(await meStatus(testApp.app, tokens.accessToken)).toBe(401);
    expect((await refresh(testApp.app, tokens.refreshToken)).statusCode).toBe(
      401,
    );
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password, rememberMe: false },
    });
    expect(again.statusCode).toBe(404);
    const audit = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'user_deleted'));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: user.id, outcome: 'success' }),
    ]);
  });

  it('returns 401 for a wrong password and 400 without one (S27)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const { accessToken } = await login(testApp.app, user.email, password);
    const wrong = await deleteMe(testApp, accessToken, {
      password: 'Wrong-Password-1!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'Password is incorrect.' });
    const none = await deleteMe(testApp, accessToken, {});
    expect(none.statusCode).toBe(400);
    const emailOnly = await deleteMe(testApp, accessToken, {
      email: user.email,
    });
    expect(emailOnly.statusCode).toBe(400);
    expect(await meStatus(testApp.app, accessToken)).toBe(200);
  });

  it('takes the typed e-mail for an account without a password', async () => {
    const testApp = await createAccountsApp();
    const user = await createGoogleUser(testApp.db);
    const { user: answer } = await testApp.app.services.sessions.createSession({
      userId: user.id,
      rememberMe: false,
      userAgent: null,
      ip: null,
    });
    const wrong = await deleteMe(testApp, answer.accessToken, {
      email: 'other@example.com',
    });
    expect(wrong.statusCode).toBe(401);
    const right = await deleteMe(testApp, answer.accessToken, {
      email: user.email.toUpperCase(),
    });
    expect(right.statusCode).toBe(204);
  });

  it('refuses to delete the last active administrator', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createAdmin(testApp.db);
    const { accessToken } = await login(testApp.app, user.email, password);
    const response = await deleteMe(testApp, accessToken, { password });
    expect(response.statusCode).toBe(409);
    await createAdmin(testApp.db);
    expect(
      (await deleteMe(testApp, accessToken, { password })).statusCode,
    ).toBe(204);
  });
});

describe('ensureInitialAdmin (server start)', () => {
  it('creates the verified admin of ADMIN_EMAIL/ADMIN_PASSWORD once', async () => {
    const testApp = await createAccountsApp();
    const { users: service } = testApp.app.services;
    const input = {
      email: 'Chief@Example.com',
      password: 'Chef-de-Cuisine-1!',
      publicUrl: 'http://localhost:3000',
    };
    expect(await service.ensureInitialAdmin(input)).toEqual({
      created: true,
      email: 'chief@example.com',
    });
    expect(await service.ensureInitialAdmin(input)).toEqual({ created: false });
    const admin = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'chief@example.com', password: input.password },
    });
    expect(admin.statusCode).toBe(200);
  });

  it('leaves an existing non-admin account with that address alone', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const result = await testApp.app.services.users.ensureInitialAdmin({
      email: user.email,
      password: 'Chef-de-Cuisine-1!',
      publicUrl: 'http://localhost:3000',
    });
    expect(result).toEqual({ created: false });
    const [row] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.role).toBe('user');
  });

  it('without ADMIN_EMAIL creates one admin with a random password logged once (S13)', async () => {
    const { logger, lines } = createCapturedLogger();
    const testApp = await createAccountsApp({ logger });
    const { users: service } = testApp.app.services;
    const first = await service.ensureInitialAdmin({
      publicUrl: 'http://localhost:3000',
    });
    expect(first).toEqual({ created: true, email: 'admin@platewise.local' });
    const messages = lines()
      .map((line) => String(line.msg))
      .filter((message) => message.includes('with the password'));
    expect(messages).toHaveLength(1);
    const password =
      /with the password (\S+) /.exec(messages[0] ?? '')?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);

    expect(
      await service.ensureInitialAdmin({ publicUrl: 'http://localhost:3000' }),
    ).toEqual({
      created: false,
    });
    const ok = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'admin@platewise.local', password },
    });
    expect(ok.statusCode).toBe(200);
    for (const guess of ['admin', 'password', 'Admin123!']) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'admin@platewise.local', password: guess },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
