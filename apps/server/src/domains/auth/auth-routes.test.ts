import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';

import { users } from '../../db/schema/users.js';
import {
  bearer,
  CHROME_ON_LINUX,
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
  createUserWithoutPassword,
  signupBody,
} from '../../test/factories.js';

/** Spec point 8 (user and admin login) and security.md S07-S13, S23. */

function postLogin(
  testApp: AccountsTestApp,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers,
    payload,
  });
}

describe('POST /api/users/login', () => {
  it('returns 200 with the user and both tokens', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const response = await postLogin(testApp, {
      email: user.email.toUpperCase(),
      password,
      rememberMe: false,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      message: string;
      user: Record<string, unknown>;
    }>();
    expect(body.message).toBe('Login successful');
    expect(body.user).toEqual({
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: 'user',
      phoneNumber: user.phoneNumber,
      state: user.state,
      zipCode: user.zipCode,
      hasPassword: true,
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    // S36: nothing secret in any answer.
    expect(response.body).not.toMatch(/"password"|password_?hash|\$argon2/i);
  });

  it('issues a 15-minute access JWT carrying only sub and sid (S18)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const { accessToken } = await login(testApp.app, user.email, password);
    const claims = decodeJwt(accessToken);
    expect(claims.sub).toBe(user.id);
    expect(typeof claims.sid).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(900);
    expect(claims).not.toHaveProperty('role');
  });

  it('creates a new session on every login (S23)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const first = await login(testApp.app, user.email, password);
    const second = await login(testApp.app, user.email, password);
    expect(decodeJwt(first.accessToken).sid).not.toBe(
      decodeJwt(second.accessToken).sid,
    );
    const sessions = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/sessions',
      headers: bearer(second.accessToken),
    });
    expect(sessions.json<{ sessions: unknown[] }>().sessions).toHaveLength(2);
    // The older family is independent of the newer one.
    expect((await refresh(testApp.app, first.refreshToken)).statusCode).toBe(
      200,
    );
    expect(await meStatus(testApp.app, second.accessToken)).toBe(200);
  });

  it.each([
    ['a bad e-mail format', { email: 'not-an-email', password: 'x' }],
    [
      'a 1025-character password',
      { email: 'a@b.co', password: 'x'.repeat(1025) },
    ],
  ])('returns 400 for %s', async (_name, payload) => {
    const testApp = await createAccountsApp();
    const response = await postLogin(testApp, {
      ...payload,
      rememberMe: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid email or password format!',
      code: 'VALIDATION_FAILED',
    });
  });

  it('returns 400 when a field is missing', async () => {
    const testApp = await createAccountsApp();
    const response = await postLogin(testApp, {
      email: '',
      password: '',
      rememberMe: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'Please fill in all fields!',
    });
  });

  it('returns 401 for a wrong password', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const response = await postLogin(testApp, {
      email: user.email,
      password: 'Wrong-Password-1!',
      rememberMe: false,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Incorrect email or password!',
      code: 'UNAUTHORIZED',
    });
  });

  it('returns 404 for an unknown e-mail (security decision 2)', async () => {
    const testApp = await createAccountsApp();
    const response = await postLogin(testApp, {
      email: 'nobody@example.com',
      password: 'Whatever-1!',
      rememberMe: false,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'User not found! Please sign up first.',
      code: 'NOT_FOUND',
    });
  });

  it('returns 403 EMAIL_NOT_VERIFIED for an unverified account with the right password', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db, {
      verified: false,
    });
    const response = await postLogin(testApp, {
      email: user.email,
      password,
      rememberMe: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error:
        'Please verify your email before logging in. We can send you a new code.',
      code: 'EMAIL_NOT_VERIFIED',
    });
    // With the wrong password it says nothing about verification.
    const wrong = await postLogin(testApp, {
      email: user.email,
      password: 'Wrong-Password-1!',
      rememberMe: false,
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('returns 403 ACCOUNT_DISABLED for a disabled account with the right password', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db, {
      isActive: false,
    });
    const response = await postLogin(testApp, {
      email: user.email,
      password,
      rememberMe: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Your account is disabled. Contact support.',
      code: 'ACCOUNT_DISABLED',
    });
  });

  it('returns 403 GOOGLE_ACCOUNT for an account without a password', async () => {
    const testApp = await createAccountsApp();
    const user = await createGoogleUser(testApp.db);
    const response = await postLogin(testApp, {
      email: user.email,
      password: 'Anything-1!',
      rememberMe: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Please login using Google!',
      code: 'GOOGLE_ACCOUNT',
    });
  });

  it('returns 403 PASSWORD_NOT_SET when the password was dropped at verification (ADR 008)', async () => {
    const testApp = await createAccountsApp();
    const body = signupBody();
    const signedUp = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: body,
    });
    expect(signedUp.statusCode).toBe(201);
    // Verified from another browser (no sign-up cookie): the password goes.
    const verified = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { email: body.email, otp: testApp.smtp.latestOtp(body.email) },
    });
    expect(verified.json()).toMatchObject({
      message:
        'Email verified successfully! We have emailed you a link to set your password.',
    });
    const response = await postLogin(testApp, {
      email: body.email,
      password: body.password,
      rememberMe: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error:
        'Please set your password with the link we e-mailed you, or use Forgot password.',
      code: 'PASSWORD_NOT_SET',
    });
  });

  it('returns 403 PASSWORD_NOT_SET for an added account whose link is unused', async () => {
    const testApp = await createAccountsApp();
    const user = await createUserWithoutPassword(testApp.db);
    const response = await postLogin(testApp, {
      email: user.email,
      password: 'Anything-1!',
      rememberMe: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_NOT_SET' });
  });

  it('gives remember me a 30-day session and the default a 1-day one', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const remembered = await login(testApp.app, user.email, password, {
      rememberMe: true,
    });
    const browser = await login(testApp.app, user.email, password);
    let rememberedToken = remembered.refreshToken;
    let browserToken = browser.refreshToken;
    // Refreshing every 6 hours: rotation never extends the absolute end (S22).
    for (let hour = 6; hour <= 30; hour += 6) {
      testApp.clock.advance(6 * 3600);
      const r = await refresh(testApp.app, rememberedToken);
      expect(r.statusCode).toBe(200);
      rememberedToken = r.body.data?.refreshToken ?? '';
      const b = await refresh(testApp.app, browserToken);
      expect([hour, b.statusCode]).toEqual([hour, hour < 24 ? 200 : 401]);
      if (b.statusCode === 200) browserToken = b.body.data?.refreshToken ?? '';
    }
    // 30 days after the login the remembered session ends too.
    const answers: number[] = [];
    for (let day = 2; day <= 30; day += 1) {
      testApp.clock.advance(24 * 3600);
      const r = await refresh(testApp.app, rememberedToken);
      answers.push(r.statusCode);
      rememberedToken = r.body.data?.refreshToken ?? rememberedToken;
    }
    // Day 29 after 30 hours is 29.25 days in: still alive; day 30 is not.
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(401);
  });

  it('rehashes a hash below the policy on login (S09)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const weak = await hash(password, {
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await testApp.db
      .update(users)
      .set({ passwordHash: weak })
      .where(eq(users.id, user.id));
    await login(testApp.app, user.email, password);
    const [row] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await login(testApp.app, user.email, password);
  });

  it('accepts none of admin/admin, admin@…/admin, root/root on a fresh database (S13)', async () => {
    const testApp = await createAccountsApp();
    for (const [email, password] of [
      ['admin', 'admin'],
      ['admin@platewise.local', 'admin'],
      ['root', 'root'],
    ] as const) {
      for (const url of ['/api/users/login', '/api/admin/login']) {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          payload: { email, password, rememberMe: false },
        });
        expect([400, 401, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain('accessToken');
      }
    }
  });

  describe('lockout (S11)', () => {
    async function failTimes(
      testApp: AccountsTestApp,
      email: string,
      times: number,
    ) {
      for (let i = 0; i < times; i += 1) {
        const response = await postLogin(testApp, {
          email,
          password: `Wrong-Password-${i}!`,
          rememberMe: false,
        });
        expect(response.statusCode).not.toBe(429);
      }
    }

    it('locks after 10 failures in 15 minutes, even for the right password, then lets go', async () => {
      const testApp = await createAccountsApp();
      const { user, password } = await createUser(testApp.db);
      await failTimes(testApp, user.email, 10);
      const locked = await postLogin(testApp, {
        email: user.email,
        password,
        rememberMe: false,
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
      expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(locked.body).not.toContain('accessToken');

      testApp.clock.advance(901);
      await login(testApp.app, user.email, password);
    });

    it('does not lock for failures spread beyond the window', async () => {
      const testApp = await createAccountsApp();
      const { user, password } = await createUser(testApp.db);
      await failTimes(testApp, user.email, 9);
      testApp.clock.advance(901);
      await failTimes(testApp, user.email, 9);
      await login(testApp.app, user.email, password);
    });

    it('counts unknown addresses the same way', async () => {
      const testApp = await createAccountsApp();
      await failTimes(testApp, 'ghost@example.com', 10);
      const response = await postLogin(testApp, {
        email: 'ghost@example.com',
        password: 'Anything-1!',
        rememberMe: false,
      });
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
    });

    it('lets forgot and reset work during the lock, and the reset clears it', async () => {
      const testApp = await createAccountsApp();
      const { user } = await createUser(testApp.db);
      await failTimes(testApp, user.email, 10);
      const forgot = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/forgot-password',
        payload: { email: user.email },
      });
      expect(forgot.statusCode).toBe(200);
      const link = testApp.smtp.latestResetLink(user.email);
      const newPassword = 'Brand-New-Pass-9!';
      const reset = await testApp.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: {
          email: link.searchParams.get('email'),
          token: link.searchParams.get('token'),
          newPassword,
          confirmPassword: newPassword,
        },
      });
      expect(reset.statusCode).toBe(200);
      await login(testApp.app, user.email, newPassword);
    });
  });

  describe('per-IP rate limit (S12)', () => {
    it('answers 429 with Retry-After, and a spoofed X-Forwarded-For does not reset it', async () => {
      const testApp = await createAccountsApp({
        config: { RATE_LIMIT_LOGIN: 5 },
      });
      const payload = {
        email: 'someone@example.com',
        password: 'Whatever-1!',
        rememberMe: false,
      };
      for (let i = 0; i < 5; i += 1) {
        expect((await postLogin(testApp, payload)).statusCode).toBe(404);
      }
      for (let i = 0; i < 3; i += 1) {
        const response = await postLogin(testApp, payload, {
          'x-forwarded-for': `203.0.113.${i + 1}`,
        });
        expect(response.statusCode).toBe(429);
        expect(response.headers['retry-after']).toBeDefined();
        expect(response.json()).toEqual({
          error: 'Too many attempts. Please wait a few minutes and try again.',
          code: 'RATE_LIMITED',
        });
      }
    });
  });
});

