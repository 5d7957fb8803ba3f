import type { MealPlan } from '@platewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { fakeMeal, fakePlan, TEST_USER_ID } from '../testing/fake-plan';
import { MealPlanBoard } from './meal-plan-board';

function week() {
  return fakePlan(
    {
      Monday: { lunch: 'Tomato salad', dinner: 'Lentil soup' },
      Tuesday: { dinner: 'Fish tacos' },
      Wednesday: { dinner: 'Green curry' },
    },
    { version: 4 },
  );
}

/** The plan with one slot's meal replaced, one version on. */
function withMeal(
  plan: MealPlan,
  day: string,
  slot: 'breakfast' | 'lunch' | 'dinner',
  name: string,
): MealPlan {
  return {
    ...plan,
    version: plan.version + 1,
    meals: plan.meals.map((entry) =>
      entry.day === day ? { ...entry, [slot]: fakeMeal(name) } : entry,
    ),
  };
}

function servePlan(initial: MealPlan | null) {
  const state = { plan: initial, reads: 0 };
  server.use(
    http.get('*/api/preferences/user-meal-plan', () => {
      state.reads += 1;
      return state.plan
        ? HttpResponse.json(state.plan)
        : HttpResponse.json({ error: 'No meal plan yet.' }, { status: 404 });
    }),
  );
  return state;
}

function renderBoard() {
  return renderWithProviders(<MealPlanBoard userId={TEST_USER_ID} search="" />);
}

