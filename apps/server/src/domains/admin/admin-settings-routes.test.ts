import { DEFAULT_PLANNER_WEIGHTS } from '@platewise/planner';
import {
  adminMessages,
  type AdminSettings,
  type AuditPage,
  type TestEmailResponse,
} from '@platewise/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { users } from '../../db/schema/users.js';
import {
  CHROME_ON_LINUX,
  createAccountsApp,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { signupBody, uniqueEmail } from '../../test/factories.js';
import {
  startTestIdentityProvider,
  TEST_GOOGLE_CLIENT_ID,
  TEST_GOOGLE_CLIENT_SECRET,
} from '../../test/test-identity-provider.js';
import { adminCall, signedIn, type Caller } from './test/admin-api.js';

/** The admin settings (issue 12): sign-up, the test e-mail, planner weights. */

async function settingsOf(testApp: AccountsTestApp, admin: Caller) {
  const response = await adminCall(testApp.app, admin, 'GET', '/settings');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSettings>();
}

function patchSettings(testApp: AccountsTestApp, admin: Caller, body: object) {
  return adminCall(testApp.app, admin, 'PATCH', '/settings', body);
}

describe('GET /api/admin/settings', () => {
  it('answers the defaults before any change', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    expect(await settingsOf(testApp, admin)).toEqual({
      signupOpen: true,
      plannerWeights: {},
      plannerWeightDefaults: { ...DEFAULT_PLANNER_WEIGHTS },
      mailConfigured: true,
      updatedAt: null,
    });
  });
});

describe('sign-up open or closed', () => {
  it('answers 403 with a clear text to sign-ups while closed, and 201 again when reopened', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const closed = await patchSettings(testApp, admin, { signupOpen: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      signupOpen: false,
      updatedAt: expect.any(String) as string,
    });

    const body = signupBody();
    const refused = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      error: adminMessages.signupClosed,
    });
    const rows = await testApp.db
      .select()
      .from(users)
      .where(eq(users.email, body.email));
    expect(rows).toEqual([]);
    expect(testApp.smtp.mailsTo(body.email)).toEqual([]);

    await patchSettings(testApp, admin, { signupOpen: true });
    const accepted = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: body,
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('still lets admins add users while sign-up is closed', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    await patchSettings(testApp, admin, { signupOpen: false });
    const response = await adminCall(testApp.app, admin, 'POST', '/users', {
      name: 'Invited Anyway',
      email: uniqueEmail(),
      role: 'user',
    });
    expect(response.statusCode).toBe(201);
  });

  it('creates no account through a first Google sign-in while closed', async () => {
    const publicUrl = 'http://localhost:3000';
    const idp = await startTestIdentityProvider({
      redirectUri: `${publicUrl}/api/auth/google/callback`,
    });
    try {
      const testApp = await createAccountsApp({
        config: {
          PUBLIC_URL: publicUrl,
          GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
          GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT_SECRET,
          GOOGLE_ISSUER: idp.issuer,
        },
      });
      const admin = await signedIn(testApp.app, testApp.db, 'admin');
      const email = uniqueEmail();
      const signIn = async () => {
        idp.signInAs({
          sub: `closed-${Date.now().toString(36)}`,
          email,
          email_verified: true,
          given_name: 'Gina',
          family_name: 'Google',
        });
        const start = await testApp.app.inject({
          method: 'GET',
          url: '/api/auth/google',
        });
        expect(start.statusCode, start.body).toBe(302);
        const cookie = start.cookies
          .map((c) => `${c.name}=${c.value}`)
          .join('; ');
        const back = await idp.authorize(String(start.headers.location));
        return testApp.app.inject({
          method: 'GET',
          url: `${back.pathname}${back.search}`,
          headers: { cookie, 'user-agent': CHROME_ON_LINUX },
        });
      };

      await patchSettings(testApp, admin, { signupOpen: false });
      const refused = await signIn();
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe('/login?error=signup-closed');
      expect(
        await testApp.db.select().from(users).where(eq(users.email, email)),
      ).toEqual([]);

      await patchSettings(testApp, admin, { signupOpen: true });
      const welcomed = await signIn();
      expect(String(welcomed.headers.location)).toMatch(/^\/auth\/success\?/);
    } finally {
      await idp.close();
    }
  });
});

