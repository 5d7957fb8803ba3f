import { DAYS } from '@platewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import {
  catalogue,
  schedule,
  savedPreferences,
  serve,
  renderSettings,
  openSettings,
  switchOf,
  mealBox,
  saveAllButton,
} from './testing/settings-page';

describe('/user/setting: loading', () => {
  it('shows the saved settings from the server', async () => {
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
    // The allergen catalogue is kept in its persisted slice.
    await waitFor(() =>
      expect(store.getState().allergensAndCategories.data).toEqual(
        catalogue.data,
      ),
    );
    // The settings themselves are server data: no Redux copy (ADR 011).
    expect(store.getState()).not.toHaveProperty('preferences');
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
    const { user } = await openSettings();
    await waitFor(() => expect(mealBox('Friday breakfast')).toBeChecked());
    expect(mealBox('Friday lunch')).toBeEnabled();

    await user.click(switchOf('Friday'));
    for (const slot of ['breakfast', 'lunch', 'dinner']) {
      expect(mealBox(`Friday ${slot}`)).toBeDisabled();
      expect(mealBox(`Friday ${slot}`)).not.toBeChecked();
    }
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
    const { user } = await openSettings();
    const group = screen.getByRole('radiogroup', {
      name: 'Dietary Restrictions',
    });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label')),
    ).toEqual(['None', 'Vegan', 'Vegetarian', 'Gluten-Free', 'Ketogenic']);
    await user.click(screen.getByRole('radio', { name: 'Gluten-Free' }));
    expect(screen.getByRole('radio', { name: 'Gluten-Free' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Vegan' })).not.toBeChecked();

    const toggle = screen.getByRole('button', { name: 'Dietary Restrictions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it.each(['0', '2.5', '-3'])(
    "refuses a serving size of %s with 'Serving size must be a positive integer'",
    async (typed) => {
      const sent = serve();
      const { user } = await openSettings();
      const field = screen.getByLabelText('Serving Size');
      await user.clear(field);
      await user.type(field, typed);
      expect(
        screen.getByText('Serving size must be a positive integer'),
      ).toBeInTheDocument();
      await user.click(saveAllButton());
      expect(sent.saves).toHaveLength(0);
    },
  );

  it('asks for a serving size left empty, and takes a valid one', async () => {
    const sent = serve();
    const { user } = await openSettings();
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
    await user.click(saveAllButton());
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({ serving_size: 4 });
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
    const { user } = await openSettings();
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

    await user.click(saveAllButton());
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({ weeknight_cooking_time: 60 });
  });
});
