import { expect, test } from '@playwright/test';

import {
  logIn,
  newAccount,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';

test.describe('settings', () => {
  test('a new cook sets a schedule, a diet, allergens, likes and dislikes, saves, and lands on the dashboard', async ({
    page,
  }) => {
    test.slow();
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);

    await page.getByRole('link', { name: 'Settings' }).first().click();
    await expect(page).toHaveURL(/\/user\/setting$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Manage Setting' }),
    ).toBeVisible();

    // Weekly Schedule: three days, four meals. A new cook starts with every
    // day off.
    const monday = page.getByRole('switch', { name: 'Monday' });
    await expect(monday).not.toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Monday dinner' }),
    ).toBeDisabled();
    await monday.check();
    await page.getByRole('checkbox', { name: 'Monday dinner' }).check();
    await page.getByRole('switch', { name: 'Wednesday' }).check();
    await page.getByRole('checkbox', { name: 'Wednesday lunch' }).check();
    await page.getByRole('switch', { name: 'Friday' }).check();
    await page.getByRole('checkbox', { name: 'Friday breakfast' }).check();
    await page.getByRole('checkbox', { name: 'Friday dinner' }).check();

    // Dietary Restrictions and Serving Size.
    await page.getByRole('radio', { name: 'Vegetarian' }).check();
    await page.getByRole('spinbutton', { name: 'Serving Size' }).fill('2');

    // Allergens: one from the catalogue and one of our own.
    await page.getByRole('button', { name: 'Allergens', exact: true }).click();
    const allergens = page.getByRole('dialog', {
      name: 'Allergens',
      exact: true,
    });
    await allergens.getByRole('button', { name: 'Peanuts' }).click();
    await expect(
      allergens.getByRole('button', { name: 'Peanuts' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await allergens
      .getByPlaceholder('Enter allergens (e.g., banana, mango)')
      .fill('mango');
    await allergens.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      allergens.getByRole('button', { name: 'Remove mango' }),
    ).toBeVisible();
    // Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(allergens).toBeVisible();
    await allergens.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Allergens saved successfully.')).toBeVisible();
    await expect(allergens).toBeHidden();

    // Preferences: likes and dislikes are saved as they are added.
    await page.getByRole('button', { name: 'Preference', exact: true }).click();
    const preferences = page.getByRole('dialog', { name: 'Preferences' });
    const likes = preferences.getByRole('textbox', {
      name: 'Likes',
      exact: true,
    });
    await likes.fill('basil, lentils');
    await likes.press('Enter');
    await preferences.getByRole('button', { name: 'Italian' }).click();
    const dislikes = preferences.getByRole('textbox', {
      name: 'Dislikes',
      exact: true,
    });
    await dislikes.fill('olives');
    await dislikes.press('Enter');
    const liked = preferences.getByRole('list', { name: 'Your likes' });
    await expect(liked.getByRole('button')).toHaveText([
      'basil',
      'lentils',
      'Italian',
    ]);
    await expect(
      preferences
        .getByRole('list', { name: 'Your dislikes' })
        .getByRole('button'),
    ).toHaveText(['olives']);
    await expect(preferences.getByRole('status')).toHaveText(
      'All changes saved',
    );
    await preferences
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await expect(preferences).toBeHidden();

    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(
      page.getByText(
        /^Settings saved successfully! [1-3] days of recipes generated\.$/,
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // Back on the settings page, everything comes back from the server, and
    // with nothing changed there is nothing to save.
    await page.goto('/user/setting');
    await expect(page.getByRole('switch', { name: 'Wednesday' })).toBeChecked();
    await expect(
      page.getByRole('checkbox', { name: 'Friday breakfast' }),
    ).toBeChecked();
    await expect(
      page.getByRole('switch', { name: 'Tuesday' }),
    ).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'Vegetarian' })).toBeChecked();
    await expect(
      page.getByRole('spinbutton', { name: 'Serving Size' }),
    ).toHaveValue('2');
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(
      page.getByText('No changes detected. Nothing to save.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/user\/setting$/);
  });
});
