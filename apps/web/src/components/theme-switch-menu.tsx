import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { THEME_MODES, type ThemeMode } from './theme-modes';

/** ThemeSwitch's menu; its own module so that it loads when first opened. */
export function ThemeSwitchMenu({
  id,
  anchor,
  mode,
  onSelect,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  mode: ThemeMode;
  onSelect: (mode: ThemeMode) => void;
  onClose: () => void;
}) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {THEME_MODES.map((item) => (
        <MenuItem
          key={item.mode}
          role="menuitemradio"
          aria-checked={item.mode === mode}
          selected={item.mode === mode}
          onClick={() => onSelect(item.mode)}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText>{item.label}</ListItemText>
          {item.mode === mode ? (
            <Check fontSize="small" sx={{ ml: 2 }} />
          ) : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
