import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import { seedCatalogue } from '../../domains/catalogue/catalogue-seed.js';
import { pngImage } from '../../domains/recipes/test/images.js';
import { signedIn, type Caller } from '../../test/accounts.js';
import { createTestApp } from '../../test/build-app.js';
import { savePreferences, weekSchedule } from '../../test/planner-fixtures.js';
import { IDEMPOTENCY_TTL_SECONDS, idempotencyMessages } from './idempotency.js';

/**
 * security.md R08 through the HTTP API (app.inject), on the database of the
 * vitest project: replays, other requests under a used key, keys in flight,
 * keys per user, expiry, and a second process on the same database.
 */

let app: App;
let db: Database;
let admin: Caller;
let user: Caller;
let sequence = 0;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
  admin = await signedIn(app, db, 'admin');
  user = await signedIn(app, db, 'user');
  await savePreferences(app, user.headers, {
    weekly_schedule: weekSchedule({ breakfast: false, lunch: false }, [
      'Monday',
      'Tuesday',
      'Wednesday',
    ]),
  });
}, 120_000);

function newKey(): string {
  sequence += 1;
  return `key-${Date.now()}-${sequence}`;
}

function dish(name = `Idempotent dish ${newKey()}`) {
  return { name, ingredients: ['400 g firm tofu', '1 tbsp olive oil'] };
}

async function recipesNamed(name: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM recipes WHERE name = ${name}`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

function createRecipe(key: string | undefined, body: unknown, target = app) {
  return target.inject({
    method: 'POST',
    url: '/api/recipes',
    headers: {
      ...admin.headers,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body as Record<string, unknown>,
  });
}

/** A multipart add form with one picture, under a boundary of our choice. */
function recipeForm(
  boundary: string,
  name: string,
  png: Buffer,
): { payload: Buffer; contentType: string } {
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      field('name', name) +
        field('ingredients', '400 g firm tofu\n1 tbsp olive oil') +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('Idempotency-Key on POST /api/recipes', () => {
  it('answers a repeat with the first answer and adds one recipe', async () => {
    const key = newKey();
    const body = dish();
    const first = await createRecipe(key, body);
    const again = await createRecipe(key, body);

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await recipesNamed(body.name)).toBe(1);
  });

  it('answers 422 to the same key with another body, and adds nothing', async () => {
    const key = newKey();
    const first = dish();
    const other = dish();
    expect((await createRecipe(key, first)).statusCode).toBe(201);
    const refused = await createRecipe(key, other);

    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: idempotencyMessages.otherRequest,
      code: 'VALIDATION_FAILED',
    });
    expect(await recipesNamed(other.name)).toBe(0);
  });

  it('replays an upload sent again under a new multipart boundary, storing one recipe', async () => {
    const key = newKey();
    const name = `Uploaded dish ${key}`;
    const png = await pngImage(16, 16);
    const send = (boundary: string, title = name) => {
      const form = recipeForm(boundary, title, png);
      return app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: {
          ...admin.headers,
          'idempotency-key': key,
          'content-type': form.contentType,
        },
        payload: form.payload,
      });
    };
    const first = await send('----first-boundary-1234');
    const again = await send('----another-boundary-9876');

    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await recipesNamed(name)).toBe(1);

    const changed = await send('----third-boundary-5555', `${name} (renamed)`);
    expect(changed.statusCode).toBe(422);
  });

  it('answers 409 with Retry-After while the first request with the key is running', async () => {
    const key = newKey();
    const body = dish();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => createRecipe(key, body)),
    );
    const statuses = answers.map((answer) => answer.statusCode);

    expect(
      answers.filter(
        (answer) =>
          answer.statusCode === 201 && !answer.headers['idempotent-replayed'],
      ),
    ).toHaveLength(1);
    for (const answer of answers) {
      expect([201, 409]).toContain(answer.statusCode);
    }
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused.map((answer) => answer.headers['retry-after'])).toEqual(
      refused.map(() => '1'),
    );
    expect(statuses.length).toBe(4);
    expect(await recipesNamed(body.name)).toBe(1);
  });

  it('keeps keys per user, for 24 hours; an expired key serves a new request', async () => {
    const key = newKey();
    const body = dish();
    expect((await createRecipe(key, body)).statusCode).toBe(201);
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(row?.userId).toBe(admin.id);
    expect(
      (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0),
    ).toBe(IDEMPOTENCY_TTL_SECONDS * 1000);
    // The request is kept as a digest, never as its body.
    expect(row?.requestHash).toMatch(/^[0-9a-f]{64}$/);

    await db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(idempotencyKeys.key, key));
    const next = dish();
    expect((await createRecipe(key, next)).statusCode).toBe(201);
    expect(await recipesNamed(next.name)).toBe(1);
  });

  it('answers a retry that reaches another process on the same database with the first answer', async () => {
    const other = await createTestApp();
    const key = newKey();
    const body = dish();
    const first = await createRecipe(key, body);
    const again = await createRecipe(key, body, other.app);

    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await recipesNamed(body.name)).toBe(1);
  });

  it('leaves requests without the header alone and refuses a malformed key with 400', async () => {
    const body = dish();
    expect((await createRecipe(undefined, body)).statusCode).toBe(201);
    expect((await createRecipe(undefined, body)).statusCode).toBe(201);
    expect(await recipesNamed(body.name)).toBe(2);

    const bad = await createRecipe('has a space', dish());
    expect(bad.statusCode).toBe(400);
  });
});

describe('Idempotency-Key on plan generation', () => {
  function generate(key: string, caller = user) {
    return app.inject({
      method: 'GET',
      url: '/api/generate-meal-plan',
      headers: { ...caller.headers, 'idempotency-key': key },
    });
  }

  async function storedVersion(): Promise<number> {
    const stored = await app.inject({
      method: 'GET',
      url: '/api/preferences/user-meal-plan',
      headers: user.headers,
    });
    return stored.json().version;
  }

  it('generates once for a key: the repeat gets the same plan and the stored plan is that one', async () => {
    const key = newKey();
    const first = await generate(key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await generate(key);

    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await storedVersion()).toBe(first.json().version);

    const fresh = await generate(newKey());
    expect(fresh.json().version).not.toBe(first.json().version);
  });

  it('does not share a key between users', async () => {
    const key = newKey();
    const other = await signedIn(app, db, 'user');
    expect((await generate(key)).statusCode).toBe(200);
    // The other user has no settings: their own answer (404), not a replay.
    const theirs = await generate(key, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });
});
