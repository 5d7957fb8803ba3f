import LogoutRounded from '@mui/icons-material/LogoutRounded';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

export interface NavItem {
  label: string;
  href: string;
  icon: ReactElement;
  /** Other paths that show the same page. */
  alsoAt?: string[];
}

const iconSx = { minWidth: 40, color: 'inherit' } as const;

/**
 * The links of a shell's sidebar or drawer; the current page is selected and
 * marked `aria-current`. Extra items (a Logout button) may follow as children.
 */
export function NavList({
  items,
  onNavigate,
  children,
}: {
  items: NavItem[];
  onNavigate?: () => void;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <List sx={{ px: 1.5, display: 'grid', gap: 0.5 }}>
      {items.map((item) => {
        const current =
          pathname === item.href || Boolean(item.alsoAt?.includes(pathname));
        // Each link in its own li: a ul holds only li (issue 11).
        return (
          <ListItem key={item.href} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={item.href}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
            >
              <ListItemIcon sx={iconSx}>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          </ListItem>
        );
      })}
      {children}
    </List>
  );
}

/** The Logout entry of a shell's sidebar or drawer: an li for a List. */
export function LogoutItem({ onLogout }: { onLogout: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton onClick={onLogout}>
        <ListItemIcon sx={iconSx}>
          <LogoutRounded />
        </ListItemIcon>
        <ListItemText primary="Logout" />
      </ListItemButton>
    </ListItem>
  );
}
