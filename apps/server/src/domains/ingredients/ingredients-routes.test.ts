import {
  ParseIngredientsResponseSchema,
  recipeMessages,
} from '@platewise/shared';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import { createTestApp } from '../../test/build-app.js';
import { signedIn, type TestCaller } from '../recipes/test/callers.js';

let app: App;
let user: TestCaller;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  user = await signedIn(app, test.db, 'user');
});

const parse = (payload: unknown, caller: TestCaller | null = user) =>
  app.inject({
    method: 'POST',
    url: '/api/ingredients/parse',
    headers: caller ? caller.headers : {},
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/ingredients/parse', () => {
  it('parses each line against the catalogue', async () => {
    const response = await parse({
      lines: [
        '2-3 cloves garlic, minced',
        'salt to taste',
        'a dash of mystery',
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = ParseIngredientsResponseSchema.parse(response.json());
    expect(body.data).toEqual([
      {
        line: '2-3 cloves garlic, minced',
        quantity: 2,
        quantityMax: 3,
        unit: 'clove',
        ingredient: 'garlic',
        ingredientId: 'garlic',
        preparation: 'minced',
      },
      {
        line: 'salt to taste',
        quantity: null,
        quantityMax: null,
        unit: null,
        ingredient: 'salt',
        ingredientId: 'salt',
        preparation: 'to taste',
      },
      expect.objectContaining({
        line: 'a dash of mystery',
        ingredientId: null,
      }),
    ]);
  });

  it('answers an empty list for no lines', async () => {
    expect((await parse({ lines: [] })).json()).toEqual({ data: [] });
  });

  it('returns 400 for more than 200 lines, a long line or a wrong shape', async () => {
    const many = await parse({
      lines: Array.from({ length: 201 }, () => '1 egg'),
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe(recipeMessages.tooManyLines);
    const long = await parse({ lines: ['x'.repeat(501)] });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(recipeMessages.ingredientLineTooLong);
    expect((await parse({ lines: 'one line' })).statusCode).toBe(400);
  });

  it('returns 401 without a login', async () => {
    expect((await parse({ lines: ['1 egg'] }, null)).statusCode).toBe(401);
  });
});
