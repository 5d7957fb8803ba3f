import { messages, type ShoppingSummary } from '@platewise/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { dismissAllNotifications } from '../../../lib/notifications';
import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { fakeItem, fakeSummary } from '../testing/fake-shopping-list';
import { ShoppingList } from './shopping-list';

const USER_ID = '6f1c2a4e-8b7d-4c3e-9a21-5d0e7f3b9c10';

function week(): ShoppingSummary {
  return fakeSummary(
    [
      fakeItem('Coriander', {
        key: 'ing-coriander',
        category: 'herbs',
        quantity: 45,
        unit: 'g',
        packages: '2 bunches',
        packageCount: 2,
        leftover: { quantity: 75, unit: 'g' },
        usedIn: 3,
      }),
      fakeItem('Tomato', {
        key: 'ing-tomato',
        category: 'produce',
        quantity: 6,
        packages: '6 tomatoes',
        packageCount: 6,
      }),
      fakeItem('Carrot', {
        key: 'ing-carrot',
        category: 'produce',
        quantity: 400,
        unit: 'g',
        packages: '1 bag (500 g)',
        packageCount: 1,
        leftover: { quantity: 100, unit: 'g' },
      }),
      fakeItem('Milk', {
        key: 'ing-milk',
        category: 'dairy',
        quantity: 0.75,
        unit: 'l',
        packages: '1 carton (1 l)',
        packageCount: 1,
        leftover: { quantity: 0.25, unit: 'l' },
      }),
    ],
    [
      fakeItem('Red lentils', {
        key: 'ing-lentils',
        category: 'legumes',
        quantity: 300,
        unit: 'g',
      }),
      fakeItem('Olive oil', {
        key: 'ing-oil',
        category: 'oils',
        quantity: 45,
        unit: 'ml',
      }),
    ],
  );
}

/** The server's list, with its ticks kept as PUT /shopping-list/ticks sets them. */
function serveList(summary: ShoppingSummary) {
  const state = { ticked: new Set<string>(), puts: [] as unknown[], reads: 0 };
  server.use(
    http.get('*/api/user-ingredients-summary', () => {
      state.reads += 1;
      const tick = (
        items: ShoppingSummary['data'][number]['freshIngredients'],
      ) =>
        items.map((item) => ({ ...item, ticked: state.ticked.has(item.key) }));
      return HttpResponse.json({
        ...summary,
        data: summary.data.map((entry) => ({
          freshIngredients: tick(entry.freshIngredients),
          nonPerishableIngredients: tick(entry.nonPerishableIngredients),
        })),
      });
    }),
    http.put('*/api/shopping-list/ticks', async ({ request }) => {
      const body = (await request.json()) as { ticked: string[] };
      state.puts.push(body);
      state.ticked = new Set(body.ticked);
      return HttpResponse.json({ ticked: body.ticked, version: 3 });
    }),
  );
  return state;
}

function renderList() {
  return renderWithProviders(<ShoppingList userId={USER_ID} />);
}

/**
 * Waits for the list, then clears 'Ingredients loaded successfully!': toasts
 * show one at a time, and the next test step's toast would wait behind it.
 */
async function listLoaded(name: string) {
  const box = await screen.findByRole('checkbox', { name });
  await screen.findByText('Ingredients loaded successfully!');
  act(() => dismissAllNotifications());
  return box;
}

const panel = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

