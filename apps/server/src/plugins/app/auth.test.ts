import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_TYPE,
} from '../../domains/sessions/access-tokens.js';
import {
  bearer,
  createAccountsApp,
  login,
  meStatus,
  refresh,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { TEST_JWT_SECRET } from '../../test/build-app.js';
import { createAdmin, createUser } from '../../test/factories.js';

/**
 * The guards (plugins/app/auth.ts) and security.md S17, S18, S30, S33, S34.
 */

/**
 * Routes anyone may call (S30). A new public route must be added here on
 * purpose; every other route must answer 401 without a valid token.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/auth/providers',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/auth/google/exchange',
  'POST /api/users/signup',
  'POST /api/users/verify-email',
  'POST /api/users/resend-otp',
  'POST /api/users/forgot-password',
  'POST /api/users/reset-password',
  'POST /api/users/login',
  'POST /api/users/refresh-token',
  'POST /api/admin/login',
  // Recipe pictures are loaded by <img> tags, which send no Authorization.
  'GET /api/recipes/{id}/images/{imageId}',
  // Calendar apps send no Authorization: the secret path is the credential.
  'GET /api/calendar/{file}',
]);

interface ApiRoute {
  method: string;
  path: string;
  /** The path with every {param} filled in. */
  url: string;
}

/** Every route the OpenAPI page documents. */
async function apiRoutes(testApp: AccountsTestApp): Promise<ApiRoute[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/docs/json',
  });
  const document = response.json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => method !== 'head' && method !== 'parameters')
      .map((method) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{[^}]+\}/g, randomUUID()),
      })),
  );
}

const enc = (value: object) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

describe('requireUser', () => {
  let testApp: AccountsTestApp;
  let user: Awaited<ReturnType<typeof createUser>>['user'];
  let accessToken: string;

  beforeAll(async () => {
    testApp = await createAccountsApp();
    const created = await createUser(testApp.db);
    user = created.user;
    ({ accessToken } = await login(testApp.app, user.email, created.password));
  });

  /** A token with our claims, signed as the case wants. */
  async function forge(
    header: Record<string, unknown>,
    claims: Record<string, unknown> = {},
    secret = TEST_JWT_SECRET,
  ): Promise<string> {
    const valid = decodeJwt(accessToken);
    return new SignJWT({ ...valid, ...claims })
      .setProtectedHeader({
        alg: 'HS256',
        typ: ACCESS_TOKEN_TYPE,
        ...header,
      } as {
        alg: string;
      })
      .sign(new TextEncoder().encode(secret));
  }

  it('accepts the issued token', async () => {
    expect(await meStatus(testApp.app, accessToken)).toBe(200);
    // The control case for the forgeries below.
    expect(await meStatus(testApp.app, await forge({}))).toBe(200);
  });

  it.each([
    ['wrong audience', () => forge({}, { aud: 'someone-else' })],
    ['wrong issuer', () => forge({}, { iss: 'https://evil.example' })],
    ['wrong type (an ID token)', () => forge({ typ: 'JWT' })],
    [
      'another secret',
      () => forge({}, {}, 'another-secret-0123456789abcdef0123456789'),
    ],
    [
      'a role claim re-signed with another secret',
      () =>
        forge(
          {},
          { role: 'admin' },
          'another-secret-0123456789abcdef0123456789',
        ),
    ],
    [
      'alg none',
      async () => {
        const valid = decodeJwt(accessToken);
        return `${enc({ alg: 'none', typ: ACCESS_TOKEN_TYPE })}.${enc(valid)}.`;
      },
    ],
    [
      'RS256 with a jku header (S17)',
      async () => {
        const { privateKey, publicKey } = await generateKeyPair('RS256');
        const valid = decodeJwt(accessToken);
        return new SignJWT(valid)
          .setProtectedHeader({
            alg: 'RS256',
            typ: ACCESS_TOKEN_TYPE,
            jku: 'https://evil.example/jwks.json',
            jwk: await exportJWK(publicKey),
          })
          .sign(privateKey);
      },
    ],
    [
      'a mock Google ID token',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({ email: user.email, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
          .setIssuer('https://accounts.google.com')
          .setAudience(ACCESS_TOKEN_AUDIENCE)
          .setSubject(user.id)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
      },
    ],
    ['a garbage string', async () => 'not.a.jwt'],
  ])('answers 401 to %s (S17)', async (_name, make) => {
    expect(await meStatus(testApp.app, await make())).toBe(401);
  });

  it('answers 401 to a token expired by 1 s (S17)', async () => {
    const fresh = await createAccountsApp();
    const created = await createUser(fresh.db);
    const tokens = await login(fresh.app, created.user.email, created.password);
    fresh.clock.advance(899);
    expect(await meStatus(fresh.app, tokens.accessToken)).toBe(200);
    fresh.clock.advance(2);
    expect(await meStatus(fresh.app, tokens.accessToken)).toBe(401);
  });

  it('answers 401 to a refresh token used as the bearer (S17)', async () => {
    const fresh = await createAccountsApp();
    const created = await createUser(fresh.db);
    const tokens = await login(fresh.app, created.user.email, created.password);
    expect(await meStatus(fresh.app, tokens.refreshToken)).toBe(401);
  });

  it('takes the token from the Authorization header only (S18)', async () => {
    for (const url of [
      `/api/users/me?access_token=${accessToken}`,
      `/api/users/me?token=${accessToken}`,
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
    const cookie = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: `auth_token=${accessToken}` },
    });
    expect(cookie.statusCode).toBe(401);
    const basic = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Basic ${accessToken}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('answers 401 with the error shape', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'Please log in to continue.',
      code: 'UNAUTHORIZED',
    });
  });
});

