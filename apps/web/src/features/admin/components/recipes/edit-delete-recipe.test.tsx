import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import {
  adminRecipe,
  parseHandler,
  recipesListHandler,
} from '../../testing/fake-recipes-api';
import { RecipeManagement } from './recipe-management';

const recipe = adminRecipe();
const RECIPE_URL = `*/api/recipes/${recipe.id}`;

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

async function openRow(action: 'Edit' | 'Delete') {
  server.use(recipesListHandler([recipe]).handler, parseHandler().handler);
  const rendered = renderWithProviders(<RecipeManagement />, {
    route: '/admin/recipemanagement',
  });
  await rendered.user.click(
    await screen.findByRole('button', { name: `${action} Green Shakshuka` }),
  );
  return rendered;
}

/** PUT /api/recipes/{id}, keeping each JSON body. */
function capturePut(
  answer: () => Response = () => HttpResponse.json(recipe),
): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.put(RECIPE_URL, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function openEdit() {
  const rendered = await openRow('Edit');
  const dialog = screen.getByRole('dialog', { name: 'Edit Recipe' });
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  const replace = async (label: RegExp, text: string) => {
    await rendered.user.clear(field(label));
    if (text) {
      await rendered.user.click(field(label));
      await rendered.user.paste(text);
    }
  };
  const save = () =>
    rendered.user.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
  return { ...rendered, dialog, field, replace, save };
}

describe('Edit recipe', () => {
  it('is filled with the recipe, its rating included', async () => {
    const { field, dialog } = await openEdit();
    expect(field(/^Name/)).toHaveValue('Green Shakshuka');
    expect(field(/^Rating/)).toHaveValue(4.5);
    expect(field(/^Rating/)).toHaveAttribute('min', '0');
    expect(field(/^Rating/)).toHaveAttribute('max', '5');
    expect(field(/^Rating/)).toHaveAttribute('step', '0.1');
    expect(field(/^Tags/)).toHaveValue('eggs, brunch');
    expect(field(/^Ingredients/)).toHaveValue('1 leek, thinly sliced\n4 eggs');
    expect(field(/^Directions/)).toHaveValue(
      'Soften the leek.\nCrack in the eggs.',
    );
    expect(field(/^Image URLs/)).toHaveValue(recipe.images.join(', '));
    expect(
      within(dialog).getByRole('checkbox', { name: 'Breakfast' }),
    ).toBeChecked();
  });

  it('needs a name and ingredients', async () => {
    const bodies = capturePut();
    const { dialog, replace, save } = await openEdit();
    await replace(/^Name/, '');
    await replace(/^Ingredients/, '');
    await save();
    expect(
      await within(dialog).findAllByText('Name and ingredients are required'),
    ).toHaveLength(2);
    expect(bodies).toHaveLength(0);
  });

  it.each([
    ['5.1', 'Rating must be between 0 and 5'],
    ['-0.1', 'Rating must be between 0 and 5'],
  ])('refuses a rating of %s', async (rating, text) => {
    const bodies = capturePut();
    const { dialog, replace, save } = await openEdit();
    await replace(/^Rating/, rating);
    await save();
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it.each([
    ['0', 0],
    ['5', 5],
    ['3.7', 3.7],
  ])('accepts a rating of %s', async (rating, sent) => {
    const bodies = capturePut();
    const { replace, save } = await openEdit();
    await replace(/^Rating/, rating);
    await save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ rating: sent });
  });

  it('names the image URL it refuses, and checks the source URL', async () => {
    const bodies = capturePut();
    const { dialog, replace, save } = await openEdit();
    await replace(/^Image URLs/, 'https://cdn.example.com/a.jpg, nope.png');
    await replace(/^Source URL/, 'example dot com');
    await save();
    expect(
      await within(dialog).findByText('Invalid image URL: nope.png'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid URL format')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it.each([
    [', ,', 'At least one ingredient is required'],
    ['1 leek\n2', 'Invalid ingredients format'],
  ])('refuses the ingredients %j', async (ingredients, text) => {
    const bodies = capturePut();
    const { dialog, replace, save } = await openEdit();
    await replace(/^Ingredients/, ingredients);
    await save();
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('sends JSON without the empty fields, tags comma-joined and the ingredients as one string', async () => {
    const bodies = capturePut();
    const { replace, save } = await openEdit();
    await replace(/^Tags/, ' eggs , ,spicy ');
    await replace(/^Total cooking time/, '');
    await replace(/^Source URL/, '');
    await replace(/^Image URLs/, '');
    await replace(/^Directions/, '');
    await replace(/^Ingredients/, '4 eggs\n\n1 tin tomatoes, chopped');
    await save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Green Shakshuka',
      ingredients: '4 eggs\n1 tin tomatoes, chopped\n',
      rating: 4.5,
      serving_size: 2,
      tags: 'eggs,spicy',
      meal_types: ['breakfast'],
    });
    expect(
      await screen.findByText('Recipe updated successfully'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Recipe' })).toBeNull();
  });

  it('says “Failed to update recipe” with the server’s issues joined, keeps the dialog and marks the field', async () => {
    capturePut(() =>
      HttpResponse.json(
        {
          error: 'Validation failed',
          issues: [
            { path: 'imageUrls', message: 'Invalid image URL: /x.png' },
            { path: 'tags', message: 'Too many tags' },
          ],
        },
        { status: 400 },
      ),
    );
    const { dialog, field, replace, save } = await openEdit();
    await replace(/^Name/, 'Red Shakshuka');
    await save();
    const text =
      'Failed to update recipe: imageUrls: Invalid image URL: /x.png, tags: Too many tags';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(field(/^Name/)).toHaveValue('Red Shakshuka');
    expect(field(/^Tags/)).toHaveAccessibleDescription('Too many tags');
  });

  it('says “Failed to update recipe” with the server text', async () => {
    capturePut(() =>
      HttpResponse.json({ error: 'Recipe not found' }, { status: 404 }),
    );
    const { dialog, save } = await openEdit();
    await save();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update recipe: Recipe not found',
    );
  });
});

describe('Delete recipe', () => {
  it('asks first, then deletes and says so', async () => {
    let deletes = 0;
    server.use(
      http.delete(RECIPE_URL, () => {
        deletes += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openRow('Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete Recipe' });
    expect(dialog).toHaveTextContent('Delete “Green Shakshuka”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Delete Recipe' }),
      ).toBeNull(),
    );
    expect(deletes).toBe(0);

    await user.click(
      screen.getByRole('button', { name: 'Delete Green Shakshuka' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Recipe' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect(
      await screen.findByText('Recipe deleted successfully'),
    ).toBeInTheDocument();
    expect(deletes).toBe(1);
  });

  it('says “Failed to delete recipe” with the server text', async () => {
    server.use(
      http.delete(RECIPE_URL, () =>
        HttpResponse.json({ error: 'Recipe not found' }, { status: 404 }),
      ),
    );
    const { user } = await openRow('Delete');
    const dialog = screen.getByRole('dialog', { name: 'Delete Recipe' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete recipe: Recipe not found',
    );
  });
});
