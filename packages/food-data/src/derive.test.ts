import { describe, expect, it } from 'vitest';

import { INGREDIENTS } from './catalogue/ingredients.js';
import {
  deriveRecipeFacts,
  KETO_HIGH_CARB_TOLERANCE_G_PER_SERVING,
  PROTEIN_LEVEL_LABELS,
  proteinLevelFor,
  weighRecipeLines,
} from './derive.js';
import type { Ingredient, RecipeLine, SeedRecipe } from './types.js';

type Line = readonly [id: string, quantity: number | null, unit: string | null];

const recipe = (servingSize: number, lines: readonly Line[]): SeedRecipe => ({
  slug: 'test-recipe',
  name: 'Test recipe',
  description: '',
  totalCookingTime: 30,
  rating: 4,
  servingSize,
  cuisine: 'Test',
  mealTypes: ['dinner'],
  tags: [],
  ingredients: lines.map(([ingredientId, quantity, unit]): RecipeLine => ({
    ingredientId,
    quantity,
    unit,
    text: `${quantity ?? ''} ${unit ?? ''} ${ingredientId}`.trim(),
  })),
  directions: [],
});

const TOFU_STIR_FRY: Line[] = [
  ['firm-tofu', 400, 'g'],
  ['bok-choy', 250, 'g'],
  ['soy-sauce', 2, 'tbsp'],
  ['garlic', 2, 'clove'],
  ['vegetable-oil', 1, 'tbsp'],
  ['jasmine-rice', 300, 'g'],
];
const KETO_TOFU: Line[] = [
  ['firm-tofu', 400, 'g'],
  ['bok-choy', 250, 'g'],
  ['tamari', 2, 'tbsp'],
  ['garlic', 2, 'clove'],
  ['vegetable-oil', 1, 'tbsp'],
  ['cauliflower-rice', 400, 'g'],
];
const OMELETTE: Line[] = [
  ['egg', 3, null],
  ['cheddar', 30, 'g'],
  ['butter', 10, 'g'],
  ['salt', null, null],
];
const CHICKEN_PASTA: Line[] = [
  ['chicken-breast', 500, 'g'],
  ['penne', 400, 'g'],
  ['parmesan', 50, 'g'],
  ['olive-oil', 2, 'tbsp'],
];
const FRUIT_SALAD: Line[] = [
  ['apple', 2, null],
  ['banana', 2, null],
  ['blueberry', 150, 'g'],
  ['honey', 1, 'tbsp'],
];
const LENTIL_SOUP: Line[] = [
  ['red-lentils', 200, 'g'],
  ['carrot', 2, null],
  ['onion', 1, null],
  ['vegetable-stock', 1, 'l'],
  ['ground-cumin', 1, 'tsp'],
];
const VEGETABLE_CURRY_WITH_FISH_SAUCE: Line[] = [
  ['sweet-potato', 2, null],
  ['coconut-milk', 1, 'can'],
  ['spinach', 1, 'bag'],
  ['fish-sauce', null, null],
];
const STEAK_WITH_SUGAR: Line[] = [
  ['sirloin-steak', 1, null],
  ['sugar', 1, 'tsp'],
];
const STEAK_WITH_HONEY: Line[] = [
  ['sirloin-steak', 1, null],
  ['honey', 1, 'tbsp'],
];
const GRAVY_STEAK: Line[] = [
  ['sirloin-steak', 2, null],
  ['all-purpose-flour', 1, 'tbsp'],
  ['beef-stock', 1, 'cup'],
];
const UNWEIGHABLE_PASTA: Line[] = [
  ['spaghetti', 1, 'cup'],
  ['olive-oil', 1, 'tbsp'],
];
const SALAD_WITH_WORCESTERSHIRE: Line[] = [
  ['romaine-lettuce', 1, 'head'],
  ['worcestershire-sauce', 1, 'tsp'],
  ['olive-oil', 2, 'tbsp'],
];

