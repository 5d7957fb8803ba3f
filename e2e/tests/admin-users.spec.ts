import { randomUUID } from 'node:crypto';

import { expect, test, type Page } from '@playwright/test';

import {
  logIn,
  newAccount,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';
import { ADMIN } from '../support/admin.js';
import { RESET_LINK_PATTERN, waitForMailMatch } from '../support/mail.js';

/**
 * User management against the built product (issue 12): the admin finds a
 * cook by name, changes the role, disables and enables the account, and adds
 * a user who sets a password from the mailed link and logs in.
 */

/** Letters only, unique per test: a name the search can find alone. */
const uniqueName = (prefix: string) =>
  `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .padEnd(6, 'x')}`;

async function adminLogIn(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Admin email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in as admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(
    page.getByRole('heading', { name: 'User Management', level: 1 }),
  ).toBeVisible();
}

async function findUser(page: Page, name: string) {
  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(name);
  const table = page.getByRole('table', { name: 'Users' });
  const row = table.getByRole('row').filter({ hasText: name });
  // The server's answer, not only the client's filter of the page shown.
  await expect(row).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  return row;
}

async function rowAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test.describe('admin user management', () => {
  test('an admin finds a cook, changes the role, disables and enables them, and adds a user', async ({
    page,
    browser,
  }) => {
    test.slow();
    const cook = { ...newAccount(), firstName: uniqueName('Robin') };
    await signUpAndVerifyThroughApi(page.request, cook);

    await adminLogIn(page);
    const row = await findUser(page, cook.firstName);
    await expect(row).toContainText(cook.email);
    await expect(row).toContainText('User');

    // Change the role to Admin, and back.
    await rowAction(page, cook.firstName, 'Change Role');
    let dialog = page.getByRole('dialog', { name: 'Change Role' });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(dialog.getByText('Please select a role')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByText('Role updated successfully')).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'All' }).click();

    await rowAction(page, cook.firstName, 'Change Role');
    dialog = page.getByRole('dialog', { name: 'Change Role' });
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'User' }).click();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(row.getByText('User', { exact: true })).toBeVisible();

    // Disable: the cook can no longer log in.
    await rowAction(page, cook.firstName, 'Disable User');
    dialog = page.getByRole('dialog', { name: 'Disable User' });
    await expect(dialog).toContainText(cook.email);
    await dialog.getByRole('button', { name: 'Disable User' }).click();
    await expect(page.getByText('User disabled successfully')).toBeVisible();
    await expect(row.getByText('Disabled')).toBeVisible();

    const cookContext = await browser.newContext();
    const cookPage = await cookContext.newPage();
    await cookPage.goto('/login');
    await cookPage.getByLabel('Email').fill(cook.email);
    await cookPage.getByLabel('Password', { exact: true }).fill(cook.password);
    await cookPage.getByRole('button', { name: 'Log in' }).click();
    await expect(cookPage.getByRole('alert')).toBeVisible();
    await expect(cookPage).toHaveURL(/\/login$/);

    // Enable again: the cook logs in.
    await rowAction(page, cook.firstName, 'Enable User');
    dialog = page.getByRole('dialog', { name: 'Enable User' });
    await dialog.getByRole('button', { name: 'Enable User' }).click();
    await expect(page.getByText('User enabled successfully')).toBeVisible();
    await expect(row.getByText('Disabled')).toHaveCount(0);
    await logIn(cookPage, cook);
    await cookContext.close();

    // Add a user: they set their password from the mailed link.
    const invitee = {
      name: `${uniqueName('Ada')} Lovelace`,
      email: `invitee-${randomUUID().slice(0, 8)}@platewise.test`,
      password: 'Fennel&Plum58',
    };
    await page.getByRole('button', { name: 'Add User' }).click();
    dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(invitee.name);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
    await dialog
      .getByRole('textbox', { name: 'Phone Number' })
      .fill('5559876543');
    await dialog.getByRole('combobox', { name: 'Dietary Preference' }).click();
    await page.getByRole('option', { name: 'Vegetarian', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'Germany' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(
      page.getByText(
        'User created. They will receive an e-mail with a link to set their password.',
      ),
    ).toBeVisible();
    const added = await findUser(page, invitee.email);
    await expect(added).toContainText(invitee.name);

    const link = await waitForMailMatch(invitee.email, RESET_LINK_PATTERN);
    const inviteeContext = await browser.newContext();
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link);
    await inviteePage.getByLabel('New Password').fill(invitee.password);
    await inviteePage.getByLabel('Confirm Password').fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      inviteePage.getByText(
        'Password reset successfully! Redirecting to login...',
      ),
    ).toBeVisible();
    await expect(inviteePage).toHaveURL(/\/login$/, { timeout: 5_000 });
    await logIn(inviteePage, invitee);
    await inviteeContext.close();
  });
});
