import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import ICAL from 'ical.js';

import {
  DAYS,
  logIn,
  newAccount,
  type Session,
  sessionOf,
  signUpAndVerifyThroughApi,
  type TestAccount,
} from '../support/accounts.js';
import { OTP_PATTERN, waitForMailMatch } from '../support/mail.js';

/**
 * Households and the offline shopping list (issue 18), against the built
 * product: two browsers, owner and member; the member joins from the mailed
 * link, ticks an item the owner then sees; the owner removes the member,
 * whose next request for the household's data gets 403. A newcomer without
 * an account signs up from the (re-sent) link and lands in the household,
 * with its plan in the calendar feed. Then the list loads with the network
 * off, and a tick made offline reaches the server when it returns.
 */

async function planDinners(request: APIRequestContext, session: Session) {
  const headers = { Authorization: `Bearer ${session.token}` };
  const saved = await request.post('/api/preferences/save', {
    headers,
    data: {
      user_id: session.userId,
      weekly_schedule: DAYS.map((day_name) => ({
        day_name,
        enabled: true,
        meals: { breakfast: false, lunch: false, dinner: true },
      })),
      dietary_preference: 'none',
      protein_level: 'Medium Protein',
      allergens: [],
      customAllergens: [],
      preferences: { likes: [], dislikes: [] },
      serving_size: 2,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const generated = await request.get('/api/generate-meal-plan', { headers });
  expect(generated.status(), await generated.text()).toBe(200);
}

/** The accessible name of a shopping-list checkbox (its item's text). */
function labelOf(page: Page, index: number): Promise<string> {
  return page
    .getByRole('region', { name: 'Fresh Ingredients' })
    .getByRole('checkbox')
    .nth(index)
    .evaluate((element) => {
      const id = element.getAttribute('aria-labelledby');
      return id ? (document.getElementById(id)?.textContent ?? '') : '';
    });
}

const JOIN_LINK = /(https?:\/\/\S+\/household\/join\?token=[A-Za-z0-9_-]+)/;

test('owner invites, the member joins from the mail, shares ticks, and is removed', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = newAccount();
  const member = { ...newAccount(), firstName: 'Sam' };
  await signUpAndVerifyThroughApi(page.request, owner);
  await logIn(page, owner);
  const ownerSession = await sessionOf(page);
  await planDinners(request, ownerSession);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signUpAndVerifyThroughApi(memberPage.request, member);
  await logIn(memberPage, member);

  // The owner invites from Settings.
  await page.goto('/user/setting');
  const household = page.getByRole('region', { name: 'Household' });
  await household.getByLabel('Invite by e-mail').fill(member.email);
  await household.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    page.getByText(`Invitation sent to ${member.email}.`),
  ).toBeVisible();
  await expect(household.getByText(member.email)).toBeVisible();

  // The member opens the mailed link and joins.
  const link = await waitForMailMatch(member.email, JOIN_LINK);
  await memberPage.goto(link);
  await memberPage.getByRole('button', { name: 'Join Household' }).click();
  await expect(memberPage).toHaveURL(/\/user\/dashboard$/);

  // The member sees the owner's list and ticks an item.
  await memberPage.goto('/user/shoppinglist');
  const memberFresh = memberPage.getByRole('region', {
    name: 'Fresh Ingredients',
  });
  await expect(memberFresh.getByRole('checkbox').first()).toBeVisible();
  const name = await labelOf(memberPage, 0);
  const saved = memberPage.waitForResponse(
    (response) =>
      response.url().includes('/api/shopping-list/ticks') &&
      response.request().method() === 'PUT',
  );
  await memberFresh.getByRole('checkbox', { name, exact: true }).check();
  expect((await saved).status()).toBe(200);

  // The owner sees the member's tick.
  await page.goto('/user/shoppinglist');
  await expect(
    page
      .getByRole('region', { name: 'Fresh Ingredients' })
      .getByRole('checkbox', { name, exact: true }),
  ).toBeChecked();

  // The owner removes the member.
  await page.goto('/user/setting');
  page.once('dialog', (dialog) => void dialog.accept());
  await page
    .getByRole('region', { name: 'Household' })
    .getByRole('button', { name: 'Remove Sam' })
    .click();
  await expect(page.getByText('Sam was removed.')).toBeVisible();

  // The member's next request for the household's plan is refused.
  const memberSession = await sessionOf(memberPage);
  const refused = await memberPage.request.get(
    `/api/preferences/user-meal-plan?user_id=${ownerSession.userId}`,
    { headers: { Authorization: `Bearer ${memberSession.token}` } },
  );
  expect(refused.status()).toBe(403);
  await memberContext.close();
});

test('the list loads offline, and a tick made offline reaches the server', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await signUpAndVerifyThroughApi(page.request, account);
  await logIn(page, account);
  const session = await sessionOf(page);
  await planDinners(request, session);

  await page.goto('/user/shoppinglist');
  // Once the service worker controls the page, the list it reads is kept.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(
    page.evaluate(() => navigator.serviceWorker.controller !== null),
  ).resolves.toBe(true);
  const fresh = page.getByRole('region', { name: 'Fresh Ingredients' });
  await expect(fresh.getByRole('checkbox').first()).toBeVisible();
  const name = await labelOf(page, 0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/You are offline\./)).toBeVisible();
  const box = fresh.getByRole('checkbox', { name, exact: true });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(box).toBeChecked();

  // The order menu works offline: the list is saved as CSV.
  await page.getByRole('button', { name: 'Order on Instacart' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Download CSV/ }).click();
  expect((await download).suggestedFilename()).toBe('shopping-list.csv');
  await expect(
    page.getByText('Shopping list downloaded as CSV.'),
  ).toBeVisible();
  // Putting things in the kitchen says it needs the network, and tries
  // nothing.
  const kitchenCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/kitchen'))
      kitchenCalls.push(request.url());
  });
  await page
    .getByRole('button', { name: 'Bought: put the ticked items in my kitchen' })
    .click();
  await expect(
    page.getByText(
      'You are offline: putting things in your kitchen needs the network.',
      { exact: false },
    ),
  ).toBeVisible();
  expect(kitchenCalls).toEqual([]);

  const merged = page.waitForResponse(
    (response) =>
      response.url().includes('/api/shopping-list/ticks') &&
      response.request().method() === 'PATCH',
  );
  await context.setOffline(false);
  expect((await merged).status()).toBe(200);

  const summary = await request.get('/api/user-ingredients-summary', {
    headers: { Authorization: `Bearer ${session.token}` },
  });
  const body = (await summary.json()) as {
    data: { freshIngredients: { name: string; ticked: boolean }[] }[];
  };
  const ticked = body.data[0]?.freshIngredients.filter((item) => item.ticked);
  expect(ticked?.length).toBe(1);

  // The service worker kept only the plan and the list, under this user's
  // id; logout deletes them and the queued ticks.
  const cached = await page.evaluate(async () => {
    const cache = await caches.open('platewise-user-data');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(cached.length).toBeGreaterThan(0);
  for (const path of cached) {
    expect([
      '/api/user-ingredients-summary',
      '/api/preferences/user-meal-plan',
    ]).toContain(path);
  }
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await page.evaluate(async () => ({
    cache: await caches.has('platewise-user-data'),
    ticks: Object.keys(localStorage).filter((key) =>
      key.startsWith('platewise.offlineTicks.'),
    ),
  }));
  expect(left).toEqual({ cache: false, ticks: [] });
});