describe('Smart Shopping List', () => {
  it('shows Fresh Ingredients and Non-Perishables grouped by aisle, with amounts, packages and leftovers', async () => {
    serveList(week());
    renderList();
    expect(
      await screen.findByText('Ingredients loaded successfully!'),
    ).toBeVisible();
    const fresh = panel('Fresh Ingredients');
    expect(
      within(fresh)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Fruit & vegetables', 'Fresh herbs', 'Dairy']);
    const produce = within(fresh).getByRole('region', {
      name: 'Fruit & vegetables',
    });
    expect(within(produce).getAllByRole('checkbox')).toHaveLength(2);
    expect(
      within(produce).getByRole('checkbox', { name: 'Tomato' }),
    ).toBeInTheDocument();
    const carrot = within(produce).getByRole('checkbox', { name: 'Carrot' });
    expect(carrot).toHaveAccessibleDescription(
      '400 g Buy 1 bag (500 g) · 100 g left over',
    );
    expect(
      within(fresh).getByRole('checkbox', { name: 'Tomato' }),
    ).toHaveAccessibleDescription('6 Buy 6 tomatoes');
    expect(
      within(fresh).getByRole('checkbox', { name: 'Milk' }),
    ).toHaveAccessibleDescription('¾ l Buy 1 carton (1 l) · ¼ l left over');

    const pantry = panel('Non-Perishables');
    expect(
      within(pantry)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Legumes', 'Oils & vinegars']);
    expect(
      within(pantry).getByRole('checkbox', { name: 'Red lentils' }),
    ).toHaveAccessibleDescription('300 g');
  });

  it('says “to taste” for an item the recipes give no amount, never 0', async () => {
    serveList(
      fakeSummary(
        [
          fakeItem('lemons', {
            key: 'ing-lemon',
            category: 'produce',
            quantity: 2,
            packages: '2 lemons',
            packageCount: 2,
            leftover: { quantity: 0.5, unit: 'lemon' },
          }),
        ],
        [
          fakeItem('black pepper', {
            key: 'ing-pepper',
            category: 'spices',
            quantity: null,
            packages: '1 jar (50 g)',
            packageCount: 1,
          }),
        ],
      ),
    );
    renderList();
    const pepper = await listLoaded('Black pepper');
    expect(pepper).toHaveAccessibleDescription('to taste Buy 1 jar (50 g)');
    expect(
      screen.getByRole('checkbox', { name: 'Lemons' }),
    ).toHaveAccessibleDescription('2 Buy 2 lemons · ½ lemon left over');
  });

  it('shows the spec’s empty texts without a plan', async () => {
    serveList(fakeSummary([], [], null));
    renderList();
    expect(
      await screen.findByText('No fresh ingredients to display.'),
    ).toBeVisible();
    expect(
      screen.getByText('No non-perishable ingredients to display.'),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Order on Instacart' }),
    ).toBeDisabled();
    // Nothing was loaded that a user could see: no success toast, but the
    // way to plan a week (issue 21).
    expect(
      screen.getByRole('link', { name: 'Go to Settings' }),
    ).toHaveAttribute('href', '/user/setting');
    await delay(50);
    expect(screen.queryByText('Ingredients loaded successfully!')).toBeNull();
  });

  it('says “Please log in to access your shopping list.” on a 401', async () => {
    // No stored token: the 401 is the answer, with no refresh to try.
    localStorage.clear();
    server.use(
      http.get('*/api/user-ingredients-summary', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    renderList();
    expect(
      await screen.findByText('Please log in to access your shopping list.'),
    ).toBeVisible();
  });

  it.each([500, 403, 429])(
    'says “Failed to load ingredients. Please try again.” on a %s',
    async (status) => {
      server.use(
        http.get('*/api/user-ingredients-summary', () =>
          HttpResponse.json({ error: 'No' }, { status }),
        ),
      );
      renderList();
      expect(
        await screen.findByText(
          'Failed to load ingredients. Please try again.',
        ),
      ).toBeVisible();
      expect(screen.queryByText('Ingredients loaded successfully!')).toBeNull();
    },
  );
});

describe('ticks', () => {
  it('are stored on the server and come back on the next visit', async () => {
    const state = serveList(week());
    const { user, unmount } = renderList();
    const carrot = await screen.findByRole('checkbox', { name: 'Carrot' });
    await user.click(carrot);
    expect(carrot).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Olive oil' }));
    await waitFor(() =>
      expect(state.ticked).toEqual(new Set(['ing-carrot', 'ing-oil'])),
    );
    expect(state.puts[0]).toEqual({
      user_id: USER_ID,
      version: 3,
      ticked: ['ing-carrot'],
    });
    expect(
      within(panel('Fresh Ingredients')).getByText('1 of 4 ticked'),
    ).toBeVisible();
    unmount();

    // Another device, or a reload: a fresh store reads the server's ticks.
    renderList();
    expect(
      await screen.findByRole('checkbox', { name: 'Carrot' }),
    ).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Olive oil' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Tomato' })).not.toBeChecked();
    expect(state.reads).toBe(2);
  });

  it('end on the server as the screen shows them however fast they are tapped', async () => {
    const state = serveList(week());
    const { user } = renderList();
    await screen.findByRole('checkbox', { name: 'Carrot' });
    for (const name of ['Carrot', 'Tomato', 'Milk', 'Tomato']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    await waitFor(() =>
      expect(state.ticked).toEqual(new Set(['ing-carrot', 'ing-milk'])),
    );
    await waitFor(() =>
      expect(state.puts.at(-1)).toMatchObject({
        ticked: ['ing-carrot', 'ing-milk'],
      }),
    );
  });

  it('go back to the stored ones when saving fails', async () => {
    const state = serveList(week());
    server.use(
      http.put('*/api/shopping-list/ticks', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
    );
    const { user } = renderList();
    const carrot = await listLoaded('Carrot');
    await user.click(carrot);
    expect(
      await screen.findByText('Could not save your tick. Please try again.'),
    ).toBeVisible();
    await waitFor(() => expect(carrot).not.toBeChecked());
    expect(state.reads).toBe(2);
  });

  it('say how long to wait when the server refuses too many changes (429)', async () => {
    serveList(week());
    server.use(
      http.put('*/api/shopping-list/ticks', () =>
        HttpResponse.json(
          { error: messages.generic.tooManyChanges },
          { status: 429, headers: { 'retry-after': '60' } },
        ),
      ),
    );
    const { user } = renderList();
    const carrot = await listLoaded('Carrot');
    await user.click(carrot);
    expect(
      await screen.findByText(
        'Too many changes in a short time. Please wait a minute and try again.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(carrot).not.toBeChecked());
  });

  it('start afresh when the plan changed meanwhile (409)', async () => {
    const state = serveList(week());
    server.use(
      http.put('*/api/shopping-list/ticks', () =>
        HttpResponse.json({ error: 'stale' }, { status: 409 }),
      ),
    );
    const { user } = renderList();
    await user.click(await listLoaded('Carrot'));
    expect(
      await screen.findByText(
        'Your meal plan changed, so this is a new shopping list. Ticks start afresh.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(state.reads).toBe(2));
  });
});

describe('Order on Instacart', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('copies the list as text', async () => {
    const state = serveList(week());
    state.ticked.add('ing-tomato');
    const { user } = renderList();
    await listLoaded('Carrot');
    await user.click(
      screen.getByRole('button', { name: 'Order on Instacart' }),
    );
    await user.click(
      screen.getByRole('menuitem', { name: /Copy list as text/ }),
    );
    expect(
      await screen.findByText('Shopping list copied to the clipboard.'),
    ).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(
      [
        'Shopping list',
        '',
        'FRESH INGREDIENTS',
        'Fruit & vegetables',
        '[ ] Carrot: 400 g (Buy 1 bag (500 g); 100 g left over)',
        '[x] Tomato: 6 (Buy 6 tomatoes)',
        '',
        'Fresh herbs',
        '[ ] Coriander: 45 g (Buy 2 bunches; 75 g left over)',
        '',
        'Dairy',
        '[ ] Milk: ¾ l (Buy 1 carton (1 l); ¼ l left over)',
        '',
        'NON-PERISHABLES',
        'Legumes',
        '[ ] Red lentils: 300 g',
        '',
        'Oils & vinegars',
        '[ ] Olive oil: 45 ml',
        '',
      ].join('\n'),
    );
  });

  it('downloads the list as CSV', async () => {
    serveList(
      fakeSummary(
        [
          fakeItem('Coriander', {
            category: 'herbs',
            quantity: 45,
            unit: 'g',
            packages: '2 bunches',
          }),
        ],
        [
          fakeItem('=HYPERLINK("x")', { category: 'spices', quantity: 1 }),
          fakeItem('Salt, flaky', {
            category: 'spices',
            quantity: 5,
            unit: 'g',
          }),
        ],
      ),
    );
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:shopping-list';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', {
      configurable: true,
      value: () => undefined,
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = renderList();
    await listLoaded('Coriander');
    await user.click(
      screen.getByRole('button', { name: 'Order on Instacart' }),
    );
    await user.click(screen.getByRole('menuitem', { name: /Download CSV/ }));
    expect(
      await screen.findByText('Shopping list downloaded as CSV.'),
    ).toBeVisible();
    expect(clicked.map((link) => link.download)).toEqual(['shopping-list.csv']);
    const [blob] = blobs;
    expect(blob?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(
      (await blob?.arrayBuffer()) ?? new ArrayBuffer(0),
    );
    // The byte-order mark that tells spreadsheets the encoding, then the
    // rows (TextDecoder drops the mark, as a browser's blob.text() does).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toBe(
      [
        'name,quantity,unit,packages,category,type',
        'Coriander,45,g,2 bunches,Fresh herbs,fresh',
        `"'=HYPERLINK(""x"")",1,,,Spices,pantry`,
        '"Salt, flaky",5,g,,Spices,pantry',
        '',
      ].join('\r\n'),
    );
  });

  it('prints the list', async () => {
    serveList(week());
    const print = vi.fn();
    vi.spyOn(window, 'print').mockImplementation(print);
    const { user } = renderList();
    await screen.findByRole('checkbox', { name: 'Carrot' });
    await user.click(
      screen.getByRole('button', { name: 'Order on Instacart' }),
    );
    await user.click(screen.getByRole('menuitem', { name: /Print list/ }));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
  });

  it('offers Share only where the browser can share', async () => {
    serveList(week());
    const first = renderList();
    await screen.findByRole('checkbox', { name: 'Carrot' });
    await first.user.click(
      screen.getByRole('button', { name: 'Order on Instacart' }),
    );
    expect(screen.queryByRole('menuitem', { name: /Share list/ })).toBeNull();
    first.unmount();

    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: share,
    });
    const { user } = renderList();
    await screen.findByRole('checkbox', { name: 'Carrot' });
    await user.click(
      screen.getByRole('button', { name: 'Order on Instacart' }),
    );
    await user.click(screen.getByRole('menuitem', { name: /Share list/ }));
    expect(share).toHaveBeenCalledWith({
      title: 'Shopping list',
      text: expect.stringContaining('[ ] Carrot: 400 g') as string,
    });
  });
});
