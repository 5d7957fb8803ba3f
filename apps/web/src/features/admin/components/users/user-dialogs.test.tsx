import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { adminUser, usersListHandler } from '../../testing/fake-admin-api';
import { UserManagement } from './user-management';

const grace = adminUser();
const GRACE_URL = `*/api/admin/users/${grace.id}`;

async function openAction(action: string, users = [grace]) {
  server.use(usersListHandler(users).handler);
  const rendered = renderWithProviders(<UserManagement />, {
    route: '/admin/users',
  });
  const { user } = rendered;
  await user.click(
    await screen.findByRole('button', { name: 'Actions for Grace Hopper' }),
  );
  await user.click(screen.getByRole('menuitem', { name: action }));
  return rendered;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

describe('Edit User', () => {
  it('is filled with the user, needs first name, last name and e-mail', async () => {
    let calls = 0;
    server.use(
      http.patch(GRACE_URL, () => {
        calls += 1;
        return HttpResponse.json({ message: 'never' });
      }),
    );
    const { user } = await openAction('Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText(/First Name/)).toHaveValue('Grace');
    expect(within(dialog).getByLabelText(/Location/)).toHaveValue('Oregon');
    await user.clear(within(dialog).getByLabelText(/First Name/));
    await user.clear(within(dialog).getByLabelText(/Last Name/));
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    expect(
      await within(dialog).findByText('First Name is required!'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Last Name is required!'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please enter a valid email address!'),
    ).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('sends the fields, empty optional ones as null, and says what the server said', async () => {
    let body: unknown;
    server.use(
      http.patch(GRACE_URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'User updated successfully' });
      }),
    );
    const { user } = await openAction('Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.clear(within(dialog).getByLabelText(/Last Name/));
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Brewster');
    await user.clear(within(dialog).getByLabelText(/Phone Number/));
    await user.clear(within(dialog).getByLabelText(/Location/));
    await user.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    expect(
      await screen.findByText('User updated successfully'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(body).toEqual({
      firstName: 'Grace',
      lastName: 'Brewster',
      email: 'grace@example.com',
      phoneNumber: null,
      state: null,
    });
  });

  it('keeps what was typed and shows “Failed to update user: …” with the issues joined', async () => {
    server.use(
      http.patch(GRACE_URL, () =>
        HttpResponse.json(
          {
            error: 'Validation failed',
            code: 'VALIDATION_FAILED',
            issues: [
              { path: 'email', message: 'Too long' },
              { path: 'state', message: 'Not allowed' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openAction('Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.type(within(dialog).getByLabelText(/Location/), ' Coast');
    await user.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update user: email: Too long, state: Not allowed',
    );
    expect(within(dialog).getByText('Too long')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Location/)).toHaveValue(
      'Oregon Coast',
    );
  });

  it('puts a taken e-mail (409) under the e-mail field', async () => {
    server.use(
      http.patch(GRACE_URL, () =>
        HttpResponse.json(
          { error: 'Another account already uses this e-mail address.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openAction('Edit User');
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Save changes' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to update user: Another account already uses this e-mail address.',
    );
    expect(within(dialog).getByLabelText(/Email/)).toHaveAccessibleDescription(
      'Another account already uses this e-mail address.',
    );
  });
});

describe('Change Role', () => {
  it('asks for a role first: “Please select a role”', async () => {
    let calls = 0;
    server.use(
      http.patch(`${GRACE_URL}/change-role`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'never' });
      }),
    );
    const { user } = await openAction('Change Role');
    const dialog = screen.getByRole('dialog', { name: 'Change Role' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Change role' }),
    );
    expect(
      await within(dialog).findByText('Please select a role'),
    ).toBeInTheDocument();
    expect(calls).toBe(0);
    // The dialog says what the role is now, not as if it had changed.
    expect(dialog).toHaveTextContent(/role is currently user/);
    expect(dialog).not.toHaveTextContent(/is now/);
  });

  it('sends the chosen role and shows the server’s message', async () => {
    let body: unknown;
    server.use(
      http.patch(`${GRACE_URL}/change-role`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Role updated successfully' });
      }),
    );
    const { user } = await openAction('Change Role');
    const dialog = screen.getByRole('dialog', { name: 'Change Role' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    await user.click(
      within(dialog).getByRole('button', { name: 'Change role' }),
    );
    expect(
      await screen.findByText('Role updated successfully'),
    ).toBeInTheDocument();
    expect(body).toEqual({ role: 'admin' });
  });

  it.each([
    [
      409,
      {
        error:
          'This is the last active admin: make another user an admin first.',
      },
      'This is the last active admin: make another user an admin first.',
    ],
    [500, {}, 'Failed to update role'],
  ])(
    'on %i shows the server’s error, else “Failed to update role”',
    async (status, answer, text) => {
      server.use(
        http.patch(`${GRACE_URL}/change-role`, () =>
          HttpResponse.json(answer, { status }),
        ),
      );
      const { user } = await openAction('Change Role');
      const dialog = screen.getByRole('dialog', { name: 'Change Role' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
      await user.click(screen.getByRole('option', { name: 'User' }));
      await user.click(
        within(dialog).getByRole('button', { name: 'Change role' }),
      );
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    },
  );
});

describe('Disable User / Enable User', () => {
  it('asks first, then disables with isActive false', async () => {
    let body: unknown;
    server.use(
      http.patch(`${GRACE_URL}/toggle-status`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'User disabled successfully' });
      }),
    );
    const { user } = await openAction('Disable User');
    const dialog = screen.getByRole('dialog', { name: 'Disable User' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('Disable Grace Hopper (grace@example.com)?'),
    );
    expect(body).toBeUndefined();
    await user.click(
      within(dialog).getByRole('button', { name: 'Disable User' }),
    );
    expect(
      await screen.findByText('User disabled successfully'),
    ).toBeInTheDocument();
    expect(body).toEqual({ isActive: false });
  });

  it('Cancel changes nothing', async () => {
    let calls = 0;
    server.use(
      http.patch(`${GRACE_URL}/toggle-status`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'never' });
      }),
    );
    const { user } = await openAction('Disable User');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    );
    expect(calls).toBe(0);
  });

  it('offers Enable User for a disabled account', async () => {
    let body: unknown;
    server.use(
      http.patch(`${GRACE_URL}/toggle-status`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'User enabled successfully' });
      }),
    );
    const { user } = await openAction('Enable User', [
      adminUser({ isActive: false }),
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Enable User' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Enable User' }),
    );
    expect(
      await screen.findByText('User enabled successfully'),
    ).toBeInTheDocument();
    expect(body).toEqual({ isActive: true });
  });

  it('shows “Failed to toggle user status: …” with the server’s text', async () => {
    server.use(
      http.patch(`${GRACE_URL}/toggle-status`, () =>
        HttpResponse.json(
          { error: 'You cannot disable your own account.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = await openAction('Disable User');
    const dialog = screen.getByRole('dialog', { name: 'Disable User' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Disable User' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to toggle user status: You cannot disable your own account.',
    );
  });
});

describe('Re-send invitation', () => {
  it('is offered only for an account still waiting for its invitation', async () => {
    const { user } = await openAction('Edit User');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      screen.getByRole('button', { name: 'Actions for Grace Hopper' }),
    );
    expect(
      screen.queryByRole('menuitem', { name: 'Re-send invitation' }),
    ).not.toBeInTheDocument();
  });

  it('asks first, then mails a new link and shows the server’s message', async () => {
    let calls = 0;
    server.use(
      http.post(`${GRACE_URL}/invitation`, () => {
        calls += 1;
        return HttpResponse.json({
          message: 'Invitation sent to grace@example.com.',
          invitation: 'sent',
        });
      }),
    );
    const { user } = await openAction('Re-send invitation', [
      adminUser({ invitationPending: true }),
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Re-send invitation' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('The link mailed before stops working.'),
    );
    expect(calls).toBe(0);
    await user.click(
      within(dialog).getByRole('button', { name: 'Send invitation' }),
    );
    expect(
      await screen.findByText('Invitation sent to grace@example.com.'),
    ).toBeInTheDocument();
    expect(calls).toBe(1);
  });
});

describe('Add User', () => {
  async function openAddUser() {
    server.use(usersListHandler([grace]).handler);
    const rendered = renderWithProviders(<UserManagement />);
    await screen.findByText('Grace Hopper');
    await rendered.user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    return { ...rendered, dialog };
  }

  it('offers the spec’s fields and choices, and says a password link is mailed', async () => {
    const { user, dialog } = await openAddUser();
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining('e-mail with a link to set their password'),
    );
    for (const label of ['Name', 'Email', 'Phone Number']) {
      expect(
        within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }),
      ).toBeInTheDocument();
    }
    const choices = async (name: string) => {
      await user.click(within(dialog).getByRole('combobox', { name }));
      const options = screen.getAllByRole('option').map((o) => o.textContent);
      await user.keyboard('{Escape}');
      return options;
    };
    expect(await choices('Dietary Preference')).toEqual([
      'Not set',
      'Vegetarian',
      'Non-Vegetarian',
      'Vegan',
    ]);
    expect(await choices('Country')).toEqual([
      'Not set',
      'Germany',
      'USA',
      'Pakistan',
    ]);
    expect(await choices('Role')).toEqual(['Admin', 'User']);
  });

  it('needs a name and a valid e-mail', async () => {
    const { user, dialog } = await openAddUser();
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(
      await within(dialog).findByText('Name is required!'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required!')).toBeInTheDocument();
  });

  it('creates the user and shows the server’s message', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/admin/users', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            message:
              'User created. They will receive an e-mail with a link to set their password.',
            user: adminUser({ firstName: 'Ada', lastName: 'Lovelace' }),
            invitation: 'sent',
          },
          { status: 201 },
        );
      }),
    );
    const { user, dialog } = await openAddUser();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Name/ }),
      'Ada Lovelace',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email/ }),
      'Ada@Example.com',
    );
    await user.click(
      within(dialog).getByRole('combobox', { name: 'Dietary Preference' }),
    );
    await user.click(screen.getByRole('option', { name: 'Vegan' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Country' }));
    await user.click(screen.getByRole('option', { name: 'Germany' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(
      await screen.findByText(
        'User created. They will receive an e-mail with a link to set their password.',
      ),
    ).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phoneNumber: null,
      dietaryPreference: 'Vegan',
      country: 'Germany',
      role: 'user',
    });
  });

  it('warns when the invitation could not be mailed', async () => {
    const text =
      'User created, but the invitation e-mail could not be sent. They can use "Forgot password" on the login page.';
    server.use(
      http.post('*/api/admin/users', () =>
        HttpResponse.json(
          {
            message: text,
            user: adminUser({ firstName: 'Ada', lastName: null }),
            invitation: 'failed',
          },
          { status: 201 },
        ),
      ),
    );
    const { user, dialog } = await openAddUser();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Name/ }),
      'Ada',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Email/ }),
      'ada@example.com',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add User' }));
    const toast = (await screen.findByText(text)).closest('[role="alert"]');
    expect(toast).toHaveClass('MuiAlert-colorWarning');
  });
});
