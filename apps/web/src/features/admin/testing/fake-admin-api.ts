import type { AdminUser } from '@platewise/shared';
import { http, HttpResponse } from 'msw';

/** A user of the admin list, with the fields a test does not care about filled. */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const firstName = overrides.firstName ?? 'Grace';
  const lastName = overrides.lastName ?? 'Hopper';
  return {
    id: '6f1c2a9e-0000-4000-8000-000000000001',
    firstName,
    lastName,
    name: [firstName, lastName].filter(Boolean).join(' '),
    email: 'grace@example.com',
    phoneNumber: '5551234567',
    state: 'Oregon',
    role: 'user',
    isActive: true,
    invitationPending: false,
    ...overrides,
  };
}

/** `count` distinct users, ids and e-mails numbered from 1. */
export function manyUsers(count: number): AdminUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(2, '0');
    return adminUser({
      id: `6f1c2a9e-0000-4000-8000-0000000000${n}`,
      firstName: `User${n}`,
      lastName: 'Test',
      email: `user${n}@example.com`,
    });
  });
}

/**
 * GET /api/admin/users over an in-memory list, as the server does it
 * (search on name and e-mail, role filter, one-based pages); every request's
 * query is recorded.
 */
export function usersListHandler(users: AdminUser[]) {
  const requests: URLSearchParams[] = [];
  const handler = http.get('*/api/admin/users', ({ request }) => {
    const query = new URL(request.url).searchParams;
    requests.push(query);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const search = query.get('search')?.toLowerCase() ?? '';
    const role = query.get('role') ?? '';
    const found = users.filter(
      (user) =>
        (!role || user.role === role) &&
        (!search ||
          user.name.toLowerCase().includes(search) ||
          user.email.toLowerCase().includes(search)),
    );
    return HttpResponse.json({
      users: found.slice((page - 1) * limit, page * limit),
      total: found.length,
      page,
      limit,
    });
  });
  return { handler, requests };
}

/**
 * Makes MUI's useMediaQuery see a window `width` pixels wide (the test
 * setup's matchMedia matches nothing). JavaScript only: CSS media queries
 * follow the test window, 1,280 px (vite.config.ts).
 */
export function viewportWidth(width: number) {
  return (query: string): MediaQueryList => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches: Boolean(min ?? max) && matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}
