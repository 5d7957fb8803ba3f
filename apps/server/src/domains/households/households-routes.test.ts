import {
  HouseholdSchema,
  householdMessages,
  MealPlanSchema,
  MEAL_SLOTS,
  ShoppingSummarySchema,
  type Household,
  type MealPlan,
} from '@platewise/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema/index.js';
import { OTHER_USER_TEXT } from '../../plugins/app/auth.js';
import {
  bearer,
  createAccountsApp,
  login,
  signedIn,
  signupCookie,
  type Caller,
} from '../../test/accounts.js';
import { testDbDriver } from '../../test/build-app.js';
import { signupBody } from '../../test/factories.js';
import {
  preferencesBody,
  savePreferences,
  weekSchedule,
} from '../../test/planner-fixtures.js';
import type { SmtpCapture } from '../../test/smtp-capture.js';
import type { TestClock } from '../../test/test-clock.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';

let app: App;
let db: Database;
let smtp: SmtpCapture;
let clock: TestClock;

beforeAll(async () => {
  const test = await createAccountsApp();
  app = test.app;
  db = test.db;
  smtp = test.smtp;
  clock = test.clock;
  await seedCatalogue(db);
}, 120_000);

const user = () => signedIn(app, db, 'user');

function call(
  caller: Caller,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: caller.headers,
    ...(payload ? { payload } : {}),
  });
}

async function household(caller: Caller): Promise<Household> {
  const response = await call(caller, 'GET', '/api/household');
  expect(response.statusCode).toBe(200);
  return HouseholdSchema.parse(response.json());
}

/** Invites `email` and answers the token of the link in the mail. */
async function invite(owner: Caller, email: string): Promise<string> {
  const response = await call(owner, 'POST', '/api/household/invitations', {
    email,
  });
  expect(response.statusCode).toBe(201);
  const mail = smtp.mailsTo(email).at(-1);
  const link = /https?:\/\/\S+\/household\/join\?token=\S+/.exec(
    mail?.text ?? '',
  )?.[0];
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/** A fresh session of `caller`: access tokens run out when the clock moves. */
async function renewed(caller: Caller): Promise<Caller> {
  const answer = await login(app, caller.user.email, caller.password);
  return { ...caller, headers: bearer(answer.accessToken) };
}

function join(caller: Caller, token: string) {
  return call(caller, 'POST', '/api/household/join', { token });
}

/** An owner with a member who joined from the mailed link. */
async function pair(): Promise<{ owner: Caller; member: Caller }> {
  const owner = await user();
  const member = await user();
  const token = await invite(owner, member.user.email);
  expect((await join(member, token)).statusCode).toBe(200);
  return { owner, member };
}

async function generate(caller: Caller): Promise<MealPlan> {
  const response = await call(caller, 'GET', '/api/generate-meal-plan');
  expect(response.statusCode).toBe(200);
  return MealPlanSchema.parse(response.json());
}

function readPlan(caller: Caller, userId?: string) {
  return call(
    caller,
    'GET',
    `/api/preferences/user-meal-plan${userId ? `?user_id=${userId}` : ''}`,
  );
}

function removeMember(caller: Caller, userId: string) {
  return call(caller, 'DELETE', `/api/household/members/${userId}`);
}

async function auditTypes(actorId: string): Promise<string[]> {
  const rows = await db
    .select({ type: auditEvents.type })
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, actorId)));
  return rows.map((row) => row.type);
}

/** The audit rows of one type by one actor: outcome and details. */
async function auditOf(
  actorId: string,
  type:
    | 'household_joined'
    | 'household_invitation_sent'
    | 'household_invitation_cancelled',
) {
  return db
    .select({ outcome: auditEvents.outcome, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, actorId), eq(auditEvents.type, type)))
    .orderBy(auditEvents.seq);
}

const mealIds = (plan: MealPlan) =>
  plan.meals.flatMap((day) =>
    MEAL_SLOTS.flatMap((slot) => (day[slot] ? [day[slot].id] : [])),
  );

