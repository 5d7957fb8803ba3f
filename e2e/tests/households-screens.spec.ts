import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

import {
  DAYS,
  logIn,
  newAccount,
  sessionOf,
  signUpAndVerifyThroughApi,
  type Session,
} from '../support/accounts.js';
import { seriousFindings, settleInTheme, THEMES } from '../support/axe.js';
import { waitForMailMatch } from '../support/mail.js';

/**
 * The screens of issue 18 in the states a lone-user scan never reaches: the
 * Household card with a member and an open invitation (owner and member),
 * the calendar link made, the invitation's join, login and sign-up pages,
 * the shopping list offline with the install prompt, and on an iPhone's
 * Safari with the hint to add it to the home screen. Each on a phone and a
 * desktop, in the light and the dark theme, scanned with axe (a serious or
 * critical finding fails). With HOUSEHOLD_SHOTS_DIR set, each is also saved
 * as a PNG for a look.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const JOIN_LINK = /(https?:\/\/\S+\/household\/join\?token=[A-Za-z0-9_-]+)/;
const SHOTS_DIR = process.env.HOUSEHOLD_SHOTS_DIR;
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * The page as it stands, at each size and in each theme: axe clean, and
 * saved when HOUSEHOLD_SHOTS_DIR is set (the `parts` given, else the
 * window). `ready` waits for what the state shows (it runs again after each
 * resize).
 */
async function checkScreens(
  page: Page,
  name: string,
  ready: () => Promise<void>,
  parts: Record<string, Locator> = {},
) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await ready();
    for (const theme of THEMES) {
      await settleInTheme(page, theme);
      if (SHOTS_DIR) {
        const file = (part: string) =>
          `${SHOTS_DIR}/${name}${part}-${viewport.name}-${theme}.png`;
        if (Object.keys(parts).length === 0) {
          await page.screenshot({ path: file('') });
        }
        for (const [part, locator] of Object.entries(parts)) {
          // Clear of the sticky top bar, which would cover the card's top.
          await locator.evaluate((element) => {
            element.scrollIntoView({ block: 'start' });
            window.scrollBy(0, -96);
          });
          await locator.screenshot({ path: file(`-${part}`) });
        }
      }
      expect(
        await seriousFindings(page),
        `${name} on ${viewport.name} in ${theme}`,
      ).toEqual([]);
    }
  }
}

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

async function signedInPage(browser: Browser, firstName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = { ...newAccount(), firstName };
  await signUpAndVerifyThroughApi(page.request, account);
  await logIn(page, account);
  return { context, page, account, session: await sessionOf(page) };
}

async function invite(page: Page, session: Session, email: string) {
  const response = await page.request.post('/api/household/invitations', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { email },
  });
  expect(response.status(), await response.text()).toBe(201);
  return waitForMailMatch(email, JOIN_LINK);
}

/**
 * Robin owns a household with dinners planned and Sam as a member: the state
 * each part below starts from. The parts are separate tests, so the two
 * workers scan them side by side (docs/ci.md, sixth round).
 */
