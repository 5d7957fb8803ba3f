import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { sessions } from '../../db/schema/sessions.js';
import { userIdentities, users } from '../../db/schema/users.js';
import {
  bearer,
  CHROME_ON_LINUX,
  createAccountsApp,
  meStatus,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser, uniqueEmail } from '../../test/factories.js';
import {
  startTestIdentityProvider,
  TEST_GOOGLE_CLIENT_ID,
  TEST_GOOGLE_CLIENT_SECRET,
  type TestAccount,
  type TestIdentityProvider,
} from '../../test/test-identity-provider.js';
import { GOOGLE_ATTEMPT_TTL_SECONDS } from './google-service.js';

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

async function start(testApp: AccountsTestApp, remember = false) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/auth/google?remember=${remember}`,
  });
  expect(response.statusCode, response.body).toBe(302);
  return new URL(String(response.headers.location));
}

/** Back at our callback: the address as the browser would request it. */
async function callbackPath(authorizationUrl: URL): Promise<string> {
  const url = await idp.authorize(authorizationUrl.toString());
  expect(`${url.origin}${url.pathname}`).toBe(CALLBACK);
  return `${url.pathname}${url.search}`;
}

function callback(testApp: AccountsTestApp, path: string) {
  return testApp.app.inject({
    method: 'GET',
    url: path,
    headers: { 'user-agent': CHROME_ON_LINUX },
  });
}

interface SuccessData {
  accessToken: string;
  refreshToken: string;
  userData: Record<string, unknown>;
}

function successData(location: string): SuccessData {
  const url = new URL(location, PUBLIC_URL);
  expect(url.pathname).toBe('/auth/success');
  return JSON.parse(url.searchParams.get('data') ?? '') as SuccessData;
}

/** The whole round trip; answers the callback's response. */
async function signIn(
  testApp: AccountsTestApp,
  who: TestAccount,
  remember = false,
) {
  idp.signInAs(who);
  return callback(testApp, await callbackPath(await start(testApp, remember)));
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
    const first = await start(testApp);
    const second = await start(testApp);
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
    const data = successData(String(response.headers.location));
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
    const first = successData(
      String((await signIn(testApp, who)).headers.location),
    );
    const second = successData(
      String(
        (await signIn(testApp, { ...who, email: uniqueEmail() })).headers
          .location,
      ),
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
    const path = await callbackPath(await start(testApp));
    const url = new URL(path, PUBLIC_URL);

    const missing = new URL(url);
    missing.searchParams.delete('state');
    const wrong = new URL(url);
    wrong.searchParams.set('state', 'not-the-state');
    for (const bad of [missing, wrong]) {
      const response = await callback(testApp, `${bad.pathname}${bad.search}`);
      expect(response.statusCode, bad.search).toBe(400);
    }

    const used = await callback(testApp, path);
    expect(used.statusCode, used.body).toBe(302);
    const replayed = await callback(testApp, path);
    expect(replayed.statusCode).toBe(400);

    idp.signInAs(account());
    const late = await callbackPath(await start(testApp));
    testApp.clock.advance(GOOGLE_ATTEMPT_TTL_SECONDS + 1);
    expect((await callback(testApp, late)).statusCode).toBe(400);
  });

  it('answers 401 for a code that was not issued', async () => {
    const testApp = await googleApp();
    idp.signInAs(account());
    const url = new URL(await callbackPath(await start(testApp)), PUBLIC_URL);
    url.searchParams.set('code', 'made-up-code');
    const response = await callback(testApp, `${url.pathname}${url.search}`);
    expect(response.statusCode).toBe(401);
  });

  it('sends a refusal at the provider back to /login', async () => {
    const testApp = await googleApp();
    idp.denyNext();
    const path = await callbackPath(await start(testApp));
    expect(new URL(path, PUBLIC_URL).searchParams.get('error')).toBe(
      'access_denied',
    );
    const response = await callback(testApp, path);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?error=google-cancelled');
  });

  it('never links to an existing password account by e-mail', async () => {
    const testApp = await googleApp();
    const { user } = await createUser(testApp.db);
    for (const emailVerified of [true, false]) {
      const response = await signIn(
        testApp,
        account({ email: user.email, email_verified: emailVerified }),
      );
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        emailVerified
          ? '/login?error=google-link'
          : '/login?error=google-unverified',
      );
    }
    const identities = await testApp.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, user.id));
    expect(identities).toHaveLength(0);
    const rows = await testApp.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(0);
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
    const data = successData(
      String((await signIn(testApp, who)).headers.location),
    );
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
