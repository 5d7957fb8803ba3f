import type { AuditEntry, AuditPage } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import {
  createAccountsApp,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { createUser } from '../../test/factories.js';
import { adminCall, signedIn, type Caller } from './test/admin-api.js';

/** The audit trail of admin changes and GET /api/admin/audit (S48). */

async function audit(
  testApp: AccountsTestApp,
  admin: Caller,
  query: string,
): Promise<AuditPage> {
  const response = await adminCall(
    testApp.app,
    admin,
    'GET',
    `/audit?${query}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

describe('the audit log of admin changes', () => {
  it('records each change once with who, what, when, and the changed fields before and after', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db, {
      firstName: 'Olga',
      lastName: 'Old',
      state: 'Berlin',
    });
    const call = (method: 'PATCH' | 'POST', path: string, body: object) =>
      adminCall(testApp.app, admin, method, path, body).then((response) => {
        expect(response.statusCode, response.body).toBeLessThan(300);
      });

    await call('PATCH', `/users/${user.id}`, {
      firstName: 'Olga',
      lastName: 'New',
      email: user.email,
      phoneNumber: user.phoneNumber,
      state: 'Hamburg',
    });
    await call('PATCH', `/users/${user.id}/change-role`, { role: 'admin' });
    await call('PATCH', `/users/${user.id}/toggle-status`, { isActive: false });
    await call('PATCH', `/users/${user.id}/toggle-status`, { isActive: true });
    await call('POST', '/users', {
      name: 'Nina Newcomer',
      email: `nina.${Date.now()}@example.com`,
      role: 'user',
    });

    const { entries } = await audit(testApp, admin, 'limit=100');
    const ours = entries.filter((entry) => entry.actorId === admin.user.id);
    const byAction = (action: string) =>
      ours.filter((entry) => entry.action === action);

    const [updated] = byAction('admin_user_updated');
    expect(byAction('admin_user_updated')).toHaveLength(1);
    expect(updated).toMatchObject<Partial<AuditEntry>>({
      outcome: 'success',
      actorEmail: admin.user.email,
      target: user.id,
      details: {
        changes: {
          lastName: { before: 'Old', after: 'New' },
          state: { before: 'Berlin', after: 'Hamburg' },
        },
      },
    });
    // Only the fields that changed.
    expect(Object.keys(updated?.details.changes as object).sort()).toEqual([
      'lastName',
      'state',
    ]);
    expect(updated?.occurredAt).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );

    expect(byAction('admin_role_changed')).toEqual([
      expect.objectContaining({
        target: user.id,
        details: { changes: { role: { before: 'user', after: 'admin' } } },
      }),
    ]);
    expect(byAction('user_disabled')).toEqual([
      expect.objectContaining({
        target: user.id,
        details: {
          revokedSessions: 0,
          changes: { isActive: { before: true, after: false } },
        },
      }),
    ]);
    expect(byAction('user_enabled')).toEqual([
      expect.objectContaining({
        details: { changes: { isActive: { before: false, after: true } } },
      }),
    ]);
    const [created] = byAction('admin_user_created');
    expect(created?.details).toMatchObject({
      invitation: 'sent',
      changes: {
        firstName: { before: null, after: 'Nina' },
        role: { before: null, after: 'user' },
      },
    });
    // Newest first.
    expect(ours.map((entry) => entry.action).slice(0, 5)).toEqual([
      'admin_user_created',
      'user_enabled',
      'user_disabled',
      'admin_role_changed',
      'admin_user_updated',
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/argon2|passwordHash|token/i);
  });

  it('records no event for a change that changes nothing or is refused', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const { user } = await createUser(testApp.db);
    await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${user.id}/change-role`,
      {
        role: 'user',
      },
    );
    await adminCall(
      testApp.app,
      admin,
      'PATCH',
      `/users/${admin.user.id}/change-role`,
      {
        role: 'user',
      },
    );
    const page = await audit(testApp, admin, 'action=admin_role_changed');
    expect(page).toEqual({ entries: [], total: 0, page: 1, limit: 25 });
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by actor id or e-mail and by action, pages newest first with the total', async () => {
    const testApp = await createAccountsApp();
    const first = await signedIn(testApp.app, testApp.db, 'admin');
    const second = await signedIn(testApp.app, testApp.db, 'admin');
    const targets = await Promise.all(
      [1, 2, 3, 4].map(() => createUser(testApp.db)),
    );
    for (const { user } of targets) {
      const response = await adminCall(
        testApp.app,
        first,
        'PATCH',
        `/users/${user.id}/toggle-status`,
        { isActive: false },
      );
      expect(response.statusCode).toBe(200);
    }
    await adminCall(
      testApp.app,
      second,
      'PATCH',
      `/users/${targets[0]?.user.id}/toggle-status`,
      {
        isActive: true,
      },
    );

    const byFirst = await audit(
      testApp,
      second,
      `actor=${first.user.id}&action=user_disabled&limit=3`,
    );
    expect(byFirst.total).toBe(4);
    expect(byFirst.entries).toHaveLength(3);
    expect(byFirst.entries.map((entry) => entry.target)).toEqual(
      targets
        .slice(1)
        .reverse()
        .map(({ user }) => user.id),
    );
    const secondPage = await audit(
      testApp,
      second,
      `actor=${first.user.id}&action=user_disabled&limit=3&page=2`,
    );
    expect(secondPage.entries.map((entry) => entry.target)).toEqual([
      targets[0]?.user.id,
    ]);
    const beyond = await audit(
      testApp,
      second,
      `actor=${first.user.id}&action=user_disabled&limit=3&page=3`,
    );
    expect(beyond).toMatchObject({ entries: [], total: 4 });

    const byEmail = await audit(
      testApp,
      first,
      `actor=${encodeURIComponent(second.user.email.toUpperCase())}&action=user_enabled`,
    );
    expect(byEmail.total).toBe(1);
    expect(byEmail.entries[0]).toMatchObject({
      actorId: second.user.id,
      actorEmail: second.user.email,
      target: targets[0]?.user.id,
    });
    // Logins are in the trail too; the action filter keeps them apart.
    const logins = await audit(testApp, first, 'action=authn_login_success');
    expect(logins.total).toBe(2);
    expect((await audit(testApp, first, 'action=no_such_event')).total).toBe(0);
  });

  it.each([
    'actor=not%20a%20person',
    'action=DROP%20TABLE',
    'limit=101',
    'page=0',
  ])('answers 400 for %s', async (query) => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const response = await adminCall(
      testApp.app,
      admin,
      'GET',
      `/audit?${query}`,
    );
    expect(response.statusCode).toBe(400);
  });
});
