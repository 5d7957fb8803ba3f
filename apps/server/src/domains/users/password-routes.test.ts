import type { EditInfoResponse } from '@platewise/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { users } from '../../db/schema/users.js';
import { verifications } from '../../db/schema/verifications.js';
import {
  bearer,
  createAccountsApp,
  login,
  meStatus,
  refresh,
  rotate,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createGoogleUser, createUser } from '../../test/factories.js';

/** Spec points 4, 7, 8 (forgot, reset, password update) and S14-S16, S26. */

const NEW_PASSWORD = 'Fresh-Basil-2024!';

function forgot(
  testApp: AccountsTestApp,
  email: string,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/forgot-password',
    headers,
    payload: { email },
  });
}

function reset(
  testApp: AccountsTestApp,
  body: {
    email: string;
    token: string;
    newPassword?: string;
    confirmPassword?: string;
  },
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/reset-password',
    payload: {
      newPassword: NEW_PASSWORD,
      confirmPassword: body.newPassword ?? NEW_PASSWORD,
      ...body,
    },
  });
}

/** Asks for a link and returns its e-mail and token. */
async function resetLink(testApp: AccountsTestApp, email: string) {
  expect((await forgot(testApp, email)).statusCode).toBe(200);
  const link = testApp.smtp.latestResetLink(email);
  return {
    link,
    email: link.searchParams.get('email') ?? '',
    token: link.searchParams.get('token') ?? '',
  };
}

describe('POST /api/users/forgot-password', () => {
  it('mails a link to PUBLIC_URL/resetpassword, whatever the Host header says (S15)', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const response = await forgot(testApp, user.email, {
      host: 'evil.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Password reset email sent. Please check your inbox.',
    });
    const link = testApp.smtp.latestResetLink(user.email);
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/resetpassword');
    expect(link.searchParams.get('email')).toBe(user.email);
    // 32 random bytes in base64url: 256 bits.
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(testApp.smtp.mailsTo(user.email)[0]?.raw).not.toContain(
      'evil.example',
    );
  });

  it('stores the token only as a hash', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const { token } = await resetLink(testApp, user.email);
    const dump = JSON.stringify(await testApp.db.select().from(verifications));
    expect(dump).not.toContain(token);
  });

  it('returns 404 for an unknown address (security decision 2) and mails nothing', async () => {
    const testApp = await createAccountsApp();
    const response = await forgot(testApp, 'nobody@example.com');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'User not found. Please check your email or sign up.',
      code: 'NOT_FOUND',
    });
    expect(testApp.smtp.mails).toHaveLength(0);
  });

  it('sends at most 3 mails per hour per account, answering the same (S14)', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(await forgot(testApp, user.email));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200,
    ]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(testApp.smtp.mailsTo(user.email)).toHaveLength(3);
    testApp.clock.advance(3601);
    await forgot(testApp, user.email);
    expect(testApp.smtp.mailsTo(user.email)).toHaveLength(4);
  });

  it('returns 403 for a disabled account', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db, { isActive: false });
    const response = await forgot(testApp, user.email);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  it('returns 400 for a malformed e-mail and mails nothing', async () => {
    const testApp = await createAccountsApp();
    const response = await forgot(testApp, 'not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Please enter a valid email address!',
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'email', message: 'Please enter a valid email address!' },
      ],
    });
    expect(testApp.smtp.mails).toHaveLength(0);
  });

  it('is rate limited per IP', async () => {
    const testApp = await createAccountsApp({
      config: { RATE_LIMIT_FORGOT: 2 },
    });
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await forgot(testApp, `x${i}@example.com`)).statusCode);
    expect(statuses).toEqual([404, 404, 429]);
  });
});

