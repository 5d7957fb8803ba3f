import { isAbsolute, join, sep } from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, databaseDriver, parseConfig } from './config.js';

function parseError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('parseConfig accepted the environment');
}

describe('parseConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: join(process.cwd(), 'data'),
      MAIL_FROM: 'Platewise <no-reply@localhost>',
      GOOGLE_ISSUER: 'https://accounts.google.com',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
    for (const key of [
      'DATABASE_URL',
      'SMTP_URL',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'JWT_SECRET',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
    ] as const) {
      expect(config[key]).toBeUndefined();
    }
    expect(config.WEB_DIST_DIR.endsWith(`${sep}${join('web', 'dist')}`)).toBe(
      true,
    );
    expect(isAbsolute(config.WEB_DIST_DIR)).toBe(true);
    expect(databaseDriver(config)).toBe('pglite');
  });

  it('takes SUPPORT_EMAIL as an address, unset by default, and refuses anything else', () => {
    expect(parseConfig({}).SUPPORT_EMAIL).toBeUndefined();
    expect(
      parseConfig({ SUPPORT_EMAIL: 'help@meals.example.com' }).SUPPORT_EMAIL,
    ).toBe('help@meals.example.com');
    const error = parseError({ SUPPORT_EMAIL: 'help at example' });
    expect(error.keys).toEqual(['SUPPORT_EMAIL']);
    expect(error.message).toContain('SUPPORT_EMAIL must be an e-mail address');
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(parseConfig({ PORT: '8080' }).PUBLIC_URL).toBe(
      'http://localhost:8080',
    );
    expect(
      parseConfig({ PUBLIC_URL: 'https://meals.example.com/' }).PUBLIC_URL,
    ).toBe('https://meals.example.com');
  });

  it('treats empty values as unset', () => {
    const config = parseConfig({ PORT: '', DATABASE_URL: '  ', SMTP_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('selects PostgreSQL for postgres:// and postgresql:// URLs', () => {
    for (const url of [
      'postgres://u:p@db:5432/platewise',
      'postgresql://db/platewise',
    ]) {
      const config = parseConfig({ DATABASE_URL: url });
      expect(config.DATABASE_URL).toBe(url);
      expect(databaseDriver(config)).toBe('postgres');
    }
  });

  it('resolves DATA_DIR and WEB_DIST_DIR to absolute paths', () => {
    const config = parseConfig({ DATA_DIR: 'var/data', WEB_DIST_DIR: 'web' });
    expect(config.DATA_DIR).toBe(join(process.cwd(), 'var', 'data'));
    expect(config.WEB_DIST_DIR).toBe(join(process.cwd(), 'web'));
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['no', false],
    ['2', 2],
  ])('reads TRUST_PROXY=%s as %s', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  it('accepts a complete production environment', () => {
    const config = parseConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://meals.example.com',
      DATABASE_URL: 'postgres://platewise:secret@db:5432/platewise',
      DATA_DIR: '/var/lib/platewise',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Meals <meals@example.com>',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'a-long-password',
      JWT_SECRET: 'x'.repeat(48),
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:4000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      TRUST_PROXY: 'true',
    });
    expect(config.PORT).toBe(8080);
    expect(config.LOG_LEVEL).toBe('warn');
    expect(config.TRUST_PROXY).toBe(true);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer from 1 to 65535 (got "abc")'],
    ['PORT', '0', 'PORT must be an integer from 1 to 65535 (got "0")'],
    ['PORT', '65536', 'PORT must be an integer from 1 to 65535'],
    ['PORT', '80.5', 'PORT must be an integer from 1 to 65535'],
    ['PUBLIC_URL', 'meals.example.com', 'PUBLIC_URL must be an http(s) URL'],
    ['PUBLIC_URL', 'ftp://example.com', 'PUBLIC_URL must be an http(s) URL'],
    ['DATABASE_URL', 'mysql://db/x', 'DATABASE_URL must be a postgres://'],
    ['SMTP_URL', 'http://mail', 'SMTP_URL must be an smtp:// or smtps:// URL'],
    ['ADMIN_EMAIL', 'admin', 'ADMIN_EMAIL must be an e-mail address'],
    ['GOOGLE_ISSUER', 'accounts', 'GOOGLE_ISSUER must be an http(s) URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error'],
    ['JWT_SECRET', 'short', 'JWT_SECRET must be at least 32 characters'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true, false or a number'],
  ])('rejects %s=%s', (key, value, message) => {
    const env: Record<string, string> = { [key]: value };
    if (key === 'ADMIN_EMAIL') env.ADMIN_PASSWORD = 'a-long-password';
    const error = parseError(env);
    expect(error.keys).toEqual([key]);
    expect(error.message).toContain(message);
    expect(error.message.startsWith('Invalid configuration: ')).toBe(true);
  });

  it('rejects half of a pair of keys', () => {
    expect(parseError({ ADMIN_EMAIL: 'a@example.com' }).message).toContain(
      'ADMIN_PASSWORD must be set together with ADMIN_EMAIL',
    );
    expect(parseError({ ADMIN_PASSWORD: 'long-enough' }).keys).toEqual([
      'ADMIN_EMAIL',
    ]);
    expect(parseError({ GOOGLE_CLIENT_SECRET: 's' }).keys).toEqual([
      'GOOGLE_CLIENT_ID',
    ]);
  });

  it('names every bad key in one line', () => {
    const error = parseError({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'nope',
      TRUST_PROXY: 'maybe',
    });
    expect(error.keys.sort()).toEqual(
      ['LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'TRUST_PROXY'].sort(),
    );
    expect(error.message).not.toContain('\n');
    for (const key of error.keys) expect(error.message).toContain(key);
  });

  it('never echoes secret values', () => {
    const error = parseError({
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      JWT_SECRET: 'hunter2',
      ADMIN_EMAIL: 'a@example.com',
      ADMIN_PASSWORD: 'hunter2',
    });
    expect(error.keys.sort()).toEqual(
      ['ADMIN_PASSWORD', 'DATABASE_URL', 'JWT_SECRET'].sort(),
    );
    expect(error.message).not.toContain('hunter2');
  });
});

describe('parseConfig: account lifetimes and limits', () => {
  it('defaults to the spec and security.md', () => {
    expect(parseConfig({})).toMatchObject({
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_SECONDS: 86_400,
      REMEMBER_ME_TTL_SECONDS: 2_592_000,
      REFRESH_IDLE_TTL_SECONDS: 604_800,
      REFRESH_REUSE_GRACE_SECONDS: 10,
      OTP_TTL_SECONDS: 120,
      OTP_MAX_ATTEMPTS: 5,
      OTP_RESEND_COOLDOWN_SECONDS: 60,
      OTP_RESEND_PER_HOUR: 5,
      RESET_TOKEN_TTL_SECONDS: 600,
      RESET_MAILS_PER_HOUR: 3,
      LOGIN_LOCKOUT_THRESHOLD: 10,
      LOGIN_LOCKOUT_WINDOW_SECONDS: 900,
      LOGIN_LOCKOUT_SECONDS: 900,
      RATE_LIMIT_WINDOW_SECONDS: 300,
      RATE_LIMIT_LOGIN: 30,
      RATE_LIMIT_VERIFY: 30,
      MAIL_SEND_TIMEOUT_MS: 3000,
    });
  });

  it('limits the ingredient parser per user and per IP, in env keys', () => {
    expect(parseConfig({})).toMatchObject({
      RATE_LIMIT_PARSE_WINDOW_SECONDS: 60,
      RATE_LIMIT_PARSE_USER: 30,
      RATE_LIMIT_PARSE_IP: 60,
    });
    expect(
      parseConfig({ RATE_LIMIT_PARSE_USER: '5', RATE_LIMIT_PARSE_IP: '9' }),
    ).toMatchObject({ RATE_LIMIT_PARSE_USER: 5, RATE_LIMIT_PARSE_IP: 9 });
    expect(
      parseError({
        RATE_LIMIT_PARSE_USER: '0',
        RATE_LIMIT_PARSE_IP: 'x',
      }).keys.sort(),
    ).toEqual(['RATE_LIMIT_PARSE_IP', 'RATE_LIMIT_PARSE_USER']);
  });

  it('takes shorter values, as tests do', () => {
    expect(
      parseConfig({ OTP_TTL_SECONDS: '3', REFRESH_IDLE_TTL_SECONDS: '4' }),
    ).toMatchObject({ OTP_TTL_SECONDS: 3, REFRESH_IDLE_TTL_SECONDS: 4 });
  });

  it('refuses zero, fractions, words and access tokens over 15 minutes', () => {
    const error = parseError({
      OTP_TTL_SECONDS: '0',
      LOGIN_LOCKOUT_THRESHOLD: '2.5',
      RATE_LIMIT_LOGIN: 'many',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    });
    expect(error.keys.sort()).toEqual(
      [
        'ACCESS_TOKEN_TTL_SECONDS',
        'LOGIN_LOCKOUT_THRESHOLD',
        'OTP_TTL_SECONDS',
        'RATE_LIMIT_LOGIN',
      ].sort(),
    );
    expect(error.message).toContain(
      'ACCESS_TOKEN_TTL_SECONDS must be a whole number from 1 to 900',
    );
  });
});
