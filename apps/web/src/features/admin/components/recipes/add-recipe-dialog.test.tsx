import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import {
  adminRecipe,
  parseHandler,
  recipeDraft,
  recipesListHandler,
} from '../../testing/fake-recipes-api';
import { RecipeManagement } from './recipe-management';

let objectUrls: string[];
let revoked: string[];

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
  // Stand-in object URLs: the previews only need distinct strings.
  objectUrls = [];
  revoked = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (file: File) => {
      const url = `blob:preview/${String(objectUrls.length)}-${file.name}`;
      objectUrls.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    value: (url: string) => revoked.push(url),
  });
});

async function openAddRecipe() {
  const list = recipesListHandler([adminRecipe()]);
  const parse = parseHandler();
  server.use(list.handler, parse.handler);
  const rendered = renderWithProviders(<RecipeManagement />, {
    route: '/admin/recipemanagement',
  });
  await screen.findByText('Green Shakshuka');
  await rendered.user.click(screen.getByRole('button', { name: 'Add Recipe' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Recipe' });
  const field = (label: RegExp) => within(dialog).getByLabelText(label);
  /** Pastes `text` into the field: typing every character is slow here. */
  const fill = async (label: RegExp, text: string) => {
    await rendered.user.click(field(label));
    await rendered.user.paste(text);
  };
  const submit = () =>
    rendered.user.click(
      within(dialog).getByRole('button', { name: 'Add Recipe' }),
    );
  return { ...rendered, dialog, field, fill, submit, list, parse };
}

/** POST /api/recipes, keeping each multipart body. */
function captureCreate(
  answer: () => Response = () =>
    HttpResponse.json(adminRecipe({ name: 'Saved' }), { status: 201 }),
) {
  const bodies: FormData[] = [];
  server.use(
    http.post('*/api/recipes', async ({ request }) => {
      bodies.push(await request.formData());
      return answer();
    }),
  );
  return bodies;
}

const png = (name = 'dish.png') =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, {
    type: 'image/png',
  });

describe('Add Recipe: validation', () => {
  it('needs a name and ingredients, a valid URL and valid image URLs', async () => {
    const bodies = captureCreate();
    const { dialog, fill, submit } = await openAddRecipe();
    await submit();
    expect(
      await within(dialog).findByText('Name is required'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Ingredients are required'),
    ).toBeInTheDocument();

    await fill(/^Name/, 'Tomato Salad');
    await fill(/^Ingredients/, '2 tomatoes');
    await fill(/^Source URL/, 'not a url');
    await fill(/^Image URLs/, 'https://cdn.example.com/a.jpg, ftp://nope');
    await submit();
    expect(
      await within(dialog).findByText('Invalid URL format'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('One or more image URLs are invalid'),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByText('Name is required'),
    ).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});

describe('Add Recipe: sending', () => {
  it('sends multipart with tags and image URLs split on commas, trimmed, blanks dropped', async () => {
    const bodies = captureCreate();
    const { dialog, fill, submit, user, list } = await openAddRecipe();
    await fill(/^Name/, '  Tomato Salad ');
    await fill(/^Total cooking time/, '15');
    await fill(/^Serving size/, '2');
    await fill(/^Source URL/, 'https://example.com/salad');
    await fill(/^Tags/, ' quick, , summer ,salad,');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lunch' }));
    await fill(/^Ingredients/, '4 tomatoes\n1 clove garlic, minced\n\n');
    await fill(/^Directions/, 'Slice.\nDress.');
    await fill(
      /^Image URLs/,
      'https://cdn.example.com/a.jpg, ,https://cdn.example.com/b.png ,',
    );
    const requestsBefore = list.requests.length;
    await submit();

    await waitFor(() => expect(bodies).toHaveLength(1));
    const body = bodies[0] as FormData;
    expect(body.get('name')).toBe('Tomato Salad');
    expect(body.get('total_cooking_time')).toBe('15');
    expect(body.get('serving_size')).toBe('2');
    expect(body.get('url')).toBe('https://example.com/salad');
    expect(body.get('tags')).toBe('quick,summer,salad');
    expect(body.get('meal_types')).toBe('lunch');
    // One line per ingredient: the comma in the second line stays in it.
    // (Multipart bodies carry line breaks as CRLF.)
    expect(String(body.get('ingredients')).replace(/\r\n/g, '\n')).toBe(
      '4 tomatoes\n1 clove garlic, minced\n',
    );
    expect(body.get('directions')).toBe('Slice.####Dress.');
    expect(body.getAll('imageUrls[]')).toEqual([
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/b.png',
    ]);
    expect(body.has('rating')).toBe(false);

    expect(
      await screen.findByText('Recipe added successfully'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add Recipe' })).toBeNull();
    // The table asks again for the page it shows.
    await waitFor(() =>
      expect(list.requests.length).toBeGreaterThan(requestsBefore),
    );
  });

  it('sends the chosen image files as multipart', async () => {
    // This checks the request's type; recipe-form.test.ts checks the parts.
    const types: (string | null)[] = [];
    server.use(
      http.post('*/api/recipes', ({ request }) => {
        types.push(request.headers.get('content-type'));
        return HttpResponse.json(adminRecipe({ name: 'Saved' }), {
          status: 201,
        });
      }),
    );
    const { dialog, fill, submit, user } = await openAddRecipe();
    await fill(/^Name/, 'Toast');
    await fill(/^Ingredients/, '1 slice bread');
    await user.upload(within(dialog).getByLabelText('Image files'), png());
    await submit();
    expect(
      await screen.findByText('Recipe added successfully'),
    ).toBeInTheDocument();
    expect(types).toEqual([
      expect.stringMatching(/^multipart\/form-data; boundary=/),
    ]);
  });

  it('leaves empty optional fields out', async () => {
    const bodies = captureCreate();
    const { fill, submit } = await openAddRecipe();
    await fill(/^Name/, 'Toast');
    await fill(/^Ingredients/, '1 slice bread');
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect([...(bodies[0] as FormData).keys()].sort()).toEqual([
      'ingredients',
      'name',
    ]);
  });

  it('keeps what was typed on a refusal and puts the server’s issues under their fields', async () => {
    captureCreate(() =>
      HttpResponse.json(
        {
          error: 'Name must be at most 200 characters.',
          issues: [
            { path: 'name', message: 'Name must be at most 200 characters.' },
          ],
        },
        { status: 400 },
      ),
    );
    const { dialog, field, fill, submit } = await openAddRecipe();
    await fill(/^Name/, 'Soup');
    await fill(/^Ingredients/, '1 onion');
    await submit();
    expect(
      await within(dialog).findByText(
        'Failed to add recipe: name: Name must be at most 200 characters.',
      ),
    ).toBeInTheDocument();
    // The toast has the spec's text.
    expect(
      screen.getByText('Failed to add recipe', { exact: true }),
    ).toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('Soup');
    expect(field(/^Name/)).toHaveAccessibleDescription(
      'Name must be at most 200 characters.',
    );
    expect(field(/^Ingredients/)).toHaveValue('1 onion');
  });
});

describe('Add Recipe: ingredient preview', () => {
  it('shows each line’s amount, unit and catalogue ingredient, and flags a line the catalogue lacks', async () => {
    const { dialog, fill, parse } = await openAddRecipe();
    await fill(/^Ingredients/, '200 g baby spinach\n1 jar dragonfruit jam');
    const preview = await within(dialog).findByRole('list', {
      name: 'Parsed ingredients',
    });
    await waitFor(() =>
      expect(within(preview).queryByText('Reading…')).not.toBeInTheDocument(),
    );
    const [spinach, jam] = within(preview).getAllByRole('listitem');
    expect(spinach).toHaveTextContent('200 g');
    expect(spinach).toHaveTextContent('spinach');
    expect(spinach).toHaveTextContent('In the catalogue as spinach');
    expect(jam).toHaveTextContent('Not in the catalogue');
    expect(
      within(dialog).getByText('1 not in the catalogue'),
    ).toBeInTheDocument();
    // Debounced: one request for what was typed, not one per keystroke.
    expect(parse.requests).toEqual([
      ['200 g baby spinach', '1 jar dragonfruit jam'],
    ]);

    // A new line sends only itself.
    await fill(/^Ingredients/, '\n2 eggs');
    await waitFor(() => expect(parse.requests).toHaveLength(2));
    expect(parse.requests[1]).toEqual(['2 eggs']);
    await waitFor(() =>
      expect(within(preview).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('says so when the parser refuses, and the form still saves', async () => {
    const bodies = captureCreate();
    const { dialog, fill, submit } = await openAddRecipe();
    server.use(
      http.post('*/api/ingredients/parse', () =>
        HttpResponse.json(
          {
            error:
              'Too many ingredient lines parsed for now, please try again later.',
          },
          { status: 429 },
        ),
      ),
    );
    await fill(/^Name/, 'Eggs');
    await fill(/^Ingredients/, '2 eggs');
    expect(
      await within(dialog).findByText(/Too many ingredient lines parsed/),
    ).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
  });
});

describe('Add Recipe: import from URL', () => {
  it('fills the form from the page’s draft for review', async () => {
    const imports: unknown[] = [];
    server.use(
      http.post('*/api/recipes/import', async ({ request }) => {
        imports.push(await request.json());
        return HttpResponse.json(recipeDraft());
      }),
    );
    const bodies = captureCreate();
    const { dialog, field, fill, user } = await openAddRecipe();
    await fill(/^Recipe page URL/, 'https://cooking.example/lentil-soup');
    await user.click(
      within(dialog).getByRole('button', { name: 'Import from URL' }),
    );
    expect(
      await within(dialog).findByText(/Imported “Imported Lentil Soup”/),
    ).toBeInTheDocument();
    expect(imports).toEqual([{ url: 'https://cooking.example/lentil-soup' }]);
    expect(field(/^Name/)).toHaveValue('Imported Lentil Soup');
    expect(field(/^Total cooking time/)).toHaveValue(40);
    expect(field(/^Serving size/)).toHaveValue(4);
    expect(field(/^Source URL/)).toHaveValue(
      'https://cooking.example/lentil-soup',
    );
    expect(field(/^Tags/)).toHaveValue('soup, lentils');
    expect(field(/^Ingredients/)).toHaveValue(
      '2 tbsp olive oil\n200 g red lentils',
    );
    expect(field(/^Directions/)).toHaveValue(
      'Rinse the lentils.\nSimmer for 30 minutes.',
    );
    expect(field(/^Image URLs/)).toHaveValue(
      'https://cdn.example.com/soup.jpg',
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Lunch' }),
    ).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Dinner' }),
    ).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Breakfast' }),
    ).not.toBeChecked();
    // Nothing is stored until the admin saves.
    expect(bodies).toHaveLength(0);
  });

  it('imports on Enter without submitting the recipe, and shows why a page fails', async () => {
    server.use(
      http.post('*/api/recipes/import', () =>
        HttpResponse.json(
          { error: 'The page has no recipe data (schema.org Recipe).' },
          { status: 422 },
        ),
      ),
    );
    const bodies = captureCreate();
    const { dialog, field, fill, user } = await openAddRecipe();
    await user.type(field(/^Recipe page URL/), 'nope{Enter}');
    expect(
      await within(dialog).findByText('Invalid URL format'),
    ).toBeInTheDocument();
    await user.clear(field(/^Recipe page URL/));
    await fill(/^Recipe page URL/, 'https://blog.example/about');
    await user.keyboard('{Enter}');
    expect(
      await within(dialog).findByText(
        'The page has no recipe data (schema.org Recipe).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(bodies).toHaveLength(0);
  });
});

describe('Add Recipe: images', () => {
  it('previews chosen images, removes one, and frees every preview when closed', async () => {
    const { dialog, user } = await openAddRecipe();
    const input = within(dialog).getByLabelText('Image files');
    expect(input).toHaveAttribute(
      'accept',
      expect.stringContaining('image/gif'),
    );
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, [png('one.png'), png('two.png')]);
    expect(within(dialog).getByAltText('Preview of one.png')).toHaveAttribute(
      'src',
      objectUrls[0],
    );
    expect(
      within(dialog).getByAltText('Preview of two.png'),
    ).toBeInTheDocument();

    await user.click(
      within(dialog).getByRole('button', { name: 'Remove one.png' }),
    );
    expect(within(dialog).queryByAltText('Preview of one.png')).toBeNull();
    expect(revoked).toEqual([objectUrls[0]]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(revoked).toEqual(objectUrls));
  });

  it('refuses files that are not JPEG, PNG or GIF', async () => {
    const { dialog } = await openAddRecipe();
    fireEvent.change(within(dialog).getByLabelText('Image files'), {
      target: {
        files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })],
      },
    });
    expect(
      await within(dialog).findByText(
        'Only JPEG, PNG or GIF images are allowed.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('list', { name: 'Chosen images' }),
    ).toBeNull();
  });
});