describe('POST /api/admin/login', () => {
  it('returns 200 with the admin, an access token and a refresh token', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createAdmin(testApp.db);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: user.email, password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      admin: {
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: 'admin',
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      },
    });
  });

  it('returns 403 to a user with the right password, 401 with a wrong one', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const post = (candidate: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: user.email, password: candidate },
      });
    const right = await post(password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      error: 'Access denied: Admin role required!',
      code: 'FORBIDDEN',
    });
    expect(right.body).not.toContain('accessToken');
    // Without the password nobody learns that the address is not an admin's.
    expect((await post('Wrong-Password-1!')).statusCode).toBe(401);
  });

  it('returns 404 for an unknown e-mail, 401 for a wrong password, 400 for a bad format', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createAdmin(testApp.db);
    const post = (payload: Record<string, unknown>) =>
      testApp.app.inject({ method: 'POST', url: '/api/admin/login', payload });
    const unknown = await post({
      email: 'nobody@example.com',
      password: 'Whatever-1!',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Admin account not found!' });
    const wrong = await post({
      email: user.email,
      password: 'Wrong-Password-1!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: 'Incorrect email or password!',
    });
    const format = await post({ email: 'no-at-sign', password: 'x' });
    expect(format.statusCode).toBe(400);
  });
});

describe('GET /api/admin/me', () => {
  it('returns the admin for an admin token, 401 without, 403 for a user', async () => {
    const testApp = await createAccountsApp();
    const admin = await createAdmin(testApp.db);
    const { accessToken } = await login(
      testApp.app,
      admin.user.email,
      admin.password,
    );
    const ok = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(accessToken),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      admin: {
        id: admin.user.id,
        firstName: admin.user.firstName,
        lastName: admin.user.lastName,
        email: admin.user.email,
        role: 'admin',
      },
    });

    const none = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/me',
    });
    expect(none.statusCode).toBe(401);

    const plain = await createUser(testApp.db);
    const userToken = (
      await login(testApp.app, plain.user.email, plain.password)
    ).accessToken;
    const forbidden = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(userToken),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: 'Access denied: Admin role required!',
      code: 'FORBIDDEN',
    });
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the admin session', async () => {
    const testApp = await createAccountsApp();
    const admin = await createAdmin(testApp.db);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'user-agent': CHROME_ON_LINUX },
      payload: { email: admin.user.email, password: admin.password },
    });
    const { accessToken, refreshToken } = login.json<{
      admin: { accessToken: string; refreshToken: string };
    }>().admin;
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: bearer(accessToken),
    });
    expect(me.statusCode).toBe(401);
    expect((await refresh(testApp.app, refreshToken)).statusCode).toBe(401);
  });
});

describe('GET /api/auth/providers', () => {
  it('offers Google only when GOOGLE_CLIENT_ID is set', async () => {
    const without = await createAccountsApp();
    const off = await without.app.inject({
      method: 'GET',
      url: '/api/auth/providers',
    });
    expect(off.json()).toEqual({ google: false });
    const withGoogle = await createAccountsApp({
      config: { GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'secret' },
    });
    const on = await withGoogle.app.inject({
      method: 'GET',
      url: '/api/auth/providers',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ google: true });
  });
});
