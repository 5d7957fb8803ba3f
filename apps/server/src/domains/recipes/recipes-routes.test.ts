import { readdir } from 'node:fs/promises';

import { deriveRecipeFacts, SEED_RECIPES } from '@platewise/food-data';
import {
  DIRECTIONS_SEPARATOR,
  messages,
  RECIPE_IMAGE_PATH_PATTERN,
  RecipeListSchema,
  RecipeSchema,
  recipeMessages,
  type Recipe,
} from '@platewise/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import type { App } from '../../app.js';
import { createTestApp } from '../../test/build-app.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
import { uploadsDir } from '../images/images-store.js';
import { signedIn, type TestCaller } from './test/callers.js';
import {
  gifImage,
  jpegWithGps,
  noisyPng,
  pixelFloodPng,
  pngImage,
} from './test/images.js';
import { multipartBody, type FormPart } from './test/multipart.js';

const v = messages.validation;

let app: App;
let admin: TestCaller;
let user: TestCaller;
let dataDir: string;

beforeAll(async () => {
  const test = await createTestApp();
  app = test.app;
  dataDir = test.config.DATA_DIR;
  await seedCatalogue(test.db);
  [admin, user] = await Promise.all([
    signedIn(app, test.db, 'admin'),
    signedIn(app, test.db, 'user'),
  ]);
});

const VEGAN_LINES =
  '400 g firm tofu\n2 cups broccoli florets\n1 tbsp olive oil';

function post(parts: FormPart[], caller: TestCaller | null = admin) {
  const { payload, headers } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/recipes',
    payload,
    headers: { ...headers, ...(caller ? caller.headers : {}) },
  });
}

function postJson(body: Record<string, unknown>, caller: TestCaller = admin) {
  return app.inject({
    method: 'POST',
    url: '/api/recipes',
    payload: body,
    headers: caller.headers,
  });
}

function put(id: string, body: unknown, caller: TestCaller | null = admin) {
  return app.inject({
    method: 'PUT',
    url: `/api/recipes/${id}`,
    payload: body as Record<string, unknown>,
    headers: caller ? caller.headers : {},
  });
}

async function created(parts: FormPart[]): Promise<Recipe> {
  const response = await post(parts);
  expect(response.statusCode, response.body).toBe(201);
  return RecipeSchema.parse(response.json());
}

const field = (name: string, value: string): FormPart => ({ name, value });
const file = (
  data: Buffer,
  filename: string,
  contentType: string,
): FormPart => ({ name: 'images', filename, contentType, data });

async function storedUploads(): Promise<string[]> {
  return readdir(uploadsDir(dataDir)).catch(() => []);
}

describe('GET /api/recipes', () => {
  it('returns 401 without a login', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/recipes' });
    expect(response.statusCode).toBe(401);
  });

  it('returns one-based pages with the total and the default limit of 50', async () => {
    const first = RecipeListSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/recipes',
          headers: user.headers,
        })
      ).json(),
    );
    expect(first.page).toBe(1);
    expect(first.limit).toBe(50);
    expect(first.total).toBeGreaterThanOrEqual(SEED_RECIPES.length);
    expect(first.data).toHaveLength(50);

    const pages = Math.ceil(first.total / 25);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page += 1) {
      const body = RecipeListSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: `/api/recipes?page=${page}&limit=25`,
            headers: user.headers,
          })
        ).json(),
      );
      expect(body.data.length).toBe(
        Math.min(25, first.total - (page - 1) * 25),
      );
      for (const recipe of body.data) seen.add(recipe.id);
    }
    // Every recipe once across the pages: a stable order.
    expect(seen.size).toBe(first.total);

    const beyond = await app.inject({
      method: 'GET',
      url: `/api/recipes?page=${pages + 1}&limit=25`,
      headers: user.headers,
    });
    expect(beyond.json()).toMatchObject({ data: [], total: first.total });
  });

  it.each([
    ['limit=101', recipeMessages.limit],
    ['limit=0', recipeMessages.limit],
    ['limit=ten', recipeMessages.limit],
    ['page=0', recipeMessages.page],
  ])('returns 400 for %s', async (query, message) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/recipes?${query}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('lists the newest recipe first', async () => {
    const recipe = await created([
      field('name', 'Newest Tofu'),
      field('ingredients', VEGAN_LINES),
    ]);
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes?limit=25',
      headers: user.headers,
    });
    expect(response.json().data[0].id).toBe(recipe.id);
  });

  it('accepts the largest page size, 100', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes?limit=100',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(100);
  });

  it('searches names case-insensitively', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes?search=FRITTATA&limit=100',
      headers: user.headers,
    });
    const body = RecipeListSchema.parse(response.json());
    const expected = SEED_RECIPES.filter((r) => /frittata/i.test(r.name));
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(body.data.map((r) => r.name).sort()).toEqual(
      expected.map((r) => r.name).sort(),
    );
  });

  it.each(['%', '_', "' OR '1'='1", '\\'])(
    'treats %s in a search as text, not a pattern or SQL',
    async (search) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/recipes?search=${encodeURIComponent(search)}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(0);
    },
  );

  it('filters by tags, every tag in any case', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes?tags=VEGETARIAN,eggs&limit=100',
      headers: user.headers,
    });
    const body = RecipeListSchema.parse(response.json());
    const expected = SEED_RECIPES.filter(
      (r) => r.tags.includes('vegetarian') && r.tags.includes('eggs'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    for (const recipe of body.data) {
      expect(recipe.tags).toEqual(
        expect.arrayContaining(['vegetarian', 'eggs']),
      );
    }
  });
});

