import { expect, test, type Page } from '@playwright/test';

import { newAccount, signUpAndVerifyThroughApi } from '../support/accounts.js';
import { waitForMailMatch } from '../support/mail.js';

/** At the stand-in provider: log in as `login` and consent. */
async function continueWithGoogle(page: Page, login: string) {
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Google sign-in against the stand-in provider (support/oidc-provider.ts):
 * its development pages log in any name and ask for consent.
 */
test.describe('google sign-in', () => {
  test('a cook continues with Google and lands on the dashboard', async ({
    page,
  }) => {
    const login = `gina${Date.now().toString(36)}`;
    await page.goto('/login');
    await continueWithGoogle(page, login);

    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/user/dashboard/profile');
    await expect(page.getByLabel('E-mail')).toHaveValue(`${login}@google.test`);
    await expect(page.getByLabel('Name')).toHaveValue(
      `${login.charAt(0).toUpperCase()}${login.slice(1)} Googler`,
    );
  });

  test('a cook with a password account links Google by logging in once', async ({
    page,
    browser,
  }) => {
    // Sign-up with the mailed code and two trips to the provider.
    test.slow();
    const login = `pat${Date.now().toString(36)}`;
    const account = { ...newAccount(), email: `${login}@google.test` };
    await signUpAndVerifyThroughApi(page.request, account);
    await page.goto('/login');

    // Google knows the same address: nothing is linked before the password.
    await continueWithGoogle(page, login);
    await expect(page).toHaveURL(/\/login\?error=google-link$/);
    await expect(page.getByRole('alert')).toHaveText(
      'An account with this e-mail already exists. Log in with your password to link your Google account to it.',
    );
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(
      page.getByText(
        `Welcome back, ${account.firstName}! Your Google account is now linked: next time you can sign in with Google.`,
      ),
    ).toBeVisible();

    // In another browser, Google alone now opens the same account.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/login');
    await continueWithGoogle(second, login);
    await expect(second).toHaveURL(/\/user\/dashboard$/);
    await second.goto('/user/dashboard/profile');
    await expect(second.getByLabel('E-mail')).toHaveValue(account.email);
    await expect(second.getByLabel('Name')).toHaveValue(
      new RegExp(`^${account.firstName}`),
    );
    await other.close();
  });

  test('a newcomer continues with Google from an invitation link and lands in the household', async ({
    page,
    browser,
  }) => {
    test.slow();
    // The owner, through the API, invites a Google address.
    const owner = newAccount();
    await signUpAndVerifyThroughApi(page.request, owner);
    const loggedIn = await page.request.post('/api/users/login', {
      data: { email: owner.email, password: owner.password, rememberMe: false },
    });
    expect(loggedIn.status()).toBe(200);
    const { user } = (await loggedIn.json()) as {
      user: { id: string; accessToken: string };
    };
    const headers = { Authorization: `Bearer ${user.accessToken}` };
    const login = `gus${Date.now().toString(36)}`;
    const invited = `${login}@google.test`;
    const sent = await page.request.post('/api/household/invitations', {
      headers,
      data: { email: invited },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const link = await waitForMailMatch(
      invited,
      /(https?:\/\/\S+\/household\/join\?token=[A-Za-z0-9_-]+)/,
    );

    // The newcomer opens the link in a browser of their own, without an
    // account, and continues with Google from the login page it leads to.
    const context = await browser.newContext();
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(newcomer).toHaveURL(/\/login$/);
    await expect(
      newcomer.getByText(
        'A new account made with Google joins the household at once',
        { exact: false },
      ),
    ).toBeVisible();
    await continueWithGoogle(newcomer, login);
    await expect(
      newcomer.getByText(
        'Welcome to the household: you now share its plan and list.',
      ),
    ).toBeVisible();
    await expect(newcomer).toHaveURL(/\/user\/dashboard$/);

    // The owner's household lists the newcomer; the invitation is used.
    const household = (await (
      await page.request.get('/api/household', { headers })
    ).json()) as { members: { email: string }[]; invitations: unknown[] };
    expect(household.members.map((member) => member.email)).toEqual([
      owner.email,
      invited,
    ]);
    expect(household.invitations).toEqual([]);
    await context.close();
  });
});
