import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { RECIPE_PLACEHOLDER_SRC } from '../../features/meal-plans/components/recipe-image';
import { mealPlansApi } from '../../features/meal-plans/meal-plans-api';
import {
  fakeMeal,
  fakePlan,
  TEST_USER_ID,
} from '../../features/meal-plans/testing/fake-plan';
import { shoppingListApi } from '../../features/shopping-list/shopping-list-api';
import { fakeSummary } from '../../features/shopping-list/testing/fake-shopping-list';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render';

const stored = { id: TEST_USER_ID, firstName: 'Grace', email: 'g@example.com' };

function openDashboard(route = '/user/dashboard') {
  return renderApp(route, { preloadedState: { user: { userData: stored } } });
}

/** Serves `plan` (null: 404) and counts the reads. */
function servePlan(plan: ReturnType<typeof fakePlan> | null) {
  const reads = { count: 0, userIds: [] as (string | null)[] };
  server.use(
    http.get('*/api/preferences/user-meal-plan', ({ request }) => {
      reads.count += 1;
      reads.userIds.push(new URL(request.url).searchParams.get('user_id'));
      return plan
        ? HttpResponse.json(plan)
        : HttpResponse.json({ error: 'No meal plan yet.' }, { status: 404 });
    }),
  );
  return reads;
}

const group = (name: string) => screen.getByRole('region', { name });
const cardNames = (region: HTMLElement) =>
  within(region)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

