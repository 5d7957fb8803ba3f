import { HouseholdSchema, householdMessages } from '@platewise/shared';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { sessions } from '../../db/schema/sessions.js';
import { userIdentities, users } from '../../db/schema/users.js';
import {
  bearer,
  CHROME_ON_LINUX,
  createAccountsApp,
  meStatus,
  signedIn,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser, signupBody, uniqueEmail } from '../../test/factories.js';
import {
  startTestIdentityProvider,
  TEST_GOOGLE_CLIENT_ID,
  TEST_GOOGLE_CLIENT_SECRET,
  type TestAccount,
  type TestIdentityProvider,
} from '../../test/test-identity-provider.js';
import {
  GOOGLE_ATTEMPT_TTL_SECONDS,
  GOOGLE_LINK_TTL_SECONDS,
} from './google-service.js';

/** Google sign-in against a real OpenID provider on loopback (S28, S29). */

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

let idp: TestIdentityProvider;

beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUri: CALLBACK });
});

afterAll(async () => {
  await idp.close();
});

function googleApp(): Promise<AccountsTestApp> {
  return createAccountsApp({
    config: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER: idp.issuer,
    },
  });
}

let subjects = 0;
function account(overrides: Partial<TestAccount> = {}): TestAccount {
  subjects += 1;
  return {
    sub: `google-${subjects}-${Date.now().toString(36)}`,
    email: uniqueEmail(),
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Google',
    ...overrides,
  };
}

/** One browser: the cookies our server set, as a `cookie` header. */
type Browser = Map<string, string>;

function keepCookies(browser: Browser, response: LightMyRequestResponse) {
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '') browser.delete(cookie.name);
    else browser.set(cookie.name, cookie.value);
  }
}

function cookieHeader(browser: Browser): string {
  return [...browser].map(([name, value]) => `${name}=${value}`).join('; ');
}

interface Started {
  url: URL;
  browser: Browser;
}

