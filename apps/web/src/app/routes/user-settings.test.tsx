import {
  DAYS,
  type MealPlan,
  type PlanMeal,
  type Preferences,
  type WeeklyScheduleDay,
} from '@platewise/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { mealPlansApi } from '../../features/meal-plans/meal-plans-api';
import { server } from '../../testing/msw/server';
import { renderRoutes } from '../../testing/render';
import { Component as SettingsRoute } from './user-settings';

const USER_ID = '6f1c2b1e-2a4b-4c3d-9e8f-0a1b2c3d4e5f';
const userData = { id: USER_ID, firstName: 'Ada', email: 'ada@example.com' };

const catalogue = {
  data: [
    {
      name: 'Nuts',
      allergens: [
        { id: 'peanuts', name: 'Peanuts' },
        { id: 'tree-nuts', name: 'Tree nuts' },
      ],
    },
    { name: 'Dairy', allergens: [{ id: 'milk', name: 'Milk' }] },
  ],
};

const off = { breakfast: false, lunch: false, dinner: false };

function schedule(
  on: Partial<Record<string, Partial<typeof off>>>,
): WeeklyScheduleDay[] {
  return DAYS.map((day) => {
    const meals = on[day];
    return meals
      ? { day_name: day, enabled: true, meals: { ...off, ...meals } }
      : { day_name: day, enabled: false, meals: off };
  });
}