async function householdWithMember(browser: Browser) {
  const owner = await signedInPage(browser, 'Robin');
  const member = await signedInPage(browser, 'Sam');
  await planDinners(owner.page.request, owner.session);
  const link = await invite(owner.page, owner.session, member.account.email);
  const joined = await member.page.request.post('/api/household/join', {
    headers: { Authorization: `Bearer ${member.session.token}` },
    data: { token: new URL(link).searchParams.get('token') },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { owner, member };
}

type Household = Awaited<ReturnType<typeof householdWithMember>>;

/** A test from a fresh household; it closes the owner's and the member's browsers. */
function householdScreensTest(
  title: string,
  body: (household: Household, browser: Browser) => Promise<void>,
) {
  test(`the household screens: ${title}, light and dark, axe clean`, async ({
    browser,
  }) => {
    // Each state at two sizes in two themes, each scanned: long on a busy
    // machine (the three parts took 6.4 minutes as one test at a load of 14
    // on 2 cores).
    test.setTimeout(600_000);
    const household = await householdWithMember(browser);
    await body(household, browser);
    await household.member.context.close();
    await household.owner.context.close();
  });
}

householdScreensTest(
  'Settings of the owner and of a member',
  async ({ owner, member }) => {
    // An invitation to someone else stays open.
    const pending = newAccount();
    await invite(owner.page, owner.session, pending.email);

    // The owner's Settings: members, invite, the open invitation, the
    // serving size, and the calendar link made.
    const { page } = owner;
    await page.goto('/user/setting');
    const calendar = page.getByRole('region', { name: 'Calendar' });
    await calendar
      .getByRole('button', { name: 'Create Calendar Link' })
      .click();
    await expect(
      calendar.getByRole('button', { name: 'Copy calendar link' }),
    ).toBeVisible();
    await expect(
      calendar.getByRole('button', { name: 'Revoke Link' }),
    ).toBeVisible();
    const household = page.getByRole('region', { name: 'Household' });
    await checkScreens(
      page,
      'settings-owner',
      async () => {
        await expect(household.getByText(pending.email)).toBeVisible();
        await expect(
          household.getByRole('button', {
            name: `Cancel Invitation to ${pending.email}`,
          }),
        ).toBeVisible();
        await expect(
          household.getByRole('button', { name: 'Remove Sam' }),
        ).toBeVisible();
      },
      { household, calendar },
    );

    // The member's Settings: Leave Household.
    await member.page.goto('/user/setting');
    const memberHousehold = member.page.getByRole('region', {
      name: 'Household',
    });
    await checkScreens(
      member.page,
      'settings-member',
      async () => {
        await expect(
          memberHousehold.getByRole('button', { name: 'Leave Household' }),
        ).toBeVisible({ timeout: 30_000 });
      },
      { household: memberHousehold },
    );
  },
);

householdScreensTest(
  'the invitation signed out and the join page',
  async ({ owner }, browser) => {
    const pending = newAccount();
    const pendingLink = await invite(owner.page, owner.session, pending.email);

    // The invitation link, signed out: login and sign-up say what happens.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(pendingLink);
    await checkScreens(visitorPage, 'invitation-login', async () => {
      await expect(
        visitorPage.getByText('Log in to accept the household invitation.', {
          exact: false,
        }),
      ).toBeVisible();
      await expect(
        visitorPage.getByText(
          'A new account made with Google joins the household at once',
          { exact: false },
        ),
      ).toBeVisible();
    });
    await visitorPage.getByRole('link', { name: 'Create an account' }).click();
    await checkScreens(visitorPage, 'invitation-signup', async () => {
      await expect(
        visitorPage.getByText('you join the household once it is verified', {
          exact: false,
        }),
      ).toBeVisible();
    });
    await visitor.close();

    // The join page, signed in.
    const invitee = await signedInPage(browser, 'Kim');
    const inviteeLink = await invite(
      owner.page,
      owner.session,
      invitee.account.email,
    );
    await invitee.page.goto(inviteeLink);
    await checkScreens(invitee.page, 'join', async () => {
      await expect(
        invitee.page.getByRole('button', { name: 'Join Household' }),
      ).toBeVisible();
    });
    await invitee.context.close();
  },
);

householdScreensTest(
  "a member's shared list offline, with the install prompt and on an iPhone",
  async ({ member }, browser) => {
    // The shared list offline, with the install prompt a phone offers.
    const list = member.page;
    await list.goto('/user/shoppinglist');
    await list.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await list.reload();
    await expect(
      list.evaluate(() => navigator.serviceWorker.controller !== null),
    ).resolves.toBe(true);
    await expect(
      list
        .getByRole('region', { name: 'Fresh Ingredients' })
        .getByRole('checkbox')
        .first(),
    ).toBeVisible();
    await member.context.setOffline(true);
    await list.reload();
    // The list listens for the install prompt once it is on the page: fire it
    // after that, or nothing hears it.
    await expect(list.getByText(/You are offline\./)).toBeVisible();
    await list.evaluate(() => {
      // What Chromium fires when the app can be installed.
      const event = Object.assign(
        new Event('beforeinstallprompt', { cancelable: true }),
        {
          prompt: () => Promise.resolve(),
          userChoice: new Promise(() => {}),
        },
      );
      window.dispatchEvent(event);
    });
    await checkScreens(list, 'list-offline', async () => {
      await expect(list.getByText(/You are offline\./)).toBeVisible();
      await expect(
        list.getByRole('button', { name: 'Install App' }),
      ).toBeVisible();
    });
    await member.context.setOffline(false);

    // Safari on an iPhone offers no install prompt: the list says how.
    const iphone = await browser.newContext({
      userAgent: IPHONE_SAFARI,
      hasTouch: true,
    });
    const iphonePage = await iphone.newPage();
    await logIn(iphonePage, member.account);
    await iphonePage.goto('/user/shoppinglist');
    const hint = iphonePage.getByText(/tap Share .* in Safari/);
    await checkScreens(iphonePage, 'list-ios-hint', async () => {
      await expect(hint).toBeVisible();
    });
    await iphonePage.getByRole('button', { name: 'Dismiss' }).click();
    await expect(hint).toBeHidden();
    await iphonePage.reload();
    await expect(
      iphonePage
        .getByRole('region', { name: 'Fresh Ingredients' })
        .getByRole('checkbox')
        .first(),
    ).toBeVisible();
    await expect(hint).toBeHidden();
    await iphone.close();
  },
);
