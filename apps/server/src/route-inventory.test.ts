import { randomUUID } from 'node:crypto';

import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App, RouteEntry } from './app.js';
import { signedIn, type Caller } from './domains/admin/test/admin-api.js';
import { buildPlannerApp } from './planner-server.js';
import { bearer, createAccountsApp, login } from './test/accounts.js';
import { createTestConfig } from './test/build-app.js';

/**
 * The route inventory (issue 16): every route of the server's own route
 * table, in the API process and the plan-generator process, is called with
 * no token, a garbage token, a user's token and an admin's. Only the public
 * routes below answer without a token, only the admin routes need the admin
 * role, and a route missing from these lists fails the test, so a new route
 * is classified when it is added. The user's calls also carry `x-role:
 * admin` and `role: "admin"` in the body: what the client claims never counts
 * (S33). Every route the OpenAPI page documents is in the route table, so the
 * sweep covers the documented API too (this replaces the older sweep of the
 * documented routes in plugins/app/auth.test.ts; S30, S33).
 */

/** Answer without any token (sign-in flows, the catalogue, health, docs). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/auth/providers',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/auth/google/exchange',
  'POST /api/users/signup',
  'POST /api/users/verify-email',
  'POST /api/users/resend-otp',
  'POST /api/users/login',
  'POST /api/users/refresh-token',
  'POST /api/users/forgot-password',
  'POST /api/users/reset-password',
  'POST /api/admin/login',
  'GET /api/recipes/:id/images/:imageId',
  // The calendar feed: its secret path is the credential (issue 18).
  'GET /api/calendar/:file',
  'GET /*',
  'GET /health',
  'GET /ready',
  // The plan generator's CORS preflight.
  'OPTIONS *',
]);

/** Need the admin role: a user's token gets 403. */
const ADMIN = new Set([
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PATCH /api/admin/users/:id',
  'PATCH /api/admin/users/:id/change-role',
  'PATCH /api/admin/users/:id/toggle-status',
  'POST /api/admin/users/:id/invitation',
  'GET /api/admin/audit',
  'GET /api/admin/settings',
  'PATCH /api/admin/settings',
  'POST /api/admin/settings/reset-planner-weights',
  'POST /api/admin/settings/test-email',
  'GET /api/admin/me',
  'POST /api/admin/logout',
  'POST /api/recipes',
  'PUT /api/recipes/:id',
  'DELETE /api/recipes/:id',
  'POST /api/recipes/import',
]);

const key = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The path with its parameters filled: ids of the caller where they name a user. */
function concrete(url: string, caller: Caller | null): string {
  const self = caller?.user.id ?? randomUUID();
  return url
    .replace(/:userId\b/g, self)
    .replace(/:id\b/g, url.includes('/recipes') ? '1' : self)
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'openapi.json');
}

function call(
  app: App,
  route: RouteEntry,
  authorization: string | null,
  caller: Caller | null,
  claimsAdmin = false,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: route.method as 'GET',
    url: concrete(route.url, caller),
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(claimsAdmin ? { 'x-role': 'admin' } : {}),
    },
    ...(['POST', 'PUT', 'PATCH'].includes(route.method)
      ? { payload: claimsAdmin ? { role: 'admin' } : {} }
      : {}),
  });
}

/**
 * A fresh session of the same account for each route: logout, "log out other
 * sessions" and account deletion end sessions, and must not make the routes
 * after them look protected.
 */
async function fresh(api: App, caller: Caller): Promise<Caller> {
  const answer = await login(api, caller.user.email, caller.password);
  return { ...caller, headers: bearer(answer.accessToken) };
}

async function sweep(
  app: App,
  api: App,
  callers: { user: Caller; admin: Caller },
) {
  const problems: string[] = [];
  for (const route of app.routeTable) {
    const name = key(route);
    const user = await fresh(api, callers.user);
    const admin = await fresh(api, callers.admin);
    const isPublic = PUBLIC.has(name);
    const isAdmin = ADMIN.has(name);
    const anonymous = await call(app, route, null, null);
    const garbage = await call(app, route, 'Bearer not.a.token', null);
    if (!isPublic) {
      if (anonymous.statusCode !== 401) {
        problems.push(`${name}: ${anonymous.statusCode} without a token`);
      }
      if (garbage.statusCode !== 401) {
        problems.push(`${name}: ${garbage.statusCode} with a garbage token`);
      }
    }
    const asUser = await call(
      app,
      route,
      user.headers.authorization,
      user,
      true,
    );
    const asAdmin = await call(app, route, admin.headers.authorization, admin);
    if (isAdmin && asUser.statusCode !== 403) {
      problems.push(`${name}: ${asUser.statusCode} with a user's token`);
    }
    if (!isAdmin && [401, 403].includes(asUser.statusCode)) {
      problems.push(`${name}: ${asUser.statusCode} with a user's token`);
    }
    if ([401, 403].includes(asAdmin.statusCode)) {
      problems.push(`${name}: ${asAdmin.statusCode} with an admin's token`);
    }
    for (const answer of [anonymous, garbage, asUser, asAdmin]) {
      // The web app is not built for the server tests: its 503 page.
      if (answer.statusCode >= 500 && name !== 'GET /*') {
        problems.push(`${name}: ${answer.statusCode}`);
      }
    }
  }
  return problems;
}

