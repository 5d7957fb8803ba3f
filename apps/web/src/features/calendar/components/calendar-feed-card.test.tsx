import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '../../../testing/msw/server';
import { renderWithProviders } from '../../../testing/render';
import { CalendarFeedCard } from './calendar-feed-card';

const URL_ = 'http://localhost:3000/api/calendar/abc.ics';

/** A fake server with one feed slot, recording what the card sends. */
function serveFeed(initial: { createdAt: string } | null = null) {
  let feed: Record<string, string> | null = initial
    ? {
        breakfast: '08:00',
        lunch: '12:30',
        dinner: '19:00',
        timeZone: 'UTC',
        ...initial,
      }
    : null;
  const sent: Array<Record<string, string>> = [];
  server.use(
    http.get('*/api/calendar/token', () => HttpResponse.json({ feed })),
    http.post('*/api/calendar/token', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.push(body);
      feed = {
        breakfast: body.breakfast ?? '',
        lunch: body.lunch ?? '',
        dinner: body.dinner ?? '',
        timeZone: body.timeZone ?? '',
        createdAt: new Date().toISOString(),
      };
      return HttpResponse.json({ ...feed, url: URL_ }, { status: 201 });
    }),
    http.delete('*/api/calendar/token', () => {
      feed = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('CalendarFeedCard', () => {
  it('makes a link at the chosen times and copies it', async () => {
    const sent = serveFeed();
    const { user } = renderWithProviders(<CalendarFeedCard />);
    const dinner = await screen.findByLabelText('Dinner');
    await user.clear(dinner);
    await user.type(dinner, '18:30');
    await user.click(
      screen.getByRole('button', { name: 'Create Calendar Link' }),
    );
    const link = await screen.findByLabelText('Your calendar link');
    expect(link).toHaveValue(URL_);
    expect(sent).toEqual([
      expect.objectContaining({
        breakfast: '08:00',
        lunch: '12:30',
        dinner: '18:30',
        timeZone: expect.any(String),
      }),
    ]);
    await user.click(
      screen.getByRole('button', { name: 'Copy calendar link' }),
    );
    expect(await screen.findByText('Calendar link copied.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(URL_);
  });

  it('says a link is active without showing it, and revokes it', async () => {
    serveFeed({ createdAt: '2026-03-02T10:00:00.000Z' });
    const { user } = renderWithProviders(<CalendarFeedCard />);
    expect(
      await screen.findByText(/A calendar link is active since/),
    ).toBeVisible();
    expect(screen.queryByLabelText('Your calendar link')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Revoke Link' }));
    expect(
      await screen.findByText(
        'Calendar link revoked. Calendars using it stop updating.',
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Create Calendar Link' }),
      ).toBeVisible(),
    );
    expect(screen.queryByRole('button', { name: 'Revoke Link' })).toBeNull();
  });
});