describe('GET /api/household', () => {
  it('puts every user alone in a household they own', async () => {
    const caller = await user();
    const answer = await household(caller);
    expect(answer).toMatchObject({
      role: 'owner',
      members: [{ userId: caller.id, email: caller.user.email, role: 'owner' }],
      invitations: [],
      servingSize: 1,
      servingSizeSet: false,
      planUserId: caller.id,
    });
    // The same household on the next call.
    expect((await household(caller)).id).toBe(answer.id);
    // Made once, and audited once.
    expect(
      (await auditTypes(caller.id)).filter(
        (type) => type === 'household_created',
      ),
    ).toHaveLength(1);
  });
});

describe('POST /api/household/invitations', () => {
  it('mails a single-use link valid for 72 hours, listed for the owner', async () => {
    const owner = await user();
    const response = await call(owner, 'POST', '/api/household/invitations', {
      email: 'Guest.Cook@Example.com',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Invitation sent to guest.cook@example.com.',
      delivery: 'sent',
      invitation: { email: 'guest.cook@example.com' },
    });
    const expiresAt = new Date(response.json().invitation.expiresAt);
    expect(expiresAt.getTime() - clock.now().getTime()).toBe(72 * 3600 * 1000);
    const [mail] = smtp.mailsTo('guest.cook@example.com');
    expect(mail?.text).toMatch(/\/household\/join\?token=[A-Za-z0-9_-]{43}/);
    expect((await household(owner)).invitations).toEqual([
      {
        email: 'guest.cook@example.com',
        expiresAt: expiresAt.toISOString(),
        expired: false,
      },
    ]);
    expect(await auditTypes(owner.id)).toContain('household_invitation_sent');
  });

  it('re-sending replaces the earlier link', async () => {
    const owner = await user();
    const guest = await user();
    const first = await invite(owner, guest.user.email);
    const second = await invite(owner, guest.user.email);
    expect(second).not.toBe(first);
    expect((await household(owner)).invitations).toHaveLength(1);
    expect((await join(guest, first)).statusCode).toBe(404);
    expect((await join(guest, second)).statusCode).toBe(200);
  });

  it('lists an expired invitation for a week, to send again', async () => {
    const owner = await user();
    const guest = await user();
    const stale = await invite(owner, guest.user.email);
    clock.advance(72 * 3600 + 1);
    const ownerNow = await renewed(owner);
    const guestNow = await renewed(guest);
    expect((await household(ownerNow)).invitations).toEqual([
      expect.objectContaining({ email: guest.user.email, expired: true }),
    ]);
    const fresh = await invite(ownerNow, guest.user.email);
    expect((await household(ownerNow)).invitations).toEqual([
      expect.objectContaining({ email: guest.user.email, expired: false }),
    ]);
    expect((await join(guestNow, stale)).statusCode).toBe(404);
    expect((await join(guestNow, fresh)).statusCode).toBe(200);

    // A week after it ran out, an unused invitation is no longer listed.
    const other = 'late.cook@example.com';
    await invite(ownerNow, other);
    clock.advance((72 + 7 * 24) * 3600 + 1);
    expect((await household(await renewed(owner))).invitations).toEqual([]);
  });

  it('audits a re-sent invitation as replacing the earlier link', async () => {
    const owner = await user();
    await invite(owner, 'again.cook@example.com');
    await invite(owner, 'again.cook@example.com');
    expect(
      (await auditOf(owner.id, 'household_invitation_sent')).map(
        (row) => row.details,
      ),
    ).toEqual([
      { email: 'again.cook@example.com', delivery: 'sent', resent: false },
      { email: 'again.cook@example.com', delivery: 'sent', resent: true },
    ]);
  });

  it('answers 403 to a member who is not the owner', async () => {
    const { member } = await pair();
    const response = await call(member, 'POST', '/api/household/invitations', {
      email: 'someone@example.com',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(
      'Only the owner of the household can do this.',
    );
  });

  it('answers 409 for someone already in the household', async () => {
    const { owner, member } = await pair();
    const response = await call(owner, 'POST', '/api/household/invitations', {
      email: member.user.email,
    });
    expect(response.statusCode).toBe(409);
  });

  it('answers 400 for an address that is not one', async () => {
    const owner = await user();
    const response = await call(owner, 'POST', '/api/household/invitations', {
      email: 'not-an-address',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('DELETE /api/household/invitations/:email', () => {
  function cancel(caller: Caller, email: string) {
    return call(
      caller,
      'DELETE',
      `/api/household/invitations/${encodeURIComponent(email)}`,
    );
  }

  it('cancels a valid invitation: the link stops working, and it is audited', async () => {
    const owner = await user();
    const guest = await user();
    const token = await invite(owner, guest.user.email);
    const response = await cancel(owner, guest.user.email.toUpperCase());
    expect(response.statusCode).toBe(204);
    expect((await household(owner)).invitations).toEqual([]);
    expect((await join(guest, token)).statusCode).toBe(404);
    expect(await auditOf(owner.id, 'household_invitation_cancelled')).toEqual([
      {
        outcome: 'success',
        details: { email: guest.user.email, expired: false },
      },
    ]);
    // Gone means gone: a second cancel finds nothing.
    expect((await cancel(owner, guest.user.email)).statusCode).toBe(404);
  });

  it('cancels an expired invitation that is still listed, and sends it again after', async () => {
    const owner = await user();
    const guest = await user();
    await invite(owner, guest.user.email);
    clock.advance(72 * 3600 + 1);
    const ownerNow = await renewed(owner);
    expect((await household(ownerNow)).invitations).toEqual([
      expect.objectContaining({ email: guest.user.email, expired: true }),
    ]);
    expect((await cancel(ownerNow, guest.user.email)).statusCode).toBe(204);
    expect((await household(ownerNow)).invitations).toEqual([]);
    expect(await auditOf(owner.id, 'household_invitation_cancelled')).toEqual([
      {
        outcome: 'success',
        details: { email: guest.user.email, expired: true },
      },
    ]);
    // The address can be invited afresh, and that link works.
    const token = await invite(ownerNow, guest.user.email);
    expect((await join(await renewed(guest), token)).statusCode).toBe(200);
  });

  it("answers 404 for an address without an open invitation, or another household's", async () => {
    const owner = await user();
    const other = await user();
    await invite(other, 'theirs@example.com');
    expect((await cancel(owner, 'nobody@example.com')).statusCode).toBe(404);
    expect((await cancel(owner, 'theirs@example.com')).statusCode).toBe(404);
    expect((await household(other)).invitations).toEqual([
      expect.objectContaining({ email: 'theirs@example.com' }),
    ]);
  });

  it('answers 404 once the invitation was used', async () => {
    const { owner, member } = await pair();
    expect((await cancel(owner, member.user.email)).statusCode).toBe(404);
  });

  it('answers 403 to a member who is not the owner, and leaves the invitation', async () => {
    const { owner, member } = await pair();
    await invite(owner, 'waiting@example.com');
    const response = await cancel(member, 'waiting@example.com');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(householdMessages.ownerOnly);
    expect((await household(owner)).invitations).toHaveLength(1);
  });

  it('answers 400 for an address that is not one', async () => {
    const owner = await user();
    expect((await cancel(owner, 'not-an-address')).statusCode).toBe(400);
  });
});

describe('POST /api/household/join', () => {
  it("lets the member share the owner's plan and list ticks", async () => {
    const owner = await user();
    await savePreferences(app, owner.headers, {
      weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
    });
    const plan = await generate(owner);
    const member = await user();
    const token = await invite(owner, member.user.email);
    const joined = await join(member, token);
    expect(joined.statusCode).toBe(200);
    expect(HouseholdSchema.parse(joined.json())).toMatchObject({
      role: 'member',
      planUserId: owner.id,
      servingSize: 2,
    });
    expect(
      (await household(owner)).members.map((m) => [m.userId, m.role]),
    ).toEqual([
      [owner.id, 'owner'],
      [member.id, 'member'],
    ]);

    // The member reads the owner's plan, by their own id or the owner's.
    for (const userId of [undefined, member.id, owner.id]) {
      const answer = await readPlan(member, userId);
      expect(answer.statusCode).toBe(200);
      expect(mealIds(MealPlanSchema.parse(answer.json()))).toEqual(
        mealIds(plan),
      );
    }

    // A tick by the member is on the owner's list.
    const summary = ShoppingSummarySchema.parse(
      (await call(member, 'GET', '/api/user-ingredients-summary')).json(),
    );
    const key = summary.data[0]?.freshIngredients[0]?.key;
    if (!key) throw new Error('no fresh item on the list');
    const ticked = await call(member, 'PUT', '/api/shopping-list/ticks', {
      version: plan.version,
      ticked: [key],
    });
    expect(ticked.statusCode).toBe(200);
    const ownerList = ShoppingSummarySchema.parse(
      (await call(owner, 'GET', '/api/user-ingredients-summary')).json(),
    );
    expect(
      ownerList.data[0]?.freshIngredients.find((item) => item.key === key),
    ).toMatchObject({ ticked: true });
    expect(await auditTypes(member.id)).toContain('household_joined');
  });

  it('answers 409 when the link is used a second time', async () => {
    const { owner, member } = await pair();
    const token = await invite(owner, 'later@example.com');
    const later = await signedIn(app, db, 'user', {
      email: 'later@example.com',
    });
    expect((await join(later, token)).statusCode).toBe(200);
    expect((await removeMember(later, later.id)).statusCode).toBe(204);
    const again = await join(later, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'This invitation was already used. Ask for a new one.',
    );
    expect((await household(member)).members).toHaveLength(2);
  });

  it('answers 410 after 72 hours', async () => {
    const owner = await user();
    const guest = await user();
    const token = await invite(owner, guest.user.email);
    clock.advance(72 * 3600 + 1);
    // A fresh session: the access token ran out too.
    const answer = await login(app, guest.user.email, guest.password);
    const response = await join(
      { ...guest, headers: bearer(answer.accessToken) },
      token,
    );
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      error: 'This invitation has expired. Ask for a new one.',
    });
  });

  it('answers 403 to an account with another address', async () => {
    const owner = await user();
    const token = await invite(owner, 'invited@example.org');
    const other = await user();
    const response = await join(other, token);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(
      'This invitation was sent to invited@example.org. Log in with that address to accept it.',
    );
  });

  it('answers 404 for an unknown token', async () => {
    const guest = await user();
    expect((await join(guest, 'x'.repeat(43))).statusCode).toBe(404);
  });

  it('answers 409 to an owner whose household has other members', async () => {
    const { owner } = await pair();
    const other = await user();
    const token = await invite(other, owner.user.email);
    const response = await join(owner, token);
    expect(response.statusCode).toBe(409);
    expect((await household(owner)).role).toBe('owner');
  });

  it('moves a member from their household to the new one', async () => {
    const { owner, member } = await pair();
    const other = await user();
    const token = await invite(other, member.user.email);
    expect((await join(member, token)).statusCode).toBe(200);
    expect((await household(owner)).members).toHaveLength(1);
    expect((await household(member)).planUserId).toBe(other.id);
  });
});

describe('DELETE /api/household/members/:userId', () => {
  it('lets the owner remove a member, who is refused at once and starts alone', async () => {
    const { owner, member } = await pair();
    await savePreferences(app, owner.headers, {
      weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
    });
    await generate(owner);
    expect((await readPlan(member, owner.id)).statusCode).toBe(200);

    const removed = await removeMember(owner, member.id);
    expect(removed.statusCode).toBe(204);

    const refused = await readPlan(member, owner.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(OTHER_USER_TEXT);
    const tick = await call(member, 'PUT', '/api/shopping-list/ticks', {
      user_id: owner.id,
      ticked: ['x'],
    });
    expect(tick.statusCode).toBe(403);
    // Alone again, taking nothing.
    expect((await readPlan(member)).statusCode).toBe(404);
    expect((await household(member)).members).toEqual([
      expect.objectContaining({ userId: member.id, role: 'owner' }),
    ]);
    expect((await household(owner)).members).toHaveLength(1);
    expect(await auditTypes(owner.id)).toContain('household_member_removed');
  });

  it('lets a member leave', async () => {
    const { owner, member } = await pair();
    expect((await removeMember(member, member.id)).statusCode).toBe(204);
    expect((await household(owner)).members).toHaveLength(1);
    expect((await household(member)).planUserId).toBe(member.id);
    expect(await auditTypes(member.id)).toContain('household_left');
  });

  it('keeps the last owner from leaving while others remain', async () => {
    const { owner, member } = await pair();
    const response = await removeMember(owner, owner.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'You own this household: make another member the owner before you leave.',
    );
    expect((await household(member)).members).toHaveLength(2);
  });

  it('answers 409 to someone alone', async () => {
    const caller = await user();
    expect((await removeMember(caller, caller.id)).statusCode).toBe(409);
  });

  it('answers 403 when a member removes another', async () => {
    const { owner, member } = await pair();
    const response = await removeMember(member, owner.id);
    expect(response.statusCode).toBe(403);
    expect((await household(owner)).members).toHaveLength(2);
  });

  it('answers 404 for someone outside the household', async () => {
    const owner = await user();
    const stranger = await user();
    expect((await removeMember(owner, stranger.id)).statusCode).toBe(404);
  });
});

describe('POST /api/household/owner', () => {
  it('hands the household and its plan over; the old owner may then leave', async () => {
    const { owner, member } = await pair();
    await savePreferences(app, owner.headers, {
      weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
    });
    const plan = await generate(owner);
    const response = await call(owner, 'POST', '/api/household/owner', {
      userId: member.id,
    });
    expect(response.statusCode).toBe(200);
    expect(HouseholdSchema.parse(response.json())).toMatchObject({
      role: 'member',
      planUserId: member.id,
    });
    expect(await auditTypes(owner.id)).toContain('household_owner_changed');

    expect((await removeMember(owner, owner.id)).statusCode).toBe(204);
    const kept = await readPlan(member);
    expect(kept.statusCode).toBe(200);
    expect(mealIds(MealPlanSchema.parse(kept.json()))).toEqual(mealIds(plan));
    expect((await readPlan(owner)).statusCode).toBe(404);
  });

  it('answers 403 to a member', async () => {
    const { owner, member } = await pair();
    const response = await call(member, 'POST', '/api/household/owner', {
      userId: member.id,
    });
    expect(response.statusCode).toBe(403);
    expect((await household(owner)).role).toBe('owner');
  });

  it('answers 404 for someone outside the household', async () => {
    const owner = await user();
    const stranger = await user();
    const response = await call(owner, 'POST', '/api/household/owner', {
      userId: stranger.id,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("the household's settings", () => {
  it('plans for everyone: dislikes are combined, one serving per member unless set', async () => {
    const { owner, member } = await pair();
    await savePreferences(app, owner.headers, {
      weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
      serving_size: 1,
    });
    const first = await generate(owner);
    expect(first.serving_size).toBe(2);
    const ingredient = first.meals
      .flatMap((day) => MEAL_SLOTS.flatMap((slot) => day[slot] ?? []))
      .flatMap((meal) => meal.ingredients)
      .find((line) => line.quantity !== null)?.ingredient;
    if (!ingredient) throw new Error('no ingredient in the plan');

    // The member's dislike shapes the shared plan.
    await savePreferences(app, member.headers, {
      weekly_schedule: weekSchedule(),
      preferences: { likes: [], dislikes: [ingredient] },
    });
    const second = await generate(member);
    const names = second.meals
      .flatMap((day) => MEAL_SLOTS.flatMap((slot) => day[slot] ?? []))
      .flatMap((meal) => meal.ingredients.map((line) => line.ingredient));
    expect(names).not.toContain(ingredient);
    // The owner's schedule: dinners only.
    expect(second.meals.every((day) => !day.breakfast && !day.lunch)).toBe(
      true,
    );

    // The member's own settings stay theirs; the owner may read them.
    const theirs = await call(
      owner,
      'GET',
      `/api/preferences/preferences?user_id=${member.id}`,
    );
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().preferences.dislikes).toEqual([{ name: ingredient }]);
    const write = await call(
      owner,
      'POST',
      '/api/preferences/save',
      preferencesBody({ user_id: member.id }),
    );
    expect(write.statusCode).toBe(403);

    const patched = await call(owner, 'PATCH', '/api/household', {
      servingSize: 3,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      servingSize: 3,
      servingSizeSet: true,
    });
    expect((await generate(owner)).serving_size).toBe(3);
    expect(await auditTypes(owner.id)).toContain('household_settings_changed');
  });

  it('answers 400 for a serving size out of range', async () => {
    const caller = await user();
    const response = await call(caller, 'PATCH', '/api/household', {
      servingSize: 0,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/users/verify-email with an invitation token', () => {
  /** Signs up as a browser would; answers its cookie and the mailed code. */
  async function signUp(email: string) {
    const body = signupBody({ email });
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: body,
    });
    expect(response.statusCode).toBe(201);
    return {
      password: body.password,
      browser: signupCookie(response),
      otp: smtp.latestOtp(email),
    };
  }

  function verify(
    email: string,
    otp: string,
    invitationToken: string,
    headers: Record<string, string> = {},
  ) {
    return app.inject({
      method: 'POST',
      url: '/api/users/verify-email',
      payload: { email, otp, invitationToken },
      headers,
    });
  }

  /** Logs the new account in, as a Caller. */
  async function loggedIn(email: string, password: string): Promise<Caller> {
    const answer = await login(app, email, password);
    const [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return {
      user: row,
      id: row.id,
      name: row.firstName,
      password,
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken,
      headers: bearer(answer.accessToken),
    };
  }

  it('joins the household once the invited address is verified in the browser that signed up', async () => {
    const owner = await user();
    const email = signupBody().email;
    const token = await invite(owner, email);
    const { password, browser, otp } = await signUp(email);

    const verified = await verify(email, otp, token, browser);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: 'Email verified successfully!',
      household: { joined: true, message: householdMessages.joined },
    });

    const member = await loggedIn(email, password);
    expect(await household(member)).toMatchObject({
      role: 'member',
      planUserId: owner.id,
    });
    expect((await household(owner)).invitations).toEqual([]);
    expect(await auditOf(member.id, 'household_joined')).toEqual([
      { outcome: 'success', details: { via: 'signup' } },
    ]);
    // The link is spent: it cannot join anyone again.
    expect((await join(member, token)).statusCode).toBe(409);
  });

  it("does not join with a token sent to another address (someone else's link)", async () => {
    const owner = await user();
    const token = await invite(owner, 'invited.cook@example.org');
    const email = signupBody().email;
    const { password, browser, otp } = await signUp(email);

    const verified = await verify(email, otp, token, browser);
    // The account is verified whatever the invitation says.
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message: 'Email verified successfully!',
      household: {
        joined: false,
        message: householdMessages.invitationOtherEmail(
          'invited.cook@example.org',
        ),
      },
    });
    const stranger = await loggedIn(email, password);
    expect(await household(stranger)).toMatchObject({
      role: 'owner',
      planUserId: stranger.id,
      members: [expect.objectContaining({ userId: stranger.id })],
    });
    expect((await household(owner)).members).toHaveLength(1);
    // The invitation stays open for the invited address.
    expect((await household(owner)).invitations).toHaveLength(1);
    expect(await auditOf(stranger.id, 'household_joined')).toEqual([
      {
        outcome: 'denied',
        details: { via: 'signup', reason: 'FORBIDDEN' },
      },
    ]);
  });

  it('does not join when the code is entered in another browser than the one that signed up', async () => {
    // Someone signs up with the victim's address from their own household's
    // link; the victim types the mailed code elsewhere. The address is
    // proven, the wish to join is not.
    const attacker = await user();
    const victim = signupBody().email;
    const token = await invite(attacker, victim);
    const { otp } = await signUp(victim);

    const verified = await verify(victim, otp, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      household: {
        joined: false,
        message: householdMessages.signupJoinOtherBrowser,
      },
    });
    expect((await household(attacker)).members).toHaveLength(1);
    expect((await household(attacker)).invitations).toHaveLength(1);
  });

  it('verifies but does not join with an expired or unknown token', async () => {
    const owner = await user();
    const email = signupBody().email;
    const token = await invite(owner, email);
    clock.advance(72 * 3600 + 1);
    const first = await signUp(email);
    const expired = await verify(email, first.otp, token, first.browser);
    expect(expired.statusCode).toBe(200);
    expect(expired.json().household).toEqual({
      joined: false,
      message: householdMessages.invitationExpired,
    });

    const other = signupBody().email;
    const second = await signUp(other);
    const unknown = await verify(
      other,
      second.otp,
      'x'.repeat(43),
      second.browser,
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().household).toEqual({
      joined: false,
      message: householdMessages.invitationInvalid,
    });
    // A fresh session: the owner's access token ran out with the clock.
    const again = await login(app, owner.user.email, owner.password);
    expect(
      (await household({ ...owner, headers: bearer(again.accessToken) }))
        .members,
    ).toHaveLength(1);
  });
});

describe('POST /api/household/invitations rate limits', () => {
  const LIMITS = {
    RATE_LIMIT_INVITE_OWNER: 3,
    RATE_LIMIT_INVITE_ADDRESS: 2,
    RATE_LIMIT_INVITE_WINDOW_SECONDS: 3600,
  };

  function sendFrom(target: App, caller: Caller, email: string) {
    return target.inject({
      method: 'POST',
      url: '/api/household/invitations',
      headers: caller.headers,
      payload: { email },
    });
  }

  function expectRefused(
    response: Awaited<ReturnType<typeof sendFrom>>,
    message: string,
  ) {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: message,
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  }

  it('answers 429 with Retry-After past the limit per owner', async () => {
    const limited = await createAccountsApp({
      config: LIMITS,
      resetData: false,
    });
    const owner = await signedIn(limited.app, db, 'user');
    for (const index of [1, 2, 3]) {
      const sent = await sendFrom(
        limited.app,
        owner,
        `guest${index}@example.net`,
      );
      expect(sent.statusCode).toBe(201);
    }
    const refused = await sendFrom(limited.app, owner, 'guest4@example.net');
    expectRefused(refused, householdMessages.tooManyInvitations);
    expect(smtp.mailsTo('guest4@example.net')).toEqual([]);
    // Another owner is not held back.
    const other = await signedIn(limited.app, db, 'user');
    expect(
      (await sendFrom(limited.app, other, 'guest4@example.net')).statusCode,
    ).toBe(201);
  });

  it('answers 429 past the limit per invited address, whoever sends', async () => {
    const limited = await createAccountsApp({
      config: LIMITS,
      resetData: false,
    });
    const address = signupBody().email;
    const first = await signedIn(limited.app, db, 'user');
    const second = await signedIn(limited.app, db, 'user');
    const third = await signedIn(limited.app, db, 'user');
    expect((await sendFrom(limited.app, first, address)).statusCode).toBe(201);
    expect((await sendFrom(limited.app, second, address)).statusCode).toBe(201);
    const refused = await sendFrom(limited.app, third, address.toUpperCase());
    expectRefused(refused, householdMessages.tooManyInvitationsToAddress);
    expect(smtp.mailsTo(address)).toHaveLength(2);
    // Other addresses still go out.
    expect(
      (await sendFrom(limited.app, third, signupBody().email)).statusCode,
    ).toBe(201);
  });

  it.runIf(testDbDriver() === 'postgres')(
    'counts in the shared counters, so two processes hold one limit',
    async () => {
      // Two apps over one database stand for two processes: each has its
      // own memory, so only the rate_limit_hits counters can hold the limit.
      const one = await createAccountsApp({ config: LIMITS, resetData: false });
      const two = await createAccountsApp({ config: LIMITS, resetData: false });
      const address = signupBody().email;
      const owner = await signedIn(one.app, db, 'user');
      expect((await sendFrom(one.app, owner, address)).statusCode).toBe(201);
      expect((await sendFrom(two.app, owner, address)).statusCode).toBe(201);
      expectRefused(
        await sendFrom(one.app, owner, address),
        householdMessages.tooManyInvitationsToAddress,
      );
      expectRefused(
        await sendFrom(two.app, owner, signupBody().email),
        householdMessages.tooManyInvitations,
      );
      // The counter keys name no address.
      const keys = await db.execute<{ key: string }>(
        sql`SELECT key FROM rate_limit_hits`,
      );
      expect(keys.rows.length).toBeGreaterThan(0);
      expect(
        keys.rows.filter((row) =>
          row.key.includes(address.split('@')[0] ?? ''),
        ),
      ).toEqual([]);
    },
  );
});
