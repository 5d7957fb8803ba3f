import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../testing/msw/server';
import { AppRoot } from './app-root';
import { connectRouterNavigation, routes } from './router';
import { getAppStore } from './store-gate';

const userData = { id: 42, firstName: 'Grace', email: 'grace@example.com' };

afterEach(() => {
  // No write of this test's state may land after localStorage is cleared.
  getAppStore().persistor.pause();
});

describe('AppRoot', () => {
  it('waits for the saved user before the user guard runs (spec point 4)', async () => {
    localStorage.setItem(
      'persist:root',
      JSON.stringify({
        user: JSON.stringify({ userData }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );
    // No token is stored, so the guard has no GET /users/me to fall back
    // on: only the restored user can let it through.
    let askedServer = false;
    server.use(
      http.get('*/api/users/me', () => {
        askedServer = true;
        return HttpResponse.json({ error: 'Unauthorized' }, { status: 401 });
      }),
    );

    // The router is ready (page code loaded) before storage answers: the
    // order in which an ungated guard would see no user and leave for /login.
    const router = createMemoryRouter(routes, {
      initialEntries: ['/user/dashboard'],
    });
    connectRouterNavigation(router);
    await waitFor(() => expect(router.state.initialized).toBe(true));
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    // As main.tsx mounts it: no store given; the user area makes the
    // app's persisted store when it first renders (store-gate.tsx).
    render(<AppRoot router={router} />);

    // Before restoration: the gate's loader, and no page at all.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Restoring your settings…',
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(visited).not.toContain('/login');
    expect(
      screen.queryByRole('heading', { name: 'Welcome back' }),
    ).not.toBeInTheDocument();
    expect(getAppStore().store.getState().user.userData).toEqual(userData);
    expect(askedServer).toBe(false);
  });
});
