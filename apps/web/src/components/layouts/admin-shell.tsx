import GroupRounded from '@mui/icons-material/GroupRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ADMIN_DRAWER_WIDTH } from '@platewise/shared';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';

import { paths } from '../../lib/paths';
import { BrandLogo } from '../brand-logo';
import { ThemeModeList, ThemeSwitch } from '../theme-switch';

interface NavItem {
  label: string;
  href: string;
  icon: ReactElement;
  /** Other paths that show the same page. */
  alsoAt?: string[];
}

const adminNav: NavItem[] = [
  {
    label: 'User Management',
    href: paths.admin.users.getHref(),
    icon: <GroupRounded />,
    alsoAt: [paths.admin.dashboard.getHref()],
  },
  {
    label: 'Recipe Management',
    href: paths.admin.recipes.getHref(),
    icon: <MenuBookRounded />,
  },
  {
    label: 'Settings',
    href: paths.admin.settings.getHref(),
    icon: <SettingsRounded />,
  },
];

/**
 * Search in the top bar: the `search` parameter of the current admin page,
 * which its table reads.
 */
function AdminSearch() {
  const [params, setParams] = useSearchParams();
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => event.preventDefault()}
      sx={{ flex: 1, maxWidth: 420, minWidth: 0 }}
    >
      <TextField
        size="small"
        type="search"
        placeholder="Search…"
        value={params.get('search') ?? ''}
        onChange={(event) => {
          const next = event.target.value;
          setParams(next ? { search: next } : {}, { replace: true });
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
            sx: { borderRadius: 999, bgcolor: 'background.default' },
          },
        }}
      />
    </Box>
  );
}

/**
 * The admin area's frame (spec "Admin area by path"): a drawer, permanent and
 * 270 px wide on large screens and temporary below, with the pages, Dark,
 * Light and System themes, Profile and Logout; a top bar with search and
 * theme switch; a breadcrumb Home / page.
 */
export function AdminShell({
  children,
  pageTitle,
  adminName,
  onLogout,
}: {
  children: ReactNode;
  pageTitle: string;
  adminName: string;
  onLogout: () => void;
}) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const close = () => setOpen(false);

  const drawer = (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Toolbar sx={{ px: 2.5, gap: 1 }}>
        <Link
          component={RouterLink}
          to={paths.admin.users.getHref()}
          aria-label="Platewise admin, to user management"
          underline="none"
          color="text.primary"
          onClick={close}
        >
          <BrandLogo size={28} />
        </Link>
        <Chip label="Admin" size="small" color="secondary" />
      </Toolbar>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
        Signed in as {adminName}
      </Typography>
      <List sx={{ px: 1.5, display: 'grid', gap: 0.5 }}>
        {adminNav.map((item) => {
          const current =
            pathname === item.href || Boolean(item.alsoAt?.includes(pathname));
          return (
            <ListItemButton
              key={item.href}
              component={RouterLink}
              to={item.href}
              selected={current}
              aria-current={current ? 'page' : undefined}
              onClick={close}
            >
              <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
                {item.icon}
              </ListItemIcon>
              <ListItemText primary={item.label} />
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ flex: 1 }} />
      <Divider sx={{ mx: 2 }} />
      <Box sx={{ px: 1.5 }}>
        <ThemeModeList order={['dark', 'light', 'system']} />
      </Box>
      <Divider sx={{ mx: 2 }} />
      <List sx={{ px: 1.5, display: 'grid', gap: 0.5 }}>
        <ListItemButton
          component={RouterLink}
          to={paths.admin.profile.getHref()}
          selected={pathname === paths.admin.profile.path}
          onClick={close}
        >
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
            <PersonRounded />
          </ListItemIcon>
          <ListItemText primary="Profile" />
        </ListItemButton>
        <ListItemButton
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
            <LogoutRounded />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </List>
      <Box sx={{ height: 8 }} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: { lg: `calc(100% - ${ADMIN_DRAWER_WIDTH}px)` },
          ml: { lg: `${ADMIN_DRAWER_WIDTH}px` },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          {wide ? null : (
            <IconButton
              edge="start"
              aria-label="Open navigation"
              onClick={() => setOpen(true)}
            >
              <MenuRounded />
            </IconButton>
          )}
          <AdminSearch />
          <Box sx={{ flex: { sm: 1 } }} />
          <ThemeSwitch />
        </Toolbar>
      </AppBar>
      <Box
        component="nav"
        aria-label="Admin pages"
        sx={{ width: { lg: ADMIN_DRAWER_WIDTH }, flexShrink: { lg: 0 } }}
      >
        <Drawer
          variant={wide ? 'permanent' : 'temporary'}
          open={wide || open}
          onClose={close}
          ModalProps={{ keepMounted: true }}
          sx={{
            '& .MuiDrawer-paper': {
              width: ADMIN_DRAWER_WIDTH,
              boxSizing: 'border-box',
            },
          }}
        >
          {drawer}
        </Drawer>
      </Box>
      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, lg: 5 },
          pb: 6,
          bgcolor: 'background.default',
        }}
      >
        <Toolbar />
        <Breadcrumbs aria-label="breadcrumb" sx={{ pt: 3, pb: 2 }}>
          <Link
            component={RouterLink}
            to={paths.admin.users.getHref()}
            color="inherit"
          >
            Home
          </Link>
          <Typography color="text.primary" aria-current="page">
            {pageTitle}
          </Typography>
        </Breadcrumbs>
        {children}
      </Box>
    </Box>
  );
}
