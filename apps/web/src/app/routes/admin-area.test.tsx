import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import {
  adminUser,
  usersListHandler,
} from '../../features/admin/testing/fake-admin-api';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render';

const adminMe = () =>
  http.get('*/api/admin/me', () =>
    HttpResponse.json({
      admin: { firstName: 'Alan', email: 'alan@example.com' },
    }),
  );

/** Pages are lazy modules: the first one can take a while on a busy machine. */
const pageLoad = { timeout: 5_000 };

function signedInAdmin() {
  localStorage.setItem('accessToken', 'admin-token');
  server.use(adminMe());
}

describe('/admin, the admin login', () => {
  it('sends an admin who is signed in already straight to User Management', async () => {
    signedInAdmin();
    server.use(usersListHandler([adminUser()]).handler);
    const { router } = renderApp('/admin');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'User Management' },
        pageLoad,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('shows the form to a signed-in user who is no admin, and lets the admin in', async () => {
    localStorage.setItem('accessToken', 'user-token');
    server.use(
      http.get('*/api/admin/me', ({ request }) =>
        request.headers.get('Authorization') === 'Bearer admin-access'
          ? HttpResponse.json({
              admin: { firstName: 'Alan', email: 'alan@example.com' },
            })
          : HttpResponse.json({ error: 'Forbidden' }, { status: 403 }),
      ),
      http.post('*/api/admin/login', () =>
        HttpResponse.json({
          admin: {
            id: 'a1',
            firstName: 'Alan',
            email: 'alan@example.com',
            role: 'admin',
            accessToken: 'admin-access',
            refreshToken: 'admin-refresh',
          },
        }),
      ),
      usersListHandler([adminUser()]).handler,
    );
    const { user, router } = renderApp('/admin');
    await user.type(
      await screen.findByLabelText('Admin email', {}, pageLoad),
      'alan@example.com',
    );
    await user.type(screen.getByLabelText('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Sign in as admin' }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'User Management' },
        pageLoad,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('checks the e-mail before calling the server', async () => {
    const { user } = renderApp('/admin');
    await user.type(
      await screen.findByLabelText('Admin email', {}, pageLoad),
      'alan@',
    );
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in as admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address!',
    );
  });

  it('says “Access denied: Admin role required!” for a user’s credentials', async () => {
    server.use(
      http.post('*/api/admin/login', () =>
        HttpResponse.json({ error: 'Forbidden' }, { status: 403 }),
      ),
    );
    const { user } = renderApp('/admin');
    await user.type(
      await screen.findByLabelText('Admin email', {}, pageLoad),
      'cook@example.com',
    );
    await user.type(screen.getByLabelText('Password'), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Sign in as admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied: Admin role required!',
    );
  });
});

describe('the admin gate', () => {
  it.each([
    [403, 'Access denied: Admin role required!'],
    [404, 'Admin profile not found.'],
    [500, 'Server error. Please try again later.'],
  ])(
    'on %i from GET /admin/me says “%s” and goes to /admin',
    async (status, text) => {
      localStorage.setItem('accessToken', 'token');
      server.use(
        http.get('*/api/admin/me', () => HttpResponse.json({}, { status })),
      );
      const { router } = renderApp('/admin/settings');
      expect(await screen.findByText(text)).toBeInTheDocument();
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/admin'),
      );
    },
  );
});

describe('a 401 on an admin call', () => {
  it('without a refresh token: “Session expired. Please login again.” and /admin', async () => {
    signedInAdmin();
    server.use(
      http.get('*/api/admin/users', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/admin/users');
    expect(
      await screen.findByText('Session expired. Please login again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(
      await screen.findByRole('heading', { name: 'Admin login' }, pageLoad),
    ).toBeInTheDocument();
  });

  it('that survives a refresh (the admin was demoted meanwhile) ends the session too', async () => {
    signedInAdmin();
    localStorage.setItem('refreshToken', 'admin-refresh');
    server.use(
      http.post('*/api/users/refresh-token', () =>
        HttpResponse.json({
          data: { accessToken: 'new-access', refreshToken: 'new-refresh' },
        }),
      ),
      http.get('*/api/admin/users', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/admin/users');
    expect(
      await screen.findByText('Session expired. Please login again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});

describe('admin logout', () => {
  it.each([
    [200, 'Logged out successfully'],
    [401, 'Logged out successfully'],
    [500, 'Logout failed'],
  ])(
    'on %i says “%s”, clears the tokens and ends at /admin',
    async (status, text) => {
      signedInAdmin();
      localStorage.setItem('refreshToken', 'admin-refresh');
      let refreshed = false;
      server.use(
        usersListHandler([adminUser()]).handler,
        http.post('*/api/admin/logout', () =>
          status === 200
            ? HttpResponse.json({ message: 'Logged out' })
            : HttpResponse.json({ error: 'no admin token' }, { status }),
        ),
        http.post('*/api/users/refresh-token', () => {
          refreshed = true;
          return HttpResponse.json({}, { status: 401 });
        }),
      );
      const { user, router } = renderApp('/admin/users');
      await screen.findByRole(
        'heading',
        { level: 1, name: 'User Management' },
        pageLoad,
      );
      const [logout] = screen.getAllByRole('button', { name: 'Logout' });
      await user.click(logout as HTMLElement);
      expect(await screen.findByText(text)).toBeInTheDocument();
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/admin'),
      );
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(refreshed).toBe(false);
    },
  );
});

describe('the admin shell', () => {
  it('offers the pages, Audit Log among them, the themes, Profile and Logout', async () => {
    signedInAdmin();
    server.use(
      http.get('*/api/admin/audit', () =>
        HttpResponse.json({ entries: [], total: 0, page: 1, limit: 25 }),
      ),
    );
    renderApp('/admin/audit');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Audit Log' },
        pageLoad,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('navigation', { name: 'breadcrumb' }),
    ).toHaveTextContent('Home/Audit Log');
    // On a desktop window the sidebar is the one navigation a user sees: the
    // temporary drawer, kept mounted, is closed and hidden.
    const drawer = within(
      screen.getByRole('navigation', { name: 'Admin pages' }),
    );
    for (const name of [
      'User Management',
      'Recipe Management',
      'Audit Log',
      'Settings',
      'Profile',
    ]) {
      expect(drawer.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    for (const name of ['Dark', 'Light', 'System', 'Logout']) {
      expect(drawer.getAllByRole('button', { name }).length).toBeGreaterThan(0);
    }
    expect(
      drawer.getAllByRole('link', { name: 'Audit Log' })[0],
    ).toHaveAttribute('aria-current', 'page');
  });

  it('the top bar’s search on a page without a list opens User Management with it', async () => {
    signedInAdmin();
    const { handler, requests } = usersListHandler([
      adminUser(),
      adminUser({
        id: '6f1c2a9e-0000-4000-8000-000000000002',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      }),
    ]);
    server.use(handler);
    const { user, router } = renderApp('/admin/profile');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your Profile' },
      pageLoad,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    // User Management is another lazy page: its first load may be slow.
    await waitFor(
      () => expect(router.state.location.search).toBe('?search=ada'),
      pageLoad,
    );
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(
      await screen.findByText('Ada Lovelace', {}, pageLoad),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue(
      'ada',
    );
    await waitFor(() => expect(requests.at(-1)?.get('search')).toBe('ada'));
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
  });

  it('keeps the top bar’s search focused when User Management opens in the middle of typing', async () => {
    // The flake this pins down: the page opened after the first letter and
    // took the focus for its heading, so the last letter went nowhere.
    signedInAdmin();
    const { handler, requests } = usersListHandler([
      adminUser(),
      adminUser({
        id: '6f1c2a9e-0000-4000-8000-000000000002',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      }),
    ]);
    server.use(handler);
    const { user, router } = renderApp('/admin/profile');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your Profile' },
      pageLoad,
    );
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(search);
    await user.keyboard('a');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'User Management' },
      pageLoad,
    );
    expect(router.state.location.search).toBe('?search=a');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();

    await user.keyboard('da');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=ada'),
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(
      'ada',
    );
    await waitFor(() => expect(requests.at(-1)?.get('search')).toBe('ada'));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});
