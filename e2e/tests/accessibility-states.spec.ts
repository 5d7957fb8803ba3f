import { randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import {
  DAYS,
  logIn,
  newAccount,
  sessionOf,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';
import { ADMIN } from '../support/admin.js';
import {
  seriousFindings,
  settleInTheme,
  THEMES,
  transitionsEnded,
} from '../support/axe.js';

/**
 * Issue 21: axe-core on three states the page-by-page matrix does not
 * reach: the navigation drawer open on a phone, a long Recipe Details
 * dialog on a phone, and the admin Audit Log with entries of every outcome.
 * Light and dark; a serious or critical finding fails the test.
 */

const PHONE = { width: 390, height: 844 };

async function expectNoSeriousFindings(page: Page, what: string) {
  await transitionsEnded(page);
  expect(await seriousFindings(page), what).toEqual([]);
}

async function planAWeek(page: Page) {
  const { token, userId } = await sessionOf(page);
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await page.request.post('/api/preferences/save', {
    headers,
    data: {
      user_id: userId,
      weekly_schedule: DAYS.map((day_name) => ({
        day_name,
        enabled: true,
        meals: { breakfast: false, lunch: false, dinner: true },
      })),
      serving_size: 4,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const generated = await page.request.get(
    `/api/generate-meal-plan?user_id=${encodeURIComponent(userId)}`,
    { headers },
  );
  expect(generated.status(), await generated.text()).toBe(200);
}

test.describe('accessibility of states on a phone, as a user', () => {
  test.use({ viewport: PHONE });

  test('the navigation drawer, open, in light and dark', async ({ page }) => {
    test.slow();
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);
    for (const theme of THEMES) {
      await settleInTheme(page, theme);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Your pages' });
      await expect(drawer).toBeVisible();
      await expectNoSeriousFindings(page, `drawer in ${theme}`);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
  });

  test('a long Recipe Details dialog scrolls by keyboard, in light and dark', async ({
    page,
  }) => {
    test.slow();
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);
    await planAWeek(page);
    await page.reload();
    for (const theme of THEMES) {
      await settleInTheme(page, theme);
      await page
        .getByRole('region', { name: 'Dinner' })
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const content = dialog.getByRole('region', { name: /Recipe Details/ });
      // Long enough to scroll on a phone: the state under test.
      expect(
        await content.evaluate((node) => node.scrollHeight > node.clientHeight),
      ).toBe(true);
      await expectNoSeriousFindings(page, `recipe dialog in ${theme}`);

      // The keyboard reaches the content and scrolls it.
      await content.focus();
      await expect(content).toBeFocused();
      await page.keyboard.press('End');
      await expect
        .poll(() => content.evaluate((node) => node.scrollTop))
        .toBeGreaterThan(0);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
  });
});

test.describe('accessibility of the Audit Log with entries', () => {
  test('success, failure and denied entries, in light and dark', async ({
    page,
    request,
  }) => {
    test.slow();
    // A failed login (failure) and a user reading someone else's settings
    // (denied) put the three outcomes in the log.
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    const failed = await request.post('/api/users/login', {
      data: {
        email: account.email,
        password: 'Wrong&Pass42',
        rememberMe: false,
      },
    });
    expect(failed.status()).toBeGreaterThanOrEqual(400);
    await logIn(page, account);
    const { token } = await sessionOf(page);
    const denied = await request.get(
      `/api/preferences/preferences?user_id=${randomUUID()}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(denied.status()).toBe(403);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin');
    await page.getByLabel('Admin email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in as admin' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await page.goto('/admin/audit');
    // The admin gate and the log load one after the other: slow on a busy
    // machine.
    await expect(
      page.getByText('authz_fail').filter({ visible: true }).first(),
    ).toBeVisible({ timeout: 60_000 });

    for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
      await page.setViewportSize(viewport);
      for (const theme of THEMES) {
        await settleInTheme(page, theme);
        await expectNoSeriousFindings(
          page,
          `audit log at ${viewport.width} px in ${theme}`,
        );
      }
    }
  });
});