async function start(
  testApp: AccountsTestApp,
  remember = false,
  browser: Browser = new Map(),
): Promise<Started> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/auth/google?remember=${remember}`,
  });
  expect(response.statusCode, response.body).toBe(302);
  keepCookies(browser, response);
  return { url: new URL(String(response.headers.location)), browser };
}

/** Back at our callback: the address as the browser would request it. */
async function callbackPath(started: Started): Promise<string> {
  const url = await idp.authorize(started.url.toString());
  expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
  return `${url.pathname}${url.search}`;
}

async function callback(
  testApp: AccountsTestApp,
  path: string,
  browser: Browser,
) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: path,
    headers: { 'user-agent': CHROME_ON_LINUX, cookie: cookieHeader(browser) },
  });
  keepCookies(browser, response);
  return response;
}

function passwordLogin(
  testApp: AccountsTestApp,
  email: string,
  password: string,
  browser: Browser,
) {
  return testApp.app
    .inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { cookie: cookieHeader(browser) },
      payload: { email, password, rememberMe: false },
    })
    .then((response) => {
      keepCookies(browser, response);
      return response;
    });
}

function identitiesOf(testApp: AccountsTestApp, userId: string) {
  return testApp.db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId));
}

interface SuccessData {
  accessToken: string;
  refreshToken: string;
  userData: Record<string, unknown>;
  household?: { joined: boolean; message: string };
}

/** The browser each callback answer of `signIn` went to. */
const browsers = new WeakMap<LightMyRequestResponse, Browser>();

/** What /auth/success does with its code: POST it with this browser's cookies. */
function exchange(
  testApp: AccountsTestApp,
  location: string,
  browser: Browser,
  invitationToken?: string,
) {
  const url = new URL(location, PUBLIC_URL);
  expect(url.pathname).toBe('/auth/success');
  // No token in the address (issue 16 point 1): only a one-time code.
  expect([...url.searchParams.keys()]).toEqual(['code']);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    headers: { cookie: cookieHeader(browser), 'user-agent': CHROME_ON_LINUX },
    payload: { code: url.searchParams.get('code'), invitationToken },
  });
}

/** The tokens and user /auth/success gets for a callback's answer. */
async function successData(
  testApp: AccountsTestApp,
  response: LightMyRequestResponse,
  invitationToken?: string,
): Promise<SuccessData> {
  const browser = browsers.get(response) ?? new Map();
  const answer = await exchange(
    testApp,
    String(response.headers.location),
    browser,
    invitationToken,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SuccessData>();
}

/** The whole round trip; answers the callback's response. */
async function signIn(
  testApp: AccountsTestApp,
  who: TestAccount,
  remember = false,
  browser: Browser = new Map(),
) {
  idp.signInAs(who);
  const started = await start(testApp, remember, browser);
  const response = await callback(
    testApp,
    await callbackPath(started),
    browser,
  );
  browsers.set(response, browser);
  return response;
}

describe('GET /api/auth/google', () => {
  it('is 404 when no Google client is configured', async () => {
    const testApp = await createAccountsApp();
    for (const url of [
      '/api/auth/google',
      '/api/auth/google/callback?state=x&code=y',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    const providers = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/providers',
    });
    expect(providers.json()).toEqual({ google: false });
  });

  it('redirects to the provider with state, nonce and a PKCE S256 challenge', async () => {
    const testApp = await googleApp();
    const first = (await start(testApp)).url;
    const second = (await start(testApp)).url;
    expect(first.origin).toBe(idp.issuer);
    const params = first.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(TEST_GOOGLE_CLIENT_ID);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(params.get(name)?.length ?? 0, name).toBeGreaterThanOrEqual(32);
      // Fresh for every attempt.
      expect(second.searchParams.get(name), name).not.toBe(params.get(name));
    }
  });
});

describe('GET /api/auth/google/callback', () => {
  it('creates the user and a session, and hands working tokens to /auth/success', async () => {
    const testApp = await googleApp();
    const who = account();
    const response = await signIn(testApp, who, true);
    expect(response.statusCode, response.body).toBe(302);
    const data = await successData(testApp, response);
    expect(data.userData).toMatchObject({
      email: who.email,
      firstName: 'Gina',
      lastName: 'Google',
      role: 'user',
      hasPassword: false,
    });
    expect(JSON.stringify(data)).not.toMatch(/password_?hash/i);

    const me = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(data.accessToken),
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.body).toContain(who.email);

    const [identity] = await testApp.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.subject, who.sub));
    expect(identity).toMatchObject({ provider: 'google' });
    const rows = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, String(data.userData.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      rememberMe: true,
      userAgent: CHROME_ON_LINUX,
    });
    const audit = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'authn_login_success'));
    expect(audit.some((event) => event.actorId === data.userData.id)).toBe(
      true,
    );
  });

  it('finds the same user on the next sign-in, also with a changed e-mail', async () => {
    const testApp = await googleApp();
    const who = account();
    const first = await successData(testApp, await signIn(testApp, who));
    const second = await successData(
      testApp,
      await signIn(testApp, { ...who, email: uniqueEmail() }),
    );
    expect(second.userData.id).toBe(first.userData.id);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(await meStatus(testApp.app, second.accessToken)).toBe(200);
    const rows = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, String(first.userData.id)));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => !row.rememberMe)).toBe(true);
  });

  it('answers 400 for a missing, wrong, expired or replayed state', async () => {
    const testApp = await googleApp();
    idp.signInAs(account());
    const started = await start(testApp);
    const path = await callbackPath(started);
    const url = new URL(path, PUBLIC_URL);

    const missing = new URL(url);
    missing.searchParams.delete('state');
    const wrong = new URL(url);
    wrong.searchParams.set('state', 'not-the-state');
    for (const bad of [missing, wrong]) {
      const response = await callback(
        testApp,
        `${bad.pathname}${bad.search}`,
        new Map(started.browser),
      );
      expect(response.statusCode, bad.search).toBe(400);
    }

    const used = await callback(testApp, path, new Map(started.browser));
    expect(used.statusCode, used.body).toBe(302);
    const replayed = await callback(testApp, path, new Map(started.browser));
    expect(replayed.statusCode).toBe(400);

    idp.signInAs(account());
    const lateStart = await start(testApp);
    const late = await callbackPath(lateStart);
    testApp.clock.advance(GOOGLE_ATTEMPT_TTL_SECONDS + 1);
    expect((await callback(testApp, late, lateStart.browser)).statusCode).toBe(
      400,
    );
  });

  it('answers 400 to a callback address opened in another browser (login CSRF)', async () => {
    const testApp = await googleApp();
    const who = account();
    idp.signInAs(who);
    // The attacker signs in at Google and hands the callback address over
    // instead of following it.
    const attacker = await start(testApp);
    const path = await callbackPath(attacker);
    // The victim's browser holds no state cookie, or one of its own.
    const victim = (await start(testApp)).browser;
    for (const browser of [new Map<string, string>(), victim]) {
      const response = await callback(testApp, path, browser);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'Invalid sign-in state' });
    }
    const rows = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, who.email));
    expect(rows).toHaveLength(0);
  });

  it('binds the state to the browser in a short-lived HttpOnly cookie and clears it at the callback', async () => {
    const testApp = await googleApp();
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/google',
    });
    const state = new URL(String(response.headers.location)).searchParams.get(
      'state',
    );
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      name: 'platewise_google_state',
      value: state,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth/google',
      maxAge: GOOGLE_ATTEMPT_TTL_SECONDS,
    });

    const browser: Browser = new Map();
    const done = await signIn(testApp, account(), false, browser);
    expect(done.statusCode).toBe(302);
    // The state cookie is gone; only the handoff's, for /auth/success, is left.
    expect([...browser.keys()]).toEqual(['platewise_google_handoff']);
  });

  it('answers 401 for a code that was not issued', async () => {
    const testApp = await googleApp();
    idp.signInAs(account());
    const started = await start(testApp);
    const url = new URL(await callbackPath(started), PUBLIC_URL);
    url.searchParams.set('code', 'made-up-code');
    const response = await callback(
      testApp,
      `${url.pathname}${url.search}`,
      started.browser,
    );
    expect(response.statusCode).toBe(401);
  });

  it('sends a refusal at the provider back to /login', async () => {
    const testApp = await googleApp();
    idp.denyNext();
    const started = await start(testApp);
    const path = await callbackPath(started);
    expect(new URL(path, PUBLIC_URL).searchParams.get('error')).toBe(
      'access_denied',
    );
    const response = await callback(testApp, path, started.browser);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=google-cancelled');
  });

  it('never links by e-mail alone: a verified match waits for the password, an unverified one is refused', async () => {
    const testApp = await googleApp();
    const { user } = await createUser(testApp.db);
    for (const emailVerified of [true, false]) {
      const browser: Browser = new Map();
      const response = await signIn(
        testApp,
        account({ email: user.email, email_verified: emailVerified }),
        false,
        browser,
      );
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        emailVerified
          ? '/login?error=google-link'
          : '/login?error=google-unverified',
      );
      const linkCookies = response.cookies
        .filter((cookie) => cookie.name === 'platewise_google_link')
        .map(({ httpOnly, sameSite, path, maxAge }) => ({
          httpOnly,
          sameSite,
          path,
          maxAge,
        }));
      expect(linkCookies).toEqual(
        emailVerified
          ? [
              {
                httpOnly: true,
                sameSite: 'Strict',
                path: '/api/users/login',
                maxAge: GOOGLE_LINK_TTL_SECONDS,
              },
            ]
          : [],
      );
    }
    expect(await identitiesOf(testApp, user.id)).toHaveLength(0);
    const rows = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('links the waiting Google identity at the next password login from that browser', async () => {
    const testApp = await googleApp();
    const { user, password } = await createUser(testApp.db);
    const who = account({ email: user.email });
    const browser: Browser = new Map();
    await signIn(testApp, who, false, browser);
    expect(browser.has('platewise_google_link')).toBe(true);

    // A wrong password proves nothing and keeps the token for a retry.
    const wrong = await passwordLogin(
      testApp,
      user.email,
      'not-it-1!A',
      browser,
    );
    expect(wrong.statusCode).toBe(401);
    expect(await identitiesOf(testApp, user.id)).toHaveLength(0);
    expect(browser.has('platewise_google_link')).toBe(true);

    const right = await passwordLogin(testApp, user.email, password, browser);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({
      googleLinked: true,
      user: { id: user.id, email: user.email },
    });
    expect(browser.has('platewise_google_link')).toBe(false);
    expect(await identitiesOf(testApp, user.id)).toMatchObject([
      { provider: 'google', subject: who.sub },
    ]);
    const audit = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'identity_linked'));
    expect(audit.filter((event) => event.actorId === user.id)).toHaveLength(1);

    // From now on Google signs in to the same account.
    const google = await signIn(testApp, who);
    expect((await successData(testApp, google)).userData.id).toBe(user.id);
  });

  it('links nothing for another account, an expired token or a used token', async () => {
    const testApp = await googleApp();
    const owner = await createUser(testApp.db);
    const other = await createUser(testApp.db);
    const who = account({ email: owner.user.email });

    // The token was kept for the owner's account, not the other one; the
    // login still succeeds and uses the token up.
    const browser: Browser = new Map();
    await signIn(testApp, who, false, browser);
    const stolen = browser.get('platewise_google_link') ?? '';
    const foreign = await passwordLogin(
      testApp,
      other.user.email,
      other.password,
      browser,
    );
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).not.toHaveProperty('googleLinked');
    const replay = await passwordLogin(
      testApp,
      owner.user.email,
      owner.password,
      new Map([['platewise_google_link', stolen]]),
    );
    expect(replay.json()).not.toHaveProperty('googleLinked');

    const late: Browser = new Map();
    await signIn(testApp, who, false, late);
    testApp.clock.advance(GOOGLE_LINK_TTL_SECONDS + 1);
    const expired = await passwordLogin(
      testApp,
      owner.user.email,
      owner.password,
      late,
    );
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).not.toHaveProperty('googleLinked');

    for (const id of [owner.user.id, other.user.id]) {
      expect(await identitiesOf(testApp, id)).toHaveLength(0);
    }
  });

  it('replaces a sign-up nobody verified: its password opens nothing (ADR 008)', async () => {
    const testApp = await googleApp();
    const email = uniqueEmail();
    const password = 'Mallory-Chose-This-1!';
    const signup = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: signupBody({ email, firstName: 'Mallory', password }),
    });
    expect(signup.statusCode).toBe(201);

    const response = await signIn(testApp, account({ email }));
    expect(response.statusCode, response.body).toBe(302);
    const data = await successData(testApp, response);
    expect(data.userData).toMatchObject({
      email,
      firstName: 'Gina',
      hasPassword: false,
    });

    const rows = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      passwordHash: null,
      phoneNumber: null,
      firstName: 'Gina',
    });
    expect(rows[0]?.emailVerifiedAt).not.toBeNull();
    const login = await passwordLogin(testApp, email, password, new Map());
    expect(login.statusCode).not.toBe(200);
    expect(login.body).not.toContain('accessToken');
  });

  it('says the address is taken when another Google identity owns it', async () => {
    const testApp = await googleApp();
    const first = account();
    await signIn(testApp, first);
    const browser: Browser = new Map();
    const response = await signIn(
      testApp,
      account({ email: first.email }),
      false,
      browser,
    );
    expect(response.headers.location).toBe('/login?error=google-taken');
    expect(browser.size).toBe(0);
  });

  it('creates no account for an unverified address', async () => {
    const testApp = await googleApp();
    const who = account({ email_verified: false });
    const response = await signIn(testApp, who);
    expect(response.headers.location).toBe('/login?error=google-unverified');
    const rows = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, who.email));
    expect(rows).toHaveLength(0);
  });

  it('refuses a disabled account', async () => {
    const testApp = await googleApp();
    const who = account();
    const data = await successData(testApp, await signIn(testApp, who));
    await testApp.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, String(data.userData.id)));
    const response = await signIn(testApp, who);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=google-disabled');
    const rows = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, String(data.userData.id)));
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/auth/google/exchange', () => {
  it('gives nothing for a code opened in another browser (login CSRF), and leaves it to its own browser', async () => {
    const testApp = await googleApp();
    const attacker: Browser = new Map();
    const response = await signIn(testApp, account(), false, attacker);
    const location = String(response.headers.location);

    // The attacker mails his /auth/success link; the victim has no cookie
    // of his sign-in, with or without cookies of her own.
    const victim: Browser = new Map([['platewise_google_handoff', 'guess']]);
    for (const browser of [new Map<string, string>(), victim]) {
      const refused = await exchange(testApp, location, browser);
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toContain('accessToken');
    }
    const own = await exchange(testApp, location, attacker);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('is single use and runs out after a minute', async () => {
    const testApp = await googleApp();
    const browser: Browser = new Map();
    const first = await signIn(testApp, account(), false, browser);
    const kept = new Map(browser);
    expect(
      (await exchange(testApp, String(first.headers.location), browser))
        .statusCode,
    ).toBe(200);
    const replay = await exchange(
      testApp,
      String(first.headers.location),
      kept,
    );
    expect(replay.statusCode).toBe(401);

    const late: Browser = new Map();
    const second = await signIn(testApp, account(), false, late);
    testApp.clock.advance(61);
    const expired = await exchange(
      testApp,
      String(second.headers.location),
      late,
    );
    expect(expired.statusCode).toBe(401);
  });

  it('sets the handoff cookie HttpOnly and Strict, for the exchange only', async () => {
    const testApp = await googleApp();
    const response = await signIn(testApp, account());
    const cookie = response.cookies.find(
      (item) => item.name === 'platewise_google_handoff',
    );
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth/google/exchange',
      maxAge: 60,
    });
  });
});

describe('a Google sign-up from a household invitation link (issue 18)', () => {
  /** An owner who invited `email`: the token of the mailed link. */
  async function invitation(testApp: AccountsTestApp, email: string) {
    const owner = await signedIn(testApp.app, testApp.db, 'user');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/household/invitations',
      headers: owner.headers,
      payload: { email },
    });
    expect(response.statusCode, response.body).toBe(201);
    const link = /https?:\/\/\S+\/household\/join\?token=\S+/.exec(
      testApp.smtp.mailsTo(email).at(-1)?.text ?? '',
    )?.[0];
    if (!link) throw new Error(`no invitation mailed to ${email}`);
    return { owner, token: new URL(link).searchParams.get('token') ?? '' };
  }

  async function householdOf(testApp: AccountsTestApp, accessToken: string) {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/household',
      headers: bearer(accessToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return HouseholdSchema.parse(response.json());
  }

  it("joins the owner's household when the sign-in makes the account, and audits it", async () => {
    const testApp = await googleApp();
    const who = account();
    const { owner, token } = await invitation(testApp, who.email);
    const data = await successData(testApp, await signIn(testApp, who), token);
    expect(data.household).toEqual({
      joined: true,
      message: householdMessages.joined,
    });
    expect(await householdOf(testApp, data.accessToken)).toMatchObject({
      role: 'member',
      planUserId: owner.id,
    });
    const joined = await testApp.db
      .select({ outcome: auditEvents.outcome, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.type, 'household_joined'),
          eq(auditEvents.actorId, String(data.userData.id)),
        ),
      );
    expect(joined).toEqual([
      { outcome: 'success', details: { via: 'google' } },
    ]);
    // The link is used up.
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/household/join',
      headers: bearer(data.accessToken),
      payload: { token },
    });
    expect(again.statusCode).toBe(409);
  });

  it('does not move an account that existed: it answers no household, and the link stays open', async () => {
    const testApp = await googleApp();
    const who = account();
    // The first sign-in makes the account, without an invitation.
    await successData(testApp, await signIn(testApp, who));
    const { owner, token } = await invitation(testApp, who.email);
    const data = await successData(testApp, await signIn(testApp, who), token);
    expect(data.household).toBeUndefined();
    expect(await householdOf(testApp, data.accessToken)).toMatchObject({
      role: 'owner',
      members: [expect.objectContaining({ email: who.email })],
    });
    // The invitation page can still use the link.
    const joined = await testApp.app.inject({
      method: 'POST',
      url: '/api/household/join',
      headers: bearer(data.accessToken),
      payload: { token },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ planUserId: owner.id });
  });

  it('makes the account but does not join with a link sent to another address, or a cancelled one', async () => {
    const testApp = await googleApp();
    const { token: theirs } = await invitation(
      testApp,
      'someone.else@example.com',
    );
    const who = account();
    const data = await successData(testApp, await signIn(testApp, who), theirs);
    expect(data.household).toEqual({
      joined: false,
      message: householdMessages.invitationOtherEmail(
        'someone.else@example.com',
      ),
    });
    expect((await householdOf(testApp, data.accessToken)).members).toHaveLength(
      1,
    );

    // A link the owner cancelled (the ID token's clock rules out waiting
    // 72 hours here; expiry is the join route's, tested with households).
    const late = account();
    const { owner, token: cancelled } = await invitation(testApp, late.email);
    const cancel = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/household/invitations/${encodeURIComponent(late.email)}`,
      headers: owner.headers,
    });
    expect(cancel.statusCode).toBe(204);
    const lateData = await successData(
      testApp,
      await signIn(testApp, late),
      cancelled,
    );
    expect(lateData.household).toEqual({
      joined: false,
      message: householdMessages.invitationInvalid,
    });
  });

  it('answers no household without an invitation token', async () => {
    const testApp = await googleApp();
    const data = await successData(testApp, await signIn(testApp, account()));
    expect(data).not.toHaveProperty('household');
  });
});
