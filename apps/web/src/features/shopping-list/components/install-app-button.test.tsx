import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { InstallAppButton } from './install-app-button';

describe('InstallAppButton', () => {
  it('appears when the browser offers installing, and asks it to', async () => {
    const { user } = renderWithProviders(<InstallAppButton />);
    expect(screen.queryByRole('button', { name: 'Install App' })).toBeNull();

    const prompt = vi.fn(() => Promise.resolve());
    const event = Object.assign(
      new Event('beforeinstallprompt', { cancelable: true }),
      {
        prompt,
        userChoice: Promise.resolve({ outcome: 'accepted' as const }),
      },
    );
    act(() => {
      window.dispatchEvent(event);
    });
    await user.click(
      await screen.findByRole('button', { name: 'Install App' }),
    );
    expect(prompt).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Install App' })).toBeNull(),
    );
  });
});
