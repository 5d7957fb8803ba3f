import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import {
  USER_ID,
  serve,
  openSettings,
  switchOf,
} from './testing/settings-page';

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
    const { user, dialog } = await openAllergens();
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
    expect(
      screen.getByRole('button', { name: 'Allergens' }),
    ).toHaveAccessibleDescription('4 allergens');
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
    const { user, dialog } = await openAllergens();
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
    expect(
      screen.getByRole('button', { name: 'Allergens' }),
    ).toHaveAccessibleDescription('2 allergens');

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

describe('Allergens dialog, a batch with one over-long entry', () => {
  it('adds the valid custom allergens of a batch and leaves the over-long one in the input, named', async () => {
    serve();
    const { user } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Allergens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allergens' });
    await within(dialog).findByRole('heading', { name: 'Nuts' });
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
    const { user, dialog, sent } = await openPreferences();
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
    expect(sent.saves[2]).toMatchObject({ preferences: { likes: [] } });
    expect(
      within(dialog).getAllByRole('button', {
        name: /^(Mexican|Italian|Indian|Chinese|French|Japanese|Asian)$/,
      }),
    ).toHaveLength(7);
  });

  it('clears the protein level on a second click, and saves it with Save Preferences', async () => {
    const { user, dialog, sent } = await openPreferences();
    const medium = within(dialog).getByRole('button', {
      name: 'Medium Protein',
    });
    expect(medium).toHaveAttribute('aria-pressed', 'true');
    await user.click(medium);
    expect(medium).toHaveAttribute('aria-pressed', 'false');

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
    const { user, dialog, sent } = await openPreferences();
    const likes = within(dialog).getByRole('textbox', { name: 'Likes' });
    const long = `tortilla${'s'.repeat(40)}`;
    await user.type(likes, `okra, ${long}, basil{Enter}`);
    expect(likes).toHaveValue(long);
    expect(likes).toHaveAccessibleDescription(
      'Each entry must be at most 40 characters. Left in the box to shorten or fix: “tortillassssssssssssssss…”.',
    );
    await waitFor(() => expect(sent.saves).toHaveLength(1));
    expect(sent.saves[0]).toMatchObject({
      preferences: {
        likes: [{ name: 'Thai' }, { name: 'okra' }, { name: 'basil' }],
      },
    });
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
