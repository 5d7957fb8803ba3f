import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { auditEvents } from '../../db/schema/audit.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import {
  bearer,
  createAccountsApp,
  login,
  meStatus,
  refresh,
  rotate,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser } from '../../test/factories.js';

/** Spec point 7 (refresh, sessions) and security.md S19-S25, S34, S47. */

async function loggedIn(
  testApp: AccountsTestApp,
  options: { rememberMe?: boolean; userAgent?: string } = {},
) {
  const { user, password } = await createUser(testApp.db);
  const tokens = await login(testApp.app, user.email, password, options);
  return { user, password: password, ...tokens };
}

function listSessions(testApp: AccountsTestApp, accessToken: string) {
  return testApp.app.inject({
    method: 'GET',
    url: '/api/users/sessions',
    headers: bearer(accessToken),
  });
}

describe('POST /api/users/refresh-token', () => {
  it('rotates: every refresh answers a new pair (S19)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const r1 = await rotate(testApp.app, r0.refreshToken);
    expect(r1.refreshToken).not.toBe(r0.refreshToken);
    expect(r1.refreshToken.length).toBeGreaterThanOrEqual(64);
    expect(await meStatus(testApp.app, r1.accessToken)).toBe(200);

    const r2 = await rotate(testApp.app, r1.refreshToken);
    expect(r2.refreshToken).not.toBe(r1.refreshToken);
  });

  it('stores no refresh token in plain text (S19)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const r1 = await rotate(testApp.app, r0.refreshToken);
    const dump = JSON.stringify(await testApp.db.select().from(sessions));
    for (const token of [r0.refreshToken, r1.refreshToken, r1.accessToken]) {
      expect(dump).not.toContain(token);
    }
  });

  it('revokes the whole session when an older token is replayed (S20)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    let current = {
      accessToken: r0.accessToken,
      refreshToken: r0.refreshToken,
    };
    for (let i = 0; i < 3; i += 1) {
      testApp.clock.advance(20);
      current = await rotate(testApp.app, current.refreshToken);
    }
    const replay = await refresh(testApp.app, r0.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.body).toMatchObject({ code: 'INVALID_GRANT' });

    expect((await refresh(testApp.app, current.refreshToken)).statusCode).toBe(
      401,
    );
    expect(await meStatus(testApp.app, current.accessToken)).toBe(401);
    const other = await login(testApp.app, r0.user.email, r0.password);
    const listed = (await listSessions(testApp, other.accessToken)).json<{
      sessions: { current: boolean }[];
    }>();
    expect(listed.sessions).toEqual([
      expect.objectContaining({ current: true }),
    ]);
    const audit = await testApp.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.type, 'authn_token_reuse'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: r0.user.id, outcome: 'denied' });
  });

  it('gives two parallel refreshes with the same token the same new pair (S21)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const [a, b] = await Promise.all([
      refresh(testApp.app, r0.refreshToken),
      refresh(testApp.app, r0.refreshToken),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.body.data?.refreshToken).toBe(b.body.data?.refreshToken);
    // The family lives on.
    expect(
      (await refresh(testApp.app, a.body.data?.refreshToken ?? '')).statusCode,
    ).toBe(200);
  });

  it('returns the active pair for the parent within 10 s, and revokes after (S21)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const r1 = await rotate(testApp.app, r0.refreshToken);
    testApp.clock.advance(9);
    const again = await refresh(testApp.app, r0.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.body.data?.refreshToken).toBe(r1.refreshToken);

    testApp.clock.advance(2);
    const late = await refresh(testApp.app, r0.refreshToken);
    expect(late.statusCode).toBe(401);
    expect((await refresh(testApp.app, r1.refreshToken)).statusCode).toBe(401);
  });

  it('ends a session left idle longer than the idle timeout (S22)', async () => {
    const testApp = await createAccountsApp({
      config: { REFRESH_IDLE_TTL_SECONDS: 4, REMEMBER_ME_TTL_SECONDS: 60 },
    });
    const r0 = await loggedIn(testApp, { rememberMe: true });
    testApp.clock.advance(3);
    const r1 = await refresh(testApp.app, r0.refreshToken);
    expect(r1.statusCode).toBe(200);
    testApp.clock.advance(5);
    expect(
      (await refresh(testApp.app, r1.body.data?.refreshToken ?? '')).statusCode,
    ).toBe(401);
  });

  it('returns 401 for garbage, a made-up token for a real session, and an access token', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const bytes = Buffer.from(r0.refreshToken, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 0xff;
    for (const token of [
      'garbage',
      bytes.toString('base64url'),
      r0.accessToken,
    ]) {
      const response = await refresh(testApp.app, token);
      expect(response.statusCode).toBe(401);
    }
    // A forged token for the session does not end the session.
    expect((await refresh(testApp.app, r0.refreshToken)).statusCode).toBe(200);
  });

  it('returns 401 and ends the session for a disabled user (S34)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    await testApp.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, r0.user.id));
    const response = await refresh(testApp.app, r0.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.body).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    // Re-enabling does not bring the old session back.
    await testApp.db
      .update(users)
      .set({ isActive: true })
      .where(eq(users.id, r0.user.id));
    expect((await refresh(testApp.app, r0.refreshToken)).statusCode).toBe(401);
    await login(testApp.app, r0.user.email, r0.password);
  });

  it('is rate limited per IP', async () => {
    const testApp = await createAccountsApp({
      config: { RATE_LIMIT_REFRESH: 2 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await refresh(testApp.app, 'garbage')).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('POST /api/users/logout', () => {
  it('ends the session: its access and refresh tokens fail at once (S24)', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: bearer(r0.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully' });
    expect(await meStatus(testApp.app, r0.accessToken)).toBe(401);
    expect((await refresh(testApp.app, r0.refreshToken)).statusCode).toBe(401);
  });
});

describe('GET /api/users/sessions', () => {
  it('lists the live sessions with device, IP, dates and the current one', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    await login(testApp.app, user.email, password, {
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    });
    testApp.clock.advance(120);
    const current = await login(testApp.app, user.email, password);
    const response = await listSessions(testApp, current.accessToken);
    expect(response.statusCode).toBe(200);
    const { sessions: listed } = response.json<{
      sessions: Record<string, unknown>[];
    }>();
    expect(listed).toEqual([
      {
        id: expect.any(String),
        deviceInfo: 'Chrome on Linux',
        ip: '127.0.0.1',
        createdAt: testApp.clock.now().toISOString(),
        lastActive: testApp.clock.now().toISOString(),
        current: true,
      },
      expect.objectContaining({
        deviceInfo: 'Safari on Mac OS',
        current: false,
      }),
    ]);
    expect(response.body).not.toMatch(/token|hash/i);
  });

  it("shows only the caller's sessions (S25)", async () => {
    const testApp = await createAccountsApp();
    const a = await loggedIn(testApp);
    const b = await loggedIn(testApp);
    const listed = (await listSessions(testApp, b.accessToken)).json<{
      sessions: { id: string }[];
    }>();
    expect(listed.sessions).toHaveLength(1);
    const [aSession] = await testApp.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, a.user.id));
    expect(listed.sessions.map((session) => session.id)).not.toContain(
      aSession?.id,
    );
  });

  it('touches last active at most once a minute', async () => {
    const testApp = await createAccountsApp();
    const r0 = await loggedIn(testApp);
    const started = testApp.clock.now();
    testApp.clock.advance(30);
    await meStatus(testApp.app, r0.accessToken);
    const lastActive = async () =>
      (await listSessions(testApp, r0.accessToken)).json<{
        sessions: { lastActive: string }[];
      }>().sessions[0]?.lastActive;
    expect(await lastActive()).toBe(started.toISOString());
    testApp.clock.advance(31);
    expect(await lastActive()).toBe(testApp.clock.now().toISOString());
  });
});

describe('POST /api/users/sessions/logout-others', () => {
  it('ends every other session at once and keeps this one (S25)', async () => {
    const testApp = await createAccountsApp();
    const { user, password } = await createUser(testApp.db);
    const one = await login(testApp.app, user.email, password);
    const two = await login(testApp.app, user.email, password);
    const three = await login(testApp.app, user.email, password);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/sessions/logout-others',
      headers: bearer(one.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Other sessions logged out' });
    for (const other of [two, three]) {
      expect(await meStatus(testApp.app, other.accessToken)).toBe(401);
      expect((await refresh(testApp.app, other.refreshToken)).statusCode).toBe(
        401,
      );
    }
    expect(await meStatus(testApp.app, one.accessToken)).toBe(200);
    expect((await refresh(testApp.app, one.refreshToken)).statusCode).toBe(200);
  });

  it("cannot end another user's sessions (S25)", async () => {
    const testApp = await createAccountsApp();
    const a = await loggedIn(testApp);
    const b = await loggedIn(testApp);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/users/sessions/logout-others',
      headers: bearer(b.accessToken),
    });
    expect(await meStatus(testApp.app, a.accessToken)).toBe(200);
  });
});
