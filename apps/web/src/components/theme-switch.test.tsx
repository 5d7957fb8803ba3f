import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../testing/render';
import { ThemeModeList, ThemeSwitch } from './theme-switch';

// The key the chosen mode is remembered under (a contract with users' browsers).
const THEME_MODE_STORAGE_KEY = 'platewise-theme-mode';

describe('ThemeSwitch', () => {
  it('starts on System and remembers the chosen mode', async () => {
    const { user } = renderWithProviders(<ThemeSwitch />);
    const button = screen.getByRole('button', { name: 'Theme: System' });
    await user.click(button);
    await user.click(
      await screen.findByRole('menuitemradio', { name: 'Dark' }),
    );
    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveAttribute(
      'data-mui-color-scheme',
      'dark',
    );
    expect(
      await screen.findByRole('button', { name: 'Theme: Dark' }),
    ).toBeInTheDocument();
  });

  it('offers Dark, Light and System as a list for drawers', async () => {
    const { user } = renderWithProviders(
      <ThemeModeList order={['dark', 'light', 'system']} />,
    );
    const options = screen.getAllByRole('button');
    expect(options.map((option) => option.textContent)).toEqual([
      'Dark',
      'Light',
      'System',
    ]);
    await user.click(screen.getByRole('button', { name: 'Light' }));
    expect(screen.getByRole('button', { name: 'Light' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('light');
  });
});
