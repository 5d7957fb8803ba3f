/**
 * One request at a time per action (issue 21): a double click, or Enter
 * pressed twice, while the first request runs sends nothing more.
 */
import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { VerifyEmailForm } from './verify-email-form';

/** A limit, not a measurement: pages load slowly on a busy machine. */
const slow = { timeout: 30_000 };

interface Sent {
  count: number;
  /** Lets the server answer (a refusal). */
  answer: () => void;
}

/** Counts the requests to `path`; they are answered when the test says. */
function countPosts(path: string) {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const sent: Sent = { count: 0, answer: () => answer() };
  server.use(
    http.post(`*/api/users/${path}`, async () => {
      sent.count += 1;
      await answered;
      return HttpResponse.json({ error: 'Not now' }, { status: 400 });
    }),
  );
  return sent;
}

/**
 * Exactly one request while the first is unanswered, and none more once
 * it is answered.
 */
async function expectOneRequest(sent: Sent) {
  await waitFor(() => expect(sent.count).toBe(1));
  await delay(50);
  expect(sent.count).toBe(1);
  sent.answer();
  await delay(50);
  expect(sent.count).toBe(1);
}

describe('one request per action on the sign-in pages', slow, () => {
  it('Log in: a double click sends one login', async () => {
    const sent = countPosts('login');
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByLabelText('Email'));
    await user.paste('cook@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('Secret#123');
    await user.dblClick(screen.getByRole('button', { name: 'Log in' }));
    // Disabled and marked busy until the answer.
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Logging in…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expectOneRequest(sent);
  });

  it('Log in: Enter pressed twice sends one login', async () => {
    const sent = countPosts('login');
    const { user } = renderWithProviders(<LoginForm />);
    await user.click(screen.getByLabelText('Email'));
    await user.paste('cook@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('Secret#123');
    await user.keyboard('{Enter}{Enter}');
    await expectOneRequest(sent);
  });

  it('Sign up: a double click sends one sign-up', async () => {
    const sent = countPosts('signup');
    const { user } = renderWithProviders(<SignupForm />, { route: '/signup' });
    for (const [label, value] of Object.entries({
      'First Name': 'Ada',
      Email: 'ada@example.com',
      'Phone Number': '5551234567',
      State: 'Oregon',
      Password: 'Secret@123',
      'Confirm Password': 'Secret@123',
    })) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(screen.getByRole('checkbox'));
    await user.dblClick(screen.getByRole('button', { name: 'Sign up' }));
    await expectOneRequest(sent);
  });

  it('Verify: a double click sends one code', async () => {
    const sent = countPosts('verify-email');
    const { user } = renderWithProviders(
      <VerifyEmailForm email="ada@example.com" />,
      { route: '/verifyemail' },
    );
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.paste('123456');
    await user.dblClick(screen.getByRole('button', { name: 'Verify' }));
    await expectOneRequest(sent);
  });

  it('Resend OTP: a double click asks for one new code', async () => {
    const sent = countPosts('resend-otp');
    const { user } = renderWithProviders(<VerifyEmailForm email={null} />, {
      route: '/verifyemail',
    });
    await user.click(screen.getByLabelText('Email'));
    await user.paste('ada@example.com');
    await user.dblClick(screen.getByRole('button', { name: 'Resend OTP' }));
    await expectOneRequest(sent);
  });

  it('Send Request (forgot password): a double click sends one e-mail', async () => {
    const sent = countPosts('forgot-password');
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.click(screen.getByLabelText('Email'));
    await user.paste('cook@example.com');
    await user.dblClick(screen.getByRole('button', { name: 'Send Request' }));
    await expectOneRequest(sent);
  });

  it('Reset Password: a double click sends one new password', async () => {
    const sent = countPosts('reset-password');
    const { user } = renderApp('/resetpassword?email=a%40b.co&token=tok-1');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.click(screen.getByLabelText('New Password'));
    await user.paste('NewSecret@1');
    await user.click(screen.getByLabelText('Confirm Password'));
    await user.paste('NewSecret@1');
    await user.dblClick(screen.getByRole('button', { name: 'Reset Password' }));
    await expectOneRequest(sent);
  });
});
