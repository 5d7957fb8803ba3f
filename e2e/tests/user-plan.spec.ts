import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';

import {
  DAYS,
  logIn,
  newAccount,
  type Session,
  sessionOf,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';

/**
 * The home cook's week against the built product (issue 11): settings
 * saved, the plan on the dashboard, a recipe viewed, one meal regenerated,
 * a meal locked through a whole-plan regenerate, the search, shopping ticks
 * that survive a reload and show on a second browser, the copied list, and
 * the plan deleted.
 */

/** Saves settings and generates the plan, as the Settings page does. */
async function saveSettingsAndGenerate(
  request: APIRequestContext,
  { token, userId }: Session,
) {
  const headers = { Authorization: `Bearer ${token}` };
  const saved = await request.post('/api/preferences/save', {
    headers,
    data: {
      user_id: userId,
      weekly_schedule: DAYS.map((day_name) => ({
        day_name,
        enabled: true,
        meals: { breakfast: false, lunch: true, dinner: true },
      })),
      dietary_preference: 'vegetarian',
      protein_level: 'Medium Protein',
      allergens: [],
      customAllergens: ['mango'],
      preferences: { likes: [{ name: 'Italian' }], dislikes: [] },
      serving_size: 2,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const generated = await request.get(
    `/api/generate-meal-plan?user_id=${encodeURIComponent(userId)}`,
    { headers },
  );
  expect(generated.status(), await generated.text()).toBe(200);
}

/** Every card's "Day slot: Recipe" label, in page order. */
async function cardLabels(page: Page): Promise<string[]> {
  const labels = await page
    .getByRole('main')
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('aria-label') ?? ''),
    );
  return labels;
}

const nameIn = (label: string | undefined) => label?.split(': ')[1] ?? '';

function card(page: Page, slotLabel: string): Locator {
  return page.getByRole('article', { name: new RegExp(`^${slotLabel}: `) });
}

test.describe('the home cook’s week', () => {
  test('plan, details, regenerate, lock, search, shopping ticks, copy and delete', async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL,
    });
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);
    await expect(
      page.getByText(
        'No meals scheduled. Set your preferences in the Settings tab!',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Delete Plan' }),
    ).toBeDisabled();

    await saveSettingsAndGenerate(page.request, await sessionOf(page));

    // The plan on the dashboard: lunches and dinners, Monday first.
    await page.reload();
    const dinners = page.getByRole('region', { name: 'Dinner' });
    await expect(dinners.getByRole('article')).toHaveCount(7);
    await expect(page.getByRole('region', { name: 'Lunch' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Breakfast' })).toHaveCount(
      0,
    );
    const before = await cardLabels(page);
    expect(
      before
        .filter((label) => label.includes('dinner'))
        .map((l) => l.split(' ')[0]),
    ).toEqual(DAYS);
    await expect(
      page.getByRole('region', { name: 'What this plan saves' }),
    ).toContainText('expected waste');

    // View a recipe.
    const mondayDinner = nameIn(
      before.find((l) => l.startsWith('Monday dinner')),
    );
    await page
      .getByRole('button', { name: `View ${mondayDinner} (Monday dinner)` })
      .click();
    const details = page.getByRole('dialog', {
      name: new RegExp(mondayDinner),
    });
    await expect(details.getByText('Step 1', { exact: true })).toBeVisible();
    await expect(details.getByText(/^(\d\.\d\/5\.0|N\/A)$/)).toBeVisible();
    await expect(details.getByText('2 servings').first()).toBeVisible();
    await expect(
      details
        .getByRole('region', { name: /Ingredients/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(details).toBeHidden();

    // Regenerate one meal: only that card changes, nothing moves.
    await page
      .getByRole('button', { name: 'Regenerate Tuesday dinner' })
      .click();
    await expect(page.getByText('Regenerating meal...')).toBeVisible();
    await expect
      .poll(async () =>
        (await cardLabels(page)).find((l) => l.startsWith('Tuesday dinner')),
      )
      .not.toBe(before.find((l) => l.startsWith('Tuesday dinner')));
    const afterOne = await cardLabels(page);
    afterOne.forEach((label, index) => {
      if (!label.startsWith('Tuesday dinner'))
        expect(label).toBe(before[index]);
    });

    // Lock Monday dinner, regenerate the week: Monday dinner stays.
    await page.getByRole('button', { name: 'Lock Monday dinner' }).click();
    await expect(
      page.getByRole('button', { name: 'Unlock Monday dinner' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect
      .poll(async () => {
        const now = await cardLabels(page);
        return now.filter((label, index) => label !== afterOne[index]).length;
      })
      .toBeGreaterThan(0);
    await expect(card(page, 'Monday dinner')).toHaveAccessibleName(
      `Monday dinner: ${mondayDinner}`,
    );
    await expect(
      page.getByRole('button', { name: 'Unlock Monday dinner' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // Search by recipe name from the top bar.
    const search = page.getByRole('searchbox', { name: 'Search recipes' });
    await search.fill(mondayDinner);
    await expect(card(page, 'Monday dinner')).toBeVisible();
    // The filter follows the typing after a short pause: wait until only
    // matching cards are left rather than reading the cards once.
    await expect
      .poll(async () =>
        (await cardLabels(page)).filter(
          (label) =>
            !nameIn(label).toLowerCase().includes(mondayDinner.toLowerCase()),
        ),
      )
      .toEqual([]);
    await search.fill('zzz-no-such-dish');
    await expect(
      page.getByText('No meals match “zzz-no-such-dish”.'),
    ).toBeVisible();
    await search.fill('');
    await expect(dinners.getByRole('article')).toHaveCount(7);

    // Shopping ticks are kept on the server.
    await page
      .getByRole('navigation', { name: 'Your pages' })
      .getByRole('link', { name: 'Shopping List', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Smart Shopping List', level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByText('Ingredients loaded successfully!'),
    ).toBeVisible();
    const fresh = page.getByRole('region', { name: 'Fresh Ingredients' });
    const boxes = fresh.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(2);
    const tickedNames: string[] = [];
    for (const index of [0, 1]) {
      const box = boxes.nth(index);
      const saved = page.waitForResponse(
        (response) =>
          response.url().includes('/api/shopping-list/ticks') &&
          response.request().method() === 'PUT',
      );
      await box.check();
      expect((await saved).status()).toBe(200);
      tickedNames.push(
        await box.evaluate((element) => {
          const id = element.getAttribute('aria-labelledby');
          return id ? (document.getElementById(id)?.textContent ?? '') : '';
        }),
      );
    }
    await page.reload();
    for (const name of tickedNames) {
      await expect(
        fresh.getByRole('checkbox', { name, exact: true }),
      ).toBeChecked();
    }
    await expect(boxes.nth(2)).not.toBeChecked();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, account);
    await otherPage.goto('/user/shoppinglist');
    const otherFresh = otherPage.getByRole('region', {
      name: 'Fresh Ingredients',
    });
    for (const name of tickedNames) {
      await expect(
        otherFresh.getByRole('checkbox', { name, exact: true }),
      ).toBeChecked();
    }
    await other.close();

    // Copy the list.
    await page.getByRole('button', { name: 'Order on Instacart' }).click();
    await page.getByRole('menuitem', { name: /Copy list as text/ }).click();
    await expect(
      page.getByText('Shopping list copied to the clipboard.'),
    ).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('FRESH INGREDIENTS');
    for (const name of tickedNames) expect(copied).toContain(`[x] ${name}:`);

    // Delete the plan after confirming.
    await page
      .getByRole('navigation', { name: 'Your pages' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    await expect(dinners.getByRole('article')).toHaveCount(7);
    await page.getByRole('button', { name: 'Delete Plan' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Plan' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete your entire meal plan? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(
      page.getByText('Meal plan deleted successfully!'),
    ).toBeVisible();
    await expect(
      page.getByText(
        'No meals scheduled. Set your preferences in the Settings tab!',
      ),
    ).toBeVisible();

    // The list follows the plan.
    await page
      .getByRole('navigation', { name: 'Your pages' })
      .getByRole('link', { name: 'Shopping List', exact: true })
      .click();
    await expect(
      page.getByText('No fresh ingredients to display.'),
    ).toBeVisible();
  });
});
