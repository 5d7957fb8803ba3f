import MenuRounded from '@mui/icons-material/MenuRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { ThemeSwitch } from '../../../components/theme-switch-button';
import {
  landingSections,
  paths,
  type LandingSection,
} from '../../../lib/paths';
import { scrollToElement } from '../../../utils/scroll-to-element';
import { sectionLinks } from './landing-sections';

// The phone menu loads when it is first opened (issue 11, landing weight).
const loadLandingMenu = () => import('./landing-menu');
const LandingMenu = lazy(() =>
  loadLandingMenu().then((module) => ({ default: module.LandingMenu })),
);

/**
 * The landing page's top bar (spec point 2): Home, How it works, FAQ,
 * Testimonials (not yet), Contact, Login and Get Started; on phones they
 * move into a menu. Transparent over the hero, solid once the page scrolls.
 */
export function LandingTopBar({
  onLogin,
  onLoginIntent,
  signedIn = false,
}: {
  onLogin: () => void;
  /** The pointer is over, or focus on, a Login button: load its dialog. */
  onLoginIntent?: () => void;
  /** Signed in: 'Go to dashboard' instead of Login and Get Started. */
  signedIn?: boolean;
}) {
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 24 });
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const [pendingSection, setPendingSection] = useState<LandingSection | null>(
    null,
  );

  const onSectionClick =
    (section: LandingSection) => (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      scrollToElement(section);
    };

  // In the phone menu: close first, scroll once the drawer has gone, so the
  // scroll lock of the open menu cannot swallow it.
  const onMenuSectionClick =
    (section: LandingSection) => (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      setPendingSection(section);
      setMenuOpen(false);
    };

  const onMenuExited = () => {
    if (pendingSection) scrollToElement(pendingSection);
    setPendingSection(null);
  };

  const solid = scrolled || menuOpen;
  const linkSx = {
    color: 'inherit',
    px: 1.5,
    fontWeight: 600,
    '&:hover': { bgcolor: solid ? 'action.hover' : 'rgba(255,255,255,0.12)' },
  } as const;

  return (
    // A plain header rather than MUI's AppBar and Toolbar, whose code the
    // landing page can do without (issue 11, landing weight).
    <Box
      component="header"
      sx={[
        {
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          zIndex: 'appBar',
          color: '#fff',
          // Over the dark hero until it turns solid (app/theme.ts).
          '--pw-focus-ring': '#ffffff',
          transition: (t) =>
            t.transitions.create(['background-color', 'box-shadow', 'color']),
        },
        solid && {
          '--pw-focus-ring': 'var(--pw-focus-ring-page)',
          color: 'text.primary',
          bgcolor: 'background.paper',
          boxShadow: '0 1px 0 var(--mui-palette-divider)',
        },
      ]}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            minHeight: { xs: 64, md: 72 },
          }}
        >
          <Link
            href={`#${landingSections.home}`}
            onClick={onSectionClick(landingSections.home)}
            aria-label="Platewise"
            underline="none"
            color="inherit"
            sx={{ mr: 'auto', borderRadius: 1 }}
          >
            <BrandLogo size={32} />
          </Link>

          <Box
            component="nav"
            aria-label="Page sections"
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }}
          >
            {sectionLinks.map((item) => (
              <Button
                key={item.section}
                component="a"
                href={`#${item.section}`}
                onClick={onSectionClick(item.section)}
                sx={linkSx}
              >
                {item.label}
              </Button>
            ))}
            <Button
              disabled
              sx={{
                ...linkSx,
                '&.Mui-disabled': { color: 'inherit', opacity: 0.5 },
              }}
            >
              Testimonials
            </Button>
            <Button
              component="a"
              href={`#${landingSections.contact}`}
              onClick={onSectionClick(landingSections.contact)}
              sx={linkSx}
            >
              Contact
            </Button>
          </Box>

          <ThemeSwitch />

          <Stack
            direction="row"
            spacing={1}
            sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }}
          >
            {signedIn ? (
              <Button
                component={RouterLink}
                to={paths.user.dashboard.getHref()}
                variant="contained"
                color={solid ? 'primary' : 'secondary'}
              >
                Go to dashboard
              </Button>
            ) : (
              <>
                <Button
                  onClick={onLogin}
                  onPointerEnter={onLoginIntent}
                  onFocus={onLoginIntent}
                  sx={linkSx}
                >
                  Login
                </Button>
                <Button
                  component={RouterLink}
                  to={paths.signup.getHref()}
                  variant="contained"
                  color={solid ? 'primary' : 'secondary'}
                >
                  Get Started
                </Button>
              </>
            )}
          </Stack>

          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-controls={menuOpen ? 'landing-menu' : undefined}
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen(true);
            }}
            onPointerEnter={() => void loadLandingMenu()}
            onFocus={() => void loadLandingMenu()}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
        </Box>
      </Container>

      {menuMounted ? (
        <Suspense fallback={null}>
          <LandingMenu
            open={menuOpen}
            signedIn={signedIn}
            onClose={() => setMenuOpen(false)}
            onExited={onMenuExited}
            onSectionClick={onMenuSectionClick}
            onLogin={() => {
              setMenuOpen(false);
              onLogin();
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
