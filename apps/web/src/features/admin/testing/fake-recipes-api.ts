import type {
  ParsedIngredientLine,
  Recipe,
  RecipeDraft,
} from '@platewise/shared';
import { http, HttpResponse } from 'msw';

/** A recipe of the admin list, with the fields a test does not care about filled. */
export function adminRecipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    id: '0b7d6f3e-0000-4000-8000-000000000001',
    slug: null,
    name: 'Green Shakshuka',
    description: '',
    total_cooking_time: 35,
    rating: 4.5,
    serving_size: 2,
    cuisine: null,
    meal_types: ['breakfast'],
    directions: 'Soften the leek.####Crack in the eggs.',
    url: 'https://example.com/shakshuka',
    tags: ['eggs', 'brunch'],
    ingredients: [
      {
        ingredient: 'leek',
        quantity: 1,
        quantityMax: null,
        unit: null,
        preparation: 'thinly sliced',
        text: '1 leek, thinly sliced',
        ingredientId: 'leek',
      },
      {
        ingredient: 'egg',
        quantity: 4,
        quantityMax: null,
        unit: null,
        preparation: null,
        text: '4 eggs',
        ingredientId: 'egg',
      },
    ],
    images: [
      '/api/recipes/0b7d6f3e-0000-4000-8000-000000000001/images/1a2b3c4d-0000-4000-8000-000000000009',
    ],
    created_by: {
      id: '6f1c2a9e-0000-4000-8000-000000000001',
      name: 'Grace Hopper',
    },
    created_at: '2025-01-02T10:00:00.000Z',
    updated_at: '2025-01-02T10:00:00.000Z',
    diets: ['vegetarian'],
    allergens: ['eggs'],
    protein_per_serving: 14,
    protein_level: 'Medium Protein',
    ...overrides,
  };
}

/** `count` recipes, ids and names numbered from 1. */
export function manyRecipes(count: number): Recipe[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return adminRecipe({
      id: `0b7d6f3e-0000-4000-8000-000000000${n}`,
      name: `Recipe ${n}`,
    });
  });
}

/**
 * GET /api/recipes over an in-memory list, as the server does it (name
 * search, one-based pages); every request's query is recorded.
 */
export function recipesListHandler(recipes: Recipe[]) {
  const requests: URLSearchParams[] = [];
  const handler = http.get('*/api/recipes', ({ request }) => {
    const query = new URL(request.url).searchParams;
    requests.push(query);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 50);
    const search = query.get('search')?.toLowerCase() ?? '';
    const found = recipes.filter(
      (recipe) => !search || recipe.name.toLowerCase().includes(search),
    );
    return HttpResponse.json({
      data: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      page,
      limit,
    });
  });
  return { handler, requests };
}

/** The fake parser's catalogue: written name → catalogue id. */
const CATALOGUE: Record<string, string> = {
  'baby spinach': 'spinach',
  spinach: 'spinach',
  eggs: 'egg',
  egg: 'egg',
  'olive oil': 'olive-oil',
  leek: 'leek',
};

const LINE = /^(\d+(?:\.\d+)?)?\s*(g|tbsp|cups?)?\s*(.*)$/;

/** A small stand-in for the server's parser: amount, unit, catalogue name. */
export function fakeParse(line: string): ParsedIngredientLine {
  const [, quantity, unit, rest = ''] = LINE.exec(line.trim()) ?? [];
  const [name = '', preparation] = rest.split(',').map((part) => part.trim());
  const id = CATALOGUE[name.toLowerCase()] ?? null;
  return {
    line,
    quantity: quantity === undefined ? null : Number(quantity),
    quantityMax: null,
    unit: unit ?? null,
    ingredient: id ?? name,
    ingredientId: id,
    preparation: preparation ?? null,
  };
}

/** POST /api/ingredients/parse with the fake parser; bodies are recorded. */
export function parseHandler() {
  const requests: string[][] = [];
  const handler = http.post('*/api/ingredients/parse', async ({ request }) => {
    const { lines } = (await request.json()) as { lines: string[] };
    requests.push(lines);
    return HttpResponse.json({ data: lines.map(fakeParse) });
  });
  return { handler, requests };
}

/** An import draft as POST /api/recipes/import answers it. */
export function recipeDraft(overrides: Partial<RecipeDraft> = {}): RecipeDraft {
  const {
    id: _id,
    slug: _slug,
    created_by: _createdBy,
    created_at: _createdAt,
    updated_at: _updatedAt,
    ...draft
  } = adminRecipe({
    name: 'Imported Lentil Soup',
    total_cooking_time: 40,
    serving_size: 4,
    directions: 'Rinse the lentils.####Simmer for 30 minutes.',
    url: null,
    tags: ['soup', 'lentils'],
    meal_types: ['lunch', 'dinner'],
    images: ['https://cdn.example.com/soup.jpg'],
    ingredients: [
      {
        ingredient: 'olive-oil',
        quantity: 2,
        quantityMax: null,
        unit: 'tbsp',
        preparation: null,
        text: '2 tbsp olive oil',
        ingredientId: 'olive-oil',
      },
      {
        ingredient: 'red lentils',
        quantity: 200,
        quantityMax: null,
        unit: 'g',
        preparation: null,
        text: '200 g red lentils',
        ingredientId: null,
      },
    ],
  });
  return { ...draft, ...overrides };
}
