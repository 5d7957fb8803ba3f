import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { viewportWidth } from '../../testing/fake-admin-api';
import {
  adminRecipe,
  manyRecipes,
  recipesListHandler,
} from '../../testing/fake-recipes-api';
import { RecipeManagement } from './recipe-management';

function renderPage(route = '/admin/recipemanagement') {
  return renderWithProviders(<RecipeManagement />, {
    route,
    path: '/admin/recipemanagement',
  });
}

const table = () => screen.getByRole('table', { name: 'Recipes' });
const columnHeaders = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

describe('RecipeManagement: the table', () => {
  it('asks for the first page of 50 and lists the recipes', async () => {
    const { handler, requests } = recipesListHandler(manyRecipes(3));
    server.use(handler);
    renderPage();
    expect(await screen.findByText('Recipe 001')).toBeInTheDocument();
    expect(screen.getByText('Recipe 003')).toBeInTheDocument();
    expect(requests[0]?.toString()).toBe('page=1&limit=50');
  });

  it.each([
    [390, ['Name', 'Actions']],
    [1000, ['Name', 'Tags', 'Created by', 'Actions']],
    [1440, ['ID', 'Name', 'Tags', 'Created by', 'Actions']],
  ])('at %i px shows the columns %j', async (width, headers) => {
    vi.spyOn(window, 'matchMedia').mockImplementation(viewportWidth(width));
    server.use(recipesListHandler([adminRecipe()]).handler);
    renderPage();
    await screen.findByText('Green Shakshuka');
    expect(columnHeaders()).toEqual(headers);
  });

  it('shows id, name, the first 3 tags then an ellipsis, the creator and Edit/Delete', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(viewportWidth(1440));
    server.use(
      recipesListHandler([
        adminRecipe({ tags: ['quick', 'vegan', 'one-pot', 'spicy', 'cheap'] }),
        adminRecipe({
          id: '0b7d6f3e-0000-4000-8000-000000000002',
          name: 'Seed Porridge',
          tags: ['oats', 'warm', 'sweet'],
          created_by: null,
        }),
      ]).handler,
    );
    renderPage();
    const row = (await screen.findByText('Green Shakshuka')).closest('tr');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('0b7d6f3e');
    expect(
      within(cells[2] as HTMLElement)
        .queryAllByText(/^(quick|vegan|one-pot|spicy|cheap)$/)
        .map((chip) => chip.textContent),
    ).toEqual(['quick', 'vegan', 'one-pot']);
    expect(cells[2]).toHaveTextContent('…');
    // The hidden tags are read out, not dropped.
    expect(cells[2]).toHaveTextContent('and 2 more: spicy, cheap');
    expect(cells[3]).toHaveTextContent('Grace Hopper');
    expect(
      within(cells[4] as HTMLElement).getByRole('button', {
        name: 'Edit Green Shakshuka',
      }),
    ).toBeInTheDocument();
    expect(
      within(cells[4] as HTMLElement).getByRole('button', {
        name: 'Delete Green Shakshuka',
      }),
    ).toBeInTheDocument();

    // Exactly three tags: no ellipsis.
    const seed = screen.getByText('Seed Porridge').closest('tr');
    const seedCells = within(seed as HTMLElement).getAllByRole('cell');
    expect(seedCells[2]).not.toHaveTextContent('…');
    expect(seedCells[3]).toHaveTextContent('Catalogue');
  });

  it('says “No recipes found” when nothing matches', async () => {
    server.use(recipesListHandler([]).handler);
    renderPage();
    expect(await screen.findByText('No recipes found')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });

  it('shows a loading state until the first page arrives', async () => {
    server.use(recipesListHandler([adminRecipe()]).handler);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading recipes…');
    await screen.findByText('Green Shakshuka');
    expect(screen.queryByText('Loading recipes…')).not.toBeInTheDocument();
  });
});

describe('RecipeManagement: errors', () => {
  it.each([
    [
      'the server text',
      { error: 'Database unavailable' },
      'Failed to fetch recipes: Database unavailable',
    ],
    [
      'the issues, joined with their paths',
      {
        error: 'Validation failed',
        issues: [
          { path: 'limit', message: 'Limit must be a whole number' },
          { path: 'page', message: 'Page must be a whole number from 1.' },
        ],
      },
      'Failed to fetch recipes: limit: Limit must be a whole number, page: Page must be a whole number from 1.',
    ],
  ])('says “Failed to fetch recipes” with %s', async (_, body, text) => {
    server.use(
      http.get('*/api/recipes', () => HttpResponse.json(body, { status: 400 })),
    );
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('retries after a failure', async () => {
    server.use(
      http.get(
        '*/api/recipes',
        () => HttpResponse.json({ error: 'Boom' }, { status: 500 }),
        { once: true },
      ),
      recipesListHandler([adminRecipe()]).handler,
    );
    const { user } = renderPage();
    expect(
      await screen.findByText('Failed to fetch recipes: Boom'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Green Shakshuka')).toBeInTheDocument();
    expect(
      screen.queryByText(/Failed to fetch recipes/),
    ).not.toBeInTheDocument();
  });
});

describe('RecipeManagement: search and pages', () => {
  it('searches on the server once typing pauses', async () => {
    const recipes = [
      adminRecipe(),
      adminRecipe({
        id: '0b7d6f3e-0000-4000-8000-000000000002',
        name: 'Lentil Soup',
      }),
    ];
    const { handler, requests } = recipesListHandler(recipes);
    server.use(handler);
    const { user } = renderPage();
    await screen.findByText('Lentil Soup');
    const box = screen.getByRole('searchbox', { name: 'Search recipes' });
    expect(box).toHaveAttribute('placeholder', 'Search recipes by name...');
    await user.type(box, 'lentil');
    await waitFor(() =>
      expect(screen.queryByText('Green Shakshuka')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Lentil Soup')).toBeInTheDocument();
    // One request for the whole word, none per keystroke.
    expect(requests.filter((query) => query.has('search'))).toHaveLength(1);
    expect(requests.at(-1)?.get('search')).toBe('lentil');
  });

  it('reads the search of the address (the top bar sets it)', async () => {
    const { handler, requests } = recipesListHandler(manyRecipes(3));
    server.use(handler);
    renderPage('/admin/recipemanagement?search=Recipe%20002');
    expect(await screen.findByText('Recipe 002')).toBeInTheDocument();
    expect(screen.queryByText('Recipe 001')).not.toBeInTheDocument();
    expect(requests[0]?.get('search')).toBe('Recipe 002');
  });

  it('labels pages “from–to of count”, offers 25, 50 and 100, and pages on', async () => {
    const { handler, requests } = recipesListHandler(manyRecipes(120));
    server.use(handler);
    const { user } = renderPage();
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
    expect(screen.getByText('Recipe 051')).toBeInTheDocument();
    expect(requests.at(-1)?.toString()).toBe('page=2&limit=50');

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '100']);
    await user.click(screen.getByRole('option', { name: '25' }));
    // A new page size starts again at the first page.
    expect(await screen.findByText('1–25 of 120')).toBeInTheDocument();
    expect(requests.at(-1)?.toString()).toBe('page=1&limit=25');
  });
});
