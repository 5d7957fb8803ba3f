import type { AdminSettings } from '@platewise/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { server } from '../../../../testing/msw/server';
import { renderWithProviders } from '../../../../testing/render';
import { AdminSettingsPanel } from './admin-settings-panel';

const defaults = { wastePerGram: 1, cuisineRun: 15, like: 8 };

/** GET/PATCH /api/admin/settings over one stored settings object. */
function settingsServer(initial: Partial<AdminSettings> = {}) {
  let settings: AdminSettings = {
    signupOpen: true,
    plannerWeights: {},
    plannerWeightDefaults: defaults,
    mailConfigured: true,
    updatedAt: null,
    ...initial,
  };
  const patches: unknown[] = [];
  server.use(
    http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
    http.patch('*/api/admin/settings', async ({ request }) => {
      const body = (await request.json()) as Partial<AdminSettings>;
      patches.push(body);
      settings = { ...settings, ...body };
      return HttpResponse.json(settings);
    }),
    http.post('*/api/admin/settings/reset-planner-weights', () => {
      settings = { ...settings, plannerWeights: {} };
      return HttpResponse.json(settings);
    }),
  );
  return { patches };
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});

describe('AdminSettingsPanel', () => {
  it('closes and opens sign-up', async () => {
    const { patches } = settingsServer();
    const { user } = renderWithProviders(<AdminSettingsPanel />);
    const toggle = await screen.findByRole('switch', {
      name: 'Sign-up is open',
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(patches).toEqual([{ signupOpen: false }]);
    expect(
      screen.getByText(
        'Sign-up is closed at the moment. Please contact the administrator.',
      ),
    ).toBeInTheDocument();
  });

  it('sends a test e-mail and shows the outcome', async () => {
    settingsServer();
    server.use(
      http.post('*/api/admin/settings/test-email', () =>
        HttpResponse.json({
          ok: false,
          message: 'The test e-mail failed: connection refused',
        }),
      ),
    );
    const { user } = renderWithProviders(<AdminSettingsPanel />);
    await user.click(
      await screen.findByRole('button', { name: 'Send test e-mail' }),
    );
    const section = screen.getByRole('region', { name: 'Outgoing e-mail' });
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'The test e-mail failed: connection refused',
    );
  });

  it('says when no SMTP server is configured', async () => {
    settingsServer({ mailConfigured: false });
    renderWithProviders(<AdminSettingsPanel />);
    expect(
      await screen.findByText(/No SMTP server is configured/),
    ).toBeInTheDocument();
  });

  it('shows each weight, its override or default, and saves them', async () => {
    const { patches } = settingsServer({ plannerWeights: { like: 20 } });
    const { user } = renderWithProviders(<AdminSettingsPanel />);
    const like = await screen.findByRole('spinbutton', {
      name: 'Matches a like',
    });
    expect(like).toHaveValue(20);
    expect(
      screen.getByRole('spinbutton', { name: 'Waste per gram' }),
    ).toHaveValue(1);
    await user.clear(like);
    await user.type(like, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(patches).toEqual([
      { plannerWeights: { wastePerGram: 1, cuisineRun: 15, like: 12.5 } },
    ]);
  });

  it('refuses an empty or negative weight and keeps what was typed', async () => {
    const { patches } = settingsServer();
    const { user } = renderWithProviders(<AdminSettingsPanel />);
    const like = await screen.findByRole('spinbutton', {
      name: 'Matches a like',
    });
    const run = screen.getByRole('spinbutton', {
      name: 'Same cuisine in a row',
    });
    await user.clear(like);
    await user.clear(run);
    await user.type(run, '-3');
    await user.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(
      await screen.findAllByText(
        'Each planner weight must be a number from 0 to 100000.',
      ),
    ).toHaveLength(2);
    expect(run).toHaveValue(-3);
    expect(patches).toEqual([]);
  });

  it('resets the weights to their defaults', async () => {
    settingsServer({ plannerWeights: { like: 20 } });
    const { user } = renderWithProviders(<AdminSettingsPanel />);
    const like = await screen.findByRole('spinbutton', {
      name: 'Matches a like',
    });
    expect(like).toHaveValue(20);
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(
      await screen.findByText('Planner weights reset to their defaults'),
    ).toBeInTheDocument();
    await waitFor(() => expect(like).toHaveValue(8));
  });

  it('says when the settings cannot be loaded', async () => {
    server.use(
      http.get('*/api/admin/settings', () =>
        HttpResponse.json({ error: 'Boom' }, { status: 500 }),
      ),
    );
    renderWithProviders(<AdminSettingsPanel />);
    expect(
      await screen.findByText('Failed to load settings'),
    ).toBeInTheDocument();
  });
});
