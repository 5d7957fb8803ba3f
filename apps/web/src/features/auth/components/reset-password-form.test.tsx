import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/render';

type User = ReturnType<typeof renderApp>['user'];

const ROUTE = '/resetpassword?email=a%40b.co&token=tok-1';
const STRONG = 'NewSecret@1';

async function open(
  route = ROUTE,
  options: Parameters<typeof renderApp>[1] = {},
) {
  const rendered = renderApp(route, options);
  await screen.findByRole('heading', { name: 'Choose a new password' });
  return rendered;
}

async function fillAndSubmit(
  user: User,
  password = STRONG,
  confirm = password,
) {
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

function answer(status: number, body: Record<string, unknown>) {
  server.use(
    http.post('*/api/users/reset-password', () =>
      HttpResponse.json(body, { status }),
    ),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/resetpassword form', () => {
  it('needs a strong new password and the same confirmation', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Password is required!'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Confirm Password is required!'),
    ).toBeInTheDocument();

    await fillAndSubmit(user, 'weakpass', 'other');
    expect(
      await screen.findByText(
        'Password must be at least 8 characters and include 1 uppercase, 1 lowercase, 1 number and 1 special character (@$!%*?&).',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Passwords do not match. Please try again.'),
    ).toBeInTheDocument();
  });

  it('resets, says so, and opens /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let body: unknown;
    server.use(
      http.post('*/api/users/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Done' });
      }),
    );
    const { user, router } = await open(ROUTE, {});
    await fillAndSubmit(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset successfully! Redirecting to login...',
    );
    expect(body).toEqual({
      email: 'a@b.co',
      token: 'tok-1',
      newPassword: STRONG,
      confirmPassword: STRONG,
    });
    act(() => vi.advanceTimersByTime(1_900));
    expect(router.state.location.pathname).toBe('/resetpassword');
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    [{ error: 'Invalid or expired link', code: 'INVALID_RESET_LINK' }],
    [
      {
        error: 'Invalid input',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'token', message: 'Invalid' }],
      },
    ],
  ])('a dead link (%j) says so and goes to /forgot-password', async (body) => {
    answer(400, body);
    const { user, router } = await open();
    await fillAndSubmit(user);
    expect(
      await screen.findByText(
        'Invalid or expired reset link. Please request a new reset.',
      ),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('an unknown account says so and goes to /signup', async () => {
    answer(404, { error: 'Not found', code: 'NOT_FOUND' });
    const { user, router } = await open();
    await fillAndSubmit(user);
    expect(
      await screen.findByText('User not found. Please sign up first.'),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(router.state.location.pathname).toBe('/signup');
  });

  it.each([
    [
      403,
      { error: 'Disabled', code: 'ACCOUNT_DISABLED' },
      'Your account is disabled. Contact support.',
    ],
    [
      500,
      { error: 'Internal Server Error' },
      'Failed to reset password. Please try again.',
    ],
  ])('shows the text for a %i answer', async (status, body, text) => {
    answer(status, body);
    const { user, router } = await open();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/resetpassword');
  });

  it('puts the server’s mismatch under the confirmation', async () => {
    answer(400, {
      error: 'Passwords do not match',
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'confirmPassword', message: 'Mismatch' }],
    });
    const { user } = await open();
    await fillAndSubmit(user);
    expect(
      await screen.findByText('Passwords do not match. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post('*/api/users/reset-password', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = await open(ROUTE, {
      advanceTimers: vi.advanceTimersByTime,
    });
    await fillAndSubmit(user);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to reset password. Please try again.',
    );
  });

  it('a link with a malformed e-mail is an invalid link', async () => {
    let called = false;
    server.use(
      http.post('*/api/users/reset-password', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await open('/resetpassword?email=not-an-email&token=t');
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or missing reset link.',
    );
    expect(called).toBe(false);
  });
});
