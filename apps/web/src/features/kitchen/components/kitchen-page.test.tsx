import type { Kitchen, KitchenItem } from '@platewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

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
  it('lists what is at home with "use soon" marks', async () => {
    serve({
      items: [
        item('spinach', { quantity: 200, unit: 'g', useBy: isoDay(1) }),
        item('milk', { useBy: isoDay(-1), unit: 'l' }),
        item('potato', { quantity: 2, unit: 'kg', place: 'cupboard' }),
        item('rice', { useBy: null, place: 'cupboard', unit: 'kg' }),
      ],
      staples: ['salt'],
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
      within(rows[3] as HTMLElement).getByText(/keeps for months/),
    ).toBeVisible();
  });

  it('adds a typed line', async () => {
    let kitchen: Kitchen = { items: [], staples: [] };
    let posted: unknown;
    server.use(
      http.get('*/api/kitchen', () => HttpResponse.json(kitchen)),
      http.post('*/api/kitchen', async ({ request }) => {
        posted = await request.json();
        const added = item('potato', { quantity: 2, unit: 'kg' });
        kitchen = { items: [added], staples: [] };
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
  });
});
