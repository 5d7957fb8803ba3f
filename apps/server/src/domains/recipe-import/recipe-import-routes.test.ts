import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  DIRECTIONS_SEPARATOR,
  RecipeDraftSchema,
  recipeMessages,
} from '@platewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import { createTestApp } from '../../test/build-app.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';

/**
 * The import end to end: a recipe page served on 127.0.0.1 (the only
 * address these tests ever contact), the API listening on a real port.
 */

const RECIPE_JSON_LD = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Loopback Kitchen' },
    {
      '@type': ['Recipe', 'NewsArticle'],
      name: 'Lemon &amp; Herb Chicken',
      description: '<p>Bright, <b>easy</b> roast chicken.</p>',
      totalTime: 'PT1H15M',
      recipeYield: ['4', '4 servings'],
      recipeIngredient: [
        '2 lb chicken thighs',
        '2-3 cloves garlic, minced',
        'juice of 1 lemon',
        '2 tbsp olive oil',
        'salt to taste',
      ],
      recipeInstructions: [
        {
          '@type': 'HowToSection',
          name: 'Prepare',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Heat the oven to 425°F.' },
            { '@type': 'HowToStep', text: 'Toss the chicken with everything.' },
          ],
        },
        {
          '@type': 'HowToSection',
          name: 'Roast',
          itemListElement: [
            { '@type': 'HowToStep', text: 'Roast for 40 minutes.' },
          ],
        },
      ],
      image: [
        { '@type': 'ImageObject', url: 'https://img.example/lemon.jpg' },
        '/images/chicken.jpg',
      ],
      keywords: 'chicken, lemon, weeknight',
      recipeCategory: 'Dinner',
      recipeCuisine: ['Mediterranean'],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.7' },
    },
  ],
};

const pageWith = (jsonLd: unknown) =>
  `<!doctype html><html><head><title>Recipe</title>
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head><body><h1>Lemon chicken</h1></body></html>`;

let pages: Server;
let pagesBase: string;
let pageRequests = 0;

