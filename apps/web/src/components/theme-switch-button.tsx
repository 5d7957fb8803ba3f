import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';

import { THEME_MODES, useThemeMode } from './theme-modes';

// The menu (MUI Menu, Popover, Modal) loads on first use: the button is on
// the landing page, which must stay light (issue 11, landing weight).
const loadMenu = () => import('./theme-switch-menu');
const ThemeSwitchMenu = lazy(() =>
  loadMenu().then((module) => ({ default: module.ThemeSwitchMenu })),
);

/**
 * A button that opens a menu of Light, Dark and System. Used in the landing
 * top bar, the public and sign-in pages and both shells' top bars. Its hint
 * is the native `title`: an MUI Tooltip would add about 13 KB (brotli) to
 * the landing page for one word.
 */
export function ThemeSwitch({
  color = 'inherit',
}: {
  color?: IconButtonProps['color'];
}) {
  const [mode, setMode] = useThemeMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuId = useId();
  const current = THEME_MODES.find((item) => item.mode === mode);
  const label = `Theme: ${current?.label ?? 'System'}`;

  return (
    <>
      <IconButton
        color={color}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
        onClick={(event) => {
          setMenuLoaded(true);
          setAnchor(event.currentTarget);
        }}
      >
        {current?.icon}
      </IconButton>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <ThemeSwitchMenu
            id={menuId}
            anchor={anchor}
            mode={mode}
            onSelect={(next) => {
              setMode(next);
              setAnchor(null);
            }}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
