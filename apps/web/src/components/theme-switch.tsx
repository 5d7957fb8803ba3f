import BrightnessAutoRounded from '@mui/icons-material/BrightnessAutoRounded';
import Check from '@mui/icons-material/Check';
import DarkModeRounded from '@mui/icons-material/DarkModeRounded';
import LightModeRounded from '@mui/icons-material/LightModeRounded';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactElement } from 'react';

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

function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const { mode, setMode } = useColorScheme();
  return [mode ?? 'system', setMode];
}

/**
 * A button that opens a menu of Light, Dark and System. Used in the landing
 * top bar and in both shells' top bars.
 */
export function ThemeSwitch({
  color = 'inherit',
}: {
  color?: IconButtonProps['color'];
}) {
  const [mode, setMode] = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = THEME_MODES.find((item) => item.mode === mode);
  const label = `Theme: ${current?.label ?? 'System'}`;

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color={color}
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {current?.icon}
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {THEME_MODES.map((item) => (
          <MenuItem
            key={item.mode}
            role="menuitemradio"
            aria-checked={item.mode === mode}
            selected={item.mode === mode}
            onClick={() => {
              setMode(item.mode);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
            {item.mode === mode ? (
              <Check fontSize="small" sx={{ ml: 2 }} />
            ) : null}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The three modes as a list, for drawers (spec: admin and user drawers). */
export function ThemeModeList({ order }: { order?: ThemeMode[] }) {
  const [mode, setMode] = useThemeMode();
  const headingId = useId();
  const items = order
    ? order.flatMap((m) => THEME_MODES.filter((item) => item.mode === m))
    : THEME_MODES;
  return (
    <List
      dense
      aria-labelledby={headingId}
      subheader={
        <ListSubheader
          id={headingId}
          disableSticky
          sx={{ bgcolor: 'transparent' }}
        >
          Theme
        </ListSubheader>
      }
    >
      {items.map((item) => (
        <ListItemButton
          key={item.mode}
          selected={item.mode === mode}
          aria-pressed={item.mode === mode}
          onClick={() => setMode(item.mode)}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
}
