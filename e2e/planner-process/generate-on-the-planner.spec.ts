import { expect, test } from '@playwright/test';

import {
  logIn,
  newAccount,
  signUpAndVerifyThroughApi,
} from '../support/accounts.js';

/**
 * Issue 17: the web app built with VITE_PLAN_GENERATOR_URL generates the
 * plan on the generator's own process (support/planner-stack.ts): the
 * browser calls that origin (the API's CSP lets it, the generator's CORS
 * answers the API's origin), and the week it made shows on the dashboard.
 */
const plannerOrigin = `http://127.0.0.1:${process.env.E2E_PLANNER_PORT ?? 3118}`;

test.skip(
  !process.env.TEST_DATABASE_URL,
  'the planner process needs PostgreSQL (TEST_DATABASE_URL)',
);

test('generating a plan in the browser goes to the planner process and shows the week', async ({
  page,
  baseURL,
}) => {
  const account = newAccount();
  await signUpAndVerifyThroughApi(page.request, account);
  await logIn(page, account);

  // Every call the page makes for a plan, and anything the CSP refused.
  const generateCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('generate-meal-plan')) {
      generateCalls.push(request.url());
    }
  });
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      cspViolations.push(message.text());
    }
  });

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/user\/setting$/);
  await page.getByRole('switch', { name: 'Monday' }).check();
  await page.getByRole('checkbox', { name: 'Monday dinner' }).check();
  await page.getByRole('switch', { name: 'Tuesday' }).check();
  await page.getByRole('checkbox', { name: 'Tuesday lunch' }).check();

  const generated = page.waitForResponse(
    (response) =>
      response.url().startsWith(`${plannerOrigin}/generate-meal-plan`) &&
      response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  const response = await generated;
  expect(response.status()).toBe(200);
  // The generator answered the API's origin by name (CORS, no wildcard).
  expect(await response.headerValue('access-control-allow-origin')).toBe(
    baseURL,
  );
  await expect(
    page.getByText(
      /^Settings saved successfully! [1-2] days of recipes generated\.$/,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // The week the generator stored, read back through the API.
  const dinners = page.getByRole('region', { name: 'Dinner' });
  await expect(dinners.getByRole('article')).toHaveCount(1);
  await expect(
    dinners.getByRole('button', { name: /\(Monday dinner\)$/ }),
  ).toBeVisible();
  const lunches = page.getByRole('region', { name: 'Lunch' });
  await expect(
    lunches.getByRole('button', { name: /\(Tuesday lunch\)$/ }),
  ).toBeVisible();

  // Only the generator's origin was asked, never the API's own route.
  expect(generateCalls.length).toBeGreaterThan(0);
  for (const url of generateCalls)
    expect(url.startsWith(plannerOrigin)).toBe(true);
  expect(cspViolations).toEqual([]);
});
