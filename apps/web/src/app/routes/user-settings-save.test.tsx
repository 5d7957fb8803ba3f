import { DAYS, type WeeklyScheduleDay } from '@platewise/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { mealPlansApi } from '../../features/meal-plans/meal-plans-api';
import { server } from '../../testing/msw/server';
import {
  USER_ID,
  off,
  mealPlan,
  serve,
  renderSettings,
  openSettings,
  switchOf,
  mealBox,
  saveAllButton,
} from './testing/settings-page';

describe('Save All Settings', () => {
  it("without a user: 'User ID not found. Please log in.' and /login", async () => {
    const sent = serve();
    const { user } = renderSettings({ signedIn: false });
    await screen.findByRole('switch', { name: 'Monday' });
    await user.click(switchOf('Monday'));
    await user.click(mealBox('Monday dinner'));
    await user.click(saveAllButton());
    expect(
      await screen.findByRole('heading', { name: 'Log in' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('User ID not found. Please log in.'),
    ).toBeInTheDocument();
    expect(sent.saves).toHaveLength(0);
  });

  it("with nothing changed since the plan was made: 'No changes detected. Nothing to save.'", async () => {
    const sent = serve({ plan: () => HttpResponse.json(mealPlan()) });
    const { user } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.click(saveAllButton());
    expect(
      await screen.findByText('No changes detected. Nothing to save.'),
    ).toBeInTheDocument();
    expect(sent.saves).toHaveLength(0);
    expect(sent.generated).toHaveLength(0);
  });

  it('generates again when a dialog saved the settings after the plan was made', async () => {
    const sent = serve({
      plan: () =>
        HttpResponse.json(mealPlan({ created_at: '2026-03-02T09:00:00.000Z' })),
    });
    const { user } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.click(saveAllButton());
    expect(
      await screen.findByRole('heading', { name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    expect(sent.generated).toEqual([USER_ID]);
  });

  it("sees the dashboard's deletion of the plan before the plan is read again", async () => {
    // The first read finds a plan; the page's next read hangs until the end,
    // so what the page knows comes from the cache the dashboard changed.
    let reads = 0;
    let release: () => void = () => undefined;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = serve({
      plan: async () => {
        reads += 1;
        if (reads === 1) return HttpResponse.json(mealPlan());
        await hanging;
        return HttpResponse.json({ error: 'No plan' }, { status: 404 });
      },
    });
    server.use(
      http.patch(`*/api/recipes/${USER_ID}`, () =>
        HttpResponse.json({ success: true }),
      ),
    );
    const { user, router, store } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.click(saveAllButton());
    expect(
      await screen.findByText('No changes detected. Nothing to save.'),
    ).toBeInTheDocument();

    // On the dashboard, the user deletes the plan.
    await act(() => router.navigate('/user/dashboard'));
    await store
      .dispatch(mealPlansApi.endpoints.deleteMealPlan.initiate(USER_ID))
      .unwrap();
    await act(() => router.navigate('/user/setting'));
    await screen.findByRole('switch', { name: 'Monday' });
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await waitFor(() => expect(reads).toBe(2));

    await user.click(saveAllButton());
    expect(
      await screen.findByRole('heading', { name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    expect(sent.generated).toEqual([USER_ID]);
    release();
  });

  it('asks for at least one meal before planning', async () => {
    const sent = serve({
      preferences: () => HttpResponse.json({ error: 'none' }, { status: 404 }),
    });
    const { user } = await openSettings();
    await user.click(saveAllButton());
    expect(
      screen.getByText(
        'Choose at least one meal in your weekly schedule to get a plan.',
      ),
    ).toBeInTheDocument();
    expect(sent.saves).toHaveLength(0);
  });

  it('saves, shows the overlay while the plan is made, counts the days and opens the dashboard', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent = serve({
      preferences: () => HttpResponse.json({ error: 'none' }, { status: 404 }),
      generate: async () => {
        await gate;
        return HttpResponse.json(mealPlan());
      },
    });
    const { user, store } = await openSettings();
    await user.click(switchOf('Monday'));
    await user.click(mealBox('Monday dinner'));
    await user.click(switchOf('Wednesday'));
    await user.click(mealBox('Wednesday lunch'));
    await user.click(screen.getByRole('radio', { name: 'Vegetarian' }));
    await user.click(saveAllButton());

    expect(
      await screen.findByText(
        'This may take up to 2 minutes to generate your meal plan.',
      ),
    ).toBeInTheDocument();
    expect(saveAllButton()).toBeDisabled();
    await waitFor(() => expect(sent.generated).toEqual([USER_ID]));
    expect(sent.saves).toHaveLength(1);
    const body = sent.saves[0] ?? {};
    expect(body).toMatchObject({
      user_id: USER_ID,
      dietary_preference: 'vegetarian',
      protein_level: 'Medium Protein',
      serving_size: 1,
    });
    const days = body.weekly_schedule as WeeklyScheduleDay[];
    expect(days.map((day) => day.day_name)).toEqual([...DAYS]);
    expect(days[0]).toEqual({
      day_name: 'Monday',
      enabled: true,
      meals: { ...off, dinner: true },
    });
    expect(days[2]?.meals.lunch).toBe(true);

    release();
    expect(
      await screen.findByRole('heading', { name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Settings saved successfully! 2 days of recipes generated.',
      ),
    ).toBeInTheDocument();
    // The generated plan is the cached one: the dashboard shows it unread.
    expect(
      mealPlansApi.endpoints.getMealPlan.select(USER_ID)(store.getState()).data
        ?.meals,
    ).toHaveLength(2);
  });

  async function failSave(answer: {
    save?: () => Response;
    generate?: () => Response;
  }) {
    const sent = serve({
      preferences: () => HttpResponse.json({ error: 'none' }, { status: 404 }),
      ...answer,
    });
    const rendered = await openSettings();
    await rendered.user.click(switchOf('Sunday'));
    await rendered.user.click(mealBox('Sunday lunch'));
    await rendered.user.click(saveAllButton());
    return { ...rendered, sent };
  }

  it("sends a 401 to /login with 'Please log in to access settings.'", async () => {
    await failSave({
      save: () => HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Log in' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please log in to access settings.'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to save settings or fetch meal plan.' when the plan cannot be made", async () => {
    const { sent } = await failSave({
      generate: () =>
        HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }),
    });
    expect(
      await screen.findByText('Failed to save settings or fetch meal plan.'),
    ).toBeInTheDocument();
    expect(sent.saves).toHaveLength(1);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Manage Setting' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText(
        'This may take up to 2 minutes to generate your meal plan.',
      ),
    ).toBeNull();
    expect(saveAllButton()).toBeEnabled();
  });

  it("says 'Failed to save settings or fetch meal plan.' when the network fails", async () => {
    await failSave({ save: () => HttpResponse.error() });
    expect(
      await screen.findByText('Failed to save settings or fetch meal plan.'),
    ).toBeInTheDocument();
  });

  it("shows the server's own message", async () => {
    await failSave({
      generate: () =>
        HttpResponse.json(
          {
            error: 'The planner is busy. Please try again in a few seconds.',
            code: 'SERVICE_UNAVAILABLE',
          },
          { status: 503 },
        ),
    });
    expect(
      await screen.findByText(
        'The planner is busy. Please try again in a few seconds.',
      ),
    ).toBeInTheDocument();
  });

  it('puts the issues of a 400 on the fields they name', async () => {
    await failSave({
      save: () =>
        HttpResponse.json(
          {
            error: 'Invalid request',
            code: 'VALIDATION_FAILED',
            issues: [
              {
                path: 'allergens',
                message: 'Unknown allergen: choose allergens from the list.',
              },
              {
                path: 'preferences.likes.0',
                message: 'Each entry must be at most 40 characters.',
              },
            ],
          },
          { status: 400 },
        ),
    });
    const allergenError = await screen.findByText(
      'Unknown allergen: choose allergens from the list.',
    );
    expect(allergenError).toHaveAttribute('role', 'alert');
    expect(
      screen.getByText('Each entry must be at most 40 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Invalid request')).toBeInTheDocument();
  });
});
