import { CreateRecipeSchema, UpdateRecipeSchema } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import { adminRecipe } from '../testing/fake-recipes-api';
import {
  acceptImageFiles,
  emptyRecipeForm,
  EditRecipeFormSchema,
  recipeToFormValues,
  toRecipeFormData,
  toRecipeUpdateBody,
  type RecipeFormValues,
} from './recipe-form';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

describe('toRecipeFormData', () => {
  it('repeats imageUrls[], joins tags and adds each file as images', () => {
    const values: RecipeFormValues = {
      ...emptyRecipeForm,
      name: 'Salad',
      ingredients: ' 2 tomatoes \n\n1 clove garlic, minced',
      tags: 'a, ,b',
      imageUrls: 'https://x.example/1.jpg,, https://x.example/2.gif ',
    };
    const one = file('one.png', 'image/png');
    const two = file('two.gif', 'image/gif');
    const form = toRecipeFormData(values, CreateRecipeSchema.parse(values), [
      one,
      two,
    ]);
    expect(form.getAll('imageUrls[]')).toEqual([
      'https://x.example/1.jpg',
      'https://x.example/2.gif',
    ]);
    expect(form.get('tags')).toBe('a,b');
    expect(form.get('ingredients')).toBe(
      '2 tomatoes\n1 clove garlic, minced\n',
    );
    const images = form.getAll('images') as File[];
    expect(images.map((image) => image.name)).toEqual(['one.png', 'two.gif']);
    expect([...form.keys()]).not.toContain('url');
  });
});

describe('toRecipeUpdateBody', () => {
  it('leaves out empty fields and comma-joins the tags', () => {
    const values: RecipeFormValues = {
      ...emptyRecipeForm,
      name: 'Soup',
      ingredients: '1 onion\n2 carrots',
      tags: ' warm , , winter',
      rating: '4.25',
    };
    expect(
      toRecipeUpdateBody(values, UpdateRecipeSchema.parse(values)),
    ).toEqual({
      name: 'Soup',
      ingredients: '1 onion\n2 carrots\n',
      tags: 'warm,winter',
      rating: 4.3,
      meal_types: [],
    });
  });

  it('keeps a recipe as it was when nothing is changed', () => {
    const recipe = adminRecipe();
    const values = recipeToFormValues(recipe);
    const body = toRecipeUpdateBody(values, EditRecipeFormSchema.parse(values));
    expect(body).toEqual({
      name: recipe.name,
      ingredients: '1 leek, thinly sliced\n4 eggs\n',
      total_cooking_time: 35,
      rating: 4.5,
      serving_size: 2,
      directions: recipe.directions,
      url: recipe.url,
      tags: 'eggs,brunch',
      imageUrls: recipe.images,
      meal_types: ['breakfast'],
    });
  });
});

describe('acceptImageFiles', () => {
  it('takes JPEG, PNG and GIF up to five, and says why it refuses the rest', () => {
    expect(
      acceptImageFiles(
        [file('a.jpg', 'image/jpeg'), file('b.webp', 'image/webp')],
        0,
      ),
    ).toEqual({
      accepted: [expect.objectContaining({ name: 'a.jpg' })],
      error: 'Only JPEG, PNG or GIF images are allowed.',
    });
    expect(
      acceptImageFiles([file('big.png', 'image/png', 5 * 1024 * 1024 + 1)], 0)
        .error,
    ).toBe('Image must be 5 MB or smaller.');
    const result = acceptImageFiles(
      [file('c.png', 'image/png'), file('d.png', 'image/png')],
      4,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['c.png']);
    expect(result.error).toBe(
      'A recipe can have at most 5 uploaded images per request.',
    );
  });
});
