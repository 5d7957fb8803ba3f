import { describe, expect, it } from 'vitest';

import { messages } from '../messages.js';
import {
  CreateRecipeSchema,
  normaliseDirections,
  splitIngredientText,
  UpdateRecipeSchema,
} from './recipes.js';

const v = messages.validation;

describe('splitIngredientText', () => {
  it('splits on lines and keeps commas inside them', () => {
    expect(splitIngredientText('1 onion, chopped\r\n\n 2 eggs \n')).toEqual([
      '1 onion, chopped',
      '2 eggs',
    ]);
  });

  it("splits the edit form's comma-joined text on commas", () => {
    expect(splitIngredientText('1 onion, chopped,2 eggs, ')).toEqual([
      '1 onion',
      'chopped',
      '2 eggs',
    ]);
  });
});

describe('normaliseDirections', () => {
  it("joins steps with '####' from lines, a marked text or a list", () => {
    expect(normaliseDirections('Mix.\n\n Bake. ')).toBe('Mix.####Bake.');
    expect(normaliseDirections('Mix.\nwell.####Bake.')).toBe(
      'Mix.\nwell.####Bake.',
    );
    expect(normaliseDirections(['Mix.', ' ', 'Bake.'])).toBe('Mix.####Bake.');
  });
});

describe('CreateRecipeSchema', () => {
  it('reads multipart strings: numbers, comma lists and blanks', () => {
    const parsed = CreateRecipeSchema.parse({
      name: ' Soup ',
      ingredients: '1 leek\n2 potatoes',
      total_cooking_time: '45',
      serving_size: '',
      tags: ['soup, winter', 'Soup'],
      imageUrls: 'https://a.example/1.jpg, https://a.example/2.jpg',
      url: '',
      id: 'ignored',
    });
    expect(parsed).toEqual({
      name: 'Soup',
      ingredients: { lines: ['1 leek', '2 potatoes'], commaSeparated: false },
      total_cooking_time: 45,
      serving_size: undefined,
      rating: undefined,
      tags: ['soup', 'winter'],
      imageUrls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'],
      url: undefined,
      directions: undefined,
      description: undefined,
      cuisine: undefined,
      meal_types: undefined,
    });
  });

  it('answers the spec texts of the add form', () => {
    const error = (input: object) =>
      CreateRecipeSchema.safeParse(input).error?.issues[0]?.message;
    expect(error({ ingredients: '1 egg' })).toBe(v.recipeNameRequired);
    expect(error({ name: 'x' })).toBe(v.recipeIngredientsRequired);
    expect(error({ name: 'x', ingredients: '1 egg', url: 'x' })).toBe(
      v.invalidUrl,
    );
    expect(
      error({
        name: 'x',
        ingredients: '1 egg',
        imageUrls: ['https://a.example', 'b'],
      }),
    ).toBe(v.invalidImageUrls);
  });
});

describe('UpdateRecipeSchema', () => {
  it('answers the spec texts of the edit form', () => {
    const error = (input: object) =>
      UpdateRecipeSchema.safeParse(input).error?.issues[0]?.message;
    expect(error({ ingredients: '1 egg' })).toBe(v.nameAndIngredientsRequired);
    expect(error({ name: 'x' })).toBe(v.nameAndIngredientsRequired);
    expect(error({ name: 'x', ingredients: ',' })).toBe(v.atLeastOneIngredient);
    expect(error({ name: 'x', ingredients: 3 })).toBe(
      v.invalidIngredientsFormat,
    );
    expect(error({ name: 'x', ingredients: '1 egg', rating: 5.1 })).toBe(
      v.ratingRange,
    );
    expect(
      error({ name: 'x', ingredients: '1 egg', imageUrls: ['nope'] }),
    ).toBe(v.invalidImageUrl('nope'));
  });

  it('accepts our own image paths next to external URLs', () => {
    const own =
      '/api/recipes/3f1c1a4e-0000-4000-8000-000000000000/images/3f1c1a4e-0000-4000-8000-000000000001';
    expect(
      UpdateRecipeSchema.parse({
        name: 'x',
        ingredients: '1 egg',
        imageUrls: [own, 'https://a.example/1.jpg'],
      }).imageUrls,
    ).toEqual([own, 'https://a.example/1.jpg']);
  });
});