/**
 * The sign-up form as it stands, then the code from the mail; `skip` mails
 * to the address came before (an invitation's token could look like a code).
 */
async function signUpHere(page: Page, account: TestAccount, skip: number) {
  await page.getByLabel('First Name').fill(account.firstName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone Number').fill('5551234567');
  await page.getByLabel('State').fill('Oregon');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/verifyemail/);
  const code = await waitForMailMatch(account.email, OTP_PATTERN, skip);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('a newcomer signs up from the mailed link and lands in the household', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = newAccount();
  const newcomer = { ...newAccount(), firstName: 'Alex' };
  await signUpAndVerifyThroughApi(page.request, owner);
  await logIn(page, owner);
  const ownerSession = await sessionOf(page);
  await planDinners(request, ownerSession);

  // The owner invites, then sends the link again: only the latest works.
  await page.goto('/user/setting');
  const household = page.getByRole('region', { name: 'Household' });
  await household.getByLabel('Invite by e-mail').fill(newcomer.email);
  await household.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(
    page.getByText(`Invitation sent to ${newcomer.email}.`),
  ).toBeVisible();
  const first = await waitForMailMatch(newcomer.email, JOIN_LINK);
  await household
    .getByRole('button', { name: `Send Again to ${newcomer.email}` })
    .click();
  await expect(
    page.getByText(`Invitation sent to ${newcomer.email}.`).first(),
  ).toBeVisible();
  const link = await waitForMailMatch(newcomer.email, JOIN_LINK, 1);
  expect(link).not.toBe(first);

  // The newcomer has no account: the link asks to log in or sign up.
  const context = await browser.newContext();
  const newPage = await context.newPage();
  await newPage.goto(link);
  await expect(newPage).toHaveURL(/\/login$/);
  await expect(
    newPage.getByText('Log in to accept the household invitation.', {
      exact: false,
    }),
  ).toBeVisible();
  await newPage.getByRole('link', { name: 'Create an account' }).click();
  await expect(newPage).toHaveURL(/\/signup$/);
  await expect(
    newPage.getByText('Sign up with the address the invitation was sent to', {
      exact: false,
    }),
  ).toBeVisible();
  await signUpHere(newPage, newcomer, 2);
  await expect(
    newPage.getByText(
      'Welcome to the household: you now share its plan and list.',
    ),
  ).toBeVisible();
  await expect(newPage).toHaveURL(/\/login$/);
  await newPage.getByLabel('Password', { exact: true }).fill(newcomer.password);
  await newPage.getByRole('button', { name: 'Log in' }).click();
  await expect(newPage).toHaveURL(/\/user\/dashboard$/);

  // The newcomer sees the owner's plan: the same dinners.
  const headers = { Authorization: `Bearer ${ownerSession.token}` };
  const plan = (await (
    await request.get('/api/preferences/user-meal-plan', { headers })
  ).json()) as { meals: { dinner?: { name: string } | null }[] };
  const dinners = plan.meals.flatMap((day) =>
    day.dinner ? [day.dinner.name] : [],
  );
  expect(dinners.length).toBeGreaterThan(0);
  await expect(newPage.getByText(dinners[0] ?? '').first()).toBeVisible();

  // The newcomer's calendar feed is the household's week: parsed back with
  // ical.js, one event per planned meal.
  await newPage.goto('/user/setting');
  const calendar = newPage.getByRole('region', { name: 'Calendar' });
  await calendar.getByRole('button', { name: 'Create Calendar Link' }).click();
  const feedUrl = await calendar.getByLabel('Your calendar link').inputValue();
  const feed = await newPage.request.get(feedUrl);
  expect(feed.status()).toBe(200);
  const events = new ICAL.Component(ICAL.parse(await feed.text()))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent).summary)
    .sort();
  expect(events).toEqual(dinners.map((name) => `Dinner: ${name}`).sort());
  const newSession = await sessionOf(newPage);
  const mine = await newPage.request.get('/api/household', {
    headers: { Authorization: `Bearer ${newSession.token}` },
  });
  expect(await mine.json()).toMatchObject({
    role: 'member',
    planUserId: ownerSession.userId,
  });

  // The owner's list of members shows the newcomer; the first link is dead.
  await page.reload();
  await expect(household.getByText('Alex')).toBeVisible();
  const stale = await newPage.request.post('/api/household/join', {
    headers: { Authorization: `Bearer ${newSession.token}` },
    data: { token: new URL(first).searchParams.get('token') },
  });
  expect(stale.status()).toBe(404);
  await context.close();
});
