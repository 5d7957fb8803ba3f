import { expect, test } from '@playwright/test';

import {
  logIn,
  newAccount,
  signUpAndVerify,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';
import {
  mailsTo,
  RESET_LINK_PATTERN,
  waitForMailMatch,
} from '../support/mail.js';

test.describe('accounts', () => {
  test('a cook signs up, verifies, manages sessions, changes and resets the password, and deletes the account', async ({
    page,
    browser,
  }) => {
    test.slow();
    const account = newAccount();
    await signUpAndVerify(page, account);
    await logIn(page, account);

    // A second browser logs in too: the profile lists both sessions.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, account);

    await page.goto('/user/dashboard/profile');
    await expect(
      page.getByRole('heading', { name: 'User Profile', level: 1 }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'View Session' }).click();
    const sessions = page.getByRole('menu', { name: 'Browser sessions' });
    await expect(sessions.getByRole('menuitem')).toHaveCount(2);
    await expect(sessions.getByText(/\(Current\)/)).toHaveCount(1);
    await page.keyboard.press('Escape');

    await page
      .getByRole('button', { name: 'Log Out Other Browser Sessions' })
      .click();
    await expect(page.getByText('Other sessions logged out')).toBeVisible();

    // The other browser's session has ended: its next call sends it to /login.
    await otherPage.goto('/user/dashboard/profile');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();

    // Change the password.
    const newPassword = 'Thyme&Leek77';
    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Repeat Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();

    // Log out: storage holds no tokens afterwards (security.md S47).
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('accessToken'),
      refresh: localStorage.getItem('refreshToken'),
    }));
    expect(stored).toEqual({ access: null, refresh: null });

    // Forgot and reset through the mailed link.
    const mailsBefore = (await mailsTo(account.email)).length;
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // Wait for the new page, or the fill lands in the login form's field.
    await expect(
      page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
    ).toBeVisible();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Request' }).click();
    await expect(
      page.getByText('Password reset email sent. Please check your inbox.'),
    ).toBeVisible();
    const link = await waitForMailMatch(
      account.email,
      RESET_LINK_PATTERN,
      mailsBefore,
    );
    await page.goto(link);
    const resetPassword = 'Sage&Chive19';
    await page.getByLabel('New Password').fill(resetPassword);
    await page.getByLabel('Confirm Password').fill(resetPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Password reset successfully! Redirecting to login...'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Incorrect email or password!')).toBeVisible();
    await logIn(page, { email: account.email, password: resetPassword });

    // Delete the account.
    await page.goto('/user/dashboard/profile');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill(resetPassword);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(resetPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.getByText('User not found! Please sign up first.'),
    ).toBeVisible();
  });

  test('a login page visited with a stored access token goes to the dashboard', async ({
    page,
  }) => {
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    // The landing page offers 'Go to dashboard' instead of Login (issue 11).
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Login' })).toHaveCount(0);
    await banner.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('a refused refresh clears the stored tokens and goes to /login', async ({
    page,
  }) => {
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);
    // Tokens the server no longer accepts: an access token it cannot verify
    // and a refresh token it never issued (security.md S47).
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.access.token');
      localStorage.setItem('refreshToken', 'never-issued');
    });
    await page.goto('/user/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => [
        localStorage.getItem('accessToken'),
        localStorage.getItem('refreshToken'),
      ]),
    ).toEqual([null, null]);
  });

  test('the landing page login modal signs a cook in', async ({ page }) => {
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await page.goto('/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Login' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });
});
