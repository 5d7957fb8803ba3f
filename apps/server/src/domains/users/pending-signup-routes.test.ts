import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';
import {
  createAccountsApp,
  login,
  signupCookie,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { signupBody, uniqueEmail } from '../../test/factories.js';
import { SIGNUP_ATTEMPT_TTL_SECONDS } from './signup-cookie.js';

/**
 * Issue 9 point 5 and ADR 008: an attacker who signs up someone else's
 * address first never gets into the account once its owner verifies it.
 */

const MALLORY_PASSWORD = 'Mallory-Chose-This-1!';
const VICTIM_PASSWORD = 'Victims-Own-Secret-2!';

function post(
  testApp: AccountsTestApp,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({ method: 'POST', url, payload, headers });
}

function signup(testApp: AccountsTestApp, body: Record<string, unknown>) {
  return post(testApp, '/api/users/signup', body);
}

function verify(
  testApp: AccountsTestApp,
  email: string,
  otp: string,
  headers: Record<string, string> = {},
) {
  return post(testApp, '/api/users/verify-email', { email, otp }, headers);
}

function loginStatus(
  testApp: AccountsTestApp,
  email: string,
  password: string,
) {
  return post(testApp, '/api/users/login', {
    email,
    password,
    rememberMe: false,
  }).then((response) => {
    expect(response.body).not.toContain('accessToken');
    return response.statusCode;
  });
}

/** Mallory signs up the address first, with his name and password. */
async function malloryFirst(testApp: AccountsTestApp, email: string) {
  const response = await signup(
    testApp,
    signupBody({ email, firstName: 'Mallory', password: MALLORY_PASSWORD }),
  );
  expect(response.statusCode).toBe(201);
  return {
    otp: testApp.smtp.latestOtp(email),
    browser: signupCookie(response),
  };
}

/** What a client can see of an answer, values aside. */
function shape(response: LightMyRequestResponse) {
  return {
    status: response.statusCode,
    bodyKeys: Object.keys(response.json<object>()).sort(),
    // Names only: the CSP nonce and the rate-limit counters differ per call.
    headers: Object.keys(response.headers).sort(),
    contentType: response.headers['content-type'],
    cookies: response.cookies.map(
      ({ name, path, httpOnly, sameSite, maxAge }) => ({
        name,
        path,
        httpOnly,
        sameSite,
        maxAge,
      }),
    ),
  };
}

describe('POST /api/users/signup for an address never verified', () => {
  it('starts afresh: the owner’s name, phone, state, zip and password replace Mallory’s', async () => {
    const testApp = await createAccountsApp();
    const email = uniqueEmail();
    const mallory = await malloryFirst(testApp, email);

    const owner = signupBody({
      email,
      firstName: 'Victoria',
      lastName: 'Owner',
      phoneNumber: '5550001111',
      state: 'Oregon',
      zipCode: '97201',
      password: VICTIM_PASSWORD,
    });
    const response = await signup(testApp, owner);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Signup successful! Please verify your email.',
      email,
    });
    const rows = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Victoria',
      lastName: 'Owner',
      phoneNumber: '5550001111',
      state: 'Oregon',
      zipCode: '97201',
      emailVerifiedAt: null,
    });
    // The new code mail greets the owner, not Mallory.
    const latest = testApp.smtp.mailsTo(email).at(-1);
    expect(latest?.text).toContain('Hi Victoria');
    expect(latest?.text).not.toContain('Mallory');

    // Mallory's code is void, even with Mallory's cookie (the two codes
    // match once in a million runs).
    const old = await verify(testApp, email, mallory.otp, mallory.browser);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'OTP_INVALID' });

    const verified = await verify(
      testApp,
      email,
      testApp.smtp.latestOtp(email),
      signupCookie(response),
    );
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: 'Email verified successfully!',
    });
    await login(testApp.app, email, VICTIM_PASSWORD);
    expect(await loginStatus(testApp, email, MALLORY_PASSWORD)).toBe(401);

    const audit = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'user_repeated_signup'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'success' });
  });

  it('answers exactly as a first sign-up does: status, body keys, headers and cookie (S06)', async () => {
    const testApp = await createAccountsApp();
    const first = await signup(testApp, signupBody());
    const pendingEmail = uniqueEmail();
    await malloryFirst(testApp, pendingEmail);
    const repeated = await signup(testApp, signupBody({ email: pendingEmail }));
    expect(shape(repeated)).toEqual(shape(first));
    expect(shape(first).cookies).toEqual([
      {
        name: 'platewise_signup',
        path: '/api/users/verify-email',
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: SIGNUP_ATTEMPT_TTL_SECONDS,
      },
    ]);
  });

  it('names the cookie __Host- under https, so a sibling subdomain cannot plant it, and verification still reads it', async () => {
    const testApp = await createAccountsApp({
      config: { PUBLIC_URL: 'https://plates.example.com' },
    });
    const body = signupBody();
    const response = await signup(testApp, body);
    expect(shape(response).cookies).toEqual([
      {
        name: '__Host-platewise_signup',
        path: '/',
        httpOnly: true,
        sameSite: 'Strict',
        maxAge: SIGNUP_ATTEMPT_TTL_SECONDS,
      },
    ]);
    expect(response.cookies[0]).toMatchObject({ secure: true });
    expect(response.cookies[0]?.domain).toBeUndefined();
    // A cookie under the bare name (planted over http or by a sibling) is
    // not the sign-up's proof: the password is dropped.
    const planted = await verify(
      testApp,
      body.email,
      testApp.smtp.latestOtp(body.email),
      {
        cookie: signupCookie(response).cookie.replace('__Host-', ''),
      },
    );
    expect(planted.statusCode).toBe(200);
    expect(await loginStatus(testApp, body.email, body.password)).not.toBe(200);
  });

  it('keeps the password of the browser that brings the __Host- cookie back', async () => {
    const testApp = await createAccountsApp({
      config: { PUBLIC_URL: 'https://plates.example.com' },
    });
    const body = signupBody();
    const response = await signup(testApp, body);
    const verified = await verify(
      testApp,
      body.email,
      testApp.smtp.latestOtp(body.email),
      signupCookie(response),
    );
    expect(verified.statusCode).toBe(200);
    await login(testApp.app, body.email, body.password);
  });

  it('keeps the per-address cooldown: a resend right after it answers 429 with Retry-After, as after a first sign-up', async () => {
    const testApp = await createAccountsApp();
    const resend = (email: string) =>
      post(testApp, '/api/users/resend-otp', { email });

    const fresh = signupBody();
    await signup(testApp, fresh);
    const afterFirst = await resend(fresh.email);

    const pendingEmail = uniqueEmail();
    await malloryFirst(testApp, pendingEmail);
    testApp.clock.advance(61);
    await signup(testApp, signupBody({ email: pendingEmail }));
    const afterRepeat = await resend(pendingEmail);

    for (const answer of [afterFirst, afterRepeat]) {
      expect(answer.statusCode).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(afterRepeat.json()).toEqual(afterFirst.json());
  });

  it('mails at most the hourly cap, and answers the same past it', async () => {
    const testApp = await createAccountsApp();
    const email = uniqueEmail();
    await malloryFirst(testApp, email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      testApp.clock.advance(61);
      statuses.push((await signup(testApp, signupBody({ email }))).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201]);
    // The first sign-up and four repeats: 5 per hour (S04).
    expect(testApp.smtp.mailsTo(email)).toHaveLength(5);
  });

  it('gives both of two simultaneous sign-ups for a new address the 201, and keeps one account', async () => {
    const testApp = await createAccountsApp();
    const email = uniqueEmail();
    const answers = await Promise.all([
      signup(testApp, signupBody({ email })),
      signup(testApp, signupBody({ email })),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('still answers 409 for a verified address', async () => {
    const testApp = await createAccountsApp();
    const body = signupBody();
    const response = await signup(testApp, body);
    await verify(
      testApp,
      body.email,
      testApp.smtp.latestOtp(body.email),
      signupCookie(response),
    );
    const again = await signup(
      testApp,
      signupBody({ email: body.email, password: MALLORY_PASSWORD }),
    );
    expect(again.statusCode).toBe(409);
    await login(testApp.app, body.email, body.password);
    expect(await loginStatus(testApp, body.email, MALLORY_PASSWORD)).toBe(401);
  });
});

describe('POST /api/users/verify-email from another browser than the sign-up', () => {
  it.each([
    ['with the code Mallory’s sign-up mailed', false],
    ['after a resend', true],
  ])(
    'proves the address but drops Mallory’s password, %s, and mails the owner a link to set one',
    async (_name, resendFirst) => {
      const testApp = await createAccountsApp();
      const email = uniqueEmail();
      await malloryFirst(testApp, email);
      testApp.clock.advance(61);
      const resend = resendFirst
        ? await post(testApp, '/api/users/resend-otp', { email })
        : null;
      expect(resend?.statusCode ?? 200).toBe(200);

      // The owner types the code from the mail, in her own browser.
      const verified = await verify(
        testApp,
        email,
        testApp.smtp.latestOtp(email),
      );
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({
        message:
          'Email verified successfully! We have emailed you a link to set your password.',
      });
      expect(verified.cookies).toContainEqual(
        expect.objectContaining({ name: 'platewise_signup', value: '' }),
      );
      expect(await loginStatus(testApp, email, MALLORY_PASSWORD)).not.toBe(200);
      const [row] = await testApp.db
        .select()
        .from(users)
        .where(eq(users.email, email));
      expect(row?.passwordHash).toBeNull();
      expect(row?.emailVerifiedAt).not.toBeNull();

      // The mailed link sets her own password.
      const link = testApp.smtp.latestResetLink(email);
      const reset = await post(testApp, '/api/users/reset-password', {
        email,
        token: link.searchParams.get('token'),
        newPassword: VICTIM_PASSWORD,
        confirmPassword: VICTIM_PASSWORD,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      await login(testApp.app, email, VICTIM_PASSWORD);
      expect(await loginStatus(testApp, email, MALLORY_PASSWORD)).toBe(401);
    },
  );

  it('keeps nothing for the cookie of a sign-up that a later one replaced', async () => {
    const testApp = await createAccountsApp();
    const email = uniqueEmail();
    const mallory = await malloryFirst(testApp, email);
    testApp.clock.advance(61);
    await signup(testApp, signupBody({ email, password: VICTIM_PASSWORD }));
    const verified = await verify(
      testApp,
      email,
      testApp.smtp.latestOtp(email),
      mallory.browser,
    );
    expect(verified.statusCode).toBe(200);
    expect(await loginStatus(testApp, email, MALLORY_PASSWORD)).not.toBe(200);
    expect(await loginStatus(testApp, email, VICTIM_PASSWORD)).not.toBe(200);
  });

  it('keeps nothing once the sign-up cookie has run out', async () => {
    const testApp = await createAccountsApp();
    const body = signupBody();
    const response = await signup(testApp, body);
    testApp.clock.advance(SIGNUP_ATTEMPT_TTL_SECONDS + 1);
    const resend = await post(testApp, '/api/users/resend-otp', {
      email: body.email,
    });
    expect(resend.statusCode).toBe(200);
    const verified = await verify(
      testApp,
      body.email,
      testApp.smtp.latestOtp(body.email),
      signupCookie(response),
    );
    expect(verified.statusCode).toBe(200);
    expect(await loginStatus(testApp, body.email, body.password)).not.toBe(200);
  });
});
