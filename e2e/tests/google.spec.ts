import { expect, test } from '@playwright/test';

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
    await page.getByRole('link', { name: 'Continue with Google' }).click();

    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await page.goto('/user/dashboard/profile');
    await expect(page.getByLabel('E-mail')).toHaveValue(`${login}@google.test`);
    await expect(page.getByLabel('Name')).toHaveValue(
      `${login.charAt(0).toUpperCase()}${login.slice(1)} Googler`,
    );
  });
});
