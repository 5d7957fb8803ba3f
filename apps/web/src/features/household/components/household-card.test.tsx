import type { Household } from '@platewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { HouseholdCard } from './household-card';

const OWNER = '6f1c2b1e-2a4b-4c3d-9e8f-0a1b2c3d4e5f';
const MEMBER = '7a2d3c4e-5b6a-4d7e-8f90-1a2b3c4d5e6f';

function household(overrides: Partial<Household> = {}): Household {
  return {
    id: 'b3f1c2d4-0000-4000-8000-000000000001',
    role: 'owner',
    members: [
      {
        userId: OWNER,
        firstName: 'Ada',
        lastName: null,
        email: 'ada@example.com',
        role: 'owner',
        joinedAt: '2026-03-01T10:00:00.000Z',
      },
      {
        userId: MEMBER,
        firstName: 'Sam',
        lastName: 'Lee',
        email: 'sam@example.com',
        role: 'member',
        joinedAt: '2026-03-02T10:00:00.000Z',
      },
    ],
    invitations: [],
    servingSize: 2,
    servingSizeSet: false,
    planUserId: OWNER,
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HouseholdCard', () => {
  it('lets the owner invite, and remove a member after confirming', async () => {
    let current = household();
    const sent: { invited: unknown[]; removed: string[] } = {
      invited: [],
      removed: [],
    };
    server.use(
      http.get('*/api/household', () => HttpResponse.json(current)),
      http.post('*/api/household/invitations', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        sent.invited.push(body);
        current = {
          ...current,
          invitations: [
            { email: body.email, expiresAt: '2026-03-05T10:00:00.000Z' },
          ],
        };
        return HttpResponse.json(
          {
            message: `Invitation sent to ${body.email}.`,
            invitation: current.invitations[0],
            delivery: 'sent',
          },
          { status: 201 },
        );
      }),
      http.delete('*/api/household/members/:userId', ({ params }) => {
        sent.removed.push(String(params.userId));
        current = { ...current, members: current.members.slice(0, 1) };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderWithProviders(<HouseholdCard userId={OWNER} />);
    const members = await screen.findByRole('list', { name: 'Members' });
    expect(within(members).getByText('Ada (you)')).toBeVisible();
    expect(within(members).getByText('Sam Lee')).toBeVisible();
    expect(screen.getByLabelText('Household serving size')).toHaveValue(2);

    await user.type(
      screen.getByLabelText(/Invite by e-mail/),
      'kim@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText('Invitation sent to kim@example.com.'),
    ).toBeVisible();
    expect(sent.invited).toEqual([{ email: 'kim@example.com' }]);
    expect(
      await screen.findByRole('list', { name: 'Open invitations' }),
    ).toHaveTextContent('kim@example.com');

    await user.click(screen.getByRole('button', { name: 'Remove Sam Lee' }));
    expect(await screen.findByText('Sam Lee was removed.')).toBeVisible();
    expect(sent.removed).toEqual([MEMBER]);
    expect(screen.queryByText('Sam Lee')).toBeNull();
  });

  it('sends an expired invitation again', async () => {
    let current = household({
      invitations: [
        {
          email: 'kim@example.com',
          expiresAt: '2026-03-05T10:00:00.000Z',
          expired: true,
        },
      ],
    });
    const invited: unknown[] = [];
    server.use(
      http.get('*/api/household', () => HttpResponse.json(current)),
      http.post('*/api/household/invitations', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        invited.push(body);
        const invitation = {
          email: body.email,
          expiresAt: '2026-03-12T10:00:00.000Z',
          expired: false,
        };
        current = { ...current, invitations: [invitation] };
        return HttpResponse.json(
          {
            message: `Invitation sent to ${body.email}.`,
            invitation,
            delivery: 'sent',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<HouseholdCard userId={OWNER} />);
    const open = await screen.findByRole('list', { name: 'Open invitations' });
    expect(open).toHaveTextContent(/Link expired on .*: send it again/);
    await user.click(
      within(open).getByRole('button', {
        name: 'Send Again to kim@example.com',
      }),
    );
    expect(
      await screen.findByText('Invitation sent to kim@example.com.'),
    ).toBeVisible();
    expect(invited).toEqual([{ email: 'kim@example.com' }]);
    await waitFor(() =>
      expect(
        screen.getByRole('list', { name: 'Open invitations' }),
      ).toHaveTextContent(/Link valid until/),
    );
  });

  it('cancels an expired invitation after confirming, and keeps it when not confirmed', async () => {
    let current = household({
      invitations: [
        {
          email: 'kim@example.com',
          expiresAt: '2026-03-05T10:00:00.000Z',
          expired: true,
        },
        { email: 'lou@example.com', expiresAt: '2026-03-12T10:00:00.000Z' },
      ],
    });
    const cancelled: string[] = [];
    server.use(
      http.get('*/api/household', () => HttpResponse.json(current)),
      http.delete('*/api/household/invitations/:email', ({ params }) => {
        const email = String(params.email);
        cancelled.push(email);
        current = {
          ...current,
          invitations: current.invitations.filter(
            (invitation) => invitation.email !== email,
          ),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderWithProviders(<HouseholdCard userId={OWNER} />);
    const open = await screen.findByRole('list', { name: 'Open invitations' });
    const cancelKim = within(open).getByRole('button', {
      name: 'Cancel Invitation to kim@example.com',
    });
    await user.click(cancelKim);
    expect(confirm).toHaveBeenCalledWith(
      'Cancel the invitation to kim@example.com? The link in the mail stops working.',
    );
    expect(cancelled).toEqual([]);

    confirm.mockReturnValue(true);
    await user.click(cancelKim);
    expect(
      await screen.findByText(
        'The invitation to kim@example.com was cancelled: its link no longer works.',
      ),
    ).toBeVisible();
    expect(cancelled).toEqual(['kim@example.com']);
    await waitFor(() =>
      expect(
        screen.getByRole('list', { name: 'Open invitations' }),
      ).not.toHaveTextContent('kim@example.com'),
    );
    expect(
      screen.getByRole('list', { name: 'Open invitations' }),
    ).toHaveTextContent('lou@example.com');
  });

  it('says so when the server refuses to cancel', async () => {
    server.use(
      http.get('*/api/household', () =>
        HttpResponse.json(
          household({
            invitations: [
              {
                email: 'kim@example.com',
                expiresAt: '2026-03-12T10:00:00.000Z',
              },
            ],
          }),
        ),
      ),
      http.delete('*/api/household/invitations/:email', () =>
        HttpResponse.json(
          { error: 'There is no open invitation for that address.' },
          { status: 404 },
        ),
      ),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderWithProviders(<HouseholdCard userId={OWNER} />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Cancel Invitation to kim@example.com',
      }),
    );
    expect(
      await screen.findByText('There is no open invitation for that address.'),
    ).toBeVisible();
  });

  it('shows a member the way out, and no owner controls', async () => {
    server.use(
      http.get('*/api/household', () =>
        HttpResponse.json(household({ role: 'member' })),
      ),
    );
    renderWithProviders(<HouseholdCard userId={MEMBER} />);
    expect(
      await screen.findByRole('button', { name: 'Leave Household' }),
    ).toBeVisible();
    expect(screen.queryByLabelText(/Invite by e-mail/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('tells an owner with members to hand over before leaving', async () => {
    server.use(
      http.get('*/api/household', () => HttpResponse.json(household())),
    );
    renderWithProviders(<HouseholdCard userId={OWNER} />);
    expect(
      await screen.findByText('To leave, first make another member the owner.'),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Leave Household' }),
    ).toBeNull();
  });
});
