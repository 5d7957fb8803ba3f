import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

import {
  logIn,
  newAccount,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';
import { ADMIN } from '../support/admin.js';
import { seriousFindings, settleInTheme, THEMES } from '../support/axe.js';

/**
 * Issue 11: axe-core on every page of spec point 2, signed out, as a user
 * and as an admin, in the light and the dark theme (both scanned on one
 * visit of the page, issue 15). A serious or critical finding fails the
 * test; the message lists each rule and its elements.
 */

const PUBLIC_ROUTES = [
  '/',
  '/signup',
  '/login',
  '/verifyemail?email=cook%40platewise.test',
  '/forgotpassword',
  '/forgot-password',
  '/resetpassword?email=cook%40platewise.test&token=not-a-real-token',
  '/contact',
  '/privacy',
  '/terms',
  '/no-such-page',
  '/admin',
  '/admin/login',
] as const;

const USER_ROUTES = [
  '/user/dashboard',
  '/user/dashboard/profile',
  '/user/shoppinglist',
  '/user/setting',
] as const;

const ADMIN_ROUTES = [
  '/admin/users',
  '/admin/dashboard',
  '/admin/recipemanagement',
  '/admin/settings',
  '/admin/profile',
  '/admin/audit',
] as const;

/**
 * One visit of `route`, scanned in the light theme and then, switched in
 * place through the system colour scheme the app follows, in the dark one.
 */
async function expectNoSeriousFindings(page: Page, route: string) {
  await page.emulateMedia({ colorScheme: THEMES[0], reducedMotion: 'reduce' });
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const theme of THEMES) {
    await settleInTheme(page, theme);
    expect(await seriousFindings(page), `${route} in ${theme}`).toEqual([]);
  }
}

/** A context and page shared by the tests of one describe block. */
function sharedPage(setUp?: (page: Page) => Promise<void>) {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(120_000);
    context = await browser.newContext();
    page = await context.newPage();
    await setUp?.(page);
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return () => {
    if (!page) throw new Error('the shared page is not ready');
    return page;
  };
}

test.describe('accessibility, signed out', () => {
  test.describe.configure({ mode: 'serial' });
  const page = sharedPage();
  for (const route of PUBLIC_ROUTES) {
    test(`${route} in light and dark`, async () => {
      await expectNoSeriousFindings(page(), route);
    });
  }
});

test.describe('accessibility, as a user', () => {
  test.describe.configure({ mode: 'serial' });
  const page = sharedPage(async (p) => {
    const account = newAccount();
    await signUpAndVerifyThroughApi(p.request, account);
    await logIn(p, account);
  });
  for (const route of [...USER_ROUTES, '/', '/contact', '/no-such-page']) {
    test(`${route} in light and dark`, async () => {
      await expectNoSeriousFindings(page(), route);
    });
  }
});

test.describe('accessibility, as an admin', () => {
  test.describe.configure({ mode: 'serial' });
  const page = sharedPage(async (p) => {
    await p.goto('/admin');
    await p.getByLabel('Admin email').fill(ADMIN.email);
    await p.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await p.getByRole('button', { name: 'Sign in as admin' }).click();
    await expect(p).toHaveURL(/\/admin\/users$/);
  });
  for (const route of ADMIN_ROUTES) {
    test(`${route} in light and dark`, async () => {
      await expectNoSeriousFindings(page(), route);
    });
  }
});
