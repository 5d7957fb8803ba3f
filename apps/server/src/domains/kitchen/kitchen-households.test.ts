/**
 * The kitchen is the household's (issue 20 with issue 18, ADR 012): its
 * members see and change one kitchen, keyed like the plan by the owner's
 * id; a removed member is refused at once and starts with a kitchen of
 * their own; a new owner takes the kitchen over with the plan.
 */
import {
  HouseholdSchema,
  KitchenItemsResponseSchema,
  KitchenSchema,
  MealPlanSchema,
  ShoppingSummarySchema,
  type Kitchen,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { OTHER_USER_TEXT } from '../../plugins/app/auth.js';
import {
  createAccountsApp,
  signedIn,
  type Caller,
} from '../../test/accounts.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import type { SmtpCapture } from '../../test/smtp-capture.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';

let app: App;
let db: Database;
let smtp: SmtpCapture;

beforeAll(async () => {
  const test = await createAccountsApp();
  app = test.app;
  db = test.db;
  smtp = test.smtp;
  await seedCatalogue(db);
}, 120_000);

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

async function kitchenOf(caller: Caller, userId?: string): Promise<Kitchen> {
  const response = await call(
    caller,
    'GET',
    `/api/kitchen${userId ? `?user_id=${userId}` : ''}`,
  );
  expect(response.statusCode).toBe(200);
  return KitchenSchema.parse(response.json());
}

/** An owner with a member who joined from the mailed link. */
async function pair(): Promise<{ owner: Caller; member: Caller }> {
  const owner = await signedIn(app, db, 'user');
  const member = await signedIn(app, db, 'user');
  const invited = await call(owner, 'POST', '/api/household/invitations', {
    email: member.user.email,
  });
  expect(invited.statusCode).toBe(201);
  const mail = smtp.mailsTo(member.user.email).at(-1);
  const link = /https?:\/\/\S+\/household\/join\?token=\S+/.exec(
    mail?.text ?? '',
  )?.[0];
  const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
  const joined = await call(member, 'POST', '/api/household/join', { token });
  expect(joined.statusCode).toBe(200);
  return { owner, member };
}

describe("the household's kitchen", () => {
  it('is one kitchen: what a member adds, corrects or removes, the owner sees, and the staples are shared', async () => {
    const { owner, member } = await pair();
    const added = await call(member, 'POST', '/api/kitchen', {
      items: [{ line: '2 kg potatoes' }, { line: '1 l milk' }],
    });
    expect(added.statusCode).toBe(201);
    const [potatoes, milk] = KitchenItemsResponseSchema.parse(
      added.json(),
    ).items;

    // The owner sees the member's food, with or without user_id.
    expect(
      (await kitchenOf(owner)).items.map((item) => item.ingredientId).sort(),
    ).toEqual(['milk', 'potato']);
    expect((await kitchenOf(member, owner.id)).items).toHaveLength(2);

    // The owner corrects what the member added; the member sees it.
    const patched = await call(
      owner,
      'PATCH',
      `/api/kitchen/${potatoes?.id ?? ''}`,
      { quantity: 1, unit: 'kg' },
    );
    expect(patched.statusCode).toBe(200);
    expect(
      (await kitchenOf(member)).items.find((item) => item.id === potatoes?.id),
    ).toMatchObject({ quantity: 1, grams: 1000 });

    // A member removes what the owner sees, and sets the staples for both.
    const removed = await call(
      member,
      'DELETE',
      `/api/kitchen/${milk?.id ?? ''}?user_id=${owner.id}`,
    );
    expect(removed.statusCode).toBe(204);
    const staples = await call(member, 'PUT', '/api/kitchen/staples', {
      ingredientIds: ['salt', 'olive-oil'],
    });
    expect(staples.statusCode).toBe(200);
    const seen = await kitchenOf(owner);
    expect(seen.items.map((item) => item.ingredientId)).toEqual(['potato']);
    expect(seen.staples).toEqual(['olive-oil', 'salt']);
  });

  it('takes what a member bought off the shared list', async () => {
    const { owner, member } = await pair();
    await savePreferences(app, owner.headers, {
      weekly_schedule: weekSchedule({ breakfast: false, lunch: false }),
      serving_size: 2,
    });
    const generated = await call(owner, 'GET', '/api/generate-meal-plan');
    expect(generated.statusCode).toBe(200);
    MealPlanSchema.parse(generated.json());

    const list = async (caller: Caller) => {
      const response = await call(
        caller,
        'GET',
        '/api/user-ingredients-summary',
      );
      expect(response.statusCode).toBe(200);
      return ShoppingSummarySchema.parse(response.json()).data[0];
    };
    const toBuy = (await list(member))?.freshIngredients.filter(
      (item) => item.packageCount > 0,
    );
    const first = toBuy?.[0];
    if (first === undefined) throw new Error('nothing fresh to buy');
    const ticked = await call(member, 'PUT', '/api/shopping-list/ticks', {
      ticked: [first.key],
    });
    expect(ticked.statusCode).toBe(200);
    const bought = await call(
      member,
      'POST',
      '/api/kitchen/from-shopping-list',
      {},
    );
    expect(bought.statusCode).toBe(201);

    // The owner's kitchen has it, and the owner's list has it at home.
    expect(
      (await kitchenOf(owner)).items.map((item) => item.ingredientId),
    ).toContain(first.ingredientId);
    const after = (await list(owner))?.freshIngredients.find(
      (item) => item.key === first.key,
    );
    expect(after?.ticked).toBe(false);
    expect(after?.haveQuantity ?? 0).toBeGreaterThan(0);
  });

  it('refuses a removed member at once (403), who starts with a kitchen of their own', async () => {
    const { owner, member } = await pair();
    await call(owner, 'POST', '/api/kitchen', {
      items: [{ line: '500 g spinach' }],
    });
    const [item] = (await kitchenOf(member)).items;
    expect(item?.ingredientId).toBe('spinach');

    const removed = await call(
      owner,
      'DELETE',
      `/api/household/members/${member.id}`,
    );
    expect(removed.statusCode).toBe(204);

    for (const [method, url, payload] of [
      ['GET', `/api/kitchen?user_id=${owner.id}`, undefined],
      [
        'POST',
        '/api/kitchen',
        { user_id: owner.id, items: [{ line: '1 onion' }] },
      ],
      [
        'PATCH',
        `/api/kitchen/${item?.id ?? ''}`,
        { user_id: owner.id, quantity: 1 },
      ],
      ['DELETE', `/api/kitchen/${item?.id ?? ''}?user_id=${owner.id}`],
      ['PUT', '/api/kitchen/staples', { user_id: owner.id, ingredientIds: [] }],
      ['POST', '/api/kitchen/from-shopping-list', { user_id: owner.id }],
      ['POST', '/api/kitchen/cooked', { user_id: owner.id }],
    ] as const) {
      const response = await call(member, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ error: OTHER_USER_TEXT });
    }
    // Their own kitchen has none of the household's food, and the item is
    // not theirs to change.
    expect((await kitchenOf(member)).items).toEqual([]);
    const notTheirs = await call(
      member,
      'DELETE',
      `/api/kitchen/${item?.id ?? ''}`,
    );
    expect(notTheirs.statusCode).toBe(404);
    expect((await kitchenOf(owner)).items).toHaveLength(1);
  });

  it('goes to the new owner with the plan; the old owner leaves without it', async () => {
    const { owner, member } = await pair();
    await call(owner, 'POST', '/api/kitchen', {
      items: [{ line: '2 kg potatoes' }],
    });
    await call(owner, 'PUT', '/api/kitchen/staples', {
      ingredientIds: ['salt'],
    });
    const handed = await call(owner, 'POST', '/api/household/owner', {
      userId: member.id,
    });
    expect(handed.statusCode).toBe(200);
    expect(HouseholdSchema.parse(handed.json()).planUserId).toBe(member.id);
    const left = await call(
      owner,
      'DELETE',
      `/api/household/members/${owner.id}`,
    );
    expect(left.statusCode).toBe(204);

    const kept = await kitchenOf(member);
    expect(kept.items.map((item) => item.ingredientId)).toEqual(['potato']);
    expect(kept.staples).toEqual(['salt']);
    expect((await kitchenOf(owner)).items).toEqual([]);
  });
});
