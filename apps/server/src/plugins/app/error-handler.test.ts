import { describe, expect, it } from 'vitest';

import { users } from '../../db/schema/users.js';
import { createUsersRepository } from '../../domains/users/users-repository.js';
import {
  bearer,
  createAccountsApp,
  login,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser, signupBody } from '../../test/factories.js';
import { createCapturedLogger } from '../../test/log-capture.js';

/**
 * Issue 9 point 4: a control character in a text field is the caller's
 * mistake (400 with one clear text, never 500), and a failed query never
 * puts its parameters or row values in the log (security.md S49).
 */

const TEXT = 'Text must not contain control characters.';
const NUL_EMAIL = 'a\u0000b@example.com';

interface ErrorBody {
  error: string;
  code: string;
  issues?: { path: string; message: string }[];
}

function expectRefused(
  response: { statusCode: number; json: <T>() => T },
  path?: string,
) {
  expect(response.statusCode).toBe(400);
  const body = response.json<ErrorBody>();
  expect(body).toMatchObject({ error: TEXT, code: 'VALIDATION_FAILED' });
  if (path !== undefined) {
    expect(body.issues).toContainEqual({ path, message: TEXT });
  }
}

describe('a NUL byte in a text field', () => {
  it.each([
    [
      'login',
      '/api/users/login',
      { email: NUL_EMAIL, password: 'Plate-wise-42!', rememberMe: false },
      'email',
    ],
    ['sign-up', '/api/users/signup', signupBody({ email: NUL_EMAIL }), 'email'],
    [
      'sign-up (name)',
      '/api/users/signup',
      signupBody({ firstName: 'Ada\u0000' }),
      'firstName',
    ],
    ['forgot', '/api/users/forgot-password', { email: NUL_EMAIL }, 'email'],
    ['resend', '/api/users/resend-otp', { email: NUL_EMAIL }, 'email'],
    [
      'verify',
      '/api/users/verify-email',
      { email: NUL_EMAIL, otp: '123456' },
      'email',
    ],
    [
      'admin login',
      '/api/admin/login',
      { email: 'admin@example.com', password: 'a\u0000b' },
      'password',
    ],
  ])(
    'answers 400 with the text on %s and stores nothing',
    async (_name, url, payload, path) => {
      const { app, db } = await createAccountsApp();
      const response = await app.inject({ method: 'POST', url, payload });
      expectRefused(response, path);
      expect(await db.select().from(users)).toHaveLength(0);
    },
  );

  it('answers 400 with the text to GET /api/recipes?search=a%00b', async () => {
    const { app, db } = await createAccountsApp();
    const { user, password } = await createUser(db);
    const { accessToken } = await login(app, user.email, password);
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes?search=a%00b',
      headers: bearer(accessToken),
    });
    expectRefused(response, 'search');
  });

  it.each([
    ['DEL', 'Ada\u007f'],
    ['a lone surrogate', 'Ada\ud83c'],
    ['an escape sequence', 'Ada\u001b[2J'],
    ['a line break (single-line field)', 'Ada\n{"level":60}'],
  ])('answers 400 to %s in a name', async (_name, firstName) => {
    const { app } = await createAccountsApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: signupBody({ firstName }),
    });
    expectRefused(response, 'firstName');
  });
});

/** An app whose test route runs `query` against the real database. */
async function appWithQuery(
  query: (testApp: AccountsTestApp) => Promise<unknown>,
) {
  const capture = createCapturedLogger();
  const testApp = await createAccountsApp({ logger: capture.logger });
  testApp.app.post('/api/test/query', async () => {
    await query(testApp);
    return { ok: true };
  });
  return { ...testApp, lines: capture.lines };
}

function requestLog(lines: Record<string, unknown>[]) {
  return lines.find((line) => line.err !== undefined);
}

describe('a database error', () => {
  it('answers 400, not 500, when a NUL reaches the database past the schemas, and logs no value', async () => {
    const secret = 'nul-secret-7f3a';
    const { app, lines } = await appWithQuery(({ db }) =>
      createUsersRepository(db).findByEmail(`${secret}\u0000@example.com`),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/query',
    });
    expectRefused(response);

    const line = requestLog(lines());
    expect(line).toMatchObject({ level: 40, err: { code: '22021' } });
    const log = JSON.stringify(lines());
    expect(log).not.toContain(secret);
    expect(log).not.toContain('select');
    expect(log).not.toMatch(/"(query|params|parameters|detail)"/);
  });

  it('logs a unique violation by code, constraint and table only', async () => {
    const phone = '5551234987';
    const hash =
      '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$not-a-real-hash';
    let email = '';
    const { app, lines } = await appWithQuery(async ({ db }) => {
      const { user } = await createUser(db);
      email = user.email;
      // The same address again: PostgreSQL names the row in `detail`.
      await db.insert(users).values({
        email,
        firstName: 'Mallory',
        phoneNumber: phone,
        passwordHash: hash,
      });
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/query',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'Internal Server Error',
      code: 'INTERNAL',
    });

    const line = requestLog(lines());
    expect(line).toMatchObject({
      level: 50,
      err: {
        code: '23505',
        constraint: 'users_email_unique',
        table: 'users',
      },
    });
    const allowed = [
      'type',
      'message',
      'code',
      'constraint',
      'table',
      'routine',
      'stack',
    ];
    for (const key of Object.keys(line?.err as object)) {
      expect(allowed).toContain(key);
    }
    const log = JSON.stringify(lines());
    expect(email).not.toBe('');
    for (const value of [email, phone, hash, 'Mallory', 'argon2id']) {
      expect(log).not.toContain(value);
    }
    expect(log).not.toMatch(/"(query|params|parameters|detail|where)"/);
    expect(log).not.toContain('already exists');
  });
});
