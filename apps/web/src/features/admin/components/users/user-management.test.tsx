import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import {
  adminUser,
  manyUsers,
  usersListHandler,
  viewportWidth,
} from '../../testing/fake-admin-api';
import { UserManagement } from './user-management';

function renderPage(route = '/admin/users') {
  return renderWithProviders(<UserManagement />, {
    route,
    path: '/admin/users',
  });
}

const columnHeaders = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

describe('UserManagement: the table', () => {
  it('asks for the first page of 10 and lists the users', async () => {
    const { handler, requests } = usersListHandler(manyUsers(3));
    server.use(handler);
    renderPage();
    expect(await screen.findByText('User01 Test')).toBeInTheDocument();
    expect(screen.getByText('user03@example.com')).toBeInTheDocument();
    expect(requests[0]?.toString()).toBe('page=1&limit=10');
  });

  it.each([
    [390, ['Name', 'Email', 'Actions']],
    [1000, ['Name', 'Email', 'Role', 'Actions']],
    [1440, ['ID', 'Name', 'Email', 'Phone', 'Location', 'Role', 'Actions']],
  ])('at %i px shows the columns %j', async (width, headers) => {
    vi.spyOn(window, 'matchMedia').mockImplementation(viewportWidth(width));
    server.use(usersListHandler([adminUser()]).handler);
    renderPage();
    await screen.findByText('Grace Hopper');
    expect(columnHeaders()).toEqual(headers);
  });

  it('shows phone, location and role on large screens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(viewportWidth(1440));
    server.use(
      usersListHandler([adminUser({ role: 'admin', isActive: false })]).handler,
    );
    renderPage();
    const row = (await screen.findByText('Grace Hopper')).closest('tr');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '6f1c2a9e',
      'Grace HopperDisabled',
      'grace@example.com',
      '5551234567',
      'Oregon',
      'Admin',
      '',
    ]);
  });

  it('says “No users found” when nothing matches', async () => {
    server.use(usersListHandler([]).handler);
    renderPage();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('says “Failed to fetch users” when the list fails, and retries', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/admin/users', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'Boom' }, { status: 500 })
          : HttpResponse.json({
              users: [adminUser()],
              total: 1,
              page: 1,
              limit: 10,
            });
      }),
    );
    const { user } = renderPage();
    expect(
      await screen.findByText('Failed to fetch users'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch users')).not.toBeInTheDocument();
  });

  it('shows a loading state until the first page arrives', async () => {
    server.use(usersListHandler([adminUser()]).handler);
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    await screen.findByText('Grace Hopper');
    expect(screen.queryByText('Loading users…')).not.toBeInTheDocument();
  });
});

describe('UserManagement: search, filter and pages', () => {
  it('searches on the server once typing pauses, and filters the rows at once', async () => {
    const users = [
      adminUser(),
      adminUser({
        id: '6f1c2a9e-0000-4000-8000-000000000002',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
      }),
    ];
    const { handler, requests } = usersListHandler(users);
    server.use(handler);
    const { user } = renderPage();
    await screen.findByText('Ada Lovelace');
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveAttribute('placeholder', 'Search users by name...');
    await user.type(box, 'lovel');
    // The page's rows narrow before the server is asked.
    expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.get('search')).toBe('lovel'));
    // One request for the whole word, none per keystroke.
    expect(requests.filter((query) => query.has('search'))).toHaveLength(1);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('filters by e-mail on the client too', async () => {
    server.use(usersListHandler(manyUsers(3)).handler);
    const { user } = renderPage('/admin/users?search=user02%40');
    expect(await screen.findByText('User02 Test')).toBeInTheDocument();
    expect(screen.queryByText('User01 Test')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    expect(await screen.findByText('User01 Test')).toBeInTheDocument();
  });

  it('filters by role (All, Admin, User) and starts again at page 1', async () => {
    const users = [
      ...manyUsers(12),
      adminUser({
        id: '6f1c2a9e-0000-4000-8000-000000000099',
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        role: 'admin',
      }),
    ];
    const { handler, requests } = usersListHandler(users);
    server.use(handler);
    const { user } = renderPage();
    await screen.findByText('User01 Test');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('User11 Test')).toBeInTheDocument();
    expect(requests.at(-1)?.get('page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['All', 'Admin', 'User']);
    await user.click(screen.getByRole('option', { name: 'Admin' }));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();
    expect(requests.at(-1)?.toString()).toBe('page=1&limit=10&role=admin');
    expect(screen.queryByText('User11 Test')).not.toBeInTheDocument();
  });

  it('pages by 5, 10 or 25 with 10 as the default', async () => {
    const { handler, requests } = usersListHandler(manyUsers(30));
    server.use(handler);
    const { user } = renderPage();
    await screen.findByText('User01 Test');
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page:' }));
    const sizes = screen.getAllByRole('option').map((o) => o.textContent);
    expect(sizes).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(await screen.findByText('User25 Test')).toBeInTheDocument();
    expect(requests.at(-1)?.toString()).toBe('page=1&limit=25');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('User30 Test')).toBeInTheDocument();
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
  });
});