describe('POST /api/users/reset-password', () => {
  it('sets the password, ends every session, does not log in, mails a notice (S16)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const before = await login(testApp.app, user.email, password);
    const { email, token } = await resetLink(testApp, user.email);

    const response = await reset(testApp, { email, token });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/token/i);
    expect(await meStatus(testApp.app, before.accessToken)).toBe(401);
    expect((await refresh(testApp.app, before.refreshToken)).statusCode).toBe(
      401,
    );
    const mails = testApp.smtp.mailsTo(user.email);
    expect(mails.at(-1)?.subject).toContain('password was reset');
    const old = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password, rememberMe: false },
    });
    expect(old.statusCode).toBe(401);
    await login(testApp.app, user.email, NEW_PASSWORD);
  });

  it('works once (S15)', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const { email, token } = await resetLink(testApp, user.email);
    expect((await reset(testApp, { email, token })).statusCode).toBe(200);
    const again = await reset(testApp, {
      email,
      token,
      newPassword: 'Other-Basil-2025!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'Invalid or expired reset link. Please request a new reset.',
      code: 'INVALID_RESET_LINK',
    });
  });

  it('expires after RESET_TOKEN_TTL_SECONDS (S15)', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const { email, token } = await resetLink(testApp, user.email);
    testApp.clock.advance(601);
    const response = await reset(testApp, { email, token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
  });

  it('voids the older link when a new one is requested (S15)', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const first = await resetLink(testApp, user.email);
    const second = await resetLink(testApp, user.email);
    expect((await reset(testApp, first)).statusCode).toBe(400);
    expect((await reset(testApp, second)).statusCode).toBe(200);
  });

  it('refuses a token for another address', async () => {
    const testApp = await createAccountsApp();
    const a = await createUser(testApp.db);
    const b = await createUser(testApp.db);
    const link = await resetLink(testApp, a.user.email);
    await resetLink(testApp, b.user.email);
    const response = await reset(testApp, {
      email: b.user.email,
      token: link.token,
    });
    expect(response.statusCode).toBe(400);
  });

  it('verifies an unverified address: the link proves the mailbox', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db, { verified: false });
    const link = await resetLink(testApp, user.email);
    expect((await reset(testApp, link)).statusCode).toBe(200);
    await login(testApp.app, user.email, NEW_PASSWORD);
  });

  it('returns 400 when the passwords do not match', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const link = await resetLink(testApp, user.email);
    const response = await reset(testApp, {
      ...link,
      confirmPassword: 'Something-Else-1!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Passwords do not match. Please try again.',
    });
    // The link still works.
    expect((await reset(testApp, link)).statusCode).toBe(200);
  });

  it('returns 400 for a weak or common new password', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const link = await resetLink(testApp, user.email);
    for (const newPassword of ['short', 'Password123!']) {
      const response = await reset(testApp, { ...link, newPassword });
      expect(response.statusCode).toBe(400);
    }
  });

  it('returns 403 for a disabled account and 404 for an unknown one', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const link = await resetLink(testApp, user.email);
    await testApp.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, user.id));
    const disabled = await reset(testApp, link);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toEqual({
      error: 'Your account is disabled. Contact support.',
      code: 'ACCOUNT_DISABLED',
    });
    const unknown = await reset(testApp, {
      ...link,
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'User not found. Please sign up first.',
    });
  });

  it('returns 400 for an empty token, and the link still works', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const link = await resetLink(testApp, user.email);
    const response = await reset(testApp, { email: link.email, token: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Invalid or missing reset link.',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'token', message: 'Invalid or missing reset link.' }],
    });
    expect((await reset(testApp, link)).statusCode).toBe(200);
  });

  it('accepts the token only in the POST body (S15)', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const { token } = await resetLink(testApp, user.email);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/users/reset-password?email=${encodeURIComponent(user.email)}&token=${token}`,
    });
    expect([404, 405]).toContain(response.statusCode);
  });
});

describe('PATCH /api/users/edit-info', () => {
  async function loggedIn(testApp: AccountsTestApp) {
    const { user, password } = await createUser(testApp.db);
    const current = await login(testApp.app, user.email, password);
    return { user, password: password, current };
  }

  function editInfo(
    testApp: AccountsTestApp,
    accessToken: string,
    payload: object,
  ) {
    return testApp.app.inject({
      method: 'PATCH',
      url: '/api/users/edit-info',
      headers: bearer(accessToken),
      payload,
    });
  }

  it('changes the password, ends the other sessions, renews this one’s tokens, mails a notice (S26)', async () => {
    const testApp = await createAccountsApp();
    const { user, password, current } = await loggedIn(testApp);
    const other = await login(testApp.app, user.email, password);
    const response = await editInfo(testApp, current.accessToken, {
      currentPassword: password,
      password: NEW_PASSWORD,
      // Server-owned fields are ignored (S36).
      role: 'admin',
      isActive: false,
      email: 'someone-else@example.com',
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<EditInfoResponse>();
    // The refresh answer's `data` shape (spec point 3).
    expect(answer).toEqual({
      message: 'Password updated successfully',
      data: {
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      },
    });
    expect(answer.data.refreshToken).not.toBe(current.refreshToken);
    const [row] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toMatchObject({
      role: 'user',
      isActive: true,
      email: user.email,
    });
    expect((await refresh(testApp.app, other.refreshToken)).statusCode).toBe(
      401,
    );
    expect(await meStatus(testApp.app, other.accessToken)).toBe(401);
    expect(await meStatus(testApp.app, answer.data.accessToken)).toBe(200);
    const rotated = await rotate(testApp.app, answer.data.refreshToken);
    expect(await meStatus(testApp.app, rotated.accessToken)).toBe(200);
    // The refresh token from before the change is dead (S20: presenting it
    // counts as reuse).
    expect((await refresh(testApp.app, current.refreshToken)).statusCode).toBe(
      401,
    );
    expect(testApp.smtp.mailsTo(user.email).at(-1)?.subject).toContain(
      'password was changed',
    );
    const old = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password, rememberMe: false },
    });
    expect(old.statusCode).toBe(401);
    await login(testApp.app, user.email, NEW_PASSWORD);
  });

  it('returns 401 for a wrong current password, and those count toward the lockout (S26, S11)', async () => {
    const testApp = await createAccountsApp();
    const { user, password, current } = await loggedIn(testApp);
    for (let i = 0; i < 10; i += 1) {
      const response = await editInfo(testApp, current.accessToken, {
        currentPassword: `Wrong-Password-${i}!`,
        password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Current password is incorrect.',
        code: 'UNAUTHORIZED',
      });
    }
    const locked = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: user.email, password, rememberMe: false },
    });
    expect(locked.statusCode).toBe(429);
  });

  it('returns 400 for a weak, common or unchanged new password', async () => {
    const testApp = await createAccountsApp();
    const { password, current } = await loggedIn(testApp);
    for (const next of ['weak', 'Password123!', password]) {
      const response = await editInfo(testApp, current.accessToken, {
        currentPassword: password,
        password: next,
      });
      expect([next, response.statusCode]).toEqual([next, 400]);
    }
  });

  it('returns 403 GOOGLE_ACCOUNT for an account without a password', async () => {
    const testApp = await createAccountsApp();
    const user = await createGoogleUser(testApp.db);
    const { createSession } = testApp.app.services.sessions;
    const session = await createSession({
      userId: user.id,
      rememberMe: false,
      userAgent: null,
      ip: null,
    });
    const response = await editInfo(testApp, session.user.accessToken, {
      currentPassword: 'Anything-1!',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'GOOGLE_ACCOUNT' });
  });
});
