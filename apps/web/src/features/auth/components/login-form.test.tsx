import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderRoutes, renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

/** The login answer's user (spec shape, tokens included). */
const ROSA = {
  id: 3,
  firstName: 'Rosa',
  email: 'cook@example.com',
  role: 'user',
  accessToken: 'acc',
  refreshToken: 'ref',
};

async function fillAndSubmit(
  user: ReturnType<typeof renderWithProviders>['user'],
  { remember = false } = {},
) {
  await user.type(screen.getByLabelText('Email'), 'cook@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  it('asks for both fields before calling the server', async () => {
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in all fields!',
    );
    await user.type(screen.getByLabelText('Email'), 'cook@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in all fields!',
    );
  });

  it('links to the forgot-password and sign-up pages', () => {
    renderWithProviders(<LoginForm />);
    expect(
      screen.getByRole('link', { name: 'Forgot password?' }),
    ).toHaveAttribute('href', '/forgotpassword');
    expect(
      screen.getByRole('link', { name: 'Create an account' }),
    ).toHaveAttribute('href', '/signup');
  });

  it('stores tokens and user and opens the dashboard on success', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'ok',
          user: ROSA,
        });
      }),
    );
    const { user, store, router } = renderWithProviders(<LoginForm />, {
      route: '/login',
    });
    await fillAndSubmit(user, { remember: true });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/user/dashboard'),
    );
    expect(body).toEqual({
      email: 'cook@example.com',
      password: 'Secret#123',
      rememberMe: true,
    });
    expect(localStorage.getItem('accessToken')).toBe('acc');
    expect(localStorage.getItem('refreshToken')).toBe('ref');
    expect(store.getState().user.userData).toEqual({
      id: 3,
      firstName: 'Rosa',
      email: 'cook@example.com',
      role: 'user',
    });
  });

  it.each([
    [400, { error: 'bad' }, 'Invalid email or password format!'],
    [401, { error: 'nope' }, 'Incorrect email or password!'],
    [
      403,
      { error: 'Please verify your e-mail first.' },
      'Please verify your e-mail first.',
    ],
    [403, { error: '' }, 'Access denied!'],
    [
      403,
      { error: 'Please login using Google!', code: 'GOOGLE_ACCOUNT' },
      'Please login using Google!',
    ],
    [
      403,
      {
        error:
          'Please set your password with the link we e-mailed you, or use Forgot password.',
        code: 'PASSWORD_NOT_SET',
      },
      'Please set your password with the link we e-mailed you, or use Forgot password.',
    ],
    [404, { error: 'Not found' }, 'User not found! Please sign up first.'],
    [
      500,
      { error: 'Internal Server Error' },
      'Server error! Please try again later.',
    ],
    [
      429,
      { error: 'Too many attempts. Try again in a minute.' },
      'Too many attempts. Try again in a minute.',
    ],
    [502, null, 'Login failed! Please try again.'],
  ])('shows the spec text for a %i answer', async (status, answer, text) => {
    server.use(
      http.post('*/api/users/login', () =>
        answer
          ? HttpResponse.json(answer, { status })
          : new HttpResponse('Bad gateway', { status }),
      ),
    );
    const { user } = renderWithProviders(<LoginForm />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('treats an answer without the user as an invalid structure', async () => {
    server.use(
      http.post('*/api/users/login', () =>
        HttpResponse.json({ message: 'ok' }),
      ),
    );
    const { user } = renderWithProviders(<LoginForm />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid response structure from server.',
    );
  });

  it('says so when the network fails', async () => {
    server.use(http.post('*/api/users/login', () => HttpResponse.error()));
    const { user } = renderWithProviders(<LoginForm />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error or unexpected issue! Please try again.',
    );
  });

  it('sends an e-mail last used with Google to Google, without a call', async () => {
    localStorage.setItem('googleLoginEmail', 'cook@example.com');
    let called = false;
    server.use(
      http.post('*/api/users/login', () => {
        called = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderWithProviders(<LoginForm />);
    await user.type(screen.getByLabelText('Email'), ' Cook@Example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please login using Google!',
    );
    expect(called).toBe(false);
  });

  it('offers Google when the server does, remembering the choice', async () => {
    server.use(
      http.get('*/api/auth/providers', () =>
        HttpResponse.json({ google: true }),
      ),
    );
    const { user } = renderWithProviders(<LoginForm />);
    const google = await screen.findByRole('link', {
      name: 'Continue with Google',
    });
    expect(google).toHaveAttribute('href', '/api/auth/google?remember=false');
    await user.click(screen.getByLabelText('Remember me'));
    expect(google).toHaveAttribute('href', '/api/auth/google?remember=true');
  });

  it('offers no Google option when the server has none', async () => {
    renderWithProviders(<LoginForm />);
    await waitFor(() =>
      expect(
        screen.queryByRole('link', { name: 'Continue with Google' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('shows and hides the password', async () => {
    const { user } = renderWithProviders(<LoginForm />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('leads an unverified account to the code entry', async () => {
    server.use(
      http.post('*/api/users/login', () =>
        HttpResponse.json(
          {
            error: 'Please verify your e-mail first.',
            code: 'EMAIL_NOT_VERIFIED',
          },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderWithProviders(<LoginForm />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please verify your e-mail first.',
    );
    expect(screen.getByRole('link', { name: 'Enter code' })).toHaveAttribute(
      'href',
      '/verifyemail?email=cook%40example.com',
    );
  });

  it('sends no stale token with the login and never refreshes on its 401', async () => {
    localStorage.setItem('accessToken', 'stale');
    localStorage.setItem('refreshToken', 'stale-refresh');
    let auth: string | null = 'unset';
    server.use(
      http.post('*/api/users/login', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({ error: 'nope' }, { status: 401 });
      }),
    );
    const { user } = renderWithProviders(<LoginForm />);
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect email or password!',
    );
    expect(auth).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBe('stale-refresh');
  });
});

describe('LoginForm after Google sign-in', () => {
  it('shows why a Google sign-in came back to /login', () => {
    renderWithProviders(<LoginForm />, { route: '/login?error=google-link' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists. Log in with your password to link your Google account to it.',
    );
  });

  it('says the address belongs to another Google account', () => {
    renderWithProviders(<LoginForm />, { route: '/login?error=google-taken' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Another Google account already uses this e-mail address. Sign in with that one.',
    );
  });

  it('says sign-up is closed when an admin closed it', () => {
    renderWithProviders(<LoginForm />, { route: '/login?error=signup-closed' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Sign-up is closed at the moment. Please contact the administrator.',
    );
  });

  it('ignores unknown reasons', () => {
    renderWithProviders(<LoginForm />, { route: '/login?error=whatever' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoginForm from a household invitation link (issue 18)', () => {
  const LINK = '/household/join?token=abc_123';

  it('says what happens, and takes the link along to the sign-up and the code entry', async () => {
    server.use(
      http.post('*/api/users/signup', () =>
        HttpResponse.json(
          {
            message: 'Signup successful! Please verify your email.',
            email: 'ada@example.com',
          },
          { status: 201 },
        ),
      ),
    );
    const { user, router } = renderRoutes(
      [
        { path: '/login', element: <LoginForm /> },
        { path: '/signup', element: <SignupForm /> },
        { path: '/verifyemail', element: null },
        { path: '/', element: null },
      ],
      { route: '/' },
    );
    await act(() => router.navigate('/login', { state: { from: LINK } }));
    expect(
      screen.getByText(/Log in to accept the household invitation/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(
      await screen.findByText(
        /Sign up with the address the invitation was sent to/,
      ),
    ).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: LINK });

    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '5551234567');
    await user.type(screen.getByLabelText('State'), 'Oregon');
    await user.type(
      screen.getByLabelText('Password', { exact: true }),
      'Basil&Lime42',
    );
    await user.type(screen.getByLabelText('Confirm Password'), 'Basil&Lime42');
    await user.click(
      screen.getByRole('checkbox', { name: /I accept the Terms/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/verifyemail'),
    );
    expect(router.state.location.state).toEqual({
      email: 'ada@example.com',
      from: LINK,
    });
    // Typing a whole form takes a while on a busy machine.
  }, 60_000);

  it('keeps the link in the tab for a Google sign-in from it, and finds it again when Google sends the browser back', async () => {
    server.use(
      http.get('*/api/auth/providers', () =>
        HttpResponse.json({ google: true }),
      ),
    );
    // The browser would leave for Google; here it stays.
    const stay = (event: Event) => event.preventDefault();
    document.addEventListener('click', stay);
    try {
      const { user, router } = renderRoutes(
        [
          { path: '/login', element: <LoginForm /> },
          { path: '/', element: null },
        ],
        { route: '/' },
      );
      await act(() => router.navigate('/login', { state: { from: LINK } }));
      expect(
        await screen.findByText(
          /A new account made with Google joins the household at once/,
        ),
      ).toBeVisible();
      await user.click(
        screen.getByRole('link', { name: 'Continue with Google' }),
      );
      expect(sessionStorage.getItem('googleSignInInvitation')).toBe(LINK);
      expect(sessionStorage.getItem('googleSignInState')).not.toBeNull();
    } finally {
      document.removeEventListener('click', stay);
    }
  });

  it('returns to the invitation after the password login that a Google sign-in from it ended on', async () => {
    sessionStorage.setItem('googleSignInInvitation', LINK);
    server.use(
      http.post('*/api/users/login', () =>
        HttpResponse.json({
          message: 'ok',
          googleLinked: true,
          user: ROSA,
        }),
      ),
    );
    const { user, router } = renderWithProviders(<LoginForm />, {
      route: '/login?error=google-link',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Log in with your password to link your Google account',
    );
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/household/join'),
    );
    expect(router.state.location.search).toBe('?token=abc_123');
    // Used: a later Google error on this tab does not bring it back.
    expect(sessionStorage.getItem('googleSignInInvitation')).toBeNull();
  });

  it('does not take a kept link to a login that did not come back from Google', () => {
    sessionStorage.setItem('googleSignInInvitation', LINK);
    renderWithProviders(<LoginForm />, { route: '/login' });
    expect(
      screen.queryByText(/Log in to accept the household invitation/),
    ).not.toBeInTheDocument();
  });

  it('ignores a `from` that is not an invitation link', async () => {
    const { router } = renderRoutes(
      [
        { path: '/login', element: <LoginForm /> },
        { path: '/', element: null },
      ],
      { route: '/' },
    );
    await act(() =>
      router.navigate('/login', { state: { from: 'https://evil.example/' } }),
    );
    expect(
      screen.queryByText(/Log in to accept the household invitation/),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Create an account' }),
    ).toHaveAttribute('href', '/signup');
  });
});