beforeAll(async () => {
  pages = createServer((request, reply) => {
    pageRequests += 1;
    if (request.url === '/old-address') {
      reply.writeHead(301, { location: '/recipes/lemon-chicken' });
      reply.end();
      return;
    }
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    reply.end(
      request.url === '/recipes/lemon-chicken'
        ? pageWith(RECIPE_JSON_LD)
        : pageWith({ '@type': 'Article', name: 'Not a recipe' }),
    );
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});

afterAll(async () => {
  pages.closeAllConnections();
  await new Promise((resolve) => pages.close(resolve));
});

describe('POST /api/recipes/import', () => {
  describe('with IMPORT_ALLOW_PRIVATE_HOSTS=true', () => {
    let app: App;
    let apiBase: string;
    let admin: TestCaller;
    let user: TestCaller;

    beforeAll(async () => {
      const test = await createTestApp({
        config: { IMPORT_ALLOW_PRIVATE_HOSTS: true },
      });
      app = test.app;
      await seedCatalogue(test.db);
      [admin, user] = await Promise.all([
        signedIn(app, test.db, 'admin'),
        signedIn(app, test.db, 'user'),
      ]);
      apiBase = await app.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      await app.close();
    });

    const importPage = (url: string, caller: TestCaller | null = admin) =>
      fetch(`${apiBase}/api/recipes/import`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(caller ? caller.headers : {}),
        },
        body: JSON.stringify({ url }),
      });

    it('imports a draft from a page behind a redirect, through real HTTP', async () => {
      const response = await importPage(`${pagesBase}/old-address`);
      expect(response.status).toBe(200);
      const draft = RecipeDraftSchema.parse(await response.json());
      expect(draft).toMatchObject({
        name: 'Lemon & Herb Chicken',
        description: 'Bright, easy roast chicken.',
        total_cooking_time: 75,
        serving_size: 4,
        rating: 4.7,
        cuisine: 'Mediterranean',
        meal_types: ['dinner'],
        url: `${pagesBase}/recipes/lemon-chicken`,
        tags: ['chicken', 'lemon', 'weeknight', 'Dinner', 'Mediterranean'],
        images: [
          'https://img.example/lemon.jpg',
          `${pagesBase}/images/chicken.jpg`,
        ],
        // Section names are kept as heading steps ("Prepare:").
        directions: [
          'Prepare:',
          'Heat the oven to 425°F.',
          'Toss the chicken with everything.',
          'Roast:',
          'Roast for 40 minutes.',
        ].join(DIRECTIONS_SEPARATOR),
        protein_level: 'High Protein',
      });
      expect(draft.ingredients.map((line) => line.ingredientId)).toEqual([
        'chicken-thigh',
        'garlic',
        'lemon',
        'olive-oil',
        'salt',
      ]);
      expect(draft.ingredients[1]).toMatchObject({
        quantity: 2,
        quantityMax: 3,
        unit: 'clove',
        preparation: 'minced',
      });
      expect(draft.diets).toContain('gluten-free');
      expect(draft.diets).not.toContain('vegetarian');
      // A draft is not stored.
      expect('id' in draft).toBe(false);
    });

    it('answers 422 for a page without recipe data', async () => {
      const response = await importPage(`${pagesBase}/article`);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: string };
      expect(body.error).toBe(recipeMessages.importNoRecipe);
    });

    it('answers 401 without a login and 403 for a user', async () => {
      expect((await importPage(`${pagesBase}/old-address`, null)).status).toBe(
        401,
      );
      expect((await importPage(`${pagesBase}/old-address`, user)).status).toBe(
        403,
      );
    });
  });

  describe('with private hosts refused (the default)', () => {
    let app: App;
    let admin: TestCaller;

    beforeAll(async () => {
      const test = await createTestApp();
      app = test.app;
      admin = await signedIn(app, test.db, 'admin');
    });

    const importPage = (url: string) =>
      app.inject({
        method: 'POST',
        url: '/api/recipes/import',
        headers: admin.headers,
        payload: { url },
      });

    it.each([
      [
        'loopback',
        () => `${pagesBase}/recipes/lemon-chicken`,
        recipeMessages.importNotAllowed,
      ],
      [
        'localhost',
        () =>
          `${pagesBase.replace('127.0.0.1', 'localhost')}/recipes/lemon-chicken`,
        recipeMessages.importNotAllowed,
      ],
      [
        'IPv6 loopback',
        () => 'http://[::1]:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        'IPv4-mapped loopback',
        () => 'http://[::ffff:127.0.0.1]:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        'IPv4-compatible loopback (::7f00:1)',
        () => `http://[::127.0.0.1]:${new URL(pagesBase).port}/`,
        recipeMessages.importNotAllowed,
      ],
      [
        'IPv4-translated loopback',
        () => `http://[::ffff:0:127.0.0.1]:${new URL(pagesBase).port}/`,
        recipeMessages.importNotAllowed,
      ],
      [
        'NAT64 loopback',
        () => 'http://[64:ff9b::127.0.0.1]:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        'local-use NAT64',
        () => 'http://[64:ff9b:1::a00:1]:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        '6to4 of a private network',
        () => 'http://[2002:c0a8:101::1]:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        'Teredo of loopback',
        () => 'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        'a decimal loopback',
        () => 'http://2130706433:9/',
        recipeMessages.importNotAllowed,
      ],
      [
        'a private network',
        () => 'http://10.0.0.1/',
        recipeMessages.importNotAllowed,
      ],
      [
        'the metadata address',
        () => 'http://169.254.169.254/latest/meta-data/',
        recipeMessages.importNotAllowed,
      ],
      ['ftp:', () => 'ftp://127.0.0.1/recipe', recipeMessages.importScheme],
      ['file:', () => 'file:///etc/passwd', recipeMessages.importScheme],
    ])('refuses %s with 400 before connecting', async (_case, url, message) => {
      const before = pageRequests;
      const response = await importPage(url());
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
      expect(pageRequests).toBe(before);
    });

    it('answers 400 for a missing or malformed address', async () => {
      for (const payload of [{}, { url: '' }, { url: 'recipes please' }]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/recipes/import',
          headers: admin.headers,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('Invalid URL format');
      }
    });
  });
});
