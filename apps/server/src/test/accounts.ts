import type { LoginResponse } from '@platewise/shared';
import { expect } from 'vitest';

import type { App } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { NewUserRow, UserRow } from '../db/schema/users.js';
import {
  createTestApp,
  resetDatabase,
  type TestApp,
  type TestAppOptions,
} from './build-app.js';
import { createAdmin, createUser } from './factories.js';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.js';
import { createTestClock, type TestClock } from './test-clock.js';

/**
 * Helpers for the account tests: an app with a clock the test moves and a
 * real SMTP capture server, plus small request helpers.
 */

/** Per-IP limits high enough that only the rate-limit tests meet them. */
const GENEROUS_LIMITS: Partial<Config> = {
  RATE_LIMIT_LOGIN: 10_000,
  RATE_LIMIT_SIGNUP: 10_000,
  RATE_LIMIT_VERIFY: 10_000,
  RATE_LIMIT_RESEND: 10_000,
  RATE_LIMIT_FORGOT: 10_000,
  RATE_LIMIT_RESET: 10_000,
  RATE_LIMIT_REFRESH: 10_000,
  RATE_LIMIT_ACCOUNT: 10_000,
};

let smtp: Promise<SmtpCapture> | undefined;

/** One SMTP capture per test file, closed by setup.ts. */
export function getSmtpCapture(): Promise<SmtpCapture> {
  smtp ??= startSmtpCapture();
  return smtp;
}

export async function closeSmtpCapture(): Promise<void> {
  const capture = smtp;
  smtp = undefined;
  if (capture) await (await capture).close();
}

export interface AccountsTestApp extends TestApp {
  clock: TestClock;
  smtp: SmtpCapture;
}

/**
 * A fresh app over an emptied database, mailing to the capture server,
 * with a test clock. Options override the config (e.g. low rate limits).
 */
export async function createAccountsApp(
  options: Omit<TestAppOptions, 'clock'> & {
    /** Default true; false keeps the rows of the previous app. */
    resetData?: boolean;
  } = {},
): Promise<AccountsTestApp> {
  if (options.resetData !== false) await resetDatabase();
  const capture = await getSmtpCapture();
  capture.clear();
  const clock = createTestClock();
  const testApp = await createTestApp({
    ...options,
    clock,
    config: { SMTP_URL: capture.url, ...GENEROUS_LIMITS, ...options.config },
  });
  return { ...testApp, clock, smtp: capture };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * The `cookie` header a browser would send back to verify-email after this
 * sign-up answer (ADR 008: the sign-up's password is kept only then).
 */
export function signupCookie(response: {
  cookies: { name: string; value: string }[];
}): { cookie: string } {
  // `__Host-platewise_signup` under an https PUBLIC_URL.
  const cookie = response.cookies.find((item) =>
    /^(__Host-)?platewise_signup$/.test(item.name),
  );
  if (!cookie) throw new Error('the sign-up answer set no platewise_signup');
  return { cookie: `${cookie.name}=${cookie.value}` };
}

export const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Logs in and returns the answer (fails the test on anything but 200). */
export async function login(
  app: App,
  email: string,
  password: string,
  options: { rememberMe?: boolean; userAgent?: string } = {},
): Promise<LoginResponse['user']> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'user-agent': options.userAgent ?? CHROME_ON_LINUX },
    payload: { email, password, rememberMe: options.rememberMe ?? false },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LoginResponse>().user;
}

/** Refreshes; returns the status and, on 200, the new pair. */
export async function refresh(app: App, refreshToken: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/refresh-token',
    payload: { refreshToken },
  });
  return {
    statusCode: response.statusCode,
    body: response.json<{
      data?: { accessToken: string; refreshToken: string };
      code?: string;
      error?: string;
    }>(),
  };
}

/** Refreshes and returns the new pair (fails the test on anything but 200). */
export async function rotate(
  app: App,
  refreshToken: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  const { statusCode, body } = await refresh(app, refreshToken);
  expect(statusCode, JSON.stringify(body)).toBe(200);
  if (!body.data) throw new Error('a refresh answer without data');
  return body.data;
}

/** GET /api/users/me with a token; returns the status. */
export async function meStatus(app: App, accessToken: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/users/me',
    headers: bearer(accessToken),
  });
  return response.statusCode;
}

/** A logged-in account: its row, name, tokens and Authorization header. */
export interface Caller {
  user: UserRow;
  id: string;
  /** As a recipe's created_by shows it. */
  name: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  headers: { authorization: string };
}

/**
 * A user or admin from the factories, logged in through the real route: the
 * one helper of every route test that needs a signed-in caller.
 */
export async function signedIn(
  app: App,
  db: Database,
  role: 'user' | 'admin',
  overrides: Partial<Omit<NewUserRow, 'passwordHash'>> = {},
): Promise<Caller> {
  const { user, password } =
    role === 'admin'
      ? await createAdmin(db, overrides)
      : await createUser(db, overrides);
  const answer = await login(app, user.email, password);
  return {
    user,
    id: user.id,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    password,
    accessToken: answer.accessToken,
    refreshToken: answer.refreshToken,
    headers: bearer(answer.accessToken),
  };
}
