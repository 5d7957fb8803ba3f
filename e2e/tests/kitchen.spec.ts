import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type TestInfo,
} from '@playwright/test';

import {
  DAYS,
  logIn,
  newAccount,
  type Session,
  sessionOf,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';
import { seriousFindings, settleInTheme, THEMES } from '../support/axe.js';

/**
 * The kitchen (issue 20) against the built product: the list bought (ticks
 * and Bought), "I have this" by keyboard, the week cooked, and the next
 * week's plan using what is left; the Kitchen page axe-clean in light and
 * dark, at phone and desktop widths, with screenshots for a person to look
 * at (E2E_SCREENSHOT_DIR, else the test's output folder).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface ListItem {
  key: string;
  name: string;
  packageCount: number;
  haveQuantity?: number;
  ticked: boolean;
}

const headersOf = ({ token }: Session) => ({
  Authorization: `Bearer ${token}`,
});

async function planAWeek(request: APIRequestContext, session: Session) {
  const saved = await request.post('/api/preferences/save', {
    headers: headersOf(session),
    data: {
      user_id: session.userId,
      weekly_schedule: DAYS.map((day_name) => ({
        day_name,
        enabled: true,
        meals: { breakfast: false, lunch: false, dinner: true },
      })),
      serving_size: 2,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return generate(request, session);
}

async function generate(request: APIRequestContext, session: Session) {
  const generated = await request.get(
    `/api/generate-meal-plan?user_id=${encodeURIComponent(session.userId)}`,
    { headers: headersOf(session) },
  );
  expect(generated.status(), await generated.text()).toBe(200);
  return (await generated.json()) as { waste: { fromKitchenGrams: number } };
}

async function listItems(
  request: APIRequestContext,
  session: Session,
): Promise<ListItem[]> {
  const response = await request.get('/api/user-ingredients-summary', {
    headers: headersOf(session),
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    data: {
      freshIngredients: ListItem[];
      nonPerishableIngredients: ListItem[];
    }[];
  };
  const lists = body.data[0];
  return [
    ...(lists?.freshIngredients ?? []),
    ...(lists?.nonPerishableIngredients ?? []),
  ];
}

async function expectNoSeriousFindings(page: Page, what: string) {
  // From the top: a control scrolled under the sticky top bar is not one a
  // person taps, but axe's target-size counts it as obscured.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const element of document.querySelectorAll('*')) {
      if (element.scrollTop > 0) element.scrollTop = 0;
    }
  });
  expect(await seriousFindings(page), what).toEqual([]);
}

function screenshotPath(testInfo: TestInfo, name: string): string {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return testInfo.outputPath(name);
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

test.describe('the kitchen', () => {
  test('buy the list, cook the week, and the next week uses what is left', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const account = newAccount();
    await signUpAndVerifyThroughApi(page.request, account);
    await logIn(page, account);
    const session = await sessionOf(page);
    await planAWeek(page.request, session);

    await page.goto('/user/shoppinglist');
    const fresh = page.getByRole('region', { name: 'Fresh Ingredients' });
    // The list is worked out on the server: slow on a busy machine.
    await expect(fresh.getByRole('checkbox').first()).toBeVisible({
      timeout: 60_000,
    });

    // "I have this", by keyboard: the first fresh item, half of it at home.
    const have = fresh.getByRole('button', { name: 'I have this' }).first();
    const itemName = (
      await page
        .locator(
          `[id="${(await have.getAttribute('aria-describedby')) ?? ''}"]`,
        )
        .innerText()
    ).trim();
    await have.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    const amount = dialog.getByRole('textbox', { name: 'Amount at home' });
    await expect(amount).toBeFocused();
    const need = Number(await amount.inputValue());
    expect(need).toBeGreaterThan(0);
    await amount.fill(String(Math.max(1, Math.floor(need / 2))));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      fresh.getByRole('checkbox', { name: itemName, exact: true }),
    ).toHaveAccessibleDescription(/You have /);

    // Buy the list: tick everything to buy, then Bought.
    const toBuy = (await listItems(page.request, session)).filter(
      (item) => item.packageCount > 0,
    );
    expect(toBuy.length).toBeGreaterThan(5);
    for (const box of await page
      .getByRole('main')
      .getByRole('checkbox')
      .all()) {
      await box.check();
    }
    await page
      .getByRole('button', {
        name: 'Bought: put the ticked items in my kitchen',
      })
      .click();
    await expect
      .poll(
        async () =>
          (await listItems(page.request, session)).filter((item) => item.ticked)
            .length,
      )
      .toBe(0);

    // The kitchen has what was bought; cook the whole week.
    await page.goto('/user/kitchen');
    const kitchen = page.getByRole('list', { name: 'What you have' });
    await expect(kitchen.getByRole('listitem').first()).toBeVisible();
    const boughtCount = await kitchen.getByRole('listitem').count();
    expect(boughtCount).toBeGreaterThanOrEqual(toBuy.length);
    await page.getByRole('button', { name: 'Cooked the whole week' }).click();
    await expect(
      page.getByText('Taken out of your kitchen', { exact: false }),
    ).toBeVisible();

    // What the week left (the rest of bags, packs and jars) feeds the next
    // plan: its meals take from home, and the list says what home covers.
    const next = await generate(page.request, session);
    expect(next.waste.fromKitchenGrams).toBeGreaterThan(0);
    const nextList = await listItems(page.request, session);
    const covered = nextList.filter((item) => (item.haveQuantity ?? 0) > 0);
    expect(covered.length).toBeGreaterThan(0);
    await page.goto('/user/shoppinglist');
    await expect(
      page
        .getByRole('main')
        .getByText(/You have /)
        .first(),
    ).toBeVisible();
  });

  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`the Kitchen page is axe-clean in light and dark on a ${width}`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(300_000);
      await page.setViewportSize(viewport);
      const account = newAccount();
      await signUpAndVerifyThroughApi(page.request, account);
      await logIn(page, account);
      const session = await sessionOf(page);
      const added = await page.request.post('/api/kitchen', {
        headers: headersOf(session),
        data: {
          items: [
            { line: '2 kg potatoes' },
            { line: '200 g spinach' },
            { line: '500 g chicken breast', place: 'freezer' },
            { line: '1 l chicken stock', opened: true },
            { line: '3 onions' },
          ],
        },
      });
      expect(added.status(), await added.text()).toBe(201);
      await page.goto('/user/kitchen');
      await expect(
        page.getByRole('list', { name: 'What you have' }).getByRole('listitem'),
      ).toHaveCount(5);
      await page.getByRole('button', { name: 'Edit staples' }).click();
      await expect(
        page
          .getByRole('group', { name: 'Staples' })
          .getByRole('checkbox')
          .first(),
      ).toBeVisible();
      for (const theme of THEMES) {
        await settleInTheme(page, theme);
        await expectNoSeriousFindings(page, `kitchen, ${width}, ${theme}`);
        await page.screenshot({
          path: screenshotPath(testInfo, `kitchen-${width}-${theme}.png`),
          fullPage: true,
        });
        await page.screenshot({
          path: screenshotPath(testInfo, `kitchen-${width}-${theme}-top.png`),
        });
      }
      // The list with "I have this" open, for the eye.
      await planAWeek(page.request, session);
      await page.goto('/user/shoppinglist');
      await page
        .getByRole('button', { name: 'I have this' })
        .first()
        .click({ timeout: 60_000 });
      await expect(page.getByRole('dialog')).toBeVisible();
      for (const theme of THEMES) {
        await settleInTheme(page, theme);
        await expectNoSeriousFindings(page, `I have this, ${width}, ${theme}`);
        await page.screenshot({
          path: screenshotPath(testInfo, `have-this-${width}-${theme}.png`),
        });
      }
    });
  }
});
