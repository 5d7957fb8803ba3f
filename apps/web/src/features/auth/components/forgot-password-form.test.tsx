import { act, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { ForgotPasswordForm } from './forgot-password-form';

const send = () => screen.getByRole('button', { name: 'Send Request' });

afterEach(() => {
  vi.useRealTimers();
});

describe('ForgotPasswordForm', () => {
  it('needs an e-mail, and a valid one', async () => {
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.click(send());
    expect(await screen.findByText('Email is required!')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'cook@example');
    await user.click(send());
    expect(
      await screen.findByText('Please enter a valid email address!'),
    ).toBeInTheDocument();
  });

  it('sends the request and says so', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Sent' });
      }),
    );
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), ' Cook@Example.com ');
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Password reset email sent. Please check your inbox.',
    );
    expect(body).toEqual({ email: 'cook@example.com' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it.each([
    [404, 'User not found. Please check your email or sign up.'],
    [500, 'Failed to send reset request. Please try again.'],
  ])('shows the text for a %i answer', async (status, text) => {
    server.use(
      http.post('*/api/users/forgot-password', () =>
        HttpResponse.json({ error: 'No' }, { status }),
      ),
    );
    const { user } = renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'cook@example.com');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('gives up after 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.post('*/api/users/forgot-password', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithProviders(<ForgotPasswordForm />, {
      advanceTimers: vi.advanceTimersByTime,
    });
    await user.type(screen.getByLabelText('Email'), 'cook@example.com');
    await user.click(send());
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send reset request. Please try again.',
    );
  });
});
