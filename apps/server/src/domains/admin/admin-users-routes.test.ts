import { randomUUID } from 'node:crypto';

import {
  adminMessages,
  authMessages,
  messages,
  type AdminUser,
  type AdminUsersPage,
  type CreateUserResponse,
} from '@platewise/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { userPreferences } from '../../db/schema/preferences.js';
import { users } from '../../db/schema/users.js';
import {
  createAccountsApp,
  login,
  meStatus,
  refresh,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser } from '../../test/factories.js';
import { adminCall, signedIn, type Caller } from './test/admin-api.js';

/**
 * User management (spec points 2, 7; issue 12) and security.md S33-S35,
 * through the real app on PGlite and PostgreSQL.
 */

const NEW_PASSWORD = 'Fresh-start-2024!';

function userRow(testApp: AccountsTestApp, id: string) {
  return testApp.db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .then(([row]) => row);
}

describe('the admin guard on every admin route', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/users'],
    [
      'POST',
      '/users',
      { name: 'Eve Intruder', email: 'eve@example.com', role: 'admin' },
    ],
    [
      'PATCH',
      '/users/ID',
      { firstName: 'X', lastName: 'Y', email: 'x@example.com' },
    ],
    ['PATCH', '/users/ID/change-role', { role: 'admin' }],
    ['PATCH', '/users/ID/toggle-status', { isActive: false }],
    ['GET', '/audit'],
    ['GET', '/settings'],
    ['PATCH', '/settings', { signupOpen: false }],
    ['POST', '/settings/reset-planner-weights'],
    ['POST', '/settings/test-email'],
  ];

  let testApp: AccountsTestApp;
  let user: Caller;
  let victim: Caller;

  beforeAll(async () => {
    testApp = await createAccountsApp();
    await signedIn(testApp.app, testApp.db, 'admin');
    user = await signedIn(testApp.app, testApp.db, 'user');
    victim = await signedIn(testApp.app, testApp.db, 'user');
  });

  it.each(routes)(
    '%s %s answers 401 without a token',
    async (method, path, body) => {
      const response = await adminCall(
        testApp.app,
        null,
        method as 'GET',
        path.replace('ID', victim.user.id),
        body,
      );
      expect(response.statusCode, response.body).toBe(401);
    },
  );

  it.each(routes)(
    '%s %s answers 403 with a user token, whatever role the client claims',
    async (method, path, body) => {
      const response = await testApp.app.inject({
        method: method as 'GET',
        url: `/api/admin${path.replace('ID', victim.user.id)}`,
        headers: { ...user.headers, 'x-role': 'admin' },
        ...(body ? { payload: { ...body, role: 'admin' } } : {}),
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({
        error: authMessages.adminLogin[403],
      });
    },
  );

  it('changes nothing for a user token', async () => {
    const before = await userRow(testApp, victim.user.id);
    expect(before).toMatchObject({ role: 'user', isActive: true });
    expect(await meStatus(testApp.app, victim.accessToken)).toBe(200);
    expect(await userRow(testApp, user.user.id)).toMatchObject({
      role: 'user',
    });
  });
});

