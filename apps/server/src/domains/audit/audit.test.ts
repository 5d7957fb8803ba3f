import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';
import {
  bearer,
  createAccountsApp,
  login,
  refresh,
  rotate,
  signupCookie,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createAdmin, signupBody } from '../../test/factories.js';
import { createCapturedLogger } from '../../test/log-capture.js';

/**
 * security.md S48 (one audit event per security action, in the table and as
 * a JSON log line) and S49 (no secret in any log line), over one run through
 * every account flow with SMTP configured.
 */

type Step = (testApp: AccountsTestApp) => Promise<void>;

describe('the audit trail and the logs', () => {
  it('record each action once and never a password, code or token', async () => {
    const { logger, lines } = createCapturedLogger();
    const testApp = await createAccountsApp({
      logger,
      config: { RATE_LIMIT_SIGNUP: 2 },
    });
    const { app, smtp } = testApp;
    const secrets: string[] = [];
    const body = signupBody();
    const newPassword = 'Fresh-Basil-2024!';
    const resetPassword = 'Ripe-Tomato-2025!';
    secrets.push(body.password, newPassword, resetPassword);
    let tokens = { accessToken: '', refreshToken: '' };
    const injected = 'Evil\n{"level":30,"forged":true}';
    let browser: Record<string, string> = {};

    const post = (
      url: string,
      payload: object,
      headers: Record<string, string> = {},
    ) => app.inject({ method: 'POST', url, payload, headers });

    /** Each step and the audit events it must add, in order. */
    const steps: [string, Step, string[]][] = [
      [
        'signup',
        async () => {
          const response = await post('/api/users/signup', body);
          expect(response.statusCode).toBe(201);
          secrets.push(smtp.latestOtp(body.email));
          browser = signupCookie(response);
          secrets.push(browser.cookie?.split('=')[1] ?? '');
        },
        ['user_created', 'otp_sent'],
      ],
      [
        // Not verified yet: it starts afresh with a new code (ADR 008).
        'repeated signup',
        async () => {
          const response = await post('/api/users/signup', body);
          expect(response.statusCode).toBe(201);
          secrets.push(smtp.latestOtp(body.email));
          browser = signupCookie(response);
          secrets.push(browser.cookie?.split('=')[1] ?? '');
        },
        ['user_repeated_signup', 'otp_sent'],
      ],
      [
        'signup rate limit',
        async () => {
          expect(
            (await post('/api/users/signup', signupBody())).statusCode,
          ).toBe(429);
        },
        ['excess_rate_limit_exceeded'],
      ],
      [
        'wrong code',
        async () => {
          const otp = smtp.latestOtp(body.email);
          const wrong = otp === '000000' ? '111111' : '000000';
          const response = await post('/api/users/verify-email', {
            email: body.email,
            otp: wrong,
          });
          expect(response.statusCode).toBe(400);
        },
        ['otp_fail'],
      ],
      [
        'verify',
        async () => {
          const otp = smtp.latestOtp(body.email);
          expect(
            (
              await post(
                '/api/users/verify-email',
                { email: body.email, otp },
                browser,
              )
            ).statusCode,
          ).toBe(200);
        },
        ['otp_verified'],
      ],
      [
        'failed login',
        async () => {
          const response = await post(
            '/api/users/login',
            {
              email: body.email,
              password: 'Wrong-Password-1!',
              rememberMe: false,
            },
            { 'user-agent': injected },
          );
          expect(response.statusCode).toBe(401);
        },
        ['authn_login_fail'],
      ],
      [
        'login',
        async () => {
          tokens = await login(app, body.email, body.password);
          secrets.push(tokens.accessToken, tokens.refreshToken);
        },
        ['authn_login_success'],
      ],
      [
        'refresh',
        async () => {
          const first = await rotate(app, tokens.refreshToken);
          secrets.push(first.accessToken, first.refreshToken);
          testApp.clock.advance(30);
          tokens = await rotate(app, first.refreshToken);
          secrets.push(tokens.accessToken, tokens.refreshToken);
        },
        [],
      ],
      [
        'password change',
        async () => {
          const response = await app.inject({
            method: 'PATCH',
            url: '/api/users/edit-info',
            headers: bearer(tokens.accessToken),
            payload: { currentPassword: body.password, password: newPassword },
          });
          expect(response.statusCode).toBe(200);
        },
        ['password_changed'],
      ],
      [
        'logout others',
        async () => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/users/sessions/logout-others',
            headers: bearer(tokens.accessToken),
          });
          expect(response.statusCode).toBe(200);
        },
        ['session_logout_others'],
      ],
      [
        'forbidden admin call',
        async () => {
          const response = await app.inject({
            method: 'GET',
            url: '/api/admin/me',
            headers: bearer(tokens.accessToken),
          });
          expect(response.statusCode).toBe(403);
        },
        ['authz_fail'],
      ],
      [
        'logout',
        async () => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/users/logout',
            headers: bearer(tokens.accessToken),
          });
          expect(response.statusCode).toBe(200);
        },
        ['session_logout'],
      ],
      [
        'refresh reuse',
        async () => {
          const fresh = await login(app, body.email, newPassword);
          secrets.push(fresh.accessToken, fresh.refreshToken);
          const next = await rotate(app, fresh.refreshToken);
          secrets.push(next.accessToken, next.refreshToken);
          testApp.clock.advance(30);
          expect((await refresh(app, fresh.refreshToken)).statusCode).toBe(401);
        },
        ['authn_login_success', 'authn_token_reuse'],
      ],
      [
        'reset requested',
        async () => {
          expect(
            (await post('/api/users/forgot-password', { email: body.email }))
              .statusCode,
          ).toBe(200);
          const link = smtp.latestResetLink(body.email);
          secrets.push(link.searchParams.get('token') ?? '');
        },
        ['password_reset_requested'],
      ],
      [
        'reset completed',
        async () => {
          const link = smtp.latestResetLink(body.email);
          const response = await post('/api/users/reset-password', {
            email: body.email,
            token: link.searchParams.get('token'),
            newPassword: resetPassword,
            confirmPassword: resetPassword,
          });
          expect(response.statusCode).toBe(200);
        },
        ['password_reset_completed'],
      ],
      [
        'lockout',
        async () => {
          for (let i = 0; i < 10; i += 1) {
            await post('/api/users/login', {
              email: body.email,
              password: `Wrong-Password-${i}!`,
              rememberMe: false,
            });
          }
        },
        [...Array<string>(10).fill('authn_login_fail'), 'authn_login_lock'],
      ],
      [
        'deletion',
        async () => {
          testApp.clock.advance(901);
          const last = await login(app, body.email, resetPassword);
          secrets.push(last.accessToken, last.refreshToken);
          const response = await app.inject({
            method: 'DELETE',
            url: '/api/users/me',
            headers: bearer(last.accessToken),
            payload: { password: resetPassword },
          });
          expect(response.statusCode).toBe(204);
        },
        ['authn_login_success', 'user_deleted'],
      ],
    ];

    const seen = new Set<string>();
    for (const [name, step, expected] of steps) {
      await step(testApp);
      const fresh = async () =>
        (await testApp.db.select().from(auditEvents)).filter(
          (row) => !seen.has(row.id),
        );
      // Rate-limit hits are audited without holding up the 429.
      await expect
        .poll(async () => (await fresh()).length)
        .toBeGreaterThanOrEqual(expected.length);
      const rows = await fresh();
      for (const row of rows) seen.add(row.id);
      // Events of one step share the test clock's time: compare as sets.
      expect([name, rows.map((row) => row.type).sort()]).toEqual([
        name,
        [...expected].sort(),
      ]);
    }

    // Each event is also one log line with an ISO-8601 UTC time (S48).
    const logged = lines().filter((line) => line.audit);
    const stored = await testApp.db.select().from(auditEvents);
    expect(logged).toHaveLength(stored.length);
    for (const line of logged) {
      const audit = line.audit as Record<string, unknown>;
      expect(audit.occurredAt).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
      );
      expect(audit).toHaveProperty('requestId');
      expect(audit).toHaveProperty('ip');
      expect(audit).toHaveProperty('outcome');
    }

    // S49: no secret anywhere in the log, and no forged line.
    const text = JSON.stringify(lines());
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(
        text.includes(secret),
        `a secret of ${secret.length} characters is logged`,
      ).toBe(false);
    }
    expect(lines().some((line) => line.forged)).toBe(false);
    expect(
      lines().filter((line) => line.msg === 'incoming request').length,
    ).toBeGreaterThan(10);
  });

  it('records the burning of a code once, with actor, target, IP, user agent and a UTC time (S48)', async () => {
    const { logger, lines } = createCapturedLogger();
    const testApp = await createAccountsApp({ logger });
    const { app, smtp } = testApp;
    const body = signupBody();
    const userAgent = 'Burner/1.0 (audit test)';
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/users/signup',
          payload: body,
        })
      ).statusCode,
    ).toBe(201);
    const [user] = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, body.email));
    const otp = smtp.latestOtp(body.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        headers: { 'user-agent': userAgent },
        payload: { email: body.email, otp: wrong },
      });
      statuses.push(response.statusCode);
    }
    // The fifth wrong code uses the last attempt; the sixth meets the burn.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);

    const burned = (await testApp.db.select().from(auditEvents)).filter(
      (row) => row.type === 'otp_burned',
    );
    expect(burned).toEqual([
      expect.objectContaining({
        actorId: user?.id,
        target: user?.id,
        ip: '127.0.0.1',
        userAgent,
        outcome: 'failure',
        requestId: expect.any(String),
      }),
    ]);
    const logged = lines()
      .map((line) => line.audit as Record<string, unknown> | undefined)
      .filter((audit) => audit?.type === 'otp_burned');
    expect(logged).toEqual([
      expect.objectContaining({
        actorId: user?.id,
        target: user?.id,
        ip: '127.0.0.1',
        userAgent,
        occurredAt: expect.stringMatching(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
        ),
      }),
    ]);
    expect(logged[0]?.occurredAt).toBe(burned[0]?.occurredAt.toISOString());
  });

  it('audits an admin bootstrap without a request', async () => {
    const testApp = await createAccountsApp();
    await createAdmin(testApp.db);
    await testApp.app.services.users.ensureInitialAdmin({
      email: 'boss@example.com',
      password: 'Chef-de-Cuisine-1!',
      publicUrl: 'http://localhost:3000',
    });
    const rows = await testApp.db.select().from(auditEvents);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'admin_bootstrap',
        requestId: null,
        ip: null,
      }),
    ]);
  });
});
