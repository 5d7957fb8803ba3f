import type { ShoppingItem, ShoppingSummary } from '@platewise/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dismissAllNotifications } from '../../../lib/notifications';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { fakeItem, fakeSummary } from '../testing/fake-shopping-list';
import { ShoppingList } from './shopping-list';

const USER_ID = '6f1c2a4e-8b7d-4c3e-9a21-5d0e7f3b9c10';

const potatoes = (have: number): ShoppingItem =>
  fakeItem('potatoes', {
    key: 'potato',
    ingredientId: 'potato',
    category: 'produce',
    quantity: 1200,
    unit: 'g',
    packages: have >= 1200 ? null : '1 bag (2 kg)',
    packageCount: have >= 1200 ? 0 : 1,
    haveQuantity: have,
  });

/**
 * The server's list and kitchen: what "I have this" posts to the kitchen
 * is taken off what is left to buy.
 */
function serve() {
  const state = { have: 0, posts: [] as unknown[] };
  server.use(
    http.get('*/api/user-ingredients-summary', () =>
      HttpResponse.json(
        fakeSummary(
          [potatoes(state.have)],
          [fakeItem('cumin', { key: 'cumin', ingredientId: 'cumin' })],
        ),
      ),
    ),
    http.post('*/api/kitchen', async ({ request }) => {
      const body = (await request.json()) as {
        items: { quantity?: number }[];
      };
      state.posts.push(body);
      state.have += body.items[0]?.quantity ?? 0;
      return HttpResponse.json({ items: [] }, { status: 201 });
    }),
  );
  return state;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('I have this', () => {
  it('takes what is at home off the list, by keyboard; the rest stays to buy', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    await screen.findByText('Ingredients loaded successfully!');
    act(() => dismissAllNotifications());

    const have = screen.getByRole('button', { name: 'I have this' });
    expect(have).toHaveAccessibleDescription('Potatoes');
    have.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: 'I have potatoes',
    });
    const amount = within(dialog).getByRole('textbox', {
      name: 'Amount at home',
    });
    // The whole need is offered; the user says they have 500 g.
    expect(amount).toHaveValue('1200');
    await user.tab();
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, '500{Enter}');

    await waitFor(() =>
      expect(state.posts).toEqual([
        {
          user_id: USER_ID,
          items: [{ ingredientId: 'potato', quantity: 500, unit: 'g' }],
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list now says what the kitchen covers, and still offers the rest.
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'Potatoes' }),
      ).toHaveAccessibleDescription(/You have 500 g · Buy 1 bag \(2 kg\)/),
    );
    await user.click(screen.getByRole('button', { name: 'I have this' }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('textbox', {
        name: 'Amount at home',
      }),
    ).toHaveValue('700');
  }, 60_000);

  it('refuses an amount that is no number, and Escape closes without saving', async () => {
    const state = serve();
    const user = userEvent.setup();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    await user.click(
      await screen.findByRole('button', { name: 'I have this' }),
    );
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', {
      name: 'Amount at home',
    });
    await user.clear(amount);
    await user.type(amount, 'lots');
    await user.click(
      within(dialog).getByRole('button', { name: 'Take off the list' }),
    );
    expect(
      within(dialog).getByText('Enter how much you have, a number above 0.'),
    ).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.posts).toEqual([]);
  }, 60_000);

  it('is not offered for what there is nothing left to buy of', async () => {
    const summary: ShoppingSummary = fakeSummary([potatoes(1200)], []);
    server.use(
      http.get('*/api/user-ingredients-summary', () =>
        HttpResponse.json(summary),
      ),
    );
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    expect(
      await screen.findByRole('checkbox', { name: 'Potatoes' }),
    ).toHaveAccessibleDescription('1200 g You have 1200 g');
    expect(screen.queryByRole('button', { name: 'I have this' })).toBeNull();
  });
});

describe('offline', () => {
  it('shows the kept list without saying it was loaded, and says what works offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    serve();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    expect(
      await screen.findByRole('checkbox', { name: 'Potatoes' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/You are offline/)).toHaveTextContent(
      'Copying, printing and saving the list work offline; putting things in your kitchen needs the network.',
    );
    // Give a toast the chance to appear: none does.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Ingredients loaded successfully!')).toBeNull();
  });

  it('says "I have this" needs the network instead of opening it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const state = serve();
    const user = userEvent.setup();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    await user.click(
      await screen.findByRole('button', { name: 'I have this' }),
    );
    expect(
      await screen.findByText(
        /putting things in your kitchen needs the network\. Your ticks are kept/,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.posts).toEqual([]);
  });

  it('says "Bought" needs the network, and sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let posted = 0;
    server.use(
      http.get('*/api/user-ingredients-summary', () =>
        HttpResponse.json(
          fakeSummary([fakeItem('leeks', { key: 'leek', ticked: true })], []),
        ),
      ),
      http.post('*/api/kitchen/from-shopping-list', () => {
        posted += 1;
        return HttpResponse.json({ items: [] });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Bought: put the ticked items in my kitchen',
      }),
    );
    expect(
      await screen.findByText(
        /putting things in your kitchen needs the network\. Your ticks are kept/,
      ),
    ).toBeVisible();
    expect(posted).toBe(0);
  });
});

describe('Bought', () => {
  function ticked(answer: () => Response) {
    server.use(
      http.get('*/api/user-ingredients-summary', () =>
        HttpResponse.json(
          fakeSummary([fakeItem('leeks', { key: 'leek', ticked: true })], []),
        ),
      ),
      http.post('*/api/kitchen/from-shopping-list', answer),
    );
  }

  async function clickBought() {
    const user = userEvent.setup();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Bought: put the ticked items in my kitchen',
      }),
    );
  }

  it('says so when the server fails', async () => {
    ticked(() => HttpResponse.json({ error: 'boom' }, { status: 500 }));
    await clickBought();
    expect(
      await screen.findByText(
        'The ticked items could not be put in your kitchen. Please try again.',
      ),
    ).toBeVisible();
  });

  it('says it needs the network when no answer comes', async () => {
    ticked(() => HttpResponse.error());
    await clickBought();
    expect(
      await screen.findByText(
        /putting things in your kitchen needs the network/,
      ),
    ).toBeVisible();
  });
});

describe('I have this without an answer', () => {
  it('says in the dialog that it needs the network', async () => {
    serve();
    server.use(http.post('*/api/kitchen', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderWithProviders(<ShoppingList userId={USER_ID} />);
    await user.click(
      await screen.findByRole('button', { name: 'I have this' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'I have potatoes',
    });
    await user.click(
      within(dialog).getByRole('button', { name: 'Take off the list' }),
    );
    expect(
      await within(dialog).findByText(
        /putting things in your kitchen needs the network/,
      ),
    ).toBeVisible();
  });
});