describe('GET /api/admin/users', () => {
  let testApp: AccountsTestApp;
  let admin: Caller;
  // Addresses of our own making, so that no search term hits one by chance.
  const tag = Date.now().toString();
  const email = (local: string) => `${local}.${tag}@list.test`;

  beforeAll(async () => {
    testApp = await createAccountsApp();
    admin = await signedIn(testApp.app, testApp.db, 'admin', {
      firstName: 'Boss',
      lastName: 'Person',
      email: email('boss'),
    });
    const people: [string, string | null, string, 'user' | 'admin'][] = [
      ['Ada', 'Lovelace', 'countess', 'user'],
      ['Grace', 'Hopper', 'rear.admiral', 'admin'],
      ['Per%cent', 'Sign', 'pct', 'user'],
      ['Under_score', null, 'snake', 'user'],
      ['Underxscore', null, 'notsnake', 'user'],
    ];
    for (const [firstName, lastName, local, role] of people) {
      await createUser(testApp.db, {
        firstName,
        lastName,
        email: email(local),
        role,
      });
    }
    for (let index = 1; index <= 8; index += 1) {
      await createUser(testApp.db, {
        firstName: 'Filler',
        lastName: `Number${index}`,
        email: email(`filler${index}`),
        // A second apart, after everyone above: two rows made in the same
        // millisecond tie on "newest first" (failed one run on PGlite).
        createdAt: new Date(Date.now() + index * 1000),
      });
    }
  });

  async function list(query: string): Promise<AdminUsersPage> {
    const response = await adminCall(
      testApp.app,
      admin,
      'GET',
      `/users?${query}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminUsersPage>();
  }

  const names = (page: AdminUsersPage) => page.users.map((u) => u.name).sort();

  it('answers the first page of 10 with the total by default, without secrets', async () => {
    const page = await list('');
    expect(page.total).toBe(14);
    expect(page.page).toBe(1);
    expect(page.limit).toBe(10);
    expect(page.users).toHaveLength(10);
    const ada = (await list('search=countess')).users[0];
    expect(ada).toEqual<AdminUser>({
      id: expect.any(String) as string,
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      email: email('countess'),
      phoneNumber: expect.stringMatching(/^\d{10}$/) as string,
      state: expect.any(String) as string,
      role: 'user',
      invitationPending: false,
      isActive: true,
    });
    expect(JSON.stringify(page)).not.toMatch(/password|hash/i);
  });

  it('searches first name, last name, the whole name and the e-mail, ignoring case', async () => {
    expect(names(await list('search=ADA'))).toEqual(['Ada Lovelace']);
    expect(names(await list('search=lovelace'))).toEqual(['Ada Lovelace']);
    expect(names(await list('search=ada%20%20love'))).toEqual(['Ada Lovelace']);
    expect(names(await list('search=REAR.ADM'))).toEqual(['Grace Hopper']);
    expect(names(await list('search=%20%20grace%20'))).toEqual([
      'Grace Hopper',
    ]);
    expect((await list('search=nobody-here')).users).toEqual([]);
  });

  it('matches % and _ literally', async () => {
    const percent = await list(`search=${encodeURIComponent('%')}`);
    expect(names(percent)).toEqual(['Per%cent Sign']);
    expect(percent.total).toBe(1);
    const underscore = await list(`search=${encodeURIComponent('under_')}`);
    expect(names(underscore)).toEqual(['Under_score']);
    const backslash = await list(`search=${encodeURIComponent('\\')}`);
    expect(backslash.total).toBe(0);
  });

  it('filters by role, alone and with a search, and treats an empty role as all', async () => {
    const admins = await list('role=admin');
    expect(names(admins)).toEqual(['Boss Person', 'Grace Hopper']);
    expect(admins.total).toBe(2);
    expect((await list('role=user&limit=100')).total).toBe(12);
    expect((await list('role=&limit=100')).total).toBe(14);
    expect(names(await list('role=admin&search=grace'))).toEqual([
      'Grace Hopper',
    ]);
    expect((await list('role=user&search=grace')).total).toBe(0);
    const fillers = await list('role=user&search=filler&limit=5&page=2');
    expect(fillers.total).toBe(8);
    expect(fillers.users).toHaveLength(3);
  });

  it('pages one-based, newest first, without overlap, and keeps the total past the end', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => list(`limit=5&page=${page}`)),
    );
    expect(pages.map((page) => page.users.length)).toEqual([5, 5, 4]);
    expect(pages.map((page) => page.total)).toEqual([14, 14, 14]);
    const ids = pages.flatMap((page) => page.users.map((u) => u.id));
    expect(new Set(ids).size).toBe(14);
    // The fillers were added last, the last one first.
    expect(pages[0]?.users[0]?.name).toBe('Filler Number8');

    const beyond = await list('limit=5&page=4');
    expect(beyond).toEqual({ users: [], total: 14, page: 4, limit: 5 });
    const farBeyond = await list('limit=25&page=1000&search=filler');
    expect(farBeyond).toMatchObject({ users: [], total: 8 });
    expect(await list('limit=100')).toMatchObject({ total: 14 });
    expect((await list('limit=1&page=14')).users).toHaveLength(1);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=2.5', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['role=superuser', 'role'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['search=%01', 'search'],
  ])('answers 400 for %s', async (query, field) => {
    const response = await adminCall(
      testApp.app,
      admin,
      'GET',
      `/users?${query}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<{ issues: { path: string }[] }>().issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: field })]),
    );
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('edits the fields, answers the message and the user, and clears optional ones', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db);
    const response = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${user.id}`,
      {
        firstName: '  Mary ',
        lastName: 'Shelley',
        email: 'Mary.Shelley@Example.COM',
        phoneNumber: '',
        state: 'Bath',
        role: 'admin',
        isActive: false,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: adminMessages.userUpdated,
      user: expect.objectContaining({
        name: 'Mary Shelley',
        email: 'mary.shelley@example.com',
        phoneNumber: null,
        state: 'Bath',
      }) as AdminUser,
    });
    // role and isActive are not fields of this route (S36).
    expect(await userRow(testApp, user.id)).toMatchObject({
      firstName: 'Mary',
      email: 'mary.shelley@example.com',
      phoneNumber: null,
      role: 'user',
      isActive: true,
      passwordHash: user.passwordHash,
    });
  });

  it('answers 409 for an e-mail another account has, and changes nothing', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db);
    const { user: other } = await createUser(testApp.db);
    const response = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${user.id}`,
      {
        firstName: 'New',
        lastName: 'Name',
        email: other.email.toUpperCase(),
      },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'CONFLICT',
      error: adminMessages.emailTaken,
    });
    expect(await userRow(testApp, user.id)).toMatchObject({
      firstName: user.firstName,
      email: user.email,
    });
    // Keeping one's own address is no conflict.
    const same = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${user.id}`,
      {
        firstName: 'New',
        lastName: 'Name',
        email: user.email,
      },
    );
    expect(same.statusCode).toBe(200);
  });

  it('answers 400 with the spec texts for missing fields and 404 for an unknown id', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db);
    const bad = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${user.id}`,
      {
        firstName: ' ',
        lastName: 'L',
        email: 'not-an-email',
        phoneNumber: '12345',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ issues: unknown[] }>().issues).toEqual(
      expect.arrayContaining([
        {
          path: 'firstName',
          message: messages.validation.required('First Name'),
        },
        { path: 'email', message: messages.validation.invalidEmail },
        { path: 'phoneNumber', message: messages.validation.phoneDigits },
      ]),
    );
    const missing = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${randomUUID()}`,
      {
        firstName: 'A',
        lastName: 'B',
        email: 'a.b@example.com',
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/users/{id}/change-role', () => {
  it('promotes and demotes; the demoted admin gets 403 on the next admin call', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const other = await signedIn(testApp.app, testApp.db, 'admin');
    const users = () => adminCall(testApp.app, other, 'GET', '/users');
    expect((await users()).statusCode).toBe(200);

    const demote = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${other.user.id}/change-role`,
      { role: 'user' },
    );
    expect(demote.statusCode, demote.body).toBe(200);
    expect(demote.json()).toMatchObject({
      message: adminMessages.roleUpdated,
      user: { role: 'user' },
    });
    expect((await users()).statusCode).toBe(403);
    // Still a valid user session: only the admin rights went.
    expect(await meStatus(testApp.app, other.accessToken)).toBe(200);

    const promote = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${other.user.id}/change-role`,
      { role: 'admin' },
    );
    expect(promote.statusCode).toBe(200);
    expect((await users()).statusCode).toBe(200);
  });

  it('answers 400 "Please select a role" without a role, and 400 for a role outside the list', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db);
    for (const body of [{}, { role: '' }, { role: 'superuser' }]) {
      const response = await adminCall(
        testApp.app,
        admin,
        'PATCH',
        `/users/${user.id}/change-role`,
        body,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        issues: [{ path: 'role', message: messages.validation.selectRole }],
      });
    }
    expect(await userRow(testApp, user.id)).toMatchObject({ role: 'user' });
  });

  it('answers 409 for one’s own role, even with other admins around', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    await signedIn(testApp.app, testApp.db, 'admin');
    // The database matches a uuid in either case, so the rail must as well.
    const ids = [admin.user.id, admin.user.id.toUpperCase()];
    for (const [role, id] of ['user', 'admin'].flatMap((r) =>
      ids.map((i) => [r, i] as const),
    )) {
      const response = await adminCall(
        testApp.app,
        admin,
        'PATCH',
        `/users/${id}/change-role`,
        { role },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: adminMessages.selfDemote,
      });
    }
    expect(await userRow(testApp, admin.user.id)).toMatchObject({
      role: 'admin',
    });
  });

  it('leaves one admin when two admins demote each other at the same time', async () => {
    const testApp = await createAccountsApp();
    const first = await signedIn(testApp.app, testApp.db, 'admin');
    const second = await signedIn(testApp.app, testApp.db, 'admin');
    const demote = (actor: Caller, target: Caller) =>
      adminCall(
        testApp.app,
        actor,
        'PATCH',
        `/users/${target.user.id}/change-role`,
        {
          role: 'user',
        },
      );
    const answers = await Promise.all([
      demote(first, second),
      demote(second, first),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The loser was demoted first, so it no longer has the right (403).
    expect(statuses).toEqual([200, 403]);
    const admins = await testApp.db
      .select()
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('leaves one active admin when two admins disable each other at the same time', async () => {
    const testApp = await createAccountsApp();
    const first = await signedIn(testApp.app, testApp.db, 'admin');
    const second = await signedIn(testApp.app, testApp.db, 'admin');
    const disable = (actor: Caller, target: Caller) =>
      adminCall(
        testApp.app,
        actor,
        'PATCH',
        `/users/${target.user.id}/toggle-status`,
        {
          isActive: false,
        },
      );
    const answers = await Promise.all([
      disable(first, second),
      disable(second, first),
    ]);
    // The loser's session may already be gone (401) or its rights (403).
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const active = await testApp.db
      .select()
      .from(users)
      .where(eq(users.isActive, true));
    expect(active.map((row) => row.role)).toEqual(['admin']);
  });
});

describe('PATCH /api/admin/users/{id}/toggle-status', () => {
  it('disabling ends every session at once; enabling brings none back', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const target = await signedIn(testApp.app, testApp.db, 'user');
    const second = await login(testApp.app, target.user.email, target.password);

    const toggle = (isActive: boolean) =>
      adminCall(
        testApp.app,
        admin,
        'PATCH',
        `/users/${target.user.id}/toggle-status`,
        {
          isActive,
        },
      );
    const disabled = await toggle(false);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      message: adminMessages.userDisabled,
      user: { isActive: false },
    });
    for (const session of [target, second]) {
      expect(await meStatus(testApp.app, session.accessToken)).toBe(401);
      expect(
        (await refresh(testApp.app, session.refreshToken)).statusCode,
      ).toBe(401);
    }
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: {
        email: target.user.email,
        password: target.password,
        rememberMe: false,
      },
    });
    expect(refused.statusCode).toBe(403);

    const enabled = await toggle(true);
    expect(enabled.json()).toMatchObject({
      message: adminMessages.userEnabled,
      user: { isActive: true },
    });
    expect((await refresh(testApp.app, target.refreshToken)).statusCode).toBe(
      401,
    );
    const fresh = await login(testApp.app, target.user.email, target.password);
    expect(await meStatus(testApp.app, fresh.accessToken)).toBe(200);
  });

  it('answers 409 when the only admin disables themselves, and 404 for an unknown id', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    for (const id of [admin.user.id, admin.user.id.toUpperCase()]) {
      const self = await adminCall(
        testApp.app,
        admin,
        'PATCH',
        `/users/${id}/toggle-status`,
        { isActive: false },
      );
      expect(self.statusCode).toBe(409);
      expect(self.json()).toMatchObject({ error: adminMessages.selfDisable });
    }
    expect(await meStatus(testApp.app, admin.accessToken)).toBe(200);

    const unknown = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${randomUUID()}/toggle-status`,
      { isActive: false },
    );
    expect(unknown.statusCode).toBe(404);
    const notUuid = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      '/users/42/toggle-status',
      {
        isActive: false,
      },
    );
    expect(notUuid.statusCode).toBe(400);
  });

  it('disables another admin while one active admin remains', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const other = await signedIn(testApp.app, testApp.db, 'admin');
    const response = await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${other.user.id}/toggle-status`,
      { isActive: false },
    );
    expect(response.statusCode).toBe(200);
    expect(
      (await adminCall(testApp.app, other, 'GET', '/users')).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/admin/users', () => {
  it('creates the account and mails a link with which the person sets a password and logs in', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const email = `invited.${Date.now()}@example.com`;
    const response = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: '  Katherine  Coleman Johnson ',
      email: email.toUpperCase(),
      phoneNumber: '5551234567',
      dietaryPreference: 'Vegan',
      country: 'USA',
      role: 'user',
      password: 'Chosen-by-admin-1!',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<CreateUserResponse>();
    expect(created).toEqual({
      message: adminMessages.userCreated,
      invitation: 'sent',
      user: {
        id: expect.any(String) as string,
        firstName: 'Katherine',
        lastName: 'Coleman Johnson',
        name: 'Katherine Coleman Johnson',
        email,
        phoneNumber: '5551234567',
        state: 'USA',
        role: 'user',
        isActive: true,
        invitationPending: true,
      },
    });
    const row = await userRow(testApp, created.user.id);
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).not.toBeNull();
    const [preferences] = await testApp.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, created.user.id));
    expect(preferences?.dietaryPreference).toBe('vegan');

    const [mail] = testApp.smtp.mailsTo(email);
    expect(mail?.subject).toMatch(/invited/i);
    expect(mail?.text).toMatch(/administrator invited you/);
    expect(mail?.text).toMatch(/72 hours/);
    const link = testApp.smtp.latestResetLink(email);
    expect(`${link.origin}${link.pathname}`).toBe(
      `${testApp.config.PUBLIC_URL}/resetpassword`,
    );
    expect(link.searchParams.get('email')).toBe(email);

    // Still valid after the 10 minutes of an ordinary reset link.
    testApp.clock.advance(24 * 3600);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await login(testApp.app, email, NEW_PASSWORD);
    expect(session.role).toBe('user');
    // The password the admin tried to set was ignored (S36).
    const withAdminsPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: 'Chosen-by-admin-1!', rememberMe: false },
    });
    expect(withAdminsPassword.statusCode).toBe(401);
  });

  it('lets the link run out after INVITE_TOKEN_TTL_SECONDS', async () => {
    const testApp = await createAccountsApp({
      config: { INVITE_TOKEN_TTL_SECONDS: 3600 },
    });
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const email = `late.${Date.now()}@example.com`;
    const response = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: 'Late Comer',
      email,
      role: 'admin',
    });
    expect(response.statusCode).toBe(201);
    const link = testApp.smtp.latestResetLink(email);
    testApp.clock.advance(3601);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        email,
        token: link.searchParams.get('token'),
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'INVALID_RESET_LINK' });
  });

  it('answers 409 for a registered e-mail and 400 with texts for bad fields', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db);
    const taken = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: 'Copy Cat',
      email: user.email,
      role: 'user',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: adminMessages.emailTaken });
    expect(testApp.smtp.mailsTo(user.email)).toEqual([]);

    const bad = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: '',
      email: 'nope',
      dietaryPreference: 'Carnivore',
      country: 'France',
    });
    expect(bad.statusCode).toBe(400);
    const paths = bad
      .json<{ issues: { path: string; message: string }[] }>()
      .issues.map((issue) => issue.path)
      .sort();
    expect(paths).toEqual([
      'country',
      'dietaryPreference',
      'email',
      'name',
      'role',
    ]);
    expect(
      bad.json<{ issues: { path: string; message: string }[] }>().issues,
    ).toContainEqual({
      path: 'role',
      message: messages.validation.selectRole,
    });
  });

  it('still creates the account when the mail server is down, and says so', async () => {
    const testApp = await createAccountsApp({
      config: { SMTP_URL: 'smtp://127.0.0.1:1' },
    });
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const email = `nomail.${Date.now()}@example.com`;
    const response = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: 'No Mail',
      email,
      role: 'user',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: adminMessages.invitationFailed,
      invitation: 'failed',
    });
    const page = await adminCall(
      testApp.app,
      admin,
      'GET',
      '/users?search=nomail',
    );
    expect(page.json<AdminUsersPage>().total).toBe(1);
  });
});

describe('POST /api/admin/users/{id}/invitation', () => {
  const resetWith = (testApp: AccountsTestApp, email: string, token: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        email,
        token,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
    });

  async function invite(testApp: AccountsTestApp) {
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const email = `invited.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    const response = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: 'Mary Jackson',
      email,
      phoneNumber: '5551234567',
      role: 'user',
    });
    expect(response.statusCode, response.body).toBe(201);
    return { admin, email, id: response.json<CreateUserResponse>().user.id };
  }

  it('keeps the invitation working after any number of wrong tokens for the address', async () => {
    const testApp = await createAccountsApp();
    const { email } = await invite(testApp);
    const token =
      testApp.smtp.latestResetLink(email).searchParams.get('token') ?? '';
    for (let round = 0; round < 8; round += 1) {
      const wrong = await resetWith(
        testApp,
        email,
        `wrong-${round}-${'x'.repeat(40)}`,
      );
      expect(wrong.statusCode).toBe(400);
    }
    expect((await resetWith(testApp, email, token)).statusCode).toBe(200);
    const probed = await adminCall(
      testApp.app,
      await signedIn(testApp.app, testApp.db, 'admin'),
      'GET',
      '/audit?action=password_reset_probed',
    );
    expect(probed.json<{ total: number }>().total).toBe(1);
  });

  it('mails a new link that replaces the old one, and lists the account as without a password', async () => {
    const testApp = await createAccountsApp();
    const { admin, email, id } = await invite(testApp);
    const first =
      testApp.smtp.latestResetLink(email).searchParams.get('token') ?? '';
    const listed = await adminCall(
      testApp.app,
      admin,
      'GET',
      `/users?search=${email}`,
    );
    expect(listed.json<AdminUsersPage>().users[0]).toMatchObject({
      invitationPending: true,
    });

    const resent = await adminCall(
      testApp.app,
      admin,
      'POST',
      `/users/${id}/invitation`,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({
      message: adminMessages.invitationResent(email),
      invitation: 'sent',
    });
    const second =
      testApp.smtp.latestResetLink(email).searchParams.get('token') ?? '';
    expect(second).not.toBe(first);
    expect((await resetWith(testApp, email, first)).statusCode).toBe(400);
    expect((await resetWith(testApp, email, second)).statusCode).toBe(200);

    // The person has chosen a password: nothing left to re-send.
    const again = await adminCall(
      testApp.app,
      admin,
      'POST',
      `/users/${id}/invitation`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: adminMessages.passwordAlreadySet,
    });
    const after = await adminCall(
      testApp.app,
      admin,
      'GET',
      `/users?search=${email}`,
    );
    expect(after.json<AdminUsersPage>().users[0]).toMatchObject({
      invitationPending: false,
    });
  });

  it('answers 404 for an unknown user and 403 for a user token', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const user = await signedIn(testApp.app, testApp.db, 'user');
    const unknown = await adminCall(
      testApp.app,
      admin,
      'POST',
      `/users/${randomUUID()}/invitation`,
    );
    expect(unknown.statusCode).toBe(404);
    const forbidden = await adminCall(
      testApp.app,
      user,
      'POST',
      `/users/${user.user.id}/invitation`,
    );
    expect(forbidden.statusCode).toBe(403);
  });
});
