/**
 * One request at a time per action (issue 21) on the signed-in pages: a
 * double click while the first request runs sends nothing more.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import {
  adminUser,
  usersListHandler,
} from '../../features/admin/testing/fake-admin-api';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/render';
import { openSettings, serve, switchOf } from './testing/settings-page';

/** A limit, not a measurement: pages load slowly on a busy machine. */
const slow = { timeout: 30_000 };

interface Sent {
  count: number;
  /** Lets the server answer. */
  answer: () => void;
}

/** A counter for one endpoint, whose answers wait until the test says. */
function held(): Sent & { wait: () => Promise<void> } {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return {
    count: 0,
    answer: () => answer(),
    wait: () => answered,
  };
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

const stored = { id: 42, firstName: 'Grace', email: 'grace@example.com' };

beforeEach(() => {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
});

describe('User Profile', slow, () => {
  async function openProfile() {
    server.use(
      http.get('*/api/users/me', () =>
        HttpResponse.json({
          user: {
            ...stored,
            lastName: 'Hopper',
            role: 'user',
            hasPassword: true,
          },
        }),
      ),
      http.get('*/api/users/sessions', () =>
        HttpResponse.json({ sessions: [] }),
      ),
    );
    const rendered = renderApp('/user/dashboard/profile', {
      preloadedState: { user: { userData: stored } },
    });
    await screen.findByRole(
      'heading',
      { level: 1, name: 'User Profile' },
      { timeout: 20_000 },
    );
    return rendered;
  }

  it('Update Password: a double click sends one change', async () => {
    const sent = held();
    server.use(
      http.patch('*/api/users/edit-info', async () => {
        sent.count += 1;
        await sent.wait();
        return HttpResponse.json({ error: 'Not now' }, { status: 400 });
      }),
    );
    const { user } = await openProfile();
    const card = screen.getByRole('region', { name: 'Update Password' });
    await user.click(within(card).getByLabelText('Current Password'));
    await user.paste('Old@1234');
    await user.click(within(card).getByLabelText('New Password'));
    await user.paste('New@12345');
    await user.click(within(card).getByLabelText('Repeat Password'));
    await user.paste('New@12345');
    await user.dblClick(
      within(card).getByRole('button', { name: 'Update Password' }),
    );
    await expectOneRequest(sent);
  });

  it('Log Out Other Browser Sessions: a double click sends one request', async () => {
    const sent = held();
    server.use(
      http.post('*/api/users/sessions/logout-others', async () => {
        sent.count += 1;
        await sent.wait();
        return HttpResponse.json({ error: 'Not now' }, { status: 400 });
      }),
    );
    const { user } = await openProfile();
    await user.dblClick(
      screen.getByRole('button', { name: 'Log Out Other Browser Sessions' }),
    );
    expect(
      screen.getByRole('button', { name: 'Log Out Other Browser Sessions' }),
    ).toHaveAttribute('aria-busy', 'true');
    await expectOneRequest(sent);
  });

  it('Delete my account: a double click sends one delete', async () => {
    const sent = held();
    server.use(
      http.delete('*/api/users/me', async () => {
        sent.count += 1;
        await sent.wait();
        return HttpResponse.json({ error: 'Not now' }, { status: 400 });
      }),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete your account?',
    });
    await user.click(within(dialog).getByLabelText('Password'));
    await user.paste('Secret@123');
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Delete my account' }),
    );
    await expectOneRequest(sent);
  });

  it('Logout: a double click ends the session once', async () => {
    const sent = held();
    server.use(
      http.post('*/api/users/logout', async () => {
        sent.count += 1;
        await sent.wait();
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user, router } = await openProfile();
    const [logout] = screen.getAllByRole('button', { name: 'Logout' });
    await user.dblClick(logout as HTMLElement);
    await expectOneRequest(sent);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('Manage Setting', slow, () => {
  /** POST /preferences/save answers when the test says. */
  function serveHeldSaves() {
    const sent = held();
    serve({
      save: async () => {
        sent.count += 1;
        await sent.wait();
        return HttpResponse.json({ error: 'Not now' }, { status: 400 });
      },
    });
    return sent;
  }

  it('Save All Settings: a double click saves once', async () => {
    const sent = serveHeldSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.dblClick(
      screen.getByRole('button', { name: 'Save All Settings' }),
    );
    await expectOneRequest(sent);
  });

  it('Save in the Allergens dialog: a double click saves once', async () => {
    const sent = serveHeldSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Allergens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allergens' });
    await within(dialog).findByRole('heading', { name: 'Nuts' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Save' }));
    await expectOneRequest(sent);
  });
  it('Save Preferences: a double click saves once, marked busy', async () => {
    const sent = serveHeldSaves();
    const { user } = await openSettings();
    await waitFor(() => expect(switchOf('Monday')).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Preference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preferences' });
    await user.dblClick(
      within(dialog).getByRole('button', { name: 'Save Preferences' }),
    );
    await waitFor(() => expect(sent.count).toBe(1));
    expect(
      within(dialog).getByRole('button', { name: 'Save Preferences' }),
    ).toHaveAttribute('aria-busy', 'true');
    await expectOneRequest(sent);
  });
});

describe('Admin area', slow, () => {
  it('Logout: a double click ends the session once', async () => {
    localStorage.setItem('accessToken', 'admin-token');
    const sent = held();
    server.use(
      http.get('*/api/admin/me', () =>
        HttpResponse.json({
          admin: { firstName: 'Alan', email: 'alan@example.com' },
        }),
      ),
      usersListHandler([adminUser()]).handler,
      http.post('*/api/admin/logout', async () => {
        sent.count += 1;
        await sent.wait();
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user, router } = renderApp('/admin/users');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'User Management' },
      { timeout: 20_000 },
    );
    const [logout] = screen.getAllByRole('button', { name: 'Logout' });
    await user.dblClick(logout as HTMLElement);
    await expectOneRequest(sent);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });
});
