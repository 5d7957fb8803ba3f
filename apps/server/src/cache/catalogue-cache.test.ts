import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { RecipeListSchema, RecipeSchema } from '@platewise/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { seedCatalogue } from '../domains/catalogue/catalogue-seed.js';
import { signedIn, type Caller } from '../test/accounts.js';
import { createTestApp } from '../test/build-app.js';
import { createCatalogueCache } from './catalogue-cache.js';

let app: App;
let db: Database;
let user: Caller;
let admin: Caller;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  db = test.db;
  await seedCatalogue(db);
  user = await signedIn(app, db, 'user');
  admin = await signedIn(app, db, 'admin');
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...user.headers, ...headers } });

describe('catalogue reads (issue 17)', () => {
  it.each(['/api/recipes?limit=50', '/api/allergens'])(
    'GET %s answers the same JSON in br, gzip and plain, with one strong ETag',
    async (url) => {
      const plain = await get(url);
      const br = await get(url, { 'accept-encoding': 'br, gzip' });
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const etag = String(plain.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(br.headers.etag).toBe(etag);
      expect(plain.headers.vary).toContain('accept-encoding');
      // Still an authenticated API answer (security.md S45).
      expect(plain.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers 304 without a body to If-None-Match with the current tag', async () => {
    const first = await get('/api/recipes?limit=5');
    const etag = String(first.headers.etag);
    const again = await get('/api/recipes?limit=5', {
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await get('/api/recipes?limit=5', {
      'if-none-match': '"something-else"',
    });
    expect(other.statusCode).toBe(200);
  });

  it('still asks for a login before answering from the cache', async () => {
    await get('/api/allergens');
    const anonymous = await app.inject({
      method: 'GET',
      url: '/api/allergens',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows an admin edit at once: new content and a new tag', async () => {
    const list = RecipeListSchema.parse((await get('/api/recipes')).json());
    const recipe = list.data[0];
    if (!recipe) throw new Error('no recipe');
    const before = await get(`/api/recipes/${recipe.id}`);
    const etag = String(before.headers.etag);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.id}`,
      headers: admin.headers,
      payload: {
        name: `${recipe.name} (edited)`,
        ingredients: recipe.ingredients.map((line) => line.text),
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await get(`/api/recipes/${recipe.id}`, {
      'if-none-match': etag,
    });
    expect(after.statusCode).toBe(200);
    expect(RecipeSchema.parse(after.json()).name).toBe(
      `${recipe.name} (edited)`,
    );
    const listed = RecipeListSchema.parse((await get('/api/recipes')).json());
    expect(listed.data.map((item) => item.name)).toContain(
      `${recipe.name} (edited)`,
    );
  });

  it('drops its answers on a change made outside the API (an import, a script)', async () => {
    const [first] = RecipeListSchema.parse(
      (await get('/api/recipes?limit=1')).json(),
    ).data;
    if (!first) throw new Error('no recipe');
    await db.execute(
      sql`UPDATE recipes SET name = 'Changed behind the API' WHERE id = ${first.id}`,
    );
    // The trigger's NOTIFY reaches the listener after the commit.
    await vi.waitFor(async () => {
      const again = RecipeSchema.parse(
        (await get(`/api/recipes/${first.id}`)).json(),
      );
      expect(again.name).toBe('Changed behind the API');
    });
  });

  it('answers 404 for an unknown recipe, and keeps answering it', async () => {
    const url = '/api/recipes/00000000-0000-4000-8000-000000000000';
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(404);
  });
});

describe('the catalogue cache', () => {
  it('keeps every page of a large catalogue walked in order (its compressed bytes only)', async () => {
    const cache = createCatalogueCache();
    // 340 pages of 100 KB of recipe-like JSON: 34 MB as JSON, more than the
    // cache's 32 MB, a few MB compressed.
    const page = (n: number) =>
      JSON.stringify(
        Array.from({ length: 250 }, (_, i) => ({
          id: `${n}-${i}`,
          name: `Recipe ${n * 250 + i} with roasted vegetables`,
          minutes: (n * 7 + i) % 120,
          tags: ['dinner', i % 2 ? 'vegetarian' : 'quick'],
        })),
      ).padEnd(100_000, ' ');
    let builds = 0;
    const walk = async () => {
      for (let n = 0; n < 340; n += 1) {
        await cache.get(`page:${n}`, async () => {
          builds += 1;
          return page(n);
        });
      }
    };
    await walk();
    await walk();
    expect(builds).toBe(340);
    expect(cache.size).toBe(340);
  });
});
