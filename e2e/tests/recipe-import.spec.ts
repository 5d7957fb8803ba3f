import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test, type APIRequestContext } from '@playwright/test';

import { ADMIN } from '../support/admin.js';

/**
 * Recipe import against the built product: a recipe page served on
 * 127.0.0.1 by this test (the server runs with IMPORT_ALLOW_PRIVATE_HOSTS),
 * read into a draft, saved as a recipe and read back.
 */

const RECIPE_PAGE = `<!doctype html><html><head><title>Green shakshuka</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Loopback Kitchen' },
    {
      '@type': 'Recipe',
      name: 'Green Shakshuka',
      description: 'Eggs baked in spinach, leek and herbs.',
      totalTime: 'PT35M',
      recipeYield: '2 servings',
      recipeIngredient: [
        '1 leek, thinly sliced',
        '200g/7oz baby spinach',
        '½ bunch fresh cilantro, chopped',
        '4 large eggs',
        '2 tbsp olive oil',
        'salt to taste',
      ],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Soften the leek in the oil.' },
        { '@type': 'HowToStep', text: 'Wilt the spinach and cilantro.' },
        { '@type': 'HowToStep', text: 'Crack in the eggs, cover and cook.' },
      ],
      keywords: 'eggs, brunch',
      recipeCategory: 'Breakfast',
    },
  ],
})}</script></head><body><h1>Green shakshuka</h1></body></html>`;

let pages: Server;
let pageUrl: string;

test.beforeAll(async () => {
  pages = createServer((_request, reply) => {
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    reply.end(RECIPE_PAGE);
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/green-shakshuka`;
});

test.afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/admin/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { admin: { accessToken: string } };
  return { authorization: `Bearer ${body.admin.accessToken}` };
}

test.describe('recipe import', () => {
  test('an admin imports a recipe from a page on loopback and saves it', async ({
    request,
  }) => {
    const headers = await adminHeaders(request);

    const imported = await request.post('/api/recipes/import', {
      headers,
      data: { url: pageUrl },
    });
    expect(imported.status()).toBe(200);
    const draft = (await imported.json()) as {
      name: string;
      total_cooking_time: number;
      serving_size: number;
      meal_types: string[];
      directions: string;
      tags: string[];
      ingredients: {
        text: string;
        ingredientId: string | null;
        quantity: number | null;
        unit: string | null;
      }[];
      diets: string[];
    };
    expect(draft).toMatchObject({
      name: 'Green Shakshuka',
      total_cooking_time: 35,
      serving_size: 2,
      meal_types: ['breakfast'],
      directions:
        'Soften the leek in the oil.####Wilt the spinach and cilantro.####Crack in the eggs, cover and cook.',
    });
    expect(draft.ingredients.map((line) => line.ingredientId)).toEqual([
      'leek',
      'spinach',
      'cilantro',
      'egg',
      'olive-oil',
      'salt',
    ]);
    expect(draft.ingredients[1]).toMatchObject({ quantity: 200, unit: 'g' });
    expect(draft.diets).toContain('vegetarian');
    expect(draft.diets).not.toContain('vegan');

    // Nothing is stored until the admin saves the reviewed draft.
    const search = () =>
      request.get('/api/recipes?search=Green%20Shakshuka', { headers });
    expect(((await (await search()).json()) as { total: number }).total).toBe(
      0,
    );

    const saved = await request.post('/api/recipes', {
      headers,
      data: {
        name: draft.name,
        total_cooking_time: draft.total_cooking_time,
        serving_size: draft.serving_size,
        directions: draft.directions,
        url: pageUrl,
        tags: draft.tags,
        ingredients: draft.ingredients.map((line) => line.text).join('\n'),
        meal_types: draft.meal_types,
      },
    });
    expect(saved.status()).toBe(201);
    const recipe = (await saved.json()) as { id: string };

    const read = await request.get(`/api/recipes/${recipe.id}`, { headers });
    expect(read.status()).toBe(200);
    expect(await read.json()).toMatchObject({
      name: 'Green Shakshuka',
      url: pageUrl,
      created_by: { name: expect.any(String) },
    });
    expect(((await (await search()).json()) as { total: number }).total).toBe(
      1,
    );

    expect(
      (await request.delete(`/api/recipes/${recipe.id}`, { headers })).status(),
    ).toBe(204);
  });
});
