import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  blackBoxDriver,
  call,
  startBlackBoxServer,
  type BlackBoxServer,
} from './test/black-box.js';
import {
  acknowledgedCounts,
  checkCrashLog,
  crashServerEnv,
  prepareCrashFixture,
  refreshFixture,
  writeUntilKilled,
  type CrashFixture,
} from './test/crash-rounds.js';
import { startSmtpCapture, type SmtpCapture } from './test/smtp-capture.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';

/**
 * Fault tests (issue 16; security.md R05, R06, R07, R10) against the real
 * server process on the database of the vitest project. The database (on
 * PostgreSQL) and the SMTP capture are reached through TCP proxies the test
 * stops and starts, so the shared PostgreSQL is never touched. One server
 * per file; the long version (20 crash rounds per database) is
 * `npm run test:long` (bench/fault/crash-rounds.ts).
 */

const postgres = blackBoxDriver() === 'postgres';
let box: BlackBoxServer;
let smtp: SmtpCapture;
let mailProxy: TcpProxy;
let dbProxy: TcpProxy | undefined;
let fixture: CrashFixture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  mailProxy = await startTcpProxy({
    host: '127.0.0.1',
    port: Number(new URL(smtp.url).port),
  });
  if (postgres) {
    const target = new URL(process.env.TEST_DATABASE_URL ?? '');
    dbProxy = await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 5432),
    });
  }
  const proxyPort = dbProxy?.port;
  box = await startBlackBoxServer(
    {
      ...crashServerEnv(`smtp://127.0.0.1:${mailProxy.port}`),
      OTP_RESEND_COOLDOWN_SECONDS: '1',
      MAIL_SEND_TIMEOUT_MS: '2000',
    },
    {
      // Limits, not measurements: start-up on a loaded 2-core machine.
      readyTimeoutMs: 180_000,
      databaseUrlFor: (url) => {
        const through = new URL(url);
        through.hostname = '127.0.0.1';
        through.port = String(proxyPort);
        return through.toString();
      },
    },
  );
  fixture = await prepareCrashFixture(box, smtp);
}, 300_000);

afterAll(async () => {
  await dbProxy?.start();
  await box?.stop();
  await mailProxy?.stop();
  await dbProxy?.stop();
  await smtp?.close();
});

describe('R05 kill -9 during concurrent writes', () => {
  it('keeps every acknowledged recipe, setting, plan, tick and admin edit, whole, after a restart', async () => {
    const log = await writeUntilKilled(box, fixture, 1, 2_500);
    const counts = acknowledgedCounts(log);
    // The writers got somewhere before the kill.
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await box.restart();
    expect(await checkCrashLog(box, fixture, log)).toEqual([]);
    fixture = await refreshFixture(box, fixture);
  }, 300_000);

  it.runIf(postgres)(
    'runs on PostgreSQL with fsync and synchronous_commit on',
    async () => {
      const client = new pg.Client({ connectionString: box.databaseUrl });
      await client.connect();
      try {
        const fsync = await client.query<{ fsync: string }>('SHOW fsync');
        const commit = await client.query<{ synchronous_commit: string }>(
          'SHOW synchronous_commit',
        );
        expect([
          fsync.rows[0]?.fsync,
          commit.rows[0]?.synchronous_commit,
        ]).toEqual(['on', 'on']);
      } finally {
        await client.end();
      }
    },
  );
});

describe.runIf(postgres)(
  'R07 readiness while PostgreSQL is unreachable',
  () => {
    it('turns 503 within 5 s with liveness still 200, and 200 again when the database returns, without a restart', async () => {
      const ready = async () =>
        (await call(box.url, 'GET', '/api/ready').catch(() => ({ status: 0 })))
          .status;
      expect(await ready()).toBe(200);
      await dbProxy?.stop();
      let status = await ready();
      for (let i = 0; i < 50 && status !== 503; i += 1) {
        await sleep(100);
        status = await ready();
      }
      expect(status).toBe(503);
      expect((await call(box.url, 'GET', '/api/health')).status).toBe(200);
      // An API call fails closed meanwhile: no 2xx, no internals.
      const during = await call(box.url, 'GET', '/api/recipes', {
        token: fixture.admin.token,
      });
      expect(during.status).toBeGreaterThanOrEqual(500);
      expect(during.text).not.toMatch(/ at |ECONNREFUSED|127\.0\.0\.1/);

      await dbProxy?.start();
      for (let i = 0; i < 100 && status !== 200; i += 1) {
        await sleep(100);
        status = await ready();
      }
      expect(status).toBe(200);
      expect(
        (
          await call(box.url, 'GET', '/api/recipes', {
            token: fixture.admin.token,
          })
        ).status,
      ).toBe(200);
    }, 60_000);
  },
);

