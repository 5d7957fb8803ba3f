import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useId } from 'react';

import { THEME_MODES, useThemeMode, type ThemeMode } from './theme-modes';

// The shells import both from here; light pages import the button alone
// from theme-switch-button.tsx, without this list's code.
export { ThemeSwitch } from './theme-switch-button';
export { THEME_MODES, type ThemeMode } from './theme-modes';

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
        // Valid list markup: each button in its own li (issue 11).
        <ListItem key={item.mode} disablePadding>
          <ListItemButton
            selected={item.mode === mode}
            aria-pressed={item.mode === mode}
            onClick={() => setMode(item.mode)}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