describe('every non-public route (S30)', () => {
  it('answers 401 without a token and with a garbage bearer', async () => {
    const testApp = await createAccountsApp();
    const routes = await apiRoutes(testApp);
    expect(routes.length).toBeGreaterThan(PUBLIC_ROUTES.size);
    const documented = new Set(
      routes.map((route) => `${route.method} ${route.path}`),
    );
    for (const route of PUBLIC_ROUTES) expect(documented).toContain(route);

    const answers: string[] = [];
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(`${route.method} ${route.path}`)) continue;
      for (const headers of [{}, { authorization: 'Bearer garbage' }]) {
        const response = await testApp.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers,
        });
        answers.push(`${route.method} ${route.path} ${response.statusCode}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });
});

describe('requireAdmin', () => {
  it('answers 403 to a user token on every /api/admin route, whatever the client claims (S33)', async () => {
    const testApp = await createAccountsApp();
    const created = await createUser(testApp.db);
    const { accessToken } = await login(
      testApp.app,
      created.user.email,
      created.password,
    );
    const adminRoutes = (await apiRoutes(testApp)).filter(
      (route) =>
        route.path.startsWith('/api/admin/') &&
        !PUBLIC_ROUTES.has(`${route.method} ${route.path}`),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of adminRoutes) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { ...bearer(accessToken), 'x-role': 'admin' },
        ...(route.method === 'GET' ? {} : { payload: { role: 'admin' } }),
      });
      expect([`${route.method} ${route.path}`, response.statusCode]).toEqual([
        `${route.method} ${route.path}`,
        403,
      ]);
    }
  });
});

describe('role and status from the database (S34)', () => {
  it('answers 401 on the next request after the user is disabled', async () => {
    const testApp = await createAccountsApp();
    const created = await createUser(testApp.db);
    const { accessToken } = await login(
      testApp.app,
      created.user.email,
      created.password,
    );
    await testApp.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, created.user.id));
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: bearer(accessToken),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
  });

  it('ends the session a disabled user presents, so re-enabling does not bring it back', async () => {
    const testApp = await createAccountsApp();
    const created = await createUser(testApp.db);
    const old = await login(testApp.app, created.user.email, created.password);
    const setActive = (isActive: boolean) =>
      testApp.db
        .update(users)
        .set({ isActive })
        .where(eq(users.id, created.user.id));
    await setActive(false);
    expect(await meStatus(testApp.app, old.accessToken)).toBe(401);
    await setActive(true);
    expect(await meStatus(testApp.app, old.accessToken)).toBe(401);
    expect((await refresh(testApp.app, old.refreshToken)).statusCode).toBe(401);
    await login(testApp.app, created.user.email, created.password);
  });

  it('ends every session on disabling, and re-enabling with no refresh between brings none back', async () => {
    const testApp = await createAccountsApp();
    const created = await createUser(testApp.db);
    const { email } = created.user;
    const first = await login(testApp.app, email, created.password);
    const second = await login(testApp.app, email, created.password);
    const { disableUser, enableUser } = testApp.app.services.users;

    await disableUser(created.user.id, null);
    await enableUser(created.user.id, null);

    for (const old of [first, second]) {
      expect(await meStatus(testApp.app, old.accessToken)).toBe(401);
      expect((await refresh(testApp.app, old.refreshToken)).statusCode).toBe(
        401,
      );
    }
    const fresh = await login(testApp.app, email, created.password);
    expect(await meStatus(testApp.app, fresh.accessToken)).toBe(200);
    const statusEvents = (await testApp.db.select().from(auditEvents))
      .filter(
        (row) => row.type === 'user_disabled' || row.type === 'user_enabled',
      )
      .map((row) => [row.type, row.target, row.details])
      .sort();
    expect(statusEvents).toEqual([
      ['user_disabled', created.user.id, { revokedSessions: 2 }],
      ['user_enabled', created.user.id, {}],
    ]);
  });

  it('answers 403 on the next admin request after the admin is demoted', async () => {
    const testApp = await createAccountsApp();
    const created = await createAdmin(testApp.db);
    const { accessToken } = await login(
      testApp.app,
      created.user.email,
      created.password,
    );
    const me = () =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: bearer(accessToken),
      });
    expect((await me()).statusCode).toBe(200);
    await testApp.db
      .update(users)
      .set({ role: 'user' })
      .where(eq(users.id, created.user.id));
    expect((await me()).statusCode).toBe(403);
  });
});