describe('/user/dashboard', () => {
  it('groups meals under Breakfast, Lunch and Dinner, each in day order', async () => {
    const reads = servePlan(
      fakePlan({
        Wednesday: { dinner: 'Green curry' },
        Monday: { breakfast: 'Overnight oats', dinner: 'Lentil soup' },
        Tuesday: { lunch: 'Tomato salad', dinner: 'Fish tacos' },
      }),
    );
    openDashboard();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Dashboard' }),
    ).toBeVisible();
    await screen.findByRole('region', { name: 'Dinner' });
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(
      expect.arrayContaining(['Breakfast', 'Lunch', 'Dinner']) as string[],
    );
    expect(cardNames(group('Breakfast'))).toEqual([
      'Monday breakfast: Overnight oats',
    ]);
    expect(cardNames(group('Lunch'))).toEqual(['Tuesday lunch: Tomato salad']);
    expect(cardNames(group('Dinner'))).toEqual([
      'Monday dinner: Lentil soup',
      'Tuesday dinner: Fish tacos',
      'Wednesday dinner: Green curry',
    ]);
    expect(reads.userIds).toEqual([TEST_USER_ID]);
  });

  it('keeps the plan in the RTK Query cache only, never in persisted state', async () => {
    const plan = fakePlan({ Monday: { dinner: 'Lentil soup' } });
    servePlan(plan);
    const { store } = openDashboard();
    await screen.findByRole('region', { name: 'Dinner' });
    expect(
      mealPlansApi.endpoints.getMealPlan.select(TEST_USER_ID)(store.getState())
        .data?.meals,
    ).toEqual(plan.meals);
    // ADR 011: no second copy that could go stale.
    expect(store.getState()).not.toHaveProperty('preferences');
  });

  it('filters the cards by recipe name from the top-bar search', async () => {
    servePlan(
      fakePlan({
        Monday: { lunch: 'Tomato soup', dinner: 'Lentil soup' },
        Tuesday: { dinner: 'Fish tacos' },
      }),
    );
    const { user } = openDashboard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.type(
      screen.getByRole('searchbox', { name: 'Search recipes' }),
      'SOUP',
    );
    expect(cardNames(group('Lunch'))).toEqual(['Monday lunch: Tomato soup']);
    expect(cardNames(group('Dinner'))).toEqual(['Monday dinner: Lentil soup']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search recipes' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'Search recipes' }),
      'pizza',
    );
    expect(await screen.findByText('No meals match “pizza”.')).toBeVisible();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it('applies a search given in the address', async () => {
    servePlan(
      fakePlan({ Monday: { lunch: 'Tomato soup', dinner: 'Fish tacos' } }),
    );
    openDashboard('/user/dashboard?q=tacos');
    expect(await screen.findByRole('region', { name: 'Dinner' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Lunch' })).toBeNull();
    expect(
      screen.getByRole('searchbox', { name: 'Search recipes' }),
    ).toHaveValue('tacos');
  });

  it('says there are no meals without a plan, and Delete Plan is disabled', async () => {
    servePlan(null);
    openDashboard();
    expect(
      await screen.findByText(
        'No meals scheduled. Set your preferences in the Settings tab!',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Plan' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeDisabled();
    expect(
      screen.getByRole('link', { name: 'Go to Settings' }),
    ).toHaveAttribute('href', '/user/setting');
  });

  it('says “Failed to load meal plan.” when the plan cannot be read', async () => {
    server.use(
      http.get('*/api/preferences/user-meal-plan', () =>
        HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    openDashboard();
    expect(await screen.findByText('Failed to load meal plan.')).toBeVisible();
  });

  it('shows what the plan saves and the meals it could not plan', async () => {
    servePlan(
      fakePlan(
        { Monday: { dinner: 'Lentil soup' } },
        {
          unfilled: [
            {
              day: 'Friday',
              slot: 'lunch',
              reason: 'No vegan lunch without peanuts is left.',
            },
          ],
        },
      ),
    );
    openDashboard();
    const panel = await screen.findByRole('region', {
      name: 'What this plan saves',
    });
    expect(within(panel).getByText('9 of 14')).toBeVisible();
    expect(within(panel).getByText('240 g expected waste')).toBeVisible();
    expect(
      within(panel).getByText(
        /against 800 g for a typical unplanned week \(70 % less\)/,
      ),
    ).toBeVisible();
    // The dashboard says in one sentence what the saving is compared with.
    expect(
      within(panel).getByText(/compared with the same meals chosen without/i),
    ).toBeVisible();
    expect(
      screen.getByText('Friday lunch: No vegan lunch without peanuts is left.'),
    ).toBeVisible();
  });
});

describe('the shopping list', () => {
  it('is read again after each change of the plan', async () => {
    const plan = fakePlan(
      { Monday: { dinner: 'Lentil soup' } },
      { version: 2 },
    );
    servePlan(plan);
    let summaryReads = 0;
    server.use(
      http.get('*/api/user-ingredients-summary', () => {
        summaryReads += 1;
        return HttpResponse.json(fakeSummary([], [], plan.version));
      }),
      http.post('*/api/meal-plans/regenerate-meal', () =>
        HttpResponse.json({
          ...plan,
          version: 3,
          meals: [{ day: 'Monday', dinner: fakeMeal('Dal') }],
        }),
      ),
    );
    const { store, user } = openDashboard();
    // The list is open elsewhere (another route kept in the cache).
    const list = store.dispatch(
      shoppingListApi.endpoints.getShoppingList.initiate(TEST_USER_ID),
    );
    await waitFor(() => expect(summaryReads).toBe(1));
    await user.click(
      await screen.findByRole('button', { name: 'Regenerate Monday dinner' }),
    );
    await screen.findByRole('article', { name: 'Monday dinner: Dal' });
    await waitFor(() => expect(summaryReads).toBe(2));
    list.unsubscribe();
  });
});

describe('Recipe Details', () => {
  it('shows the picture, facts, ingredients, numbered steps and the reason', async () => {
    servePlan(
      fakePlan({
        Monday: {
          dinner: fakeMeal('Lentil soup', {
            rating: 4,
            total_cooking_time: 45,
            serving_size: 3,
            ingredients: [
              { ingredient: 'red lentils', quantity: 300, unit: 'g' },
              { ingredient: 'onion', quantity: 1.5, unit: null },
              // The lines of issue 21, as a cook writes them.
              { ingredient: 'salmon fillet', quantity: 2, unit: 'fillet' },
              { ingredient: 'bok choy', quantity: 2, unit: 'head' },
              { ingredient: 'vegetable stock', quantity: 1.5, unit: 'cup' },
              { ingredient: 'salt', quantity: null, unit: null },
            ],
            directions: 'Rinse the lentils.####  Simmer for 20 minutes. ####',
            reason: 'Shares the carrots bought for Tuesday’s salad.',
          }),
        },
      }),
    );
    const { user } = openDashboard();
    await user.click(
      await screen.findByRole('button', {
        name: 'View Lentil soup (Monday dinner)',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Lentil soup/ });
    expect(
      within(dialog).getByRole('img', { name: 'Lentil soup' }),
    ).toBeVisible();
    expect(within(dialog).getByText('45 min')).toBeVisible();
    expect(within(dialog).getByText('4.0/5.0')).toBeVisible();
    expect(within(dialog).getByText('3 servings')).toBeVisible();
    const ingredients = within(dialog).getByRole('region', {
      name: /Ingredients/,
    });
    expect(
      within(ingredients)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '300 g red lentils',
      '1½ onions',
      '2 salmon fillets',
      '2 heads of bok choy',
      '1½ cups vegetable stock',
      'salt',
    ]);
    const directions = within(dialog).getByRole('region', {
      name: 'Directions',
    });
    expect(
      within(directions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Step 1Rinse the lentils.', 'Step 2Simmer for 20 minutes.']);
    // The content scrolls on its own: a keyboard reaches it (issue 21).
    const content = within(dialog).getByRole('region', {
      name: /Recipe Details/,
    });
    expect(content).toHaveAttribute('tabindex', '0');
    expect(
      within(dialog).getByText(
        'Shares the carrots bought for Tuesday’s salad.',
      ),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    [null, 'N/A'],
    [3.46, '3.5/5.0'],
    [5, '5.0/5.0'],
    [0, '0.0/5.0'],
  ])('shows a rating of %s as %s', async (rating, shown) => {
    servePlan(
      fakePlan({ Monday: { dinner: fakeMeal('Lentil soup', { rating }) } }),
    );
    const { user } = openDashboard();
    await user.click(
      await screen.findByRole('button', { name: /^View Lentil soup/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(shown)).toBeVisible();
  });

  it('shows the default picture when the recipe’s image fails to load', async () => {
    servePlan(
      fakePlan({
        Monday: {
          dinner: fakeMeal('Lentil soup', {
            images: ['https://elsewhere.example/soup.jpg'],
          }),
        },
      }),
    );
    const { user } = openDashboard();
    await user.click(
      await screen.findByRole('button', { name: /^View Lentil soup/ }),
    );
    const image = within(await screen.findByRole('dialog')).getByRole('img', {
      name: 'Lentil soup',
    });
    expect(image).toHaveAttribute('src', 'https://elsewhere.example/soup.jpg');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', RECIPE_PLACEHOLDER_SRC);
  });
});
