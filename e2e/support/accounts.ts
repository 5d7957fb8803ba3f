import { randomUUID } from 'node:crypto';

import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { OTP_PATTERN, waitForMailMatch } from './mail.js';

export interface TestAccount {
  firstName: string;
  email: string;
  password: string;
}

/** A fresh account for one test: data is unique per test. */
export function newAccount(): TestAccount {
  return {
    firstName: 'Robin',
    email: `cook-${randomUUID().slice(0, 8)}@platewise.test`,
    password: 'Basil&Lime42',
  };
}

/** Signs up through the form and verifies with the mailed code. */
export async function signUpAndVerify(
  page: Page,
  account: TestAccount,
): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone Number').fill('5551234567');
  await page.getByLabel('State').fill('Oregon');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('Signup successful! Please verify your email.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/verifyemail/);
  await expect(page.getByRole('timer')).toHaveText(/^[12]:\d\d$/);

  const code = await waitForMailMatch(account.email, OTP_PATTERN);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Signs up and verifies through the API, as the sign-up form does, for tests
 * about what comes after (accounts.spec.ts drives the form itself). Use the
 * page's own `page.request`, so the sign-up cookie lands in its browser.
 */
export async function signUpAndVerifyThroughApi(
  request: APIRequestContext,
  account: TestAccount,
): Promise<void> {
  const signup = await request.post('/api/users/signup', {
    data: {
      firstName: account.firstName,
      email: account.email,
      phoneNumber: '5551234567',
      state: 'Oregon',
      password: account.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const otp = await waitForMailMatch(account.email, OTP_PATTERN);
  const verify = await request.post('/api/users/verify-email', {
    data: { email: account.email, otp },
  });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** Logs in through the /login form and lands on the dashboard. */
export async function logIn(
  page: Page,
  account: Pick<TestAccount, 'email' | 'password'>,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
}

export const DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

export interface Session {
  token: string;
  userId: string;
}

/** The signed-in user's token and id, as the web app stored them. */
export async function sessionOf(page: Page): Promise<Session> {
  return page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as {
      user?: string;
    };
    const user = JSON.parse(root.user ?? '{}') as {
      userData?: { id?: string };
    };
    return {
      token: localStorage.getItem('accessToken') ?? '',
      userId: String(user.userData?.id ?? ''),
    };
  });
}
