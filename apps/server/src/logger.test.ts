import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { loggableUrl } from './logger.js';
import { createCapturedLogger } from './test/log-capture.js';

describe('createLogger', () => {
  it('writes JSON lines and never logs request headers', () => {
    const { logger, lines } = createCapturedLogger();
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/api/users/me',
          headers: {
            authorization: 'Bearer secret-token',
            cookie: 'sid=secret-cookie',
            'user-agent': 'test',
          },
        },
      },
      'request',
    );
    const [line] = lines();
    expect(line).toMatchObject({
      level: 30,
      msg: 'request',
      req: { method: 'GET', url: '/api/users/me' },
    });
    expect(JSON.stringify(lines())).not.toContain('secret');
  });

  it('redacts credentials in anything logged under their paths', () => {
    const { logger, lines } = createCapturedLogger();
    logger.info(
      { res: { headers: { 'set-cookie': 'sid=secret-cookie' } } },
      'reply',
    );
    expect(lines()[0]).toMatchObject({
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
  });
});

describe('logging a database error (S49)', () => {
  it('keeps the code, constraint, table and routine, never the query, parameters or row', () => {
    const { logger, lines } = createCapturedLogger();
    // What node-postgres and PGlite raise, wrapped as Drizzle wraps it.
    const driverError = Object.assign(
      new Error('duplicate key value violates unique constraint'),
      {
        severity: 'ERROR',
        code: '23505',
        detail: 'Key (email)=(ada@example.com) already exists.',
        where: 'row (ada@example.com, secret-hash)',
        table: 'users',
        constraint: 'users_email_unique',
        routine: '_bt_check_unique',
      },
    );
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ada@example.com', 'secret-hash'],
      driverError,
    );
    logger.error({ err: error }, 'request failed');
    expect(lines()[0]?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'database error 23505',
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      routine: '_bt_check_unique',
    });
    const log = JSON.stringify(lines());
    for (const value of ['ada@example.com', 'secret-hash', 'insert into']) {
      expect(log).not.toContain(value);
    }
  });

  it('logs other errors as before, message and all', () => {
    const { logger, lines } = createCapturedLogger();
    logger.error({ err: new TypeError('boom') }, 'request failed');
    expect(lines()[0]?.err).toMatchObject({
      type: 'TypeError',
      message: 'boom',
    });
  });
});

describe('loggableUrl', () => {
  it.each([
    ['/auth/success?data=%7B%22accessToken%22%3A%22x%22%7D', '/auth/success'],
    ['/resetpassword?email=a%40b.c&token=abc', '/resetpassword'],
    ['/user/dashboard', '/user/dashboard'],
    [
      '/api/users/me?access_token=abc&page=2',
      '/api/users/me?access_token=[redacted]&page=2',
    ],
    [
      '/api/auth/google/callback?code=abc&state=def',
      '/api/auth/google/callback?code=[redacted]&state=[redacted]',
    ],
    ['/api/recipes?page=1&limit=25', '/api/recipes?page=1&limit=25'],
    ['/api/calendar/s3cr3t-token.ics', '/api/calendar/[redacted]'],
    ['/api/calendar/token', '/api/calendar/token'],
  ])('logs %s as %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});
