import { act, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderRoutes, renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';
import { VerifyEmailForm } from './verify-email-form';

type User = ReturnType<typeof renderWithProviders>['user'];

const EMAIL = 'ada@example.com';

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
const boxValues = () =>
  [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const resendButton = () => screen.getByRole('button', { name: 'Resend OTP' });

function renderForm(
  email: string | null = EMAIL,
  options: Parameters<typeof renderWithProviders>[1] = {},
) {
  return renderWithProviders(<VerifyEmailForm email={email} />, {
    route: '/verifyemail',
    ...options,
  });
}

/** The server says the code is expired: resend becomes available at once. */
async function expireThroughServer(user: User) {
  server.use(
    http.post('*/api/users/verify-email', () =>
      HttpResponse.json(
        { error: 'Code expired', code: 'OTP_EXPIRED' },
        { status: 400 },
      ),
    ),
  );
  await user.click(box(1));
  await user.paste('111111');
  await user.click(verifyButton());
  await screen.findByText('OTP has expired. Please resend OTP.');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('VerifyEmailForm: the six boxes', () => {
  it('moves to the next box as digits are typed, and ignores other keys', async () => {
    const { user } = renderForm();
    expect(
      screen.getByRole('group', { name: 'Verification code' }),
    ).toBeVisible();
    await user.click(box(1));
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('x2');
    expect(box(2)).toHaveValue('2');
    expect(box(3)).toHaveFocus();
    await user.keyboard('3456');
    expect(boxValues()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('fills every box from a pasted code', async () => {
    const { user } = renderForm();
    await user.click(box(1));
    await user.paste('987654');
    expect(boxValues()).toBe('987654');
    expect(box(6)).toHaveFocus();
  });

  it('fills every box from a pasted code with spaces, from any box', async () => {
    const { user } = renderForm();
    await user.click(box(4));
    await user.paste(' 12 34-56 ');
    expect(boxValues()).toBe('123456');
  });

  it('moves back on Backspace in an empty box', async () => {
    const { user } = renderForm();
    await user.click(box(1));
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(boxValues()).toBe('12');
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('replaces the digit of a box typed over', async () => {
    const { user } = renderForm();
    await user.click(box(1));
    await user.keyboard('12');
    await user.click(box(1));
    await user.keyboard('7');
    expect(boxValues()).toBe('72');
  });
});

describe('VerifyEmailForm: verifying', () => {
  it('asks for six digits before calling the server', async () => {
    let called = false;
    server.use(
      http.post('*/api/users/verify-email', () => {
        called = true;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const { user } = renderForm();
    await user.click(box(1));
    await user.keyboard('123');
    await user.click(verifyButton());
    expect(
      await screen.findByText('Please enter a 6-digit OTP!'),
    ).toBeInTheDocument();
    // A gap is not a shorter code either.
    await user.click(box(5));
    await user.keyboard('56');
    await user.click(verifyButton());
    expect(screen.getByText('Please enter a 6-digit OTP!')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('without an address: no countdown, says what to do, links to sign-up and offers a new code at once', async () => {
    let resent: unknown;
    server.use(
      http.post('*/api/users/resend-otp', async ({ request }) => {
        resent = await request.json();
        return HttpResponse.json({ message: 'sent' });
      }),
    );
    const { user } = renderForm(null);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(
      screen.getByText(/Enter the address you signed up with/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(verifyButton()).toBeEnabled();
    expect(resendButton()).toBeEnabled();
    await user.type(screen.getByLabelText('Email'), 'lin@example.com');
    await user.click(resendButton());
    await waitFor(() => expect(resent).toEqual({ email: 'lin@example.com' }));
    // A code was just sent: now the countdown runs.
    expect(await screen.findByRole('timer')).toHaveTextContent('2:00');
    expect(resendButton()).toBeDisabled();
  });

  it('asks for the e-mail when none came along', async () => {
    const { user } = renderForm(null);
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(
      await screen.findByText('Please enter your email to verify OTP.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('verifies, says so and opens /login', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/verify-email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Verified' });
      }),
    );
    const { user, router } = renderForm();
    expect(screen.getByText(EMAIL)).toBeInTheDocument();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(
      await screen.findByText('Email verified successfully!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(body).toEqual({ otp: '123456', email: EMAIL });
  });

  it('carries the verified address to the login form', async () => {
    server.use(
      http.post('*/api/users/verify-email', () =>
        HttpResponse.json({ message: 'Verified' }),
      ),
    );
    const { user } = renderRoutes(
      [
        { path: '/verifyemail', element: <VerifyEmailForm email={EMAIL} /> },
        { path: '/login', element: <LoginForm /> },
      ],
      { route: '/verifyemail' },
    );
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue(EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('says a set-password link was mailed when the server dropped the password (ADR 008)', async () => {
    server.use(
      http.post('*/api/users/verify-email', () =>
        HttpResponse.json({
          message:
            'Email verified successfully! We have emailed you a link to set your password.',
        }),
      ),
    );
    const { user, router } = renderForm();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(
      await screen.findByText(
        'Email verified successfully! We have emailed you a link to set your password.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('uses the typed e-mail when none came along', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/verify-email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Verified' });
      }),
    );
    const { user } = renderForm(null);
    await user.type(screen.getByLabelText('Email'), 'Lin@Example.com');
    await user.click(box(1));
    await user.paste('654321');
    await user.click(verifyButton());
    await screen.findByText('Email verified successfully!');
    expect(body).toEqual({ otp: '654321', email: 'lin@example.com' });
  });

  it.each([
    [400, { error: 'Wrong code.', code: 'OTP_INVALID' }, 'Wrong code.'],
    [400, { message: 'Code rejected.' }, 'Code rejected.'],
    [
      500,
      { error: 'Internal Server Error' },
      'Verification failed! Please try again.',
    ],
  ])('shows the text for a %i answer %j', async (status, answer, text) => {
    server.use(
      http.post('*/api/users/verify-email', () =>
        HttpResponse.json(answer, { status }),
      ),
    );
    const { user } = renderForm();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(resendButton()).toBeDisabled();
  });

  it('says “Verification failed!” without an answer', async () => {
    server.use(
      http.post('*/api/users/verify-email', () => HttpResponse.error()),
    );
    const { user } = renderForm();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Verification failed! Please try again.',
    );
  });

  it('offers a new code when the server burned this one', async () => {
    server.use(
      http.post('*/api/users/verify-email', () =>
        HttpResponse.json(
          {
            error: 'Too many wrong codes. Ask for a new one.',
            code: 'CODE_BURNED',
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderForm();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Ask for a new one.',
    );
    expect(resendButton()).toBeEnabled();
  });

  it('shows the expiry message when the server says the code expired', async () => {
    const { user } = renderForm();
    await expireThroughServer(user);
    expect(resendButton()).toBeEnabled();
    expect(verifyButton()).toBeDisabled();
  });

  it('sends an already verified address to /login', async () => {
    server.use(
      http.post('*/api/users/verify-email', () =>
        HttpResponse.json(
          { error: 'Already verified', code: 'ALREADY_VERIFIED' },
          { status: 400 },
        ),
      ),
    );
    const { user, router } = renderForm();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(
      await screen.findByText('Email is already verified. Please log in.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('VerifyEmailForm: countdown and resend', () => {
  it('counts 2:00 down to 0:00, then says the code expired and allows a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderForm();
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('2:00');
    expect(resendButton()).toBeDisabled();
    expect(
      screen.queryByText('OTP has expired. Please resend OTP.'),
    ).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('1:59');
    act(() => vi.advanceTimersByTime(59_000));
    expect(timer).toHaveTextContent('1:00');
    act(() => vi.advanceTimersByTime(59_000));
    expect(timer).toHaveTextContent('0:01');
    expect(resendButton()).toBeDisabled();

    act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('0:00');
    expect(
      screen.getByText('OTP has expired. Please resend OTP.'),
    ).toBeInTheDocument();
    expect(resendButton()).toBeEnabled();
    expect(verifyButton()).toBeDisabled();
  });

  it('resend sends a new code, empties the boxes and restarts the timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let body: unknown;
    server.use(
      http.post('*/api/users/resend-otp', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Sent' });
      }),
    );
    const { user } = renderForm(EMAIL, {
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.click(box(1));
    await user.keyboard('123');
    act(() => vi.advanceTimersByTime(120_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');

    await user.click(resendButton());
    expect(
      await screen.findByText('New OTP sent to your email!'),
    ).toBeInTheDocument();
    expect(body).toEqual({ email: EMAIL });
    expect(boxValues()).toBe('');
    expect(screen.getByRole('timer')).toHaveTextContent('2:00');
    expect(resendButton()).toBeDisabled();
    expect(
      screen.queryByText('OTP has expired. Please resend OTP.'),
    ).not.toBeInTheDocument();
    expect(box(1)).toHaveFocus();

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('1:59');
  });

  it.each([
    [
      404,
      { error: 'Not found' },
      'User not found. Please sign up again.',
      '/signup',
    ],
    [
      400,
      { error: 'Email is already verified', code: 'ALREADY_VERIFIED' },
      'Email is already verified. Please log in.',
      '/login',
    ],
    [
      400,
      { error: 'This address is already verified.' },
      'Email is already verified. Please log in.',
      '/login',
    ],
  ])(
    'a %i resend answer %j says “%s” and goes to %s',
    async (status, answer, text, to) => {
      server.use(
        http.post('*/api/users/resend-otp', () =>
          HttpResponse.json(answer, { status }),
        ),
      );
      const { user, router } = renderForm();
      await expireThroughServer(user);
      await user.click(resendButton());
      expect(await screen.findByText(text)).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
    },
  );

  it.each([
    [
      'an unreachable server',
      () => HttpResponse.error(),
      'Unable to reach the server. Please try again later.',
    ],
    [
      'a 500',
      () => HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      'Failed to resend OTP. Please try again.',
    ],
    [
      'a 429',
      () =>
        HttpResponse.json(
          { error: 'Please wait 60 seconds.', code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '60' } },
        ),
      'Please wait 60 seconds.',
    ],
  ])('says so for %s', async (_name, answer, text) => {
    server.use(http.post('*/api/users/resend-otp', answer));
    const { user, router } = renderForm();
    await expireThroughServer(user);
    await user.click(resendButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verifyemail');
  });

  it('says the request timed out after 10 s without an answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post('*/api/users/resend-otp', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderForm(EMAIL, {
      advanceTimers: vi.advanceTimersByTime,
    });
    act(() => vi.advanceTimersByTime(120_000));
    await user.click(resendButton());
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(
      await screen.findByText(
        'Request timed out. Please check your connection and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('needs a valid e-mail to resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderForm(null, {
      advanceTimers: vi.advanceTimersByTime,
    });
    act(() => vi.advanceTimersByTime(120_000));
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(resendButton());
    expect(
      await screen.findByText('Please enter a valid email address!'),
    ).toBeInTheDocument();
  });
});

describe('VerifyEmailForm: a sign-up from a household invitation (issue 18)', () => {
  const LINK = '/household/join?token=abc_123-XYZ';

  function renderWithInvitation() {
    return renderRoutes(
      [
        {
          path: '/verifyemail',
          element: <VerifyEmailForm email={EMAIL} invitation={LINK} />,
        },
        { path: '/login', element: <LoginForm /> },
      ],
      { route: '/verifyemail' },
    );
  }

  it("sends the link's token with the code and says the household was joined", async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/verify-email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'Email verified successfully!',
          household: {
            joined: true,
            message:
              'Welcome to the household: you now share its plan and list.',
          },
        });
      }),
    );
    const { user, router } = renderWithInvitation();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(
      await screen.findByText(
        'Email verified successfully! Welcome to the household: you now share its plan and list.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({
      otp: '123456',
      email: EMAIL,
      invitationToken: 'abc_123-XYZ',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Joined: the login goes on to the dashboard, not back to the link.
    expect(router.state.location.state).toEqual({ email: EMAIL });
    expect(
      screen.queryByText(/Log in to accept the household invitation/),
    ).not.toBeInTheDocument();
  });

  it('says why the household was not joined, and keeps the link for after the login', async () => {
    server.use(
      http.post('*/api/users/verify-email', () =>
        HttpResponse.json({
          message: 'Email verified successfully!',
          household: {
            joined: false,
            message:
              'This invitation was sent to kim@example.com. Log in with that address to accept it.',
          },
        }),
      ),
    );
    const { user, router } = renderWithInvitation();
    await user.click(box(1));
    await user.paste('123456');
    await user.click(verifyButton());
    expect(
      await screen.findByText(
        'Email verified successfully! This invitation was sent to kim@example.com. Log in with that address to accept it.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ email: EMAIL, from: LINK });
    expect(
      await screen.findByText(/Log in to accept the household invitation/),
    ).toBeInTheDocument();
  });
});
