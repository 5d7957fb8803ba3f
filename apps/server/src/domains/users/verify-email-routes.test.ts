import { describe, expect, it } from 'vitest';

import {
  createAccountsApp,
  signupCookie,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser, signupBody } from '../../test/factories.js';

/** Spec points 4 and 8 (verify, resend) and security.md S01-S07. */

async function signedUp(testApp: AccountsTestApp) {
  const body = signupBody();
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return {
    email: body.email,
    password: body.password,
    otp: testApp.smtp.latestOtp(body.email),
    /** The headers of the browser that signed up (ADR 008). */
    browser: signupCookie(response),
  };
}

function verify(
  testApp: AccountsTestApp,
  email: string,
  otp: string,
  headers: Record<string, string> = {},
) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/verify-email',
    payload: { email, otp },
    headers,
  });
}

function resend(testApp: AccountsTestApp, email: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/resend-otp',
    payload: { email },
  });
}

/** Another 6-digit code than `otp`. */
const wrong = (otp: string) => (otp === '000000' ? '111111' : '000000');

describe('POST /api/users/verify-email', () => {
  it('returns 200 for the mailed code and lets the user log in', async () => {
    const testApp = await createAccountsApp();
    const { email, password, otp, browser } = await signedUp(testApp);
    const before = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password, rememberMe: false },
    });
    // S07: no tokens before the address is verified.
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(before.body).not.toContain('accessToken');

    const response = await verify(testApp, email, otp, browser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Email verified successfully!',
    });
    const after = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password, rememberMe: false },
    });
    expect(after.statusCode).toBe(200);
  });

  it('accepts the code until its 120 s are over, then answers OTP_EXPIRED (S01)', async () => {
    const testApp = await createAccountsApp();
    const first = await signedUp(testApp);
    testApp.clock.advance(119);
    expect((await verify(testApp, first.email, first.otp)).statusCode).toBe(
      200,
    );

    const second = await signedUp(testApp);
    testApp.clock.advance(121);
    const response = await verify(testApp, second.email, second.otp);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'OTP has expired. Please resend OTP.',
      code: 'OTP_EXPIRED',
    });
  });

  it("refuses A's code for B (S01)", async () => {
    const testApp = await createAccountsApp();
    const a = await signedUp(testApp);
    const b = await signedUp(testApp);
    if (a.otp === b.otp) return; // one in a million
    const response = await verify(testApp, b.email, a.otp);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'OTP_INVALID' });
  });

  it('works once: the same code again answers ALREADY_VERIFIED (S02)', async () => {
    const testApp = await createAccountsApp();
    const { email, otp } = await signedUp(testApp);
    expect((await verify(testApp, email, otp)).statusCode).toBe(200);
    const again = await verify(testApp, email, otp);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'Email is already verified. Please log in.',
      code: 'ALREADY_VERIFIED',
    });
  });

  it('gives exactly one success to a double submit (R08)', async () => {
    const testApp = await createAccountsApp();
    const { email, otp } = await signedUp(testApp);
    const answers = await Promise.all([
      verify(testApp, email, otp),
      verify(testApp, email, otp),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 400,
    ]);
  });

  it('burns the code after 5 wrong tries, even for the right code, until a resend (S03)', async () => {
    const testApp = await createAccountsApp();
    const { email, otp } = await signedUp(testApp);
    for (let i = 0; i < 5; i += 1) {
      const response = await verify(testApp, email, wrong(otp));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'OTP_INVALID' });
    }
    const sixth = await verify(testApp, email, wrong(otp));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'Too many wrong codes. Please request a new code.',
      code: 'CODE_BURNED',
    });
    expect((await verify(testApp, email, otp)).statusCode).toBe(429);

    testApp.clock.advance(61);
    expect((await resend(testApp, email)).statusCode).toBe(200);
    const fresh = testApp.smtp.latestOtp(email);
    expect((await verify(testApp, email, fresh)).statusCode).toBe(200);
  });

  it('answers OTP_INVALID for an unknown address', async () => {
    const testApp = await createAccountsApp();
    const response = await verify(testApp, 'nobody@example.com', '123456');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'OTP_INVALID' });
  });

  it.each([
    [
      'five digits',
      { otp: '12345', email: 'a@b.co' },
      'Please enter a 6-digit OTP!',
    ],
    [
      'no e-mail',
      { otp: '123456', email: '' },
      'Please enter your email to verify OTP.',
    ],
  ])('returns 400 for %s', async (_name, payload, message) => {
    const testApp = await createAccountsApp();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/verify-email',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: message,
      code: 'VALIDATION_FAILED',
    });
  });

  it('limits one IP to 30 tries across many pending accounts (S05)', async () => {
    const testApp = await createAccountsApp({
      config: { RATE_LIMIT_VERIFY: 30 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await verify(
        testApp,
        `pending-${i}@example.com`,
        '123456',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/users/resend-otp', () => {
  it('mails a new code and voids the old one (S04)', async () => {
    const testApp = await createAccountsApp();
    const { email, otp } = await signedUp(testApp);
    testApp.clock.advance(61);
    const response = await resend(testApp, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'New OTP sent to your email!' });
    const fresh = testApp.smtp.latestOtp(email);
    expect(testApp.smtp.mailsTo(email)).toHaveLength(2);
    const old = await verify(testApp, email, otp);
    // One chance in a million that the new code equals the old one.
    expect(fresh === otp || old.statusCode === 400).toBe(true);
    expect((await verify(testApp, email, fresh)).statusCode).toBe(200);
  });

  it('answers 429 with Retry-After within the 60 s cooldown (S04)', async () => {
    const testApp = await createAccountsApp();
    const { email } = await signedUp(testApp);
    testApp.clock.advance(30);
    const response = await resend(testApp, email);
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(testApp.smtp.mailsTo(email)).toHaveLength(1);
  });

  it('sends at most 5 codes per hour per address (S04)', async () => {
    const testApp = await createAccountsApp();
    const { email } = await signedUp(testApp);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      testApp.clock.advance(61);
      statuses.push((await resend(testApp, email)).statusCode);
    }
    // The sign-up mail was the first of the hour.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(testApp.smtp.mailsTo(email)).toHaveLength(5);
    testApp.clock.advance(3600);
    expect((await resend(testApp, email)).statusCode).toBe(200);
  });

  it('keys the cooldown on the address, known or not (S06)', async () => {
    const testApp = await createAccountsApp();
    const first = await resend(testApp, 'Unknown@Example.com');
    expect(first.statusCode).toBe(404);
    expect(first.json()).toEqual({
      error: 'User not found. Please sign up again.',
      code: 'NOT_FOUND',
    });
    const second = await resend(testApp, 'unknown@example.com');
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
  });

  it('answers 400 for a malformed e-mail and mails nothing', async () => {
    const testApp = await createAccountsApp();
    const response = await resend(testApp, 'not-an-email');
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

  it('answers 400 ALREADY_VERIFIED for a verified address', async () => {
    const testApp = await createAccountsApp();
    const { user } = await createUser(testApp.db);
    const response = await resend(testApp, user.email);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
    expect(response.json<{ error: string }>().error).toContain(
      'already verified',
    );
  });

  it('answers 503 when the mail cannot be sent, and works again later', async () => {
    const testApp = await createAccountsApp();
    const { email } = await signedUp(testApp);
    const down = await createAccountsApp({
      resetData: false,
      config: { SMTP_URL: 'smtp://127.0.0.1:9' },
    });
    down.clock.advance(61);
    expect((await resend(down, email)).statusCode).toBe(503);
  });
});
