import { messages, type Kitchen, type KitchenItem } from '@platewise/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { dismissAllNotifications } from '../../../lib/notifications';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { KitchenPage } from './kitchen-page';

const USER_ID = '6f1c2a4e-8b7d-4c3e-9a21-5d0e7f3b9c10';

const isoDay = (offset: number): string => {
  const now = new Date();
  return new Date(
    Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() + offset),
  )
    .toISOString()
    .slice(0, 10);
};

function item(name: string, overrides: Partial<KitchenItem> = {}): KitchenItem {
  return {
    id: `id-${name}`,
    ingredientId: name,
    name,
    quantity: 1,
    unit: '',
    grams: 100,
    place: 'fridge',
    addedOn: isoDay(0),
    useBy: isoDay(10),
    opened: false,
    staple: false,
    ...overrides,
  };
}

function serve(kitchen: Kitchen) {
  server.use(http.get('*/api/kitchen', () => HttpResponse.json(kitchen)));
}

describe('KitchenPage', () => {
  it('says when an item could not be moved or removed, and keeps it as it was', async () => {
    serve({
      items: [item('chicken breast', { quantity: 500, unit: 'g' })],
      staples: [],
      stapleChoices: [],
    });
    server.use(
      http.patch('*/api/kitchen/:id', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
      http.delete('*/api/kitchen/:id', () =>
        HttpResponse.json(
          { error: messages.generic.tooManyChanges },
          { status: 429, headers: { 'retry-after': '60' } },
        ),
      ),
    );
    renderWithProviders(<KitchenPage userId={USER_ID} />);
    const place = await screen.findByRole('combobox', {
      name: 'Where chicken breast is kept',
    });
    await userEvent.selectOptions(place, 'Freezer');
    expect(
      await screen.findByText(
        'That item could not be moved. Please try again.',
      ),
    ).toBeVisible();
    expect(place).toHaveValue('fridge');
    act(() => dismissAllNotifications());

    await userEvent.click(
      screen.getByRole('button', { name: 'Remove chicken breast' }),
    );
    expect(
      await screen.findByText(
        'Too many changes in a short time. Please wait a minute and try again.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('combobox', { name: 'Where chicken breast is kept' }),
    ).toBeInTheDocument();
  }, 60_000);

  it('lists what is at home with "use soon" marks', async () => {
    serve({
      items: [
        item('spinach', { quantity: 200, unit: 'g', useBy: isoDay(1) }),
        item('milk', { useBy: isoDay(-1), unit: 'l' }),
        item('potato', { quantity: 2, unit: 'kg', place: 'cupboard' }),
        item('rice', { useBy: null, place: 'cupboard', unit: 'kg' }),
      ],
      staples: ['salt'],
      stapleChoices: [{ ingredientId: 'salt', name: 'salt', suggested: true }],
    });
    renderWithProviders(<KitchenPage userId={USER_ID} />);
    const list = await screen.findByRole('list', { name: 'What you have' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(within(rows[0] as HTMLElement).getByText('Use soon')).toBeVisible();
    expect(
      within(rows[1] as HTMLElement).getByText('Past its date'),
    ).toBeVisible();
    expect(within(rows[2] as HTMLElement).queryByText('Use soon')).toBeNull();
    expect(
      within(rows[3] as HTMLElement).getByText(/keeps for months/i),
    ).toBeVisible();
  }, 60_000);

  it('adds a typed line', async () => {
    let kitchen: Kitchen = { items: [], staples: [], stapleChoices: [] };
    let posted: unknown;
    server.use(
      http.get('*/api/kitchen', () => HttpResponse.json(kitchen)),
      http.post('*/api/kitchen', async ({ request }) => {
        posted = await request.json();
        const added = item('potato', { quantity: 2, unit: 'kg' });
        kitchen = { items: [added], staples: [], stapleChoices: [] };
        return HttpResponse.json({ items: [added] }, { status: 201 });
      }),
    );
    renderWithProviders(<KitchenPage userId={USER_ID} />);
    await screen.findByText(/nothing here yet/i);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Add food you have' }),
      '2 kg potatoes',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(posted).toEqual({
        user_id: USER_ID,
        items: [{ line: '2 kg potatoes' }],
      }),
    );
    expect(await screen.findByText('2 kg potatoes')).toBeVisible();
    expect(
      screen.getByRole('textbox', { name: 'Add food you have' }),
    ).toHaveValue('');
  }, 60_000);

  it('moves an item to the freezer', async () => {
    let kitchen: Kitchen = {
      items: [item('chicken breast', { quantity: 500, unit: 'g' })],
      staples: [],
      stapleChoices: [],
    };
    let patched: unknown;
    server.use(
      http.get('*/api/kitchen', () => HttpResponse.json(kitchen)),
      http.patch('*/api/kitchen/:id', async ({ request }) => {
        patched = await request.json();
        const moved = {
          ...kitchen.items[0],
          place: 'freezer',
          useBy: isoDay(270),
        } as KitchenItem;
        kitchen = { ...kitchen, items: [moved] };
        return HttpResponse.json(moved);
      }),
    );
    renderWithProviders(<KitchenPage userId={USER_ID} />);
    const place = await screen.findByRole('combobox', {
      name: 'Where chicken breast is kept',
    });
    expect(place).toHaveValue('fridge');
    await userEvent.selectOptions(place, 'Freezer');
    await waitFor(() =>
      expect(patched).toEqual({ user_id: USER_ID, place: 'freezer' }),
    );
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: 'Where chicken breast is kept' }),
      ).toHaveValue('freezer'),
    );
  }, 60_000);

  it('edits the staples: untick one, add one by name, go back to the suggestions', async () => {
    const names: Record<string, string> = {
      salt: 'salt',
      'black-pepper': 'black pepper',
      'ground-cumin': 'ground cumin',
      'smoked-paprika': 'smoked paprika',
    };
    const suggested = ['salt', 'black-pepper', 'ground-cumin'];
    let staples = [...suggested];
    const puts: string[][] = [];
    const body = (): Kitchen => ({
      items: [],
      staples,
      stapleChoices: [...new Set([...staples, ...suggested])]
        .map((id) => ({
          ingredientId: id,
          name: names[id] ?? id,
          suggested: suggested.includes(id),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    });
    server.use(
      http.get('*/api/kitchen', () => HttpResponse.json(body())),
      http.put('*/api/kitchen/staples', async ({ request }) => {
        const sent = (await request.json()) as { ingredientIds: string[] };
        puts.push(sent.ingredientIds);
        staples = sent.ingredientIds;
        return HttpResponse.json(body());
      }),
      http.post('*/api/ingredients/parse', () =>
        HttpResponse.json({
          data: [
            {
              line: 'smoked paprika',
              quantity: null,
              quantityMax: null,
              unit: null,
              ingredient: 'smoked paprika',
              ingredientId: 'smoked-paprika',
              preparation: null,
            },
          ],
        }),
      ),
    );
    renderWithProviders(<KitchenPage userId={USER_ID} />);
    const section = await screen.findByRole('region', { name: 'Staples (3)' });
    expect(section).toHaveTextContent('Black pepper, ground cumin, salt');
    const edit = within(section).getByRole('button', { name: 'Edit staples' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(
      await within(section).findByRole('checkbox', { name: 'Ground cumin' }),
    );
    await waitFor(() => expect(puts.at(-1)).toEqual(['salt', 'black-pepper']));
    expect(
      await screen.findByRole('region', { name: 'Staples (2)' }),
    ).toBeVisible();

    await userEvent.type(
      within(section).getByRole('textbox', { name: 'Add a staple' }),
      'smoked paprika{Enter}',
    );
    await waitFor(() =>
      expect(puts.at(-1)).toEqual(['salt', 'black-pepper', 'smoked-paprika']),
    );
    expect(
      await within(section).findByRole('checkbox', { name: 'Smoked paprika' }),
    ).toBeChecked();

    await userEvent.click(
      within(section).getByRole('button', {
        name: 'Use the suggested staples',
      }),
    );
    await waitFor(() =>
      expect([...(puts.at(-1) ?? [])].sort()).toEqual([...suggested].sort()),
    );
  }, 60_000);
});
