import DashboardRounded from '@mui/icons-material/DashboardRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import ShoppingBasketRounded from '@mui/icons-material/ShoppingBasketRounded';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';

import { paths } from '../../lib/paths';
import { BrandLogo } from '../brand-logo';
import { ThemeModeList, ThemeSwitch } from '../theme-switch';

const SIDEBAR_WIDTH = 248;

interface NavItem {
  label: string;
  href: string;
  icon: ReactElement;
}

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

function NavList({
  items,
  onNavigate,
}: {
  items: NavItem[];
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <List sx={{ px: 1.5, display: 'grid', gap: 0.5 }}>
      {items.map((item) => {
        const current = pathname === item.href;
        return (
          <ListItemButton
            key={item.href}
            component={RouterLink}
            to={item.href}
            selected={current}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
          >
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
              {item.icon}
            </ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

function LogoutButton({ onLogout }: { onLogout: () => void }) {
  return (
    <List sx={{ px: 1.5 }}>
      <ListItemButton onClick={onLogout}>
        <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
          <LogoutRounded />
        </ListItemIcon>
        <ListItemText primary="Logout" />
      </ListItemButton>
    </List>
  );
}

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
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (!onDashboard) void navigate(paths.user.dashboard.getHref(value));
      }}
      sx={{ flex: 1, maxWidth: 440, minWidth: 0 }}
    >
      <TextField
        size="small"
        type="search"
        placeholder="Search recipes…"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (onDashboard) {
            setParams(next ? { q: next } : {}, { replace: true });
          } else {
            setDraft(next);
          }
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Search recipes' },
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

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` },
          ml: { md: `${SIDEBAR_WIDTH}px` },
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <IconButton
            edge="start"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
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
        </Toolbar>
      </AppBar>

      <Box
        component="nav"
        aria-label="Your pages"
        sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}
      >
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={close}
          ModalProps={{ keepMounted: true }}
          sx={{
            display: { xs: 'block', md: 'none' },
            '& .MuiDrawer-paper': { width: 280 },
          }}
        >
          {brand}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ px: 3, pb: 1 }}
          >
            Signed in as {userName}
          </Typography>
          <NavList items={[...mainNav, profileItem]} onNavigate={close} />
          <Divider sx={{ my: 1, mx: 2 }} />
          <Box sx={{ px: 1.5 }}>
            <ThemeModeList />
          </Box>
          <Divider sx={{ my: 1, mx: 2 }} />
          <LogoutButton
            onLogout={() => {
              close();
              onLogout();
            }}
          />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            '& .MuiDrawer-paper': {
              width: SIDEBAR_WIDTH,
              boxSizing: 'border-box',
              display: 'flex',
              flexDirection: 'column',
            },
          }}
        >
          {brand}
          <NavList items={mainNav} />
          <Box sx={{ flex: 1 }} />
          <Divider sx={{ mx: 2 }} />
          <LogoutButton onLogout={onLogout} />
          <Box sx={{ height: 12 }} />
        </Drawer>
      </Box>

      <Box
        component="main"
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, md: 5 },
          pb: 6,
          bgcolor: 'background.default',
        }}
      >
        <Toolbar />
        <Box sx={{ pt: { xs: 3, md: 5 } }}>{children}</Box>
      </Box>
    </Box>
  );
}
