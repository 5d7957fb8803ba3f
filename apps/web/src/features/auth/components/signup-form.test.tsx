import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { SignupForm } from './signup-form';

type User = ReturnType<typeof renderWithProviders>['user'];

const valid = {
  'First Name': 'Ada',
  Email: 'Ada@Example.com',
  'Phone Number': '5551234567',
  State: 'Oregon',
  Password: 'Secret@123',
  'Confirm Password': 'Secret@123',
};

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste(value);
  }
}

const submit = (user: User) =>
  user.click(screen.getByRole('button', { name: 'Sign up' }));

function renderSignup() {
  return renderWithProviders(<SignupForm />, { route: '/signup' });
}

describe('SignupForm', () => {
  it('has the payload’s fields, the terms box and a link to /login', () => {
    renderSignup();
    for (const label of [
      'First Name',
      'Last Name (optional)',
      'Email',
      'Phone Number',
      'State',
      'Zip Code (optional)',
      'Password',
      'Confirm Password',
    ]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(
      screen.getByRole('checkbox', {
        name: 'I accept the Terms & Conditions and Privacy Policy.',
      }),
    ).not.toBeChecked();
    expect(
      screen.getByRole('link', { name: 'Terms & Conditions' }),
    ).toHaveAttribute('href', '/terms');
    expect(
      screen.getByRole('link', { name: 'Privacy Policy' }),
    ).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('names every missing field and the terms box, and sends nothing', async () => {
    let called = false;
    server.use(
      http.post('*/api/users/signup', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderSignup();
    await submit(user);
    for (const text of [
      'First Name is required!',
      'Email is required!',
      'Phone Number is required!',
      'State is required!',
      'Password is required!',
      'Confirm Password is required!',
      'Please accept the Terms & Conditions and Privacy Policy.',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First Name')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(called).toBe(false);
  });

  it('checks the e-mail, phone, password strength and confirmation', async () => {
    const { user } = renderSignup();
    await fill(user, {
      ...valid,
      Email: 'ada@example',
      'Phone Number': '555-123',
      Password: 'password1',
      'Confirm Password': 'password2',
    });
    await submit(user);
    expect(
      await screen.findByText('Please enter a valid email address!'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Phone number must be exactly 10 digits!'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Password must be at least 8 characters long and contain at least one uppercase letter, one lowercase letter, one number, and one special character!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match!')).toBeInTheDocument();
  });

  it('shows the password rule, with its special characters, before any failure', async () => {
    const { user } = renderSignup();
    const rule =
      'At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of these special characters: @ $ ! % * ? &';
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription(rule);
    await fill(user, { Password: 'password1' });
    await submit(user);
    // After a failure the spec's text takes the rule's place.
    expect(
      await screen.findByText(
        'Password must be at least 8 characters long and contain at least one uppercase letter, one lowercase letter, one number, and one special character!',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(rule)).not.toBeInTheDocument();
  });

  it.each([
    '555-123-4567',
    '(555) 123-4567',
    '555.123.4567',
    '555 123 4567',
    '+1 555 123 4567',
  ])('accepts the phone %j and sends its 10 digits', async (phone) => {
    let body: { phoneNumber?: unknown } = {};
    server.use(
      http.post('*/api/users/signup', async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json(
          { message: 'Created', email: 'ada@example.com' },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderSignup();
    expect(screen.getByLabelText('Phone Number')).toHaveAccessibleDescription(
      '10 digits, e.g. 555-123-4567',
    );
    await fill(user, { ...valid, 'Phone Number': phone });
    await user.click(screen.getByRole('checkbox'));
    await submit(user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/verifyemail'),
    );
    expect(body.phoneNumber).toBe('5551234567');
  });

  it('signs up, says so, and opens the code entry with the e-mail', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/users/signup', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { message: 'Created', email: 'ada@example.com' },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderSignup();
    await fill(user, { ...valid, 'Zip Code (optional)': '97201' });
    await user.click(screen.getByRole('checkbox'));
    await submit(user);
    expect(
      await screen.findByText('Signup successful! Please verify your email.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/verifyemail'),
    );
    expect(router.state.location.search).toBe('?email=ada%40example.com');
    expect(router.state.location.state).toEqual({ email: 'ada@example.com' });
    expect(body).toEqual({
      firstName: 'Ada',
      email: 'ada@example.com',
      phoneNumber: '5551234567',
      state: 'Oregon',
      zipCode: '97201',
      password: 'Secret@123',
    });
  });

  it.each([
    [
      409,
      {
        error: 'An account with this e-mail already exists.',
        code: 'CONFLICT',
      },
      'An account with this e-mail already exists.',
    ],
    [
      500,
      { error: 'Internal Server Error' },
      'Signup failed! Please try again.',
    ],
  ])('shows the text for a %i answer', async (status, answer, text) => {
    server.use(
      http.post('*/api/users/signup', () =>
        HttpResponse.json(answer, { status }),
      ),
    );
    const { user, router } = renderSignup();
    await fill(user, valid);
    await user.click(screen.getByRole('checkbox'));
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/signup');
  });

  it('says “Signup failed!” when the server cannot be reached', async () => {
    server.use(http.post('*/api/users/signup', () => HttpResponse.error()));
    const { user } = renderSignup();
    await fill(user, valid);
    await user.click(screen.getByRole('checkbox'));
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Signup failed! Please try again.',
    );
  });

  it('puts the server’s field issues under their fields', async () => {
    server.use(
      http.post('*/api/users/signup', () =>
        HttpResponse.json(
          {
            error: 'Invalid input',
            code: 'VALIDATION_FAILED',
            issues: [
              { path: 'password', message: 'This password is too common.' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderSignup();
    await fill(user, valid);
    await user.click(screen.getByRole('checkbox'));
    await submit(user);
    expect(
      await screen.findByText('This password is too common.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('shows the show/hide toggles for both passwords', async () => {
    const { user } = renderSignup();
    const confirm = screen.getByLabelText('Confirm Password');
    const field = within(confirm.parentElement as HTMLElement);
    expect(confirm).toHaveAttribute('type', 'password');
    await user.click(field.getByRole('button', { name: 'Show password' }));
    expect(confirm).toHaveAttribute('type', 'text');
    expect(
      field.getByRole('button', { name: 'Hide password' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'type',
      'password',
    );
  });

  it('offers Google only when the server does', async () => {
    server.use(
      http.get('*/api/auth/providers', () =>
        HttpResponse.json({ google: true }),
      ),
    );
    renderSignup();
    expect(
      await screen.findByRole('link', { name: 'Continue with Google' }),
    ).toHaveAttribute('href', '/api/auth/google?remember=false');
  });

  it('shows no Google option when the server offers none', async () => {
    let asked = false;
    server.use(
      http.get('*/api/auth/providers', () => {
        asked = true;
        return HttpResponse.json({ google: false });
      }),
    );
    renderSignup();
    await waitFor(() => expect(asked).toBe(true));
    expect(
      screen.queryByRole('link', { name: 'Continue with Google' }),
    ).not.toBeInTheDocument();
  });
});
