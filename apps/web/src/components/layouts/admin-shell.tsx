import GroupRounded from '@mui/icons-material/GroupRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import MenuBookRounded from '@mui/icons-material/MenuBookRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ADMIN_DRAWER_WIDTH } from '@platewise/shared';
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
    label: 'Audit Log',
    href: paths.admin.audit.getHref(),
    icon: <HistoryRounded />,
  },
  {
    label: 'Settings',
    href: paths.admin.settings.getHref(),
    icon: <SettingsRounded />,
  },
];

/** Admin pages without a list of their own: their search opens the users. */
const pagesWithoutSearch: string[] = [
  paths.admin.profile.getHref(),
  paths.admin.settings.getHref(),
  paths.admin.audit.getHref(),
];

const profileItem: NavItem = {
  label: 'Profile',
  href: paths.admin.profile.getHref(),
  icon: <PersonRounded />,
};

/**
 * Search in the top bar: the `search` parameter of the current admin list,
 * which its table reads (User Management's own search box shows the same
 * text). On a page without a list it opens User Management.
 */
function AdminSearch() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const param = params.get('search') ?? '';
  // What was typed, ahead of the address while a page's code still loads;
  // it follows the address when the page's own search box changes it.
  const [draft, setDraft] = useState(param);
  const [seenParam, setSeenParam] = useState(param);
  if (param !== seenParam) {
    setSeenParam(param);
    setDraft(param);
  }
  const onChange = (next: string) => {
    setDraft(next);
    if (pagesWithoutSearch.includes(pathname)) {
      void navigate(paths.admin.users.getHref(next));
      return;
    }
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('search', next);
        else updated.delete('search');
        return updated;
      },
      { replace: true },
    );
  };
  return (
    <TopBarSearch
      label="Search"
      placeholder="Search…"
      maxWidth={420}
      value={draft}
      onChange={onChange}
    />
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
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const drawer = (
    <>
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
      <NavList items={adminNav} onNavigate={close} />
      <Box sx={{ flex: 1 }} />
      <Divider sx={{ mx: 2 }} />
      <Box sx={{ px: 1.5 }}>
        <ThemeModeList order={['dark', 'light', 'system']} />
      </Box>
      <Divider sx={{ mx: 2 }} />
      <NavList items={[profileItem]} onNavigate={close}>
        <LogoutItem
          onLogout={() => {
            close();
            onLogout();
          }}
        />
      </NavList>
      <Box sx={{ height: 8 }} />
    </>
  );

  return (
    <AppFrame
      navLabel="Admin pages"
      breakpoint="lg"
      sidebarWidth={ADMIN_DRAWER_WIDTH}
      sidebar={drawer}
      drawer={drawer}
      drawerOpen={open}
      onDrawerOpen={() => setOpen(true)}
      onDrawerClose={close}
      topBar={
        <>
          <AdminSearch />
          <Box sx={{ flex: { sm: 1 } }} />
          <ThemeSwitch />
        </>
      }
    >
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
    </AppFrame>
  );
}