describe('POST /api/admin/settings/test-email', () => {
  it('sends a mail to the admin and reports success', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const response = await adminCall(
      testApp.app,
      admin,
      'POST',
      '/settings/test-email',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual<TestEmailResponse>({
      ok: true,
      message: adminMessages.testEmailSent(admin.user.email),
    });
    const [mail] = testApp.smtp.mailsTo(admin.user.email);
    expect(mail?.subject).toMatch(/test e-mail/i);
    const audit = await adminCall(
      testApp.app,
      admin,
      'GET',
      '/audit?action=admin_test_email',
    );
    expect(audit.json<AuditPage>().entries).toEqual([
      expect.objectContaining({
        outcome: 'success',
        details: { outcome: 'sent' },
      }),
    ]);
  });

  it('reports the SMTP failure with its text and without the credentials', async () => {
    const testApp = await createAccountsApp({
      config: { SMTP_URL: 'smtp://mailer:Sup3r-Secret-Pw@127.0.0.1:1' },
    });
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const response = await adminCall(
      testApp.app,
      admin,
      'POST',
      '/settings/test-email',
    );
    expect(response.statusCode).toBe(200);
    const answer = response.json<TestEmailResponse>();
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^The test e-mail failed: .*ECONNREFUSED/);
    expect(answer.message).not.toContain('Sup3r-Secret-Pw');
    const settings = await settingsOf(testApp, admin);
    expect(settings.mailConfigured).toBe(true);
  });

  it('says so when no SMTP server is configured', async () => {
    const testApp = await createAccountsApp({
      config: { SMTP_URL: undefined },
    });
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const response = await adminCall(
      testApp.app,
      admin,
      'POST',
      '/settings/test-email',
    );
    expect(response.json()).toEqual({
      ok: false,
      message: adminMessages.mailNotConfigured,
    });
    expect((await settingsOf(testApp, admin)).mailConfigured).toBe(false);
  });
});

describe('planner weights', () => {
  it('stores overrides, drops values equal to the default, and resets them', async () => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const changed = await patchSettings(testApp, admin, {
      plannerWeights: {
        like: 20,
        weekdayMinute: 0.25,
        wastePerGram: DEFAULT_PLANNER_WEIGHTS.wastePerGram,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminSettings>().plannerWeights).toEqual({
      like: 20,
      weekdayMinute: 0.25,
    });
    expect((await settingsOf(testApp, admin)).plannerWeights).toEqual({
      like: 20,
      weekdayMinute: 0.25,
    });
    expect(
      await testApp.app.services.adminSettings.plannerWeightOverrides(),
    ).toEqual({ like: 20, weekdayMinute: 0.25 });
    // Sign-up is left alone by a weights-only change.
    expect((await settingsOf(testApp, admin)).signupOpen).toBe(true);

    const reset = await adminCall(
      testApp.app,
      admin,
      'POST',
      '/settings/reset-planner-weights',
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json<AdminSettings>().plannerWeights).toEqual({});

    const audit = await adminCall(
      testApp.app,
      admin,
      'GET',
      '/audit?action=admin_settings_changed',
    );
    const entries = audit.json<AuditPage>().entries;
    expect(entries.map((entry) => entry.details.changes)).toEqual([
      {
        plannerWeights: {
          before: { like: 20, weekdayMinute: 0.25 },
          after: {},
        },
      },
      {
        plannerWeights: {
          before: {},
          after: { like: 20, weekdayMinute: 0.25 },
        },
      },
    ]);
  });

  it.each([
    [{ bogus: 1 }, 'plannerWeights.bogus'],
    [{ like: -1 }, 'plannerWeights.like'],
    [{ like: 100_001 }, 'plannerWeights.like'],
    [{ like: '5' }, 'plannerWeights.like'],
    [{ like: null }, 'plannerWeights.like'],
    [{ 'like;drop': 1 }, 'plannerWeights.like;drop'],
  ])('answers 400 for %j and stores nothing', async (weights, path) => {
    const testApp = await createAccountsApp();
    const admin = await signedIn(testApp.app, testApp.db, 'admin');
    const response = await patchSettings(testApp, admin, {
      plannerWeights: weights,
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<{ issues: { path: string }[] }>()
        .issues.map((issue) => issue.path),
    ).toContain(path);
    expect((await settingsOf(testApp, admin)).plannerWeights).toEqual({});
  });
});
