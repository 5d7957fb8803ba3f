import { expect, test } from '@playwright/test';

test.describe('routing', () => {
  test('an unknown path shows the 404 page with working links', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Contact support' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/no/such/page');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#home')).toBeVisible();
  });

  test('/user/dashboard without a login redirects to /login', async ({
    page,
  }) => {
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel(/email/i)).toBeVisible();
  });

  test('/resetpassword without a query redirects to the forgot-password page', async ({
    page,
  }) => {
    await page.goto('/resetpassword');
    await expect(page).toHaveURL(/\/forgot-?password$/);
    await page.goto('/resetpassword?email=a%40b.co');
    await expect(page).toHaveURL(/\/forgot-?password$/);
  });

  test('/auth/success with unparsable data goes to /login', async ({
    page,
  }) => {
    await page.goto('/auth/success?data=%7Bnot-json');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a route whose code fails to load shows the error page', async ({
    page,
  }) => {
    await page.goto('/');
    // Make every lazily loaded route module fail, as a broken deploy would.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page
      .getByRole('banner')
      .getByRole('link', { name: 'Get Started' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    // Spec point 8: status and status text, or the message; a failed import
    // is an Error, so its message (Chromium's, Firefox's or WebKit's wording).
    await expect(
      page
        .getByRole('main')
        .getByText(
          /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/,
        ),
    ).toBeVisible();
  });
});