const dinners = () =>
  within(screen.getByRole('region', { name: 'Dinner' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

describe('Regenerate on a card', () => {
  it('replaces that meal only, in place, saying “Regenerating meal...” meanwhile', async () => {
    const state = servePlan(week());
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/meal-plans/regenerate-meal', async ({ request }) => {
        bodies.push(await request.json());
        await answered;
        state.plan =
          state.plan &&
          withMeal(state.plan, 'Tuesday', 'dinner', 'Chickpea stew');
        return HttpResponse.json(state.plan);
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    const monday = screen.getByRole('article', {
      name: 'Monday dinner: Lentil soup',
    });
    const wednesday = screen.getByRole('article', {
      name: 'Wednesday dinner: Green curry',
    });

    await user.click(
      screen.getByRole('button', { name: 'Regenerate Tuesday dinner' }),
    );
    expect(await screen.findByText('Regenerating meal...')).toBeVisible();
    expect(
      screen.getByRole('article', { name: 'Tuesday dinner: Fish tacos' }),
    ).toHaveAttribute('aria-busy', 'true');
    release();

    expect(
      await screen.findByRole('article', {
        name: 'Tuesday dinner: Chickpea stew',
      }),
    ).toBeVisible();
    expect(bodies).toEqual([
      { user_id: TEST_USER_ID, version: 4, day: 'Tuesday', slot: 'dinner' },
    ]);
    expect(dinners()).toEqual([
      'Monday dinner: Lentil soup',
      'Tuesday dinner: Chickpea stew',
      'Wednesday dinner: Green curry',
    ]);
    // The other cards are the same elements: nothing was re-laid out.
    expect(monday).toBeInTheDocument();
    expect(wednesday).toBeInTheDocument();
    expect(
      screen.getByRole('article', { name: 'Monday lunch: Tomato salad' }),
    ).toBeVisible();
    // The new plan came with the answer: no second read.
    expect(state.reads).toBe(1);
  });

  it('sends each change with the version the previous one answered', async () => {
    const state = servePlan(week());
    const versions: number[] = [];
    server.use(
      http.post('*/api/meal-plans/regenerate-meal', async ({ request }) => {
        const body = (await request.json()) as { version: number; day: string };
        versions.push(body.version);
        if (!state.plan || body.version !== state.plan.version) {
          return HttpResponse.json({ error: 'stale' }, { status: 409 });
        }
        state.plan = withMeal(
          state.plan,
          body.day,
          'dinner',
          `New ${body.day}`,
        );
        return HttpResponse.json(state.plan);
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(
      screen.getByRole('button', { name: 'Regenerate Monday dinner' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Regenerate Wednesday dinner' }),
    );
    expect(
      await screen.findByRole('article', {
        name: 'Wednesday dinner: New Wednesday',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('article', { name: 'Monday dinner: New Monday' }),
    ).toBeVisible();
    expect(versions).toEqual([4, 5]);
  });

  it('reloads the plan and says so when another tab changed it (409)', async () => {
    const state = servePlan(week());
    server.use(
      http.post('*/api/meal-plans/regenerate-meal', () => {
        // Another tab regenerated the week meanwhile.
        state.plan = state.plan && {
          ...withMeal(state.plan, 'Monday', 'dinner', 'Mushroom risotto'),
          version: 9,
        };
        return HttpResponse.json(
          {
            error:
              'The meal plan changed in another tab. Reload to see the latest plan.',
            code: 'CONFLICT',
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(
      screen.getByRole('button', { name: 'Regenerate Tuesday dinner' }),
    );
    expect(
      await screen.findByText(
        'Your meal plan was changed in another tab or window. The latest plan is shown now; please try again.',
      ),
    ).toBeVisible();
    expect(
      await screen.findByRole('article', {
        name: 'Monday dinner: Mushroom risotto',
      }),
    ).toBeVisible();
    expect(state.reads).toBe(2);
  });

  it('shows the server’s reason when the meal cannot be replaced', async () => {
    servePlan(week());
    server.use(
      http.post('*/api/meal-plans/regenerate-meal', () =>
        HttpResponse.json(
          { error: 'The planner is busy. Please try again in a few seconds.' },
          { status: 503 },
        ),
      ),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(
      screen.getByRole('button', { name: 'Regenerate Tuesday dinner' }),
    );
    expect(
      await screen.findByText(
        'The planner is busy. Please try again in a few seconds.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('article', { name: 'Tuesday dinner: Fish tacos' }),
    ).toBeVisible();
  });
});

describe('the lock toggle', () => {
  it('locks a meal on the server and shows it pressed', async () => {
    const state = servePlan(week());
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/meal-plans/lock', async ({ request }) => {
        const body = (await request.json()) as {
          day: 'Monday';
          slot: 'dinner';
          locked: boolean;
        };
        bodies.push(body);
        if (!state.plan) return HttpResponse.json({}, { status: 404 });
        state.plan = {
          ...state.plan,
          version: state.plan.version + 1,
          meals: state.plan.meals.map((entry) => {
            const meal = entry[body.slot];
            return entry.day === body.day && meal
              ? { ...entry, [body.slot]: { ...meal, locked: body.locked } }
              : entry;
          }),
        };
        return HttpResponse.json(state.plan);
      }),
    );
    const { user } = renderBoard();
    const lock = await screen.findByRole('button', {
      name: 'Lock Monday dinner',
    });
    expect(lock).toHaveAttribute('aria-pressed', 'false');
    await user.click(lock);
    const unlock = await screen.findByRole('button', {
      name: 'Unlock Monday dinner',
    });
    expect(unlock).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      user_id: TEST_USER_ID,
      version: 4,
      day: 'Monday',
      slot: 'dinner',
      locked: true,
    });
    await user.click(unlock);
    expect(
      await screen.findByRole('button', { name: 'Lock Monday dinner' }),
    ).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ version: 5, locked: false });
  });

  it('sends one lock for a double click on Lock', async () => {
    servePlan(week());
    let calls = 0;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/meal-plans/lock', async () => {
        calls += 1;
        await answered;
        return HttpResponse.json({ error: 'Not now' }, { status: 400 });
      }),
    );
    const { user } = renderBoard();
    await user.dblClick(
      await screen.findByRole('button', { name: 'Lock Monday dinner' }),
    );
    await waitFor(() => expect(calls).toBe(1));
    await delay(50);
    expect(calls).toBe(1);
    release();
    await delay(50);
    expect(calls).toBe(1);
  });

  it('goes back when the server refuses', async () => {
    servePlan(week());
    server.use(
      http.post('*/api/meal-plans/lock', () =>
        HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    const { user } = renderBoard();
    await user.click(
      await screen.findByRole('button', { name: 'Lock Monday dinner' }),
    );
    expect(
      await screen.findByText('Could not change the lock. Please try again.'),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Lock Monday dinner' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('Regenerate on the plan', () => {
  it('asks for a new week with the plan’s version and shows it', async () => {
    const state = servePlan(week());
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/meal-plans/regenerate', async ({ request }) => {
        bodies.push(await request.json());
        state.plan = fakePlan(
          {
            Monday: { lunch: 'Bean wrap', dinner: 'Pea risotto' },
            Tuesday: { dinner: 'Fish tacos' },
            Wednesday: { dinner: 'Dal' },
          },
          { version: 5 },
        );
        return HttpResponse.json(state.plan);
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(
      await screen.findByRole('article', {
        name: 'Monday dinner: Pea risotto',
      }),
    ).toBeVisible();
    expect(bodies).toEqual([{ user_id: TEST_USER_ID, version: 4 }]);
    expect(dinners()).toEqual([
      'Monday dinner: Pea risotto',
      'Tuesday dinner: Fish tacos',
      'Wednesday dinner: Dal',
    ]);
  });
});

describe('one request per action', () => {
  it('sends one new-week request for a double click on Regenerate', async () => {
    const state = servePlan(week());
    let calls = 0;
    server.use(
      http.post('*/api/meal-plans/regenerate', async () => {
        calls += 1;
        await delay(50);
        state.plan = fakePlan(
          { Monday: { dinner: 'Pea risotto' } },
          { version: 5 + calls },
        );
        return HttpResponse.json(state.plan);
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.dblClick(screen.getByRole('button', { name: 'Regenerate' }));
    expect(
      await screen.findByRole('article', {
        name: 'Monday dinner: Pea risotto',
      }),
    ).toBeVisible();
    await delay(100);
    expect(calls).toBe(1);
  });

  it('sends one request for a double click on a card’s Regenerate', async () => {
    const state = servePlan(week());
    let calls = 0;
    server.use(
      http.post('*/api/meal-plans/regenerate-meal', async () => {
        calls += 1;
        await delay(50);
        state.plan = withMeal(state.plan ?? week(), 'Tuesday', 'dinner', 'Dal');
        return HttpResponse.json(state.plan);
      }),
    );
    const { user } = renderBoard();
    await user.dblClick(
      await screen.findByRole('button', {
        name: 'Regenerate Tuesday dinner',
      }),
    );
    expect(
      await screen.findByRole('article', { name: 'Tuesday dinner: Dal' }),
    ).toBeVisible();
    await delay(100);
    expect(calls).toBe(1);
  });
});

describe('Delete Plan', () => {
  it('asks first, then deletes and says “Meal plan deleted successfully!”', async () => {
    const state = servePlan(week());
    const deleted: string[] = [];
    server.use(
      http.patch('*/api/recipes/:userId', ({ params }) => {
        deleted.push(String(params.userId));
        state.plan = null;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(screen.getByRole('button', { name: 'Delete Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Plan' });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete your entire meal plan? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Plan' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('Meal plan deleted successfully!'),
    ).toBeVisible();
    expect(deleted).toEqual([TEST_USER_ID]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByText(
        'No meals scheduled. Set your preferences in the Settings tab!',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete Plan' })).toBeDisabled();
  });

  it('sends one delete for a double click on Delete', async () => {
    const state = servePlan(week());
    let calls = 0;
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.patch('*/api/recipes/:userId', async () => {
        calls += 1;
        await answered;
        state.plan = null;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(screen.getByRole('button', { name: 'Delete Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Plan' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls).toBe(1));
    expect(
      within(dialog).getByRole('button', { name: 'Delete' }),
    ).toHaveAttribute('aria-busy', 'true');
    await delay(50);
    expect(calls).toBe(1);
    release();
    expect(
      await screen.findByText('Meal plan deleted successfully!'),
    ).toBeVisible();
    expect(calls).toBe(1);
  });

  it.each([
    [
      'the request fails',
      () => HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      'Error deleting meal plan',
    ],
    [
      'the server deletes nothing',
      () => HttpResponse.json({ success: false }),
      'Failed to delete meal plan',
    ],
  ])('keeps the plan and says so when %s', async (_case, answer, text) => {
    servePlan(week());
    server.use(http.patch('*/api/recipes/:userId', answer));
    const { user } = renderBoard();
    await screen.findByRole('region', { name: 'Dinner' });
    await user.click(screen.getByRole('button', { name: 'Delete Plan' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(text)).toBeVisible();
    // The question stays open, to try again or cancel.
    const dialog = screen.getByRole('dialog', { name: 'Delete Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByRole('article', { name: 'Monday dinner: Lentil soup' }),
    ).toBeInTheDocument();
  });
});

describe('the plan’s notes (issue 22)', () => {
  const fresh =
    'This week has less fresh food than a typical week for your settings (350 g a serving against 358 g): no week the planner found that keeps your preferences has more.';

  it('lists what the planner could not avoid, a meal’s by its day and slot', async () => {
    servePlan(
      fakePlan(
        { Monday: { dinner: 'Lentil soup' }, Tuesday: { dinner: 'Dal' } },
        {
          notes: [
            { code: 'fresh-below-typical', reason: fresh },
            {
              code: 'rule-broken',
              day: 'Tuesday',
              slot: 'dinner',
              reason:
                'repeated (2 times this week): too few dinners fit your preferences',
            },
          ],
        },
      ),
    );
    renderBoard();
    const notice = (
      await screen.findByText('2 things the planner could not avoid:')
    ).closest('[role="alert"]');
    if (!(notice instanceof HTMLElement)) throw new Error('no notice');
    expect(within(notice).getByText(fresh)).toBeVisible();
    expect(
      within(notice).getByText(
        'Tuesday dinner: repeated (2 times this week): too few dinners fit your preferences',
      ),
    ).toBeVisible();
  });
});
