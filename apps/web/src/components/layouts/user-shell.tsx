import DashboardRounded from '@mui/icons-material/DashboardRounded';
import KitchenRounded from '@mui/icons-material/KitchenRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import ShoppingBasketRounded from '@mui/icons-material/ShoppingBasketRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';

import { paths } from '../../lib/paths';
import { BrandLogo } from '../brand-logo';
import { ThemeModeList, ThemeSwitch } from '../theme-switch';
import { AppFrame } from './app-frame';
import { LogoutItem, NavList, type NavItem } from './shell-nav';
import { TopBarSearch } from './top-bar-search';

const SIDEBAR_WIDTH = 248;

const mainNav: NavItem[] = [
  {
    label: 'Dashboard',
    href: paths.user.dashboard.getHref(),
    icon: <DashboardRounded />,
  },
  {
    label: 'Shopping List',
    href: paths.user.shoppingList.getHref(),
    icon: <ShoppingBasketRounded />,
  },
  {
    label: 'Kitchen',
    href: paths.user.kitchen.getHref(),
    icon: <KitchenRounded />,
  },
  {
    label: 'Settings',
    href: paths.user.settings.getHref(),
    icon: <SettingsRounded />,
  },
];

const profileItem: NavItem = {
  label: 'Profile',
  href: paths.user.profile.getHref(),
  icon: <PersonRounded />,
};

/**
 * Recipe search in the top bar. On the dashboard it filters as you type
 * (the `q` parameter, read by the dashboard); elsewhere Enter opens the
 * dashboard with the search applied.
 */
function RecipeSearch() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onDashboard = pathname === paths.user.dashboard.path;
  const [draft, setDraft] = useState('');
  const value = onDashboard ? (params.get('q') ?? '') : draft;

  return (
    <TopBarSearch
      label="Search recipes"
      placeholder="Search recipes…"
      value={value}
      onChange={(next) => {
        if (onDashboard) {
          setParams(next ? { q: next } : {}, { replace: true });
        } else {
          setDraft(next);
        }
      }}
      onSubmit={() => {
        if (!onDashboard) void navigate(paths.user.dashboard.getHref(value));
      }}
    />
  );
}

/**
 * The user area's frame (spec "User shell"): a sidebar with Dashboard,
 * Shopping List, Settings and Logout; on small screens a drawer that also
 * holds the theme options and Profile; a top bar with recipe search, theme
 * switch, settings and profile buttons.
 */
export function UserShell({
  children,
  userName,
  onLogout,
}: {
  children: ReactNode;
  userName: string;
  onLogout: () => void;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);
  const initial = userName.trim().charAt(0).toUpperCase() || '?';

  const brand = (
    <Toolbar sx={{ px: 2.5 }}>
      <Link
        component={RouterLink}
        to={paths.user.dashboard.getHref()}
        aria-label="Platewise, to your dashboard"
        underline="none"
        color="text.primary"
        onClick={close}
      >
        <BrandLogo size={30} />
      </Link>
    </Toolbar>
  );

  const topBar = (
    <>
      <RecipeSearch />
      <Box sx={{ flex: { sm: 1 } }} />
      <ThemeSwitch />
      <Tooltip title="Settings">
        <IconButton
          component={RouterLink}
          to={paths.user.settings.getHref()}
          aria-label="Settings"
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
        >
          <SettingsRounded />
        </IconButton>
      </Tooltip>
      <Tooltip title="Profile">
        <IconButton
          component={RouterLink}
          to={paths.user.profile.getHref()}
          aria-label="Profile"
        >
          <Avatar
            sx={{
              width: 32,
              height: 32,
              fontSize: '0.95rem',
              fontWeight: 700,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {initial}
          </Avatar>
        </IconButton>
      </Tooltip>
    </>
  );

  const drawer = (
    <>
      {brand}
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
        Signed in as {userName}
      </Typography>
      <NavList items={[...mainNav, profileItem]} onNavigate={close} />
      <Divider sx={{ my: 1, mx: 2 }} />
      <Box sx={{ px: 1.5 }}>
        <ThemeModeList />
      </Box>
      <Divider sx={{ my: 1, mx: 2 }} />
      <List sx={{ px: 1.5 }}>
        <LogoutItem
          onLogout={() => {
            close();
            onLogout();
          }}
        />
      </List>
    </>
  );

  const sidebar = (
    <>
      {brand}
      <NavList items={mainNav} />
      <Box sx={{ flex: 1 }} />
      <Divider sx={{ mx: 2 }} />
      <List sx={{ px: 1.5 }}>
        <LogoutItem onLogout={onLogout} />
      </List>
      <Box sx={{ height: 12 }} />
    </>
  );

  return (
    <AppFrame
      navLabel="Your pages"
      breakpoint="md"
      sidebarWidth={SIDEBAR_WIDTH}
      drawerWidth={280}
      sidebar={sidebar}
      drawer={drawer}
      drawerOpen={drawerOpen}
      onDrawerOpen={() => setDrawerOpen(true)}
      onDrawerClose={close}
      topBar={topBar}
    >
      <Box sx={{ pt: { xs: 3, md: 5 } }}>{children}</Box>
    </AppFrame>
  );
}
