import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../testing/msw/server';
import { renderApp } from '../testing/render';

const userData = { id: 42, firstName: 'Grace', email: 'grace@example.com' };
const signedIn = { user: { userData } };

describe('user routes', () => {
  it.each([
    '/user/dashboard',
    '/user/dashboard/profile',
    '/user/shoppinglist',
    '/user/setting',
  ])('%s without a user id redirects to /login', async (route) => {
    const { router } = renderApp(route);
    expect(
      await screen.findByRole('heading', { name: 'Welcome back' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });

  it('shows the dashboard in the user shell for a signed-in user', async () => {
    renderApp('/user/dashboard', { preloadedState: signedIn });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Your pages' })[0];
    expect(nav).toBeDefined();
    for (const name of ['Dashboard', 'Shopping List', 'Settings', 'Logout']) {
      expect(
        screen.getAllByRole(name === 'Logout' ? 'button' : 'link', { name })
          .length,
      ).toBeGreaterThan(0);
    }
    expect(
      screen.getByRole('searchbox', { name: 'Search recipes' }),
    ).toBeInTheDocument();
  });

  it('restores the user from GET /users/me when only a token is stored', async () => {
    localStorage.setItem('accessToken', 'token-1');
    server.use(
      http.get('*/api/users/me', ({ request }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer token-1');
        return HttpResponse.json({ user: userData });
      }),
    );
    const { store } = renderApp('/user/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    expect(store.getState().user.userData).toEqual(userData);
  });

  it('drops a token the server rejects and goes to /login', async () => {
    localStorage.setItem('accessToken', 'stale');
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/user/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('logs out: ends the server session, clears tokens and the user, says so, goes to /login', async () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('refreshToken', 'r');
    let auth: string | null = null;
    server.use(
      http.post('*/api/users/logout', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user, router, store } = renderApp('/user/shoppinglist', {
      preloadedState: signedIn,
    });
    await screen.findByRole('heading', { name: 'Smart Shopping List' });
    const [logout] = screen.getAllByRole('button', { name: 'Logout' });
    await user.click(logout as HTMLElement);
    expect(
      await screen.findByText('Logged out successfully'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().user.userData).toBeNull();
    expect(auth).toBe('Bearer a');
  });

  it.each([
    [401, 'Logged out successfully'],
    [500, 'Logout failed'],
  ])(
    'logs out locally whatever the server answers (%i: “%s”)',
    async (status, text) => {
      localStorage.setItem('accessToken', 'a');
      localStorage.setItem('refreshToken', 'r');
      let refreshed = false;
      server.use(
        http.post('*/api/users/logout', () =>
          HttpResponse.json({ error: 'No' }, { status }),
        ),
        http.post('*/api/users/refresh-token', () => {
          refreshed = true;
          return HttpResponse.json({ error: 'No' }, { status: 401 });
        }),
        // What the settings page reads: nothing saved yet.
        http.get('*/api/preferences/preferences', () =>
          HttpResponse.json({ error: 'Not found' }, { status: 404 }),
        ),
        http.get('*/api/preferences/user-meal-plan', () =>
          HttpResponse.json({ error: 'Not found' }, { status: 404 }),
        ),
        http.get('*/api/allergens', () => HttpResponse.json({ data: [] })),
        // Its Household and Calendar cards (issue 18).
        http.get('*/api/household', () =>
          HttpResponse.json({ error: 'Not found' }, { status: 404 }),
        ),
        http.get('*/api/calendar/token', () =>
          HttpResponse.json({ feed: null }),
        ),
      );
      const { user, router, store } = renderApp('/user/setting', {
        preloadedState: signedIn,
      });
      // The settings page is a large lazy chunk: a cold import can pass 1 s.
      await screen.findByRole(
        'heading',
        { name: 'Manage Setting' },
        { timeout: 5_000 },
      );
      const [logout] = screen.getAllByRole('button', { name: 'Logout' });
      await user.click(logout as HTMLElement);
      expect(await screen.findByText(text)).toBeInTheDocument();
      await waitFor(() =>
        expect(router.state.location.pathname).toBe('/login'),
      );
      expect(localStorage.getItem('accessToken')).toBeNull();
      expect(localStorage.getItem('refreshToken')).toBeNull();
      expect(store.getState().user.userData).toBeNull();
      expect(refreshed).toBe(false);
    },
  );

  it('a refused refresh on a user page ends the session and opens /login', async () => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.setItem('refreshToken', 'revoked');
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
      http.get('*/api/users/sessions', () =>
        HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }),
      ),
      http.post('*/api/users/refresh-token', () =>
        HttpResponse.json(
          { error: 'Invalid grant', code: 'INVALID_GRANT' },
          { status: 401 },
        ),
      ),
    );
    const { router, store } = renderApp('/user/dashboard/profile', {
      preloadedState: signedIn,
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().user.userData).toBeNull();
    expect(
      screen.getByText('Session expired. Please login again.'),
    ).toBeInTheDocument();
  });
});

describe('/login', () => {
  it('with an access token stored goes to /user/dashboard', async () => {
    localStorage.setItem('accessToken', 'token');
    const { router } = renderApp('/login', { preloadedState: signedIn });
    await screen.findByRole('heading', { name: 'Your Dashboard' });
    expect(router.state.location.pathname).toBe('/user/dashboard');
  });

  it('stays on /login with only an auth_token cookie (never set by the server)', async () => {
    document.cookie = 'auth_token=planted-token; path=/';
    const { router } = renderApp('/user/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the landing page’s Login dialog', () => {
  it('holds the same login form, Google rule included', async () => {
    localStorage.setItem('googleLoginEmail', 'grace@example.com');
    server.use(
      http.get('*/api/auth/providers', () =>
        HttpResponse.json({ google: true }),
      ),
    );
    const { user } = renderApp('/');
    const banner = await screen.findByRole('banner');
    await user.click(within(banner).getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    // The form and the store load on demand (issue 11, landing weight).
    await user.type(
      await within(dialog).findByLabelText('Email'),
      'grace@example.com',
    );
    await user.type(within(dialog).getByLabelText('Password'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please login using Google!',
    );
    expect(
      within(dialog).getByRole('link', { name: 'Continue with Google' }),
    ).toHaveAttribute('href', '/api/auth/google?remember=false');
    expect(
      within(dialog).getByRole('link', { name: 'Forgot password?' }),
    ).toHaveAttribute('href', '/forgotpassword');
  });

  it('with an access token stored, offers “Go to dashboard” instead of Login (issue 11)', async () => {
    localStorage.setItem('accessToken', 'token');
    const { user, router } = renderApp('/', { preloadedState: signedIn });
    const banner = await screen.findByRole('banner');
    expect(
      within(banner).queryByRole('button', { name: 'Login' }),
    ).not.toBeInTheDocument();
    await user.click(
      within(banner).getByRole('link', { name: 'Go to dashboard' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Your Dashboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/verifyemail', () => {
  it('takes the e-mail from the address', async () => {
    renderApp('/verifyemail?email=a%40b.co');
    expect(await screen.findByText('a@b.co')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('2:00');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('asks for the e-mail when none came along', async () => {
    renderApp('/verifyemail');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});

describe('/resetpassword', () => {
  it.each([
    '/resetpassword',
    '/resetpassword?email=a%40b.co',
    '/resetpassword?token=t',
  ])('%s redirects to /forgot-password', async (route) => {
    const { router } = renderApp(route);
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('with e-mail and token stays and shows the form', async () => {
    const { router } = renderApp('/resetpassword?email=a%40b.co&token=t');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(router.state.location.pathname).toBe('/resetpassword');
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByText('a@b.co')).toBeInTheDocument();
  });
});

describe('aliases and public pages', () => {
  it.each([
    ['/forgotpassword', 'Forgot your password?'],
    ['/forgot-password', 'Forgot your password?'],
    ['/signup', 'Create your account'],
    ['/verifyemail?email=a%40b.co', 'Verify your e-mail'],
    ['/admin', 'Admin login'],
    ['/admin/login', 'Admin login'],
    ['/contact', 'Contact support'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
  ])('%s shows “%s”', async (route, heading) => {
    renderApp(route);
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }),
    ).toBeInTheDocument();
  });

  it('the contact page offers a mailto action to support@platewise.app', async () => {
    renderApp('/contact');
    const write = await screen.findByRole('link', { name: 'Write an e-mail' });
    expect(write).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@platewise\.app/),
    );
  });
});

describe('admin routes', () => {
  const adminMe = () =>
    http.get('*/api/admin/me', () =>
      HttpResponse.json({
        admin: { firstName: 'Alan', email: 'alan@example.com' },
      }),
    );

  it('without a token redirects to /admin', async () => {
    const { router } = renderApp('/admin/users');
    await screen.findByRole('heading', { name: 'Admin login' });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('when GET /admin/me fails redirects to /admin', async () => {
    localStorage.setItem('accessToken', 'user-token');
    server.use(
      http.get('*/api/admin/me', () =>
        HttpResponse.json({ error: 'Forbidden' }, { status: 403 }),
      ),
    );
    const { router } = renderApp('/admin/recipemanagement');
    await screen.findByRole('heading', { name: 'Admin login' });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it.each([
    ['/admin/users', 'User Management'],
    ['/admin/dashboard', 'User Management'],
    ['/admin/no-such-page', 'User Management'],
    ['/admin/recipemanagement', 'Recipe Management'],
    ['/admin/settings', 'Settings'],
    ['/admin/profile', 'Your Profile'],
    ['/admin/audit', 'Audit Log'],
  ])('%s shows %s in the admin shell', async (route, title) => {
    localStorage.setItem('accessToken', 'admin-token');
    server.use(
      adminMe(),
      // The pages' own data: empty lists and default settings.
      http.get('*/api/admin/users', () =>
        HttpResponse.json({ users: [], total: 0, page: 1, limit: 10 }),
      ),
      http.get('*/api/recipes', () =>
        HttpResponse.json({ data: [], total: 0, page: 1, limit: 50 }),
      ),
      http.get('*/api/admin/audit', () =>
        HttpResponse.json({ entries: [], total: 0, page: 1, limit: 25 }),
      ),
      http.get('*/api/admin/settings', () =>
        HttpResponse.json({
          signupOpen: true,
          plannerWeights: {},
          plannerWeightDefaults: { wastePerGram: 1 },
          mailConfigured: false,
          updatedAt: null,
        }),
      ),
    );
    renderApp(route);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(crumbs).toHaveTextContent(`Home/${title}`);
  });

  it('the profile shows the admin’s name and e-mail', async () => {
    localStorage.setItem('accessToken', 'admin-token');
    server.use(adminMe());
    renderApp('/admin/profile');
    expect(await screen.findByLabelText('Name')).toHaveValue('Alan');
    expect(screen.getByLabelText('E-mail')).toHaveValue('alan@example.com');
  });
});

describe('unknown paths', () => {
  it('show the 404 page with its two links', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('link', { name: 'Go back home' }),
    ).toHaveAttribute('href', '/');
    expect(
      screen.getByRole('link', { name: 'Contact support' }),
    ).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
