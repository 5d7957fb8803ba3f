import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { AdminLoginForm } from './admin-login-form';

async function signIn(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Admin email'), 'alan@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret@123');
  await user.click(screen.getByRole('button', { name: 'Sign in as admin' }));
}

describe('AdminLoginForm', () => {
  it('stores the admin’s pair in place of an earlier session’s', async () => {
    localStorage.setItem('accessToken', 'user-access');
    localStorage.setItem('refreshToken', 'user-refresh');
    let auth: string | null = 'unset';
    server.use(
      http.post('*/api/admin/login', ({ request }) => {
        auth = request.headers.get('Authorization');
        return HttpResponse.json({
          admin: {
            id: 1,
            firstName: 'Alan',
            email: 'alan@example.com',
            role: 'admin',
            accessToken: 'admin-access',
            refreshToken: 'admin-refresh',
          },
        });
      }),
    );
    const { user, router } = renderWithProviders(<AdminLoginForm />, {
      route: '/admin',
    });
    await signIn(user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/users'),
    );
    expect(auth).toBeNull();
    expect(localStorage.getItem('accessToken')).toBe('admin-access');
    expect(localStorage.getItem('refreshToken')).toBe('admin-refresh');
  });

  it('a wrong password is its own answer, not a reason to refresh', async () => {
    localStorage.setItem('accessToken', 'user-access');
    localStorage.setItem('refreshToken', 'user-refresh');
    server.use(
      http.post('*/api/admin/login', () =>
        HttpResponse.json({ error: 'Nope' }, { status: 401 }),
      ),
    );
    const { user } = renderWithProviders(<AdminLoginForm />);
    await signIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Incorrect email or password!',
    );
    expect(localStorage.getItem('refreshToken')).toBe('user-refresh');
  });
});
