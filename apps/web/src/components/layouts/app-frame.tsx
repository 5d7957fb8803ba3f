import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';

import { MAIN_CONTENT_ID } from '../skip-link';

/**
 * The frame both signed-in areas share: a sidebar that is permanent from
 * `breakpoint` up, a temporary drawer below it opened from the top bar's menu
 * button, the fixed top bar beside the sidebar, and the main content.
 */
export function AppFrame({
  navLabel,
  breakpoint,
  sidebarWidth,
  drawerWidth = sidebarWidth,
  sidebar,
  drawer,
  drawerOpen,
  onDrawerOpen,
  onDrawerClose,
  topBar,
  children,
}: {
  /** The accessible name of the navigation landmark. */
  navLabel: string;
  breakpoint: 'md' | 'lg';
  sidebarWidth: number;
  drawerWidth?: number;
  /** The permanent sidebar's content. */
  sidebar: ReactNode;
  /** The small-screen drawer's content. */
  drawer: ReactNode;
  drawerOpen: boolean;
  onDrawerOpen: () => void;
  onDrawerClose: () => void;
  /** The top bar's content after the menu button. */
  topBar: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: { [breakpoint]: `calc(100% - ${sidebarWidth}px)` },
          ml: { [breakpoint]: `${sidebarWidth}px` },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <IconButton
            edge="start"
            aria-label="Open navigation"
            onClick={onDrawerOpen}
            sx={{ display: { [breakpoint]: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
          {topBar}
        </Toolbar>
      </AppBar>

      <Box
        component="nav"
        aria-label={navLabel}
        sx={{
          width: { [breakpoint]: sidebarWidth },
          flexShrink: { [breakpoint]: 0 },
        }}
      >
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={onDrawerClose}
          ModalProps={{ keepMounted: true }}
          // The open drawer is a modal dialog (MUI gives its paper that
          // role), rendered outside the <nav>: it needs a name of its own.
          slotProps={{ paper: { 'aria-label': navLabel } }}
          sx={{
            display: { xs: 'block', [breakpoint]: 'none' },
            '& .MuiDrawer-paper': {
              width: drawerWidth,
              boxSizing: 'border-box',
            },
          }}
        >
          {drawer}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', [breakpoint]: 'block' },
            '& .MuiDrawer-paper': {
              width: sidebarWidth,
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
            },
          }}
        >
          {sidebar}
        </Drawer>
      </Box>

      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, [breakpoint]: 5 },
          pb: 6,
          bgcolor: 'background.default',
        }}
      >
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}