function savedPreferences(overrides: Partial<Preferences> = {}): Preferences {
  return {
    user_id: USER_ID,
    weekly_schedule: schedule({ Monday: { dinner: true } }),
    dietary_preference: 'vegan',
    protein_level: 'Medium Protein',
    allergens: ['milk'],
    customAllergens: ['kiwi'],
    custom_allergens: ['kiwi'],
    preferences: { likes: [{ name: 'Thai' }], dislikes: [] },
    serving_size: 2,
    weeknight_cooking_time: 45,
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

function meal(name: string): PlanMeal {
  return {
    id: name.toLowerCase(),
    name,
    images: [],
    total_cooking_time: 20,
    rating: 4,
    directions: 'Cook####Eat',
    ingredients: [{ ingredient: 'rice', quantity: 100, unit: 'g' }],
    cuisine: null,
    serving_size: 2,
    reason: 'Shares the rice',
    locked: false,
  };
}

function mealPlan(overrides: Partial<MealPlan> = {}): MealPlan {
  return {
    meals: [
      { day: 'Monday', dinner: meal('Curry') },
      { day: 'Wednesday', lunch: meal('Salad'), dinner: meal('Stew') },
    ],
    version: 1,
    serving_size: 2,
    waste: {
      boughtGrams: 1000,
      usedGrams: 900,
      wasteGrams: 100,
      wasteShare: 0.1,
      freshItemsBought: 5,
      freshItemsShared: 3,
      mealsPerFreshItem: 2,
      baselineWasteGrams: 400,
    },
    unfilled: [],
    created_at: '2026-03-02T10:00:05.000Z',
    updated_at: '2026-03-02T10:00:05.000Z',
    ...overrides,
  };
}

type Answer = () => Response | Promise<Response>;

/** The API as one test sees it; records what the page sends. */
function serve({
  preferences = () => HttpResponse.json(savedPreferences()),
  plan = () => HttpResponse.json({ error: 'No plan' }, { status: 404 }),
  allergens = () => HttpResponse.json(catalogue),
  save,
  generate = () => HttpResponse.json(mealPlan()),
}: {
  preferences?: Answer;
  plan?: Answer;
  allergens?: Answer;
  save?: (body: Record<string, unknown>) => Response | Promise<Response>;
  generate?: Answer;
} = {}) {
  const sent = {
    saves: [] as Array<Record<string, unknown>>,
    generated: [] as string[],
  };
  server.use(
    http.get('*/api/preferences/preferences', preferences),
    http.get('*/api/preferences/user-meal-plan', plan),
    http.get('*/api/allergens', allergens),
    http.post('*/api/preferences/save', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.saves.push(body);
      if (save) return save(body);
      // The server's answer: the stored copy.
      return HttpResponse.json({
        ...savedPreferences(),
        ...body,
        custom_allergens: body.customAllergens,
        updated_at: new Date().toISOString(),
      });
    }),
    http.get('*/api/generate-meal-plan', ({ request }) => {
      sent.generated.push(
        new URL(request.url).searchParams.get('user_id') ?? '',
      );
      return generate();
    }),
  );
  return sent;
}

function renderSettings({ signedIn = true } = {}) {
  return renderRoutes(
    [
      { path: '/user/setting', Component: SettingsRoute },
      { path: '/user/dashboard', element: <h1>Your Dashboard</h1> },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    {
      route: '/user/setting',
      preloadedState: signedIn ? { user: { userData } } : undefined,
    },
  );
}

async function openSettings(options?: { signedIn?: boolean }) {
  const rendered = renderSettings(options);
  // A cold import of the page's lazy chunks can pass the default 1 s.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Manage Setting' },
    { timeout: 5_000 },
  );
  // The schedule shows once the saved settings have been read.
  await screen.findByRole('switch', { name: 'Monday' });
  return rendered;
}

const switchOf = (day: string) => screen.getByRole('switch', { name: day });
const mealBox = (name: string) => screen.getByRole('checkbox', { name });
const saveAllButton = () =>
  screen.getByRole('button', { name: 'Save All Settings' });

describe('/user/setting: loading', () => {
  it('shows the saved settings from the server and keeps them in the preferences slice', async () => {
    serve();
    const { store } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    expect(mealBox('Monday dinner')).toBeChecked();
    expect(mealBox('Monday breakfast')).not.toBeChecked();
    expect(switchOf('Tuesday')).not.toBeChecked();
    expect(mealBox('Tuesday lunch')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Vegan' })).toBeChecked();
    expect(screen.getByLabelText('Serving Size')).toHaveValue(2);
    expect(
      screen.getByRole('button', { name: 'Allergens' }),
    ).toHaveAccessibleDescription('2 allergens');
    const state = store.getState();
    expect(state.preferences.dietaryPreference).toBe('vegan');
    expect(state.preferences.customAllergens).toEqual(['kiwi']);
    // The allergen catalogue is kept in its persisted slice.
    await waitFor(() =>
      expect(state.allergensAndCategories.data).toEqual(catalogue.data),
    );
  });

  it('starts from the defaults, silently, when nothing was saved yet (404)', async () => {
    serve({
      preferences: () =>
        HttpResponse.json(
          { error: 'No preferences saved yet.' },
          { status: 404 },
        ),
    });
    await openSettings();
    for (const day of DAYS) expect(switchOf(day)).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked();
    expect(screen.getByLabelText('Serving Size')).toHaveValue(1);
    expect(screen.queryByText(/Failed to load preferences/)).toBeNull();
  });

  it("says 'Failed to load preferences.' and offers a retry", async () => {
    let calls = 0;
    serve({
      preferences: () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: 'Internal Server Error' },
              { status: 500 },
            )
          : HttpResponse.json(savedPreferences());
      },
    });
    const { user } = renderSettings();
    expect(
      await screen.findByText('Failed to load preferences.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
  });

  it("sends a 401 to /login with 'Please log in to access settings.'", async () => {
    serve({
      preferences: () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
    });
    renderSettings();
    expect(
      await screen.findByRole('heading', { name: 'Log in' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please log in to access settings.'),
    ).toBeInTheDocument();
  });
});

describe('Weekly Schedule', () => {
  it('names each switch by its day and each box by day and meal; a day off disables and clears its meals', async () => {
    serve({
      preferences: () =>
        HttpResponse.json(
          savedPreferences({
            weekly_schedule: schedule({
              Friday: { breakfast: true, dinner: true },
            }),
          }),
        ),
    });
    const { user, store } = await openSettings();
    await waitFor(() => expect(mealBox('Friday breakfast')).toBeChecked());
    expect(mealBox('Friday lunch')).toBeEnabled();

    await user.click(switchOf('Friday'));
    for (const slot of ['breakfast', 'lunch', 'dinner']) {
      expect(mealBox(`Friday ${slot}`)).toBeDisabled();
      expect(mealBox(`Friday ${slot}`)).not.toBeChecked();
    }
    expect(store.getState().preferences.weeklySchedule[4]).toEqual({
      day_name: 'Friday',
      enabled: false,
      meals: off,
    });

    // Back on: the meals can be ticked again, and start unticked.
    await user.click(switchOf('Friday'));
    expect(mealBox('Friday dinner')).toBeEnabled();
    expect(mealBox('Friday dinner')).not.toBeChecked();
    await user.click(mealBox('Friday lunch'));
    expect(mealBox('Friday lunch')).toBeChecked();
  });
});

describe('Dietary Restrictions and Serving Size', () => {
  it('offers the five diets as one choice, behind its button', async () => {
    serve();
    const { user, store } = await openSettings();
    const group = screen.getByRole('radiogroup', {
      name: 'Dietary Restrictions',
    });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['None', 'Vegan', 'Vegetarian', 'Gluten-Free', 'Ketogenic']);
    await user.click(screen.getByRole('radio', { name: 'Gluten-Free' }));
    expect(store.getState().preferences.dietaryPreference).toBe('gluten-free');

    const toggle = screen.getByRole('button', { name: 'Dietary Restrictions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['0', '2.5', '-3'])(
    "refuses a serving size of %s with 'Serving size must be a positive integer'",
    async (typed) => {
      const sent = serve();
      const { user, store } = await openSettings();
      const field = screen.getByLabelText('Serving Size');
      await user.clear(field);
      await user.type(field, typed);
      expect(
        screen.getByText('Serving size must be a positive integer'),
      ).toBeInTheDocument();
      await user.click(saveAllButton());
      expect(sent.saves).toHaveLength(0);
      // The slice keeps the last valid size.
      expect(store.getState().preferences.servingSize).toBe(2);
    },
  );

  it('asks for a serving size left empty, and takes a valid one', async () => {
    serve();
    const { user, store } = await openSettings();
    const field = screen.getByLabelText('Serving Size');
    await user.clear(field);
    await user.click(saveAllButton());
    expect(
      screen.getByText('Serving size must be a positive integer'),
    ).toBeInTheDocument();
    await user.type(field, '4');
    expect(
      screen.queryByText('Serving size must be a positive integer'),
    ).toBeNull();
    expect(store.getState().preferences.servingSize).toBe(4);
  });
});

describe('Schedule presets', () => {
  /** Each day as the cards show it: 'off', or the initials of its ticked meals. */
  const cardsShown = () =>
    DAYS.map((day) =>
      (switchOf(day) as HTMLInputElement).checked
        ? (['breakfast', 'lunch', 'dinner'] as const)
            .filter(
              (slot) => (mealBox(`${day} ${slot}`) as HTMLInputElement).checked,
            )
            .map((slot) => slot[0]?.toUpperCase())
            .join('')
        : 'off',
    );

  it.each([
    ['Every day', ['BLD', 'BLD', 'BLD', 'BLD', 'BLD', 'BLD', 'BLD']],
    ['Weekdays', ['BLD', 'BLD', 'BLD', 'BLD', 'BLD', 'off', 'off']],
    ['Dinners only', ['D', 'D', 'D', 'D', 'D', 'D', 'D']],
  ] as const)(
    '“%s” fills the seven day cards at once',
    async (preset, expected) => {
      const sent = serve({
        preferences: () =>
          HttpResponse.json({ error: 'none' }, { status: 404 }),
      });
      const { user } = await openSettings();
      expect(cardsShown()).toEqual(Array(7).fill('off'));
      const button = screen.getByRole('button', { name: preset });
      expect(button).toHaveAttribute('aria-pressed', 'false');
      await user.click(button);
      expect(button).toHaveAttribute('aria-pressed', 'true');
      expect(cardsShown()).toEqual(expected);
      // A preset is a starting point: nothing is saved until Save All Settings.
      expect(sent.saves).toHaveLength(0);
      // Changing a card afterwards leaves the preset.
      await user.click(mealBox('Monday dinner'));
      expect(button).toHaveAttribute('aria-pressed', 'false');
    },
  );
});

describe('Weeknight cooking time', () => {
  it('shows the saved time, offers choices from 15 minutes to 3 hours, and saves the chosen one', async () => {
    const sent = serve({
      preferences: () =>
        HttpResponse.json(savedPreferences({ weeknight_cooking_time: 25 })),
    });
    const { user, store } = await openSettings();
    const field = screen.getByRole('combobox', {
      name: 'Weeknight cooking time',
    });
    await waitFor(() => expect(field).toHaveTextContent('25 minutes'));
    expect(field).toHaveAccessibleDescription(
      'The longest a Monday to Friday lunch or dinner may take.',
    );

    await user.click(field);
    const options = screen
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('15 minutes');
    expect(options).toContain('25 minutes');
    expect(options).toContain('1 hour 30 minutes');
    expect(options.at(-1)).toBe('3 hours');
    await user.click(screen.getByRole('option', { name: '1 hour' }));
    expect(store.getState().preferences.weeknightCookingTime).toBe(60);

    await user.click(saveAllButton());
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({ weeknight_cooking_time: 60 });
  });
});

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
    expect(store.getState().preferences.generatedMealPlan).toHaveLength(2);
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

describe('Allergens dialog', () => {
  async function openAllergens() {
    const rendered = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await rendered.user.click(
      screen.getByRole('button', { name: 'Allergens' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Allergens' });
    await within(dialog).findByRole('heading', { name: 'Nuts' });
    return { ...rendered, dialog };
  }

  it('groups the catalogue by category, adds comma-separated custom allergens (trimmed, blanks and duplicates dropped) and saves', async () => {
    const sent = serve();
    const { user, dialog, store } = await openAllergens();
    expect(
      within(dialog).getByRole('heading', { name: 'Dairy' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('heading', { name: 'Custom Allergens' }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Milk' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Peanuts' }));
    await user.click(within(dialog).getByRole('button', { name: 'Milk' }));

    const input = within(dialog).getByPlaceholderText(
      'Enter allergens (e.g., banana, mango)',
    );
    await user.type(input, '  banana , , mango,Banana, KIWI ,');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(input).toHaveValue('');
    const custom = within(dialog).getByRole('region', {
      name: 'Custom Allergens',
    });
    expect(
      within(custom)
        .getAllByRole('button', { name: /^Remove / })
        .map((chip) => chip.textContent),
    ).toEqual(['kiwi', 'banana', 'mango']);

    // Nothing is saved before Save.
    expect(sent.saves).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Allergens saved successfully.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Allergens' })).toBeNull(),
    );
    expect(sent.saves).toHaveLength(1);
    expect(sent.saves[0]).toMatchObject({
      allergens: ['peanuts'],
      customAllergens: ['kiwi', 'banana', 'mango'],
      // The whole object goes with it.
      dietary_preference: 'vegan',
      serving_size: 2,
    });
    expect(store.getState().preferences.allergens).toEqual(['peanuts']);
  });

  it('adds the valid custom allergens of a batch and leaves the over-long one in the input, named', async () => {
    serve();
    const { user, dialog } = await openAllergens();
    const input = within(dialog).getByPlaceholderText(
      'Enter allergens (e.g., banana, mango)',
    );
    const long = 'x'.repeat(41);
    await user.type(input, `banana, ${long}, mango`);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(input).toHaveValue(long);
    expect(
      within(dialog).getByText(
        `Each entry must be at most 40 characters. Left in the box to shorten or fix: “${'x'.repeat(24)}…”.`,
      ),
    ).toBeInTheDocument();
    const custom = within(dialog).getByRole('region', {
      name: 'Custom Allergens',
    });
    expect(
      within(custom)
        .getAllByRole('button', { name: /^Remove / })
        .map((chip) => chip.textContent),
    ).toEqual(['kiwi', 'banana', 'mango']);
  });

  it('selects the catalogue chip when a typed name is in the catalogue', async () => {
    serve();
    const { user, dialog } = await openAllergens();
    await user.type(
      within(dialog).getByPlaceholderText(
        'Enter allergens (e.g., banana, mango)',
      ),
      'tree NUTS{Enter}',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Tree nuts' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(dialog).queryByRole('button', { name: 'Remove tree NUTS' }),
    ).toBeNull();
  });

  it('stays open on Escape and on a backdrop click; Cancel discards the changes', async () => {
    const sent = serve();
    const { user, dialog, store } = await openAllergens();
    await user.click(within(dialog).getByRole('button', { name: 'Peanuts' }));

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Allergens' })).toBeVisible();
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    if (backdrop) await user.click(backdrop);
    expect(screen.getByRole('dialog', { name: 'Allergens' })).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Allergens' })).toBeNull(),
    );
    expect(sent.saves).toHaveLength(0);
    expect(store.getState().preferences.allergens).toEqual(['milk']);

    // Opened again, it shows the saved choice, not the cancelled one.
    await user.click(screen.getByRole('button', { name: 'Allergens' }));
    const again = await screen.findByRole('dialog', { name: 'Allergens' });
    expect(
      within(again).getByRole('button', { name: 'Peanuts' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it("says 'Failed to fetch allergens and categories' when the catalogue cannot be read", async () => {
    serve({
      allergens: () =>
        HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }),
    });
    const { user } = await openSettings();
    expect(
      await screen.findByText('Failed to fetch allergens and categories'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Allergens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allergens' });
    expect(
      within(dialog).getByText('Failed to fetch allergens and categories'),
    ).toBeInTheDocument();
    // Custom allergens still work.
    expect(
      within(dialog).getByRole('heading', { name: 'Custom Allergens' }),
    ).toBeInTheDocument();
  });
});

describe('Preferences dialog', () => {
  async function openPreferences(options: Parameters<typeof serve>[0] = {}) {
    const sent = serve(options);
    const rendered = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await rendered.user.click(
      screen.getByRole('button', { name: 'Preference' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Preferences' });
    return { ...rendered, dialog, sent };
  }

  const chipNames = (dialog: HTMLElement, list: string) =>
    within(within(dialog).getByRole('list', { name: list }))
      .getAllByRole('button')
      .map((chip) => chip.textContent);

  it('adds every item of a comma list on Enter in Likes, trimmed, blanks and duplicates dropped, and saves at once', async () => {
    const { user, dialog, sent } = await openPreferences();
    const likes = within(dialog).getByRole('textbox', { name: 'Likes' });
    await user.type(likes, ' basil, , lime ,BASIL, thai{Enter}');
    expect(likes).toHaveValue('');
    expect(chipNames(dialog, 'Your likes')).toEqual(['Thai', 'basil', 'lime']);
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({
      user_id: USER_ID,
      preferences: {
        likes: [{ name: 'Thai' }, { name: 'basil' }, { name: 'lime' }],
        dislikes: [],
      },
      // The whole object, not just the lists.
      dietary_preference: 'vegan',
      allergens: ['milk'],
      customAllergens: ['kiwi'],
      serving_size: 2,
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'All changes saved',
    );
  });

  it('adds only the last item of a comma list on Enter in Dislikes, keeping the rest to add next', async () => {
    const { user, dialog, sent } = await openPreferences();
    const dislikes = within(dialog).getByRole('textbox', { name: 'Dislikes' });
    await user.type(dislikes, 'olives, capers{Enter}');
    expect(chipNames(dialog, 'Your dislikes')).toEqual(['capers']);
    expect(dislikes).toHaveValue('olives');
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({
      preferences: { dislikes: [{ name: 'capers' }] },
    });
    await user.type(dislikes, '{Enter}');
    expect(chipNames(dialog, 'Your dislikes')).toEqual(['capers', 'olives']);
    expect(dislikes).toHaveValue('');
    await waitFor(() => expect(sent.saves).toHaveLength(2));
  });

  it('saves at once when a chip is removed or a cuisine tile is toggled', async () => {
    const { user, dialog, sent, store } = await openPreferences();
    await user.click(
      within(dialog).getByRole('button', { name: 'Remove Thai' }),
    );
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({
      preferences: { likes: [] },
    });

    const italian = within(dialog).getByRole('button', { name: 'Italian' });
    expect(italian).toHaveAttribute('aria-pressed', 'false');
    await user.click(italian);
    expect(italian).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(sent.saves).toHaveLength(2));
    expect(sent.saves[1]).toMatchObject({
      preferences: { likes: [{ name: 'Italian' }] },
    });
    await user.click(italian);
    await waitFor(() => expect(sent.saves).toHaveLength(3));
    expect(store.getState().preferences.preferences.likes).toEqual([]);
    expect(
      within(dialog).getAllByRole('button', {
        name: /^(Mexican|Italian|Indian|Chinese|French|Japanese|Asian)$/,
      }),
    ).toHaveLength(7);
  });

  it('clears the protein level on a second click, and saves it with Save Preferences', async () => {
    const { user, dialog, sent, store } = await openPreferences();
    const medium = within(dialog).getByRole('button', {
      name: 'Medium Protein',
    });
    expect(medium).toHaveAttribute('aria-pressed', 'true');
    await user.click(medium);
    expect(medium).toHaveAttribute('aria-pressed', 'false');
    expect(store.getState().preferences.proteinLevel).toBeNull();

    const high = within(dialog).getByRole('button', { name: 'High Protein' });
    await user.click(high);
    expect(high).toHaveAttribute('aria-pressed', 'true');
    // A protein change is not a chip: nothing is sent yet.
    expect(sent.saves).toHaveLength(0);

    await user.click(
      within(dialog).getByRole('button', { name: 'Save Preferences' }),
    );
    expect(
      await screen.findByText('Preferences saved successfully!'),
    ).toBeInTheDocument();
    expect(sent.saves).toHaveLength(1);
    expect(sent.saves[0]).toMatchObject({ protein_level: 'High Protein' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Preferences' })).toBeNull(),
    );
  });

  it("shows a failed chip save in the dialog with the server's words", async () => {
    const { user, dialog } = await openPreferences({
      save: () =>
        HttpResponse.json(
          { error: 'Each entry must be at most 40 characters.' },
          { status: 400 },
        ),
    });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Likes' }),
      'okra{Enter}',
    );
    expect(
      await within(dialog).findByText(
        'Each entry must be at most 40 characters.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses an entry longer than the server takes, before sending it', async () => {
    const { user, dialog, sent } = await openPreferences();
    const likes = within(dialog).getByRole('textbox', { name: 'Likes' });
    await user.type(likes, `${'a'.repeat(41)}{Enter}`);
    expect(
      within(dialog).getByText(
        `Each entry must be at most 40 characters. Left in the box to shorten or fix: “${'a'.repeat(24)}…”.`,
      ),
    ).toBeInTheDocument();
    expect(likes).toHaveValue('a'.repeat(41));
    await delay(20);
    expect(sent.saves).toHaveLength(0);
  });

  it('keeps the valid likes of a batch and leaves the over-long one in the box', async () => {
    const { user, dialog, sent, store } = await openPreferences();
    const likes = within(dialog).getByRole('textbox', { name: 'Likes' });
    const long = `tortilla${'s'.repeat(40)}`;
    await user.type(likes, `okra, ${long}, basil{Enter}`);
    expect(likes).toHaveValue(long);
    expect(likes).toHaveAccessibleDescription(
      'Each entry must be at most 40 characters. Left in the box to shorten or fix: “tortillassssssssssssssss…”.',
    );
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(
      store
        .getState()
        .preferences.preferences.likes.map(
          ({ name }: { name: string }) => name,
        ),
    ).toEqual(['Thai', 'okra', 'basil']);
  });

  it('says plainly what Enter does in Dislikes', async () => {
    const { dialog } = await openPreferences();
    expect(
      within(dialog).getByRole('textbox', { name: 'Dislikes' }),
    ).toHaveAccessibleDescription(
      'Enter adds the entry after the last comma and leaves the rest in the box: press Enter again to add the next.',
    );
  });

  it('closes with Close', async () => {
    const { user, dialog } = await openPreferences();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Preferences' })).toBeNull(),
    );
  });
});
