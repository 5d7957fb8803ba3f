import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { formatLastActive } from '../../features/account/components/browser-sessions-card';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render';

type User = ReturnType<typeof renderApp>['user'];

const stored = { id: 42, firstName: 'Grace', email: 'grace@example.com' };
const me = { ...stored, lastName: 'Hopper', role: 'user', hasPassword: true };

const sessions = [
  {
    id: 's1',
    deviceInfo: 'Chrome on macOS',
    ip: '203.0.113.4',
    createdAt: '2026-03-01T08:00:00.000Z',
    lastActive: '2026-03-02T09:30:00.000Z',
    current: true,
  },
  {
    id: 's2',
    deviceInfo: 'Firefox on Android',
    ip: null,
    createdAt: '2026-02-20T08:00:00.000Z',
    lastActive: '2026-02-28T18:05:00.000Z',
    current: false,
  },
];

function serve({
  user = me,
  sessionList = sessions,
}: { user?: Record<string, unknown>; sessionList?: unknown[] } = {}) {
  server.use(
    http.get('*/api/users/me', () => HttpResponse.json({ user })),
    http.get('*/api/users/sessions', () =>
      HttpResponse.json({ sessions: sessionList }),
    ),
  );
}

async function openProfile() {
  const rendered = renderApp('/user/dashboard/profile', {
    preloadedState: { user: { userData: stored } },
  });
  await screen.findByRole('heading', { level: 1, name: 'User Profile' });
  return rendered;
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

describe('/user/dashboard/profile', () => {
  it('shows the name and e-mail read-only, from GET /users/me', async () => {
    serve();
    await openProfile();
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper'),
    );
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('readonly');
    for (const name of [
      'Profile Information',
      'Update Password',
      'Browser Sessions',
      'Delete Account',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    }
  });

  it('says “Failed to load user data” and keeps the stored copy', async () => {
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
      http.get('*/api/users/sessions', () => HttpResponse.json({ sessions })),
    );
    await openProfile();
    expect(
      await screen.findByText('Failed to load user data'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Grace');
  });
});

describe('Update Password', () => {
  async function fill(
    user: User,
    current: string,
    next: string,
    repeat: string,
  ) {
    const card = section('Update Password');
    await user.type(within(card).getByLabelText('Current Password'), current);
    await user.type(within(card).getByLabelText('New Password'), next);
    await user.type(within(card).getByLabelText('Repeat Password'), repeat);
    await user.click(
      within(card).getByRole('button', { name: 'Update Password' }),
    );
  }

  it('needs all three fields, and the two new ones to match', async () => {
    serve();
    const { user } = await openProfile();
    const card = section('Update Password');
    await user.click(
      within(card).getByRole('button', { name: 'Update Password' }),
    );
    for (const text of [
      'Current Password is required!',
      'New Password is required!',
      'Repeat Password is required!',
    ]) {
      expect(await within(card).findByText(text)).toBeInTheDocument();
    }
    await fill(user, 'Old@pass1', 'New@pass1', 'New@pass2');
    expect(
      await within(card).findByText(
        'New password and repeat password do not match',
      ),
    ).toBeInTheDocument();
  });

  it('shows and hides each field', async () => {
    serve();
    const { user } = await openProfile();
    const card = section('Update Password');
    for (const label of [
      'Current Password',
      'New Password',
      'Repeat Password',
    ]) {
      const input = within(card).getByLabelText(label);
      const field = within(input.parentElement as HTMLElement);
      expect(input).toHaveAttribute('type', 'password');
      await user.click(field.getByRole('button', { name: 'Show password' }));
      expect(input).toHaveAttribute('type', 'text');
      await user.click(field.getByRole('button', { name: 'Hide password' }));
      expect(input).toHaveAttribute('type', 'password');
    }
  });

  it('updates the password, stores the fresh tokens, says so and empties the form', async () => {
    serve();
    let body: unknown;
    server.use(
      http.patch('*/api/users/edit-info', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'Updated',
          data: { accessToken: 'access-2', refreshToken: 'refresh-2' },
        });
      }),
    );
    const { user } = await openProfile();
    await fill(user, 'Old@pass1', 'New@pass1', 'New@pass1');
    expect(
      await screen.findByText('Password updated successfully'),
    ).toBeInTheDocument();
    expect(body).toEqual({
      password: 'New@pass1',
      currentPassword: 'Old@pass1',
    });
    // The server renewed this session's tokens (S26).
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(
      within(section('Update Password')).getByLabelText('Current Password'),
    ).toHaveValue('');
  });

  it('shows the server’s text for a wrong current password', async () => {
    serve();
    let attempts = 0;
    let refreshed = false;
    server.use(
      http.patch('*/api/users/edit-info', () => {
        attempts += 1;
        return HttpResponse.json(
          { error: 'Current password is incorrect.', code: 'UNAUTHORIZED' },
          { status: 401 },
        );
      }),
      http.post('*/api/users/refresh-token', () => {
        refreshed = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user, router } = await openProfile();
    await fill(user, 'Wrong@pass1', 'New@pass1', 'New@pass1');
    expect(
      await within(section('Update Password')).findByRole('alert'),
    ).toHaveTextContent('Current password is incorrect.');
    // Sent once: a retry would count twice toward the lockout.
    expect(attempts).toBe(1);
    expect(refreshed).toBe(false);
    expect(router.state.location.pathname).toBe('/user/dashboard/profile');
  });

  it('says “Failed to update password” when the server fails', async () => {
    serve();
    server.use(
      http.patch('*/api/users/edit-info', () =>
        HttpResponse.json({ error: 'Internal Server Error' }, { status: 500 }),
      ),
    );
    const { user } = await openProfile();
    await fill(user, 'Old@pass1', 'New@pass1', 'New@pass1');
    expect(
      await within(section('Update Password')).findByRole('alert'),
    ).toHaveTextContent('Failed to update password');
  });

  it('has nothing to change for a Google-only account', async () => {
    serve({ user: { ...me, hasPassword: false } });
    await openProfile();
    expect(
      await screen.findByText(
        'You sign in with Google, so this account has no password to change.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });
});

describe('Browser Sessions', () => {
  it('lists each session with “(Current)” and its last use', async () => {
    serve();
    const { user } = await openProfile();
    const card = section('Browser Sessions');
    await within(card).findByText('You are signed in on 1 other browser too.');
    await user.click(
      within(card).getByRole('button', { name: 'View Session' }),
    );
    const menu = await screen.findByRole('menu', { name: 'Browser sessions' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on macOS (Current)');
    expect(items[0]).toHaveTextContent(
      `Last active ${formatLastActive('2026-03-02T09:30:00.000Z')}`,
    );
    expect(items[1]).toHaveTextContent('Firefox on Android');
    expect(items[1]).not.toHaveTextContent('(Current)');
    expect(items[1]).toHaveTextContent(
      `Last active ${formatLastActive('2026-02-28T18:05:00.000Z')}`,
    );
  });

  it('says “Failed to load session”', async () => {
    server.use(
      http.get('*/api/users/me', () => HttpResponse.json({ user: me })),
      http.get('*/api/users/sessions', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
    );
    await openProfile();
    expect(
      await within(section('Browser Sessions')).findByText(
        'Failed to load session',
      ),
    ).toBeInTheDocument();
  });

  it('logs out the other sessions and lists the sessions again', async () => {
    let listed = 0;
    let loggedOut = false;
    server.use(
      http.get('*/api/users/me', () => HttpResponse.json({ user: me })),
      http.get('*/api/users/sessions', () => {
        listed += 1;
        return HttpResponse.json({
          sessions: loggedOut ? sessions.slice(0, 1) : sessions,
        });
      }),
      http.post('*/api/users/sessions/logout-others', () => {
        loggedOut = true;
        return HttpResponse.json({ message: 'Done' });
      }),
    );
    const { user } = await openProfile();
    const card = section('Browser Sessions');
    await within(card).findByText('You are signed in on 1 other browser too.');
    await user.click(
      within(card).getByRole('button', {
        name: 'Log Out Other Browser Sessions',
      }),
    );
    expect(
      await screen.findByText('Other sessions logged out'),
    ).toBeInTheDocument();
    expect(
      await within(card).findByText('This is your only session.'),
    ).toBeInTheDocument();
    expect(listed).toBe(2);
  });

  it('says “Failed to log out other sessions”', async () => {
    serve();
    server.use(
      http.post('*/api/users/sessions/logout-others', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
    );
    const { user } = await openProfile();
    await user.click(
      screen.getByRole('button', { name: 'Log Out Other Browser Sessions' }),
    );
    expect(
      await screen.findByText('Failed to log out other sessions'),
    ).toBeInTheDocument();
  });
});

describe('Delete Account', () => {
  async function openDialog(user: User) {
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  }

  it('asks for the password, deletes, ends the session and opens /login', async () => {
    serve();
    let body: unknown;
    let auth: string | null = null;
    server.use(
      http.delete('*/api/users/me', async ({ request }) => {
        body = await request.json();
        auth = request.headers.get('Authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    localStorage.setItem('googleLoginEmail', 'grace@example.com');
    const { user, router, store } = await openProfile();
    const dialog = await openDialog(user);
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete my account' }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter your password to confirm.',
    );
    await user.type(within(dialog).getByLabelText('Password'), 'Secret@123');
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete my account' }),
    );
    expect(
      await screen.findByText(
        'Your account and all its data have been deleted.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ password: 'Secret@123' });
    expect(auth).toBe('Bearer access-1');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('googleLoginEmail')).toBeNull();
    expect(store.getState().user.userData).toBeNull();
  });

  it.each([
    [
      { error: 'Password is incorrect.', code: 'UNAUTHORIZED' },
      'Password is incorrect.',
    ],
    [{}, 'That password is not correct.'],
  ])(
    'says so for a wrong password (%j) and keeps the session',
    async (answer, text) => {
      serve();
      let attempts = 0;
      server.use(
        http.delete('*/api/users/me', () => {
          attempts += 1;
          return HttpResponse.json(answer, { status: 401 });
        }),
      );
      const { user, router } = await openProfile();
      const dialog = await openDialog(user);
      await user.type(within(dialog).getByLabelText('Password'), 'Wrong@123');
      await user.click(
        within(dialog).getByRole('button', { name: 'Delete my account' }),
      );
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
      expect(attempts).toBe(1);
      expect(router.state.location.pathname).toBe('/user/dashboard/profile');
      expect(localStorage.getItem('accessToken')).toBe('access-1');
    },
  );

  it('treats an account last signed in with Google as Google-only when the server does not say', async () => {
    localStorage.setItem('googleLoginEmail', 'grace@example.com');
    const { hasPassword: _unknown, ...withoutFlag } = me;
    serve({ user: withoutFlag });
    const { user } = await openProfile();
    await screen.findByText(
      'You sign in with Google, so this account has no password to change.',
    );
    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
  });

  it('says so when the server fails', async () => {
    serve();
    server.use(
      http.delete('*/api/users/me', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
    );
    const { user } = await openProfile();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Password'), 'Secret@123');
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete my account' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete account. Please try again.',
    );
  });

  it('Cancel closes the dialog and deletes nothing', async () => {
    serve();
    const { user } = await openProfile();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('asks a Google-only account to type its e-mail', async () => {
    serve({ user: { ...me, hasPassword: false } });
    let body: unknown;
    server.use(
      http.delete('*/api/users/me', async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = await openProfile();
    await screen.findByText(
      'You sign in with Google, so this account has no password to change.',
    );
    const dialog = await openDialog(user);
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText('Email'),
      'other@example.com',
    );
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete my account' }),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'That is not the e-mail address of this account.',
    );
    expect(body).toBeUndefined();
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'Grace@Example.com');
    await user.click(
      within(dialog).getByRole('button', { name: 'Delete my account' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ email: 'Grace@Example.com' });
  });
});