describe('deriveRecipeFacts', () => {
  it.each([
    ['tofu stir-fry', 4, TOFU_STIR_FRY, ['none', 'vegan', 'vegetarian']],
    [
      'keto tofu',
      4,
      KETO_TOFU,
      ['none', 'vegan', 'vegetarian', 'gluten-free', 'ketogenic'],
    ],
    [
      'omelette',
      1,
      OMELETTE,
      ['none', 'vegetarian', 'gluten-free', 'ketogenic'],
    ],
    ['chicken pasta', 4, CHICKEN_PASTA, ['none']],
    [
      'fruit salad with honey',
      4,
      FRUIT_SALAD,
      ['none', 'vegetarian', 'gluten-free'],
    ],
    [
      'lentil soup',
      4,
      LENTIL_SOUP,
      ['none', 'vegan', 'vegetarian', 'gluten-free'],
    ],
    [
      'curry with fish sauce to taste',
      2,
      VEGETABLE_CURRY_WITH_FISH_SAUCE,
      ['none', 'gluten-free'],
    ],
    // A keto reader sees "sugar" in the list whatever the amount.
    [
      'steak with a teaspoon of sugar',
      1,
      STEAK_WITH_SUGAR,
      ['none', 'gluten-free'],
    ],
    [
      'steak with a tablespoon of honey',
      1,
      STEAK_WITH_HONEY,
      ['none', 'gluten-free'],
    ],
    ['steak with flour gravy', 2, GRAVY_STEAK, ['none']],
    [
      'pasta that cannot be weighed',
      2,
      UNWEIGHABLE_PASTA,
      ['none', 'vegan', 'vegetarian'],
    ],
    [
      'salad with Worcestershire',
      2,
      SALAD_WITH_WORCESTERSHIRE,
      ['none', 'ketogenic'],
    ],
  ])(
    'gives the %s (serves %d) the diets %j',
    (_name, servings, lines, diets) => {
      expect(deriveRecipeFacts(recipe(servings, lines)).diets).toEqual(diets);
    },
  );

  it.each([
    ['tofu stir-fry', TOFU_STIR_FRY, ['gluten', 'wheat', 'soy']],
    ['keto tofu', KETO_TOFU, ['soy']],
    ['omelette', OMELETTE, ['milk', 'eggs']],
    ['chicken pasta', CHICKEN_PASTA, ['milk', 'gluten', 'wheat']],
    ['fruit salad', FRUIT_SALAD, []],
    ['lentil soup', LENTIL_SOUP, ['celery']],
    ['curry', VEGETABLE_CURRY_WITH_FISH_SAUCE, ['fish', 'coconut']],
    ['salad', SALAD_WITH_WORCESTERSHIRE, ['fish', 'gluten', 'barley']],
  ])(
    'gives the %s the allergens %j in catalogue order',
    (_name, lines, allergens) => {
      expect(deriveRecipeFacts(recipe(2, lines)).allergens).toEqual(allergens);
    },
  );

  it.each([
    // 3 eggs 18.9 g + 30 g cheddar 7.2 g + butter 0.09 g.
    ['omelette', 1, 26.2, 'high', OMELETTE],
    // 112.5 + 52 + 17.9 g over 4.
    ['chicken pasta', 4, 45.6, 'high', CHICKEN_PASTA],
    // Tofu 56 + bok choy 3.75 + soy sauce 2.6 + garlic 0.64 + rice 21 g over 4.
    ['tofu stir-fry', 4, 21.0, 'medium', TOFU_STIR_FRY],
    // Lentils 48 + carrots 1.26 + onion 1.65 + stock 2 + cumin 0.37 g over 4.
    ['lentil soup', 4, 13.3, 'medium', LENTIL_SOUP],
    ['fruit salad', 4, 1.2, 'low', FRUIT_SALAD],
    // The unweighable spaghetti adds nothing.
    ['unweighable pasta', 2, 0, 'low', UNWEIGHABLE_PASTA],
  ])(
    'gives the %s (serves %d) %d g protein per serving: %s',
    (_name, servings, grams, level, lines) => {
      const facts = deriveRecipeFacts(recipe(servings, lines));
      expect(facts.proteinPerServingG).toBeCloseTo(grams, 1);
      expect(facts.proteinLevel).toBe(level);
    },
  );

  it('scales the ketogenic allowance of other high-carb food with the serving size', () => {
    const peas = (grams: number): Line[] => [
      ['chicken-thigh', 500, 'g'],
      ['frozen-peas', grams, 'g'],
    ];
    expect(deriveRecipeFacts(recipe(1, peas(10))).diets).toContain('ketogenic');
    expect(deriveRecipeFacts(recipe(1, peas(20))).diets).not.toContain(
      'ketogenic',
    );
    expect(deriveRecipeFacts(recipe(2, peas(20))).diets).toContain('ketogenic');
    expect(KETO_HIGH_CARB_TOLERANCE_G_PER_SERVING).toBe(10);
  });

  it.each([
    ['sugar', 'sugar'],
    ['all-purpose-flour', 'flour'],
    ['cornstarch', 'starch'],
    ['mirin', 'a sweet sauce'],
  ])('rules out keto for a teaspoon of %s (%s) in four servings', (id) => {
    const lines: Line[] = [
      ['chicken-thigh', 500, 'g'],
      [id, 1, 'tsp'],
    ];
    expect(deriveRecipeFacts(recipe(4, lines)).diets).not.toContain(
      'ketogenic',
    );
  });

  it('keeps keto when the sugar line names a keto substitute', () => {
    const base = recipe(4, [
      ['chicken-thigh', 500, 'g'],
      ['sugar', 1, 'tsp'],
    ]);
    const withSubstitute: SeedRecipe = {
      ...base,
      ingredients: base.ingredients.map((line) =>
        line.ingredientId === 'sugar'
          ? { ...line, text: '1 tsp sugar (or erythritol)' }
          : line,
      ),
    };
    expect(deriveRecipeFacts(base).diets).not.toContain('ketogenic');
    expect(deriveRecipeFacts(withSubstitute).diets).toContain('ketogenic');
  });

  it('throws on an ingredient the catalogue does not hold', () => {
    expect(() =>
      deriveRecipeFacts(recipe(1, [['unobtainium', 1, 'g']])),
    ).toThrow(/unobtainium/);
  });

  it('accepts a catalogue as a list, a map or a lookup', () => {
    const lines: Line[] = [['house-special', 200, 'g']];
    const special: Ingredient = {
      id: 'house-special',
      name: 'house special',
      synonyms: [],
      category: 'other',
      perishable: false,
      package: { size: 100, unit: 'g', label: 'pack' },
      proteinPer100g: 10,
      flags: ['egg'],
      allergens: ['eggs'],
    };
    const expected = {
      diets: ['none', 'vegetarian', 'gluten-free', 'ketogenic'],
      allergens: ['eggs'],
      proteinPerServingG: 20,
      proteinLevel: 'medium',
    };
    const map = new Map([[special.id, special]]);
    expect(deriveRecipeFacts(recipe(1, lines), [special])).toEqual(expected);
    expect(deriveRecipeFacts(recipe(1, lines), map)).toEqual(expected);
    expect(deriveRecipeFacts(recipe(1, lines), (id) => map.get(id))).toEqual(
      expected,
    );
  });

  it('weighs each line with its ingredient', () => {
    const weights = weighRecipeLines(recipe(1, OMELETTE), INGREDIENTS);
    expect(
      weights.map(({ ingredient, grams }) => [ingredient.id, grams]),
    ).toEqual([
      ['egg', 150],
      ['cheddar', 30],
      ['butter', 10],
      ['salt', 0],
    ]);
  });
});

describe('proteinLevelFor', () => {
  it.each([
    [0, 'low'],
    [11.9, 'low'],
    [12, 'medium'],
    [24.9, 'medium'],
    [25, 'high'],
    [60, 'high'],
  ])('rates %d g per serving %s', (grams, level) => {
    expect(proteinLevelFor(grams)).toBe(level);
  });

  it('labels the levels as the spec does', () => {
    expect(Object.values(PROTEIN_LEVEL_LABELS)).toEqual([
      'High Protein',
      'Medium Protein',
      'Low Protein',
    ]);
  });
});