describe('GET /api/recipes/:id', () => {
  it('returns a seed recipe with the spec fields and derived facts', async () => {
    const seed = SEED_RECIPES[0];
    if (!seed) throw new Error('no seed recipes');
    const list = await app.inject({
      method: 'GET',
      url: `/api/recipes?search=${encodeURIComponent(seed.name)}`,
      headers: user.headers,
    });
    const found = list.json().data.find((r: Recipe) => r.slug === seed.slug);
    const response = await app.inject({
      method: 'GET',
      url: `/api/recipes/${found.id}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const recipe = RecipeSchema.parse(response.json());
    const facts = deriveRecipeFacts(seed);
    expect(recipe).toMatchObject({
      name: seed.name,
      total_cooking_time: seed.totalCookingTime,
      rating: seed.rating,
      serving_size: seed.servingSize,
      cuisine: seed.cuisine,
      directions: seed.directions.join(DIRECTIONS_SEPARATOR),
      tags: [...seed.tags],
      created_by: null,
      diets: [...facts.diets],
      allergens: [...facts.allergens],
      protein_per_serving: facts.proteinPerServingG,
    });
    expect(recipe.ingredients).toHaveLength(seed.ingredients.length);
    expect(recipe.ingredients[0]).toMatchObject({
      text: seed.ingredients[0]?.text,
      ingredientId: seed.ingredients[0]?.ingredientId,
    });
    expect(recipe.images).toHaveLength(1);
    expect(recipe.images[0]).toMatch(RECIPE_IMAGE_PATH_PATTERN);
  });

  it('returns 404 for an unknown or malformed id', async () => {
    for (const id of [
      '3f1c1a4e-0000-4000-8000-000000000000',
      'abc',
      "1' OR 1=1",
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/recipes/${encodeURIComponent(id)}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('returns 401 without a login', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/recipes/3f1c1a4e-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/recipes', () => {
  const minimal = [
    field('name', 'Tofu Bowl'),
    field('ingredients', VEGAN_LINES),
  ];

  it('returns 401 without a login and 403 for a user', async () => {
    expect((await post(minimal, null)).statusCode).toBe(401);
    const response = await post(minimal, user);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('creates a recipe from the multipart form and answers 201 with it', async () => {
    const recipe = await created([
      field('name', '  Crispy Tofu Bowl '),
      field('ingredients', `${VEGAN_LINES}\n\n2-3 cloves garlic, minced\n`),
      field('total_cooking_time', '30'),
      field('serving_size', '2'),
      field('directions', 'Press the tofu.\nFry it.\n\nServe.'),
      field('url', 'https://example.com/tofu-bowl'),
      field('tags', 'Vegan, quick, , dinner, vegan'),
      field('imageUrls[]', 'https://images.example.com/a.jpg'),
      field(
        'imageUrls[]',
        'https://images.example.com/b.jpg, https://images.example.com/c.jpg',
      ),
    ]);
    expect(recipe).toMatchObject({
      name: 'Crispy Tofu Bowl',
      total_cooking_time: 30,
      serving_size: 2,
      rating: null,
      directions: ['Press the tofu.', 'Fry it.', 'Serve.'].join(
        DIRECTIONS_SEPARATOR,
      ),
      url: 'https://example.com/tofu-bowl',
      tags: ['Vegan', 'quick', 'dinner'],
      slug: null,
      created_by: { id: admin.id, name: admin.name },
      protein_level: 'High Protein',
    });
    expect(recipe.diets).toEqual(
      expect.arrayContaining(['vegan', 'vegetarian', 'gluten-free']),
    );
    expect(recipe.ingredients.map((line) => line.ingredientId)).toEqual([
      'firm-tofu',
      'broccoli',
      'olive-oil',
      'garlic',
    ]);
    expect(recipe.ingredients[3]).toMatchObject({
      quantity: 2,
      quantityMax: 3,
      unit: 'clove',
      preparation: 'minced',
      text: '2-3 cloves garlic, minced',
    });
    // Our generated art, then the external URLs as entered.
    expect(recipe.images[0]).toMatch(RECIPE_IMAGE_PATH_PATTERN);
    expect(recipe.images.slice(1)).toEqual([
      'https://images.example.com/a.jpg',
      'https://images.example.com/b.jpg',
      'https://images.example.com/c.jpg',
    ]);

    const read = await app.inject({
      method: 'GET',
      url: `/api/recipes/${recipe.id}`,
      headers: user.headers,
    });
    expect(read.json()).toEqual(recipe);
  });

  it('accepts the same fields as JSON', async () => {
    const response = await postJson({
      name: 'Json Tofu',
      ingredients: ['400 g firm tofu', '1 tbsp olive oil'],
      tags: ['a', 'b'],
      imageUrls: ['https://images.example.com/j.jpg'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Json Tofu',
      tags: ['a', 'b'],
    });
  });

  it('ignores server-owned fields in the body (S36)', async () => {
    const foreignId = '3f1c1a4e-0000-4000-8000-000000000001';
    const response = await postJson({
      name: 'Owned Tofu',
      ingredients: VEGAN_LINES,
      id: foreignId,
      created_by: user.id,
      user_id: user.id,
      slug: 'hijacked',
      diets: ['vegan', 'ketogenic'],
      allergens: [],
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const recipe = RecipeSchema.parse(response.json());
    expect(recipe.id).not.toBe(foreignId);
    expect(recipe.created_by).toEqual({ id: admin.id, name: admin.name });
    expect(recipe.slug).toBeNull();
    expect(recipe.allergens).toEqual(['soy']);
    expect(recipe.created_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it.each([
    ['no name', [field('ingredients', VEGAN_LINES)], v.recipeNameRequired],
    [
      'a blank name',
      [field('name', '   '), field('ingredients', VEGAN_LINES)],
      v.recipeNameRequired,
    ],
    ['no ingredients', [field('name', 'X')], v.recipeIngredientsRequired],
    [
      'blank ingredients',
      [field('name', 'X'), field('ingredients', ' \n ')],
      v.recipeIngredientsRequired,
    ],
    [
      'only commas',
      [field('name', 'X'), field('ingredients', ' , ,')],
      v.recipeIngredientsRequired,
    ],
    ['a bad url', [...minimal, field('url', 'not a url')], v.invalidUrl],
    [
      'a javascript: url',
      [...minimal, field('url', 'javascript:alert(1)')],
      v.invalidUrl,
    ],
    [
      'a bad image URL',
      [
        ...minimal,
        field('imageUrls[]', 'https://ok.example/a.png'),
        field('imageUrls[]', 'nope'),
      ],
      v.invalidImageUrls,
    ],
    [
      'a data: image URL',
      [...minimal, field('imageUrls', 'data:image/png;base64,AAAA')],
      v.invalidImageUrls,
    ],
    ['a rating of 6', [...minimal, field('rating', '6')], v.ratingRange],
    [
      'a serving size of 0',
      [...minimal, field('serving_size', '0')],
      v.servingSizePositive,
    ],
    [
      'a 10,000-character name',
      [field('name', 'x'.repeat(10_000)), field('ingredients', VEGAN_LINES)],
      recipeMessages.nameTooLong,
    ],
  ])('returns 400 for %s', async (_case, parts, message) => {
    const response = await post(parts);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: message,
      code: 'VALIDATION_FAILED',
    });
  });

  it('returns 413 for a form field over 64 KB instead of cutting it', async () => {
    const response = await post([
      ...minimal,
      field('directions', 'x'.repeat(70_000)),
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(recipeMessages.fieldTooLong);
  });

  it('returns 415 for a text/plain body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/recipes',
      payload: 'name=x',
      headers: { ...admin.headers, 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('POST /api/recipes with image files', () => {
  const base = [
    field('name', 'Pictured Tofu'),
    field('ingredients', VEGAN_LINES),
  ];

  it('stores an upload re-encoded under a UUID name and serves it with safe headers', async () => {
    const before = await storedUploads();
    const recipe = await created([
      ...base,
      file(await pngImage(), '../../../../tmp/x.jpg', 'image/jpeg'),
    ]);
    const after = await storedUploads();
    const added = after.filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f-]{36}\.png$/);

    expect(recipe.images).toHaveLength(2);
    const [upload, art] = recipe.images;
    expect(upload).toMatch(RECIPE_IMAGE_PATH_PATTERN);
    expect(art).toMatch(RECIPE_IMAGE_PATH_PATTERN);

    // Public: an <img> sends no bearer token.
    const image = await app.inject({ method: 'GET', url: upload ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe(
      "default-src 'none'; sandbox",
    );
    expect(image.headers['content-disposition']).toBe(
      `inline; filename=${added[0]}`,
    );
    expect(image.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata.format).toBe('png');

    const cached = await app.inject({
      method: 'GET',
      url: upload ?? '',
      headers: { 'if-none-match': String(image.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('accepts a file of several megabytes', async () => {
    const big = await noisyPng(1000, 1000);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.length).toBeLessThan(5 * 1024 * 1024);
    const recipe = await created([...base, file(big, 'big.png', 'image/png')]);
    const image = await app.inject({
      method: 'GET',
      url: recipe.images[0] ?? '',
    });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(1000);
  });

  it('strips EXIF and GPS from a JPEG', async () => {
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const recipe = await created([
      ...base,
      file(jpeg, 'holiday.jpg', 'image/jpeg'),
    ]);
    const image = await app.inject({
      method: 'GET',
      url: recipe.images[0] ?? '',
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('accepts a GIF whatever the client calls it', async () => {
    const recipe = await created([
      ...base,
      file(await gifImage(), 'photo.png', 'application/octet-stream'),
    ]);
    const image = await app.inject({
      method: 'GET',
      url: recipe.images[0] ?? '',
    });
    expect(image.headers['content-type']).toBe('image/gif');
  });

  it('re-encodes a PNG with HTML appended, dropping the HTML', async () => {
    const polyglot = Buffer.concat([
      await pngImage(),
      Buffer.from('<html><script>alert(document.domain)</script></html>'),
    ]);
    const recipe = await created([
      ...base,
      file(polyglot, 'x.png', 'image/png'),
    ]);
    const image = await app.inject({
      method: 'GET',
      url: recipe.images[0] ?? '',
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.includes(Buffer.from('<script'))).toBe(false);
    expect(image.rawPayload.includes(Buffer.from('<html'))).toBe(false);
  });

  it.each([
    [
      'HTML saved as .jpg',
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'evil.jpg',
      'image/jpeg',
    ],
    [
      'SVG sent as image/png',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
      'x.png',
      'image/png',
    ],
    [
      'a PDF',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      'x.gif',
      'image/gif',
    ],
  ])('returns 415 for %s', async (_case, data, filename, contentType) => {
    const before = await storedUploads();
    const response = await post([...base, file(data, filename, contentType)]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe(recipeMessages.imageType);
    expect(await storedUploads()).toEqual(before);
  });

  it('returns 400 for a truncated JPEG', async () => {
    const jpeg = await jpegWithGps();
    const response = await post([
      ...base,
      file(
        jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        'cut.jpg',
        'image/jpeg',
      ),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(recipeMessages.imageUnreadable);
  });

  it('returns 413 for a file over 5 MB', async () => {
    const big = Buffer.concat([
      await pngImage(),
      Buffer.alloc(5 * 1024 * 1024),
    ]);
    const response = await post([...base, file(big, 'big.png', 'image/png')]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(recipeMessages.imageSize);
  });

  it('returns 413 for more than 5 files', async () => {
    const png = await pngImage();
    const files = Array.from({ length: 6 }, (_, i) =>
      file(png, `p${i}.png`, 'image/png'),
    );
    const response = await post([...base, ...files]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(recipeMessages.tooManyImages);
  });

  it('returns 413 for a pixel flood before decoding it', async () => {
    const started = performance.now();
    const response = await post([
      ...base,
      file(pixelFloodPng(20_000, 20_000), 'flood.png', 'image/png'),
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(recipeMessages.imagePixels);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('PUT /api/recipes/:id', () => {
  let recipe: Recipe;

  beforeAll(async () => {
    recipe = await created([
      field('name', 'Editable Tofu'),
      field('ingredients', VEGAN_LINES),
      field('serving_size', '2'),
      field('url', 'https://example.com/editable'),
      field('tags', 'vegan,quick'),
    ]);
  });

  const valid = { name: 'Edited Tofu', ingredients: VEGAN_LINES };

  it('returns 401 without a login, 403 for a user and 404 for an unknown recipe', async () => {
    expect((await put(recipe.id, valid, null)).statusCode).toBe(401);
    expect((await put(recipe.id, valid, user)).statusCode).toBe(403);
    expect(
      (await put('3f1c1a4e-0000-4000-8000-000000000000', valid)).statusCode,
    ).toBe(404);
    expect((await put('nope', valid)).statusCode).toBe(404);
  });

  it.each([
    ['no name', { ingredients: VEGAN_LINES }, v.nameAndIngredientsRequired],
    [
      'a blank name',
      { name: ' ', ingredients: VEGAN_LINES },
      v.nameAndIngredientsRequired,
    ],
    ['no ingredients', { name: 'X' }, v.nameAndIngredientsRequired],
    [
      'blank ingredients',
      { name: 'X', ingredients: '  ' },
      v.nameAndIngredientsRequired,
    ],
    [
      'ingredients with no line',
      { name: 'X', ingredients: ', ,' },
      v.atLeastOneIngredient,
    ],
    [
      'ingredients as a number',
      { name: 'X', ingredients: 42 },
      v.invalidIngredientsFormat,
    ],
    [
      'ingredients as an object',
      { name: 'X', ingredients: { a: 1 } },
      v.invalidIngredientsFormat,
    ],
    ['a rating of 5.5', { ...valid, rating: 5.5 }, v.ratingRange],
    ['a rating of -1', { ...valid, rating: -1 }, v.ratingRange],
    ['a bad url', { ...valid, url: 'example.com' }, v.invalidUrl],
    [
      'an ftp image URL',
      { ...valid, imageUrls: ['https://ok.example/a.png', 'ftp://x/y.png'] },
      v.invalidImageUrl('ftp://x/y.png'),
    ],
  ])('returns 400 for %s', async (_case, body, message) => {
    const response = await put(recipe.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: message,
      code: 'VALIDATION_FAILED',
    });
  });

  it("returns 400 for another recipe's image path", async () => {
    const other = await created([
      field('name', 'Other'),
      field('ingredients', VEGAN_LINES),
    ]);
    const foreign = other.images[0] ?? '';
    const response = await put(recipe.id, { ...valid, imageUrls: [foreign] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(v.invalidImageUrl(foreign));
  });

  it('derives the facts again: adding chicken to a vegan recipe drops vegan', async () => {
    expect(recipe.diets).toContain('vegan');
    const response = await put(recipe.id, {
      ...valid,
      ingredients: `${VEGAN_LINES}\n300 g chicken breast, diced`,
      serving_size: 2,
      rating: 4.2,
      tags: 'vegan-no-more, dinner',
    });
    expect(response.statusCode).toBe(200);
    const edited = RecipeSchema.parse(response.json());
    expect(edited.diets).not.toContain('vegan');
    expect(edited.diets).not.toContain('vegetarian');
    expect(edited.diets).toContain('gluten-free');
    expect(edited).toMatchObject({
      name: 'Edited Tofu',
      rating: 4.2,
      tags: ['vegan-no-more', 'dinner'],
      created_by: { id: admin.id },
    });
    expect(edited.protein_per_serving).toBeGreaterThan(
      recipe.protein_per_serving,
    );
  });

  it('labels no diet but none while a line is not in the catalogue', async () => {
    const response = await put(recipe.id, {
      ...valid,
      ingredients: `${VEGAN_LINES}\n2 tbsp zzyzx paste`,
    });
    const edited = RecipeSchema.parse(response.json());
    expect(edited.diets).toEqual(['none']);
    expect(edited.ingredients.at(-1)).toMatchObject({
      text: '2 tbsp zzyzx paste',
      ingredientId: null,
    });
  });

  it("reads the edit form's comma-joined lines, keeping preparations", async () => {
    const response = await put(recipe.id, {
      ...valid,
      ingredients: '1 onion, chopped,2 cloves garlic, minced, salt to taste',
    });
    const edited = RecipeSchema.parse(response.json());
    expect(edited.ingredients.map((line) => line.text)).toEqual([
      '1 onion, chopped',
      '2 cloves garlic, minced',
      'salt to taste',
    ]);
  });

  it('clears the spec fields that are absent and keeps the others', async () => {
    await put(recipe.id, {
      ...valid,
      url: 'https://example.com/x',
      rating: 3,
      cuisine: 'Thai',
      meal_types: ['dinner'],
    });
    const response = await put(recipe.id, valid);
    expect(response.json()).toMatchObject({
      url: null,
      rating: null,
      tags: [],
      directions: '',
      serving_size: null,
      total_cooking_time: null,
      images: [],
      cuisine: 'Thai',
      meal_types: ['dinner'],
    });
  });

  it('ignores server-owned fields in the body (S36)', async () => {
    const response = await put(recipe.id, {
      ...valid,
      created_by: user.id,
      user_id: user.id,
      id: '3f1c1a4e-0000-4000-8000-000000000002',
      allergens: [],
      diets: ['vegan'],
    });
    expect(response.json()).toMatchObject({
      id: recipe.id,
      created_by: { id: admin.id },
      allergens: ['soy'],
    });
  });

  it('keeps the images it is sent back, removes the others and their files', async () => {
    const pictured = await created([
      field('name', 'Two Pictures'),
      field('ingredients', VEGAN_LINES),
      file(await pngImage(), 'a.png', 'image/png'),
      file(await pngImage(4, 4), 'b.png', 'image/png'),
    ]);
    const [first, second, art] = pictured.images;
    const filesBefore = await storedUploads();
    const response = await put(pictured.id, {
      ...valid,
      imageUrls: [second, 'https://images.example.com/new.jpg', art],
    });
    expect(response.statusCode).toBe(200);
    const edited = RecipeSchema.parse(response.json());
    expect(edited.images[0]).toBe(second);
    expect(edited.images[1]).toBe('https://images.example.com/new.jpg');
    // The art is redrawn for the edited recipe under a new address.
    expect(edited.images[2]).toMatch(RECIPE_IMAGE_PATH_PATTERN);
    expect(edited.images[2]).not.toBe(art);
    expect((await storedUploads()).length).toBe(filesBefore.length - 1);
    expect(
      (await app.inject({ method: 'GET', url: first ?? '' })).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: second ?? '' })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: art ?? '' })).statusCode,
    ).toBe(404);
  });

  it('returns 400 for no body and 415 for a multipart body', async () => {
    const empty = await app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.id}`,
      headers: admin.headers,
    });
    expect(empty.statusCode).toBe(400);
    const { payload, headers } = multipartBody([
      field('name', 'X'),
      field('ingredients', '1 egg'),
    ]);
    const multipart = await app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.id}`,
      payload,
      headers: { ...headers, ...admin.headers },
    });
    expect(multipart.statusCode).toBe(415);
  });

  it('returns 415 for a text/plain body', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/recipes/${recipe.id}`,
      payload: JSON.stringify(valid),
      headers: { ...admin.headers, 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('DELETE /api/recipes/:id', () => {
  it('returns 401 without a login and 403 for a user', async () => {
    const recipe = await created([
      field('name', 'Keep'),
      field('ingredients', VEGAN_LINES),
    ]);
    const url = `/api/recipes/${recipe.id}`;
    expect((await app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'DELETE', url, headers: user.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 204, then 404, and removes the uploaded files', async () => {
    const recipe = await created([
      field('name', 'Doomed'),
      field('ingredients', VEGAN_LINES),
      file(await pngImage(), 'a.png', 'image/png'),
    ]);
    const filesBefore = await storedUploads();
    const url = `/api/recipes/${recipe.id}`;
    const first = await app.inject({
      method: 'DELETE',
      url,
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    const again = await app.inject({
      method: 'DELETE',
      url,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url, headers: user.headers }))
        .statusCode,
    ).toBe(404);
    expect(await storedUploads()).toHaveLength(filesBefore.length - 1);
    expect(
      (await app.inject({ method: 'GET', url: recipe.images[0] ?? '' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/recipes/:id/images/:imageId', () => {
  it("serves a recipe's generated art as a script-free SVG with cache headers", async () => {
    const recipe = await created([
      field('name', 'Art Tofu'),
      field('ingredients', VEGAN_LINES),
    ]);
    const response = await app.inject({
      method: 'GET',
      url: recipe.images[0] ?? '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'image/svg+xml; charset=utf-8',
    );
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(response.body).toMatch(/^<svg[\s>]/);
    expect(response.body).not.toMatch(/<script|on\w+=/i);

    const cached = await app.inject({
      method: 'GET',
      url: recipe.images[0] ?? '',
      headers: { 'if-none-match': `W/${String(response.headers.etag)}` },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('returns 404 for an unknown image, a malformed id or an external URL entry', async () => {
    const recipe = await created([
      field('name', 'External'),
      field('ingredients', VEGAN_LINES),
      field('imageUrls', 'https://images.example.com/e.jpg'),
    ]);
    const unknown = `/api/recipes/${recipe.id}/images/3f1c1a4e-0000-4000-8000-000000000000`;
    expect((await app.inject({ method: 'GET', url: unknown })).statusCode).toBe(
      404,
    );
    const malformed = `/api/recipes/${recipe.id}/images/..%2F..%2Fetc%2Fpasswd`;
    expect(
      (await app.inject({ method: 'GET', url: malformed })).statusCode,
    ).toBe(404);
  });
});

describe('recipe changes under the admin limit (RATE_LIMIT_ADMIN per IP)', () => {
  const LIMIT = 3;
  let limited: App;
  let limitedAdmin: TestCaller;

  beforeAll(async () => {
    const test = await createTestApp({
      config: { RATE_LIMIT_ADMIN: LIMIT, RATE_LIMIT_WINDOW_SECONDS: 300 },
    });
    limited = test.app;
    limitedAdmin = await signedIn(limited, test.db, 'admin');
  });

  const unknown = '3f1c1a4e-0000-4000-8000-000000000000';
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    remoteAddress = '127.0.0.1',
  ) =>
    limited.inject({
      method,
      url: method === 'POST' ? '/api/recipes' : `/api/recipes/${unknown}`,
      remoteAddress,
      headers: limitedAdmin.headers,
      ...(method === 'DELETE'
        ? {}
        : { payload: { name: 'Limited Tofu', ingredients: VEGAN_LINES } }),
    });

  it.each(['POST', 'PUT', 'DELETE'] as const)(
    '%s answers 429 with Retry-After past the limit, per client address',
    async (method) => {
      for (let sent = 0; sent < LIMIT; sent += 1) {
        expect((await send(method)).statusCode).not.toBe(429);
      }
      const refused = await send(method);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      // Another address has its own count, and reading stays open.
      expect((await send(method, '10.0.0.2')).statusCode).not.toBe(429);
      const read = await limited.inject({
        method: 'GET',
        url: '/api/recipes?limit=1',
        headers: limitedAdmin.headers,
      });
      expect(read.statusCode).toBe(200);
    },
  );
});
