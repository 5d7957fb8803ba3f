import { ALLERGEN_CATEGORIES } from '@platewise/food-data';
import { AllergenListSchema } from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import { createTestApp } from '../../test/build-app.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';
import { seedCatalogue } from './catalogue-seed.js';

let app: App;
let user: TestCaller;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  await seedCatalogue(test.db);
  user = await signedIn(app, test.db, 'user');
});

describe('GET /api/allergens', () => {
  it('returns the categories with their allergens in catalogue order', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/allergens',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(AllergenListSchema.parse(response.json())).toEqual({
      data: ALLERGEN_CATEGORIES.map((category) => ({
        name: category.name,
        allergens: category.allergens.map(({ id, name }) => ({ id, name })),
      })),
    });
  });

  it('returns 401 without a login', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/allergens' });
    expect(response.statusCode).toBe(401);
  });
});