describe('R10 the mail server down', () => {
  const mailsTo = (email: string) => smtp.mailsTo(email).length;
  /** A mail may still be on its way when the answer came. */
  const mailArrived = async (email: string, before = 0) => {
    for (let i = 0; i < 300 && mailsTo(email) <= before; i += 1) {
      await sleep(100);
    }
  };

  it('sign-up answers and keeps the account; a resend after the mail server returns delivers a working code', async () => {
    await mailProxy.stop();
    const email = `smtp-down.${Date.now()}@example.com`;
    const signup = await call(box.url, 'POST', '/api/users/signup', {
      json: {
        firstName: 'Mail',
        lastName: 'Down',
        email,
        phoneNumber: '5551234567',
        state: 'Oregon',
        password: 'Mail-down-42!',
      },
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(mailsTo(email)).toBe(0);
    await mailProxy.start();
    await sleep(1_100);
    const resend = await call(box.url, 'POST', '/api/users/resend-otp', {
      json: { email },
    });
    expect(resend.status).toBe(200);
    await mailArrived(email);
    const verify = await call(box.url, 'POST', '/api/users/verify-email', {
      json: { email, otp: smtp.latestOtp(email) },
      headers: { cookie },
    });
    expect(verify.status).toBe(200);
    const login = await call(box.url, 'POST', '/api/users/login', {
      json: { email, password: 'Mail-down-42!', rememberMe: false },
    });
    expect(login.status).toBe(200);
  });

  it('forgot-password answers 503 with Retry-After while mail is down; asked again later, the link works', async () => {
    const email = fixture.edited.email;
    await mailProxy.stop();
    const down = await call(box.url, 'POST', '/api/users/forgot-password', {
      json: { email },
    });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).not.toBeNull();
    await mailProxy.start();
    const before = mailsTo(email);
    const up = await call(box.url, 'POST', '/api/users/forgot-password', {
      json: { email },
    });
    expect(up.status).toBe(200);
    await mailArrived(email, before);
    const link = smtp.latestResetLink(email);
    const reset = await call(box.url, 'POST', '/api/users/reset-password', {
      json: {
        email,
        token: link.searchParams.get('token'),
        newPassword: 'After-down-42!',
        confirmPassword: 'After-down-42!',
      },
    });
    expect(reset.status).toBe(200);
  });

  it('an invitation creates the account and says the mail failed; a re-sent invitation works', async () => {
    await mailProxy.stop();
    const email = `invite-down.${Date.now()}@example.com`;
    const created = await call(box.url, 'POST', '/api/admin/users', {
      token: fixture.admin.token,
      json: { name: 'Invited Person', email, role: 'user' },
    });
    expect(created.status).toBe(201);
    expect(created.body.invitation).toBe('failed');
    expect(mailsTo(email)).toBe(0);
    await mailProxy.start();
    const id = created.body.user?.id ?? created.body.id;
    const again = await call(
      box.url,
      'POST',
      `/api/admin/users/${id}/invitation`,
      { token: fixture.admin.token },
    );
    expect(again.status).toBeLessThan(300);
    await mailArrived(email);
    const link = smtp.latestResetLink(email);
    const set = await call(box.url, 'POST', '/api/users/reset-password', {
      json: {
        email,
        token: link.searchParams.get('token'),
        newPassword: 'Invited-42!x',
        confirmPassword: 'Invited-42!x',
      },
    });
    expect(set.status).toBe(200);
    const login = await call(box.url, 'POST', '/api/users/login', {
      json: { email, password: 'Invited-42!x', rememberMe: false },
    });
    expect(login.status).toBe(200);
  });
});

/** The names of the recipes in the database, read directly (the server is gone). */
async function storedRecipeNames(): Promise<Set<string>> {
  if (box.databaseUrl) {
    const client = new pg.Client({ connectionString: box.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT name FROM recipes',
      );
      return new Set(rows.map((row) => row.name));
    } finally {
      await client.end();
    }
  }
  // A clean exit released the data directory's lock.
  const db = await PGlite.create(join(box.dataDir, 'pglite'));
  try {
    const { rows } = await db.query<{ name: string }>(
      'SELECT name FROM recipes',
    );
    return new Set(rows.map((row) => row.name));
  } finally {
    await db.close();
  }
}

// Last: the server does not come back.
describe('R06 SIGTERM with writes in flight', () => {
  it('answers or refuses every request, keeps every 2xx and exits 0', async () => {
    const names = Array.from(
      { length: 8 },
      (_, i) => `Sigterm ${i} ${Date.now()}`,
    );
    const writes = names.map((name) =>
      call(box.url, 'POST', '/api/recipes', {
        token: fixture.admin.token,
        json: { name, ingredients: ['1 tbsp olive oil'] },
      }).then(
        (answer) => ({ name, status: answer.status }),
        () => ({ name, status: 0 }),
      ),
    );
    await sleep(20);
    box.server.child.kill('SIGTERM');
    const answers = await Promise.all(writes);
    expect(await box.server.exited).toBe(0);
    // Each request finished (201) or was turned away (503, or refused: 0).
    expect(
      answers.filter((answer) => ![0, 201, 503].includes(answer.status)),
    ).toEqual([]);
    const stored = await storedRecipeNames();
    const lost = answers
      .filter((answer) => answer.status === 201)
      .filter((answer) => !stored.has(answer.name));
    expect(lost).toEqual([]);
  }, 60_000);
});
