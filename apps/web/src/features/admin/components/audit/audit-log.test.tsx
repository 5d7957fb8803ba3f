import type { AuditEntry } from '@platewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { viewportWidth } from '../../testing/fake-admin-api';
import { AuditLog } from './audit-log';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'e1',
    occurredAt: '2026-11-24T10:15:00.000Z',
    action: 'admin_role_changed',
    outcome: 'success',
    actorId: '6f1c2a9e-0000-4000-8000-000000000099',
    actorEmail: 'alan@example.com',
    target: 'grace@example.com',
    ip: '127.0.0.1',
    requestId: 'req-1',
    details: { changes: { role: { before: 'user', after: 'admin' } } },
    ...overrides,
  };
}

function auditServer(entries: AuditEntry[], total = entries.length) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('*/api/admin/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      return HttpResponse.json({
        entries,
        total,
        page: Number(query.get('page')),
        limit: Number(query.get('limit')),
      });
    }),
  );
  return { requests };
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

describe('AuditLog', () => {
  it('shows time, actor, action, target and before → after on wide screens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(viewportWidth(1440));
    const { requests } = auditServer([
      entry(),
      entry({
        id: 'e2',
        action: 'user_disabled',
        details: { changes: { isActive: { before: true, after: false } } },
      }),
    ]);
    renderWithProviders(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('admin_role_changed');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Time', 'Actor', 'Action', 'Target', 'Change']);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-24T10:15:00.000Z',
    );
    expect(cells.slice(1).map((cell) => cell.textContent)).toEqual([
      'alan@example.com',
      'admin_role_changed',
      'grace@example.com',
      'role: user → admin',
    ]);
    expect(second).toHaveTextContent('isActive: true → false');
    expect(requests[0]?.toString()).toBe('page=1&limit=25');
  });

  it('stacks the event in one column on phones', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(viewportWidth(390));
    auditServer([entry()]);
    renderWithProviders(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('admin_role_changed');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event']);
    expect(table).toHaveTextContent('alan@example.com → grace@example.com');
  });

  it('filters by actor once it is an e-mail or id, and by action', async () => {
    const { requests } = auditServer([entry()]);
    const { user } = renderWithProviders(<AuditLog />);
    await screen.findByText('admin_role_changed');
    const actor = screen.getByRole('textbox', { name: 'Actor' });
    await user.type(actor, 'alan');
    expect(
      await screen.findByText('Actor must be a user id or an e-mail address.'),
    ).toBeInTheDocument();
    expect(requests.every((query) => !query.has('actor'))).toBe(true);
    await user.type(actor, '@example.com');
    await waitFor(() =>
      expect(requests.at(-1)?.get('actor')).toBe('alan@example.com'),
    );
    await user.type(
      screen.getByRole('combobox', { name: 'Action' }),
      'user_disabled',
    );
    await waitFor(() =>
      expect(requests.at(-1)?.toString()).toBe(
        'page=1&limit=25&actor=alan%40example.com&action=user_disabled',
      ),
    );
  });

  it('pages through the log', async () => {
    const { requests } = auditServer([entry()], 60);
    const { user } = renderWithProviders(<AuditLog />);
    await screen.findByText('admin_role_changed');
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('2'));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();
  });

  it('says when there is nothing to show', async () => {
    auditServer([]);
    renderWithProviders(<AuditLog />);
    expect(
      await screen.findByText('No audit entries found'),
    ).toBeInTheDocument();
  });

  it('says when the log cannot be loaded', async () => {
    server.use(
      http.get('*/api/admin/audit', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
    );
    renderWithProviders(<AuditLog />);
    expect(
      await screen.findByText('Failed to fetch the audit log'),
    ).toBeInTheDocument();
  });
});