describe('the route inventory', () => {
  let app: App;
  let planner: App;
  let user: Caller;
  let admin: Caller;

  beforeAll(async () => {
    const testApp = await createAccountsApp();
    app = testApp.app;
    user = await signedIn(app, testApp.db, 'user');
    admin = await signedIn(app, testApp.db, 'admin');
    planner = await buildPlannerApp({
      config: createTestConfig({ ...testApp.config }),
      db: testApp.database,
      logger: false,
    });
  }, 120_000);

  it('classifies every route of both processes', () => {
    const names = [...app.routeTable, ...planner.routeTable].map(key);
    expect(names.length).toBeGreaterThan(40);
    const unknown = names.filter(
      (name) => !PUBLIC.has(name) && !ADMIN.has(name) && !USER_ROUTES.has(name),
    );
    expect(unknown).toEqual([]);
    // And no list names a route that is gone.
    const stale = [...PUBLIC, ...ADMIN, ...USER_ROUTES].filter(
      (name) => !names.includes(name),
    );
    expect(stale).toEqual([]);
  });

  it('holds every route the OpenAPI page documents (S30)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(
      ([path, operations]) =>
        Object.keys(operations)
          .filter((method) => method !== 'head' && method !== 'parameters')
          .map(
            (method) =>
              `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`,
          ),
    );
    expect(documented.length).toBeGreaterThan(30);
    const names = new Set(app.routeTable.map(key));
    expect(documented.filter((name) => !names.has(name))).toEqual([]);
  });

  it('puts every write of both processes under a rate limit', () => {
    const unlimited = [...app.routeTable, ...planner.routeTable]
      .filter((route) => !['GET', 'OPTIONS'].includes(route.method))
      .filter((route) => !route.limited)
      .map(key);
    expect(unlimited).toEqual([]);
  });

  it('keeps every route that is not public behind a token, and admin routes behind the role', async () => {
    const callers = { user, admin };
    const problems = [
      ...(await sweep(app, app, callers)),
      ...(await sweep(planner, app, callers)),
    ];
    expect(problems).toEqual([]);
  }, 300_000);
});

/** Need a signed-in user (any role); a user_id must be the caller's own. */
const USER_ROUTES = new Set([
  'GET /api/allergens',
  'POST /api/calendar/token',
  'GET /api/calendar/token',
  'DELETE /api/calendar/token',
  'GET /api/household',
  'PATCH /api/household',
  'POST /api/household/invitations',
  'DELETE /api/household/invitations/:email',
  'POST /api/household/join',
  'DELETE /api/household/members/:userId',
  'POST /api/household/owner',
  'PATCH /api/shopping-list/ticks',
  'GET /api/recipes',
  'GET /api/recipes/:id',
  'POST /api/users/logout',
  'GET /api/users/sessions',
  'POST /api/users/sessions/logout-others',
  'GET /api/users/me',
  'PATCH /api/users/edit-info',
  'DELETE /api/users/me',
  'POST /api/ingredients/parse',
  'GET /api/generate-meal-plan',
  'GET /generate-meal-plan',
  'GET /api/preferences/user-meal-plan',
  'GET /api/preferences/preferences',
  'POST /api/preferences/save',
  'PATCH /api/recipes/:userId',
  'POST /api/meal-plans/regenerate',
  'POST /api/meal-plans/regenerate-meal',
  'POST /api/meal-plans/lock',
  'GET /api/user-ingredients-summary',
  'PUT /api/shopping-list/ticks',
  // The kitchen (issue 20).
  'GET /api/kitchen',
  'POST /api/kitchen',
  'PATCH /api/kitchen/:id',
  'DELETE /api/kitchen/:id',
  'PUT /api/kitchen/staples',
  'POST /api/kitchen/from-shopping-list',
  'POST /api/kitchen/cooked',
]);
