import {
  AuditPageSchema,
  DIRECTIONS_SEPARATOR,
  RecipeSchema,
  type AuditEntry,
  type Recipe,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import { createTestApp } from '../../test/build-app.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from './test/callers.js';
import { multipartBody } from './test/multipart.js';

/** The recipe catalogue's writes in the admin audit log (issue 12, S48). */

let app: App;
let admin: TestCaller;
let user: TestCaller;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  await seedCatalogue(test.db);
  [admin, user] = await Promise.all([
    signedIn(app, test.db, 'admin'),
    signedIn(app, test.db, 'user'),
  ]);
});

const LINES = [
  '400 g firm tofu',
  '2 cups broccoli florets',
  '1 tbsp olive oil',
];

/** The admin's recipe events as GET /api/admin/audit lists them. */
async function recipeEvents(recipeId: string): Promise<AuditEntry[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/audit?actor=${admin.id}&limit=100`,
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return AuditPageSchema.parse(response.json()).entries.filter(
    (entry) => entry.target === recipeId && entry.action.startsWith('recipe_'),
  );
}

async function create(name: string): Promise<Recipe> {
  const { payload, headers } = multipartBody([
    { name: 'name', value: name },
    { name: 'ingredients', value: LINES.join('\n') },
    { name: 'serving_size', value: '2' },
    { name: 'directions', value: 'Press the tofu.\nFry it.' },
    { name: 'tags', value: 'vegan, quick' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/recipes',
    payload,
    headers: { ...headers, ...admin.headers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return RecipeSchema.parse(response.json());
}

/** The edit form's body for a recipe as it is: saving it changes nothing. */
function unchanged(recipe: Recipe) {
  return {
    name: recipe.name,
    ingredients: recipe.ingredients.map((line) => line.text),
    serving_size: recipe.serving_size ?? undefined,
    directions: recipe.directions.split(DIRECTIONS_SEPARATOR),
    tags: recipe.tags,
    imageUrls: recipe.images,
  };
}

function put(id: string, body: object, caller: TestCaller = admin) {
  return app.inject({
    method: 'PUT',
    url: `/api/recipes/${id}`,
    payload: body,
    headers: caller.headers,
  });
}

describe('the audit log of recipe changes', () => {
  it('records a new recipe once with the admin and its fields, the long ones summarised', async () => {
    const recipe = await create('Audited Tofu');

    const events = await recipeEvents(recipe.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'recipe_created',
      outcome: 'success',
      actorId: admin.id,
      actorEmail: expect.stringContaining('@'),
      target: recipe.id,
      details: {
        changes: {
          name: { before: null, after: 'Audited Tofu' },
          serving_size: { before: null, after: 2 },
          tags: { before: null, after: ['vegan', 'quick'] },
          ingredients: {
            before: null,
            after: `3 lines, ${LINES.join('').length} characters`,
          },
          directions: {
            before: null,
            after: `2 steps, ${recipe.directions.length} characters`,
          },
          allergens: { before: null, after: ['soy'] },
        },
      },
    });
    // Empty fields are not listed as changes.
    const changes = events[0]?.details.changes as Record<string, unknown>;
    expect(changes).not.toHaveProperty('rating');
    expect(changes).not.toHaveProperty('url');
  });

  it('records an edit once with only the changed fields before and after', async () => {
    const recipe = await create('Tofu Before');
    const longDirections = Array.from(
      { length: 40 },
      (_, step) => `Step ${step + 1}: stir the pan gently for a minute.`,
    );

    const response = await put(recipe.id, {
      ...unchanged(recipe),
      name: 'Tofu After',
      rating: 4.5,
      directions: longDirections,
      ingredients: [...LINES, '300 g chicken breast, diced'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = RecipeSchema.parse(response.json());

    const updates = (await recipeEvents(recipe.id)).filter(
      (entry) => entry.action === 'recipe_updated',
    );
    expect(updates).toHaveLength(1);
    const [update] = updates;
    expect(update).toMatchObject({ actorId: admin.id, target: recipe.id });
    const changes = update?.details.changes as Record<string, unknown>;
    expect(changes).toEqual({
      name: { before: 'Tofu Before', after: 'Tofu After' },
      rating: { before: null, after: 4.5 },
      directions: {
        before: `2 steps, ${recipe.directions.length} characters`,
        after: `40 steps, ${after.directions.length} characters`,
      },
      ingredients: {
        before: `3 lines, ${LINES.join('').length} characters`,
        after: `4 lines, ${[...LINES, '300 g chicken breast, diced'].join('').length} characters`,
      },
      // Derived from the ingredients: chicken ends vegan and vegetarian.
      diets: {
        before: recipe.diets,
        after: after.diets,
      },
    });
    expect(recipe.diets).toContain('vegan');
    expect(after.diets).not.toContain('vegan');
    // 2,000 characters of directions leave a small event.
    expect(JSON.stringify(update).length).toBeLessThan(1500);
  });

  it('records no event for a save that changes nothing or a refused one', async () => {
    const recipe = await create('Steady Tofu');

    const same = await put(recipe.id, unchanged(recipe));
    expect(same.statusCode, same.body).toBe(200);
    const refused = await put(recipe.id, { name: 'Hijacked' }, user);
    expect(refused.statusCode).toBe(403);

    expect((await recipeEvents(recipe.id)).map((e) => e.action)).toEqual([
      'recipe_created',
    ]);
  });

  it('records a deletion once with the name of the recipe', async () => {
    const recipe = await create('Doomed Tofu');

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/recipes/${recipe.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/recipes/${recipe.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);

    const events = await recipeEvents(recipe.id);
    expect(events.map((entry) => entry.action)).toEqual([
      'recipe_deleted',
      'recipe_created',
    ]);
    expect(events[0]).toMatchObject({
      actorId: admin.id,
      details: { changes: { name: { before: 'Doomed Tofu', after: null } } },
    });
  });

  it('lists recipe events under their action name', async () => {
    await create('Filtered Tofu');
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/audit?action=recipe_created&limit=100',
      headers: admin.headers,
    });
    const { entries } = AuditPageSchema.parse(response.json());
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((entry) => entry.action))).toEqual(
      new Set(['recipe_created']),
    );
  });
});
