import BrightnessAutoRounded from '@mui/icons-material/BrightnessAutoRounded';
import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import { useColorScheme } from '@mui/material/styles';
import type { ReactElement } from 'react';

export type ThemeMode = 'light' | 'dark' | 'system';

export const THEME_MODES: ReadonlyArray<{
  mode: ThemeMode;
  label: string;
  icon: ReactElement;
}> = [
  {
    mode: 'light',
    label: 'Light',
    icon: <LightModeRounded fontSize="small" />,
  },
  { mode: 'dark', label: 'Dark', icon: <DarkModeRounded fontSize="small" /> },
  {
    mode: 'system',
    label: 'System',
    icon: <BrightnessAutoRounded fontSize="small" />,
  },
];

export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const { mode, setMode } = useColorScheme();
  return [mode ?? 'system', setMode];
}
