import CloseRounded from '@mui/icons-material/CloseRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import { ThemeSwitch } from '../../../components/theme-switch';
import {
  landingSections,
  paths,
  type LandingSection,
} from '../../../lib/paths';
import { scrollToElement } from '../../../utils/scroll-to-element';

const sectionLinks: Array<{ label: string; section: LandingSection }> = [
  { label: 'Home', section: landingSections.home },
  { label: 'How it works', section: landingSections.howItWorks },
  { label: 'FAQ', section: landingSections.faq },
];

/**
 * The landing page's top bar (spec point 2): Home, How it works, FAQ,
 * Testimonials (not yet), Contact, Login and Get Started; on phones they
 * move into a menu. Transparent over the hero, solid once the page scrolls.
 */
export function LandingTopBar({ onLogin }: { onLogin: () => void }) {
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 24 });
  const [menuOpen, setMenuOpen] = useState(false);
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
    <AppBar
      position="fixed"
      color="transparent"
      sx={[
        {
          color: '#fff',
          transition: (t) =>
            t.transitions.create(['background-color', 'box-shadow', 'color']),
        },
        solid && {
          color: 'text.primary',
          bgcolor: 'background.paper',
          boxShadow: '0 1px 0 var(--mui-palette-divider)',
        },
      ]}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: { xs: 64, md: 72 } }}>
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
            <Button onClick={onLogin} sx={linkSx}>
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
          </Stack>

          <IconButton
            color="inherit"
            aria-label="Open menu"
            aria-controls={menuOpen ? 'landing-menu' : undefined}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuRounded />
          </IconButton>
        </Toolbar>
      </Container>

      <Drawer
        anchor="right"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        slotProps={{
          paper: { id: 'landing-menu', sx: { width: 'min(320px, 86vw)' } },
          transition: { onExited: onMenuExited },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2,
            minHeight: 64,
          }}
        >
          <BrandLogo size={28} />
          <IconButton
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
          >
            <CloseRounded />
          </IconButton>
        </Box>
        <Divider />
        <Box component="nav" aria-label="Page sections">
          <List sx={{ px: 1 }}>
            {sectionLinks.map((item) => (
              <ListItem key={item.section} disablePadding>
                <ListItemButton
                  component="a"
                  href={`#${item.section}`}
                  onClick={onMenuSectionClick(item.section)}
                >
                  <ListItemText primary={item.label} />
                </ListItemButton>
              </ListItem>
            ))}
            <ListItem disablePadding>
              <ListItemButton disabled>
                <ListItemText primary="Testimonials" secondary="Coming soon" />
              </ListItemButton>
            </ListItem>
            <ListItem disablePadding>
              <ListItemButton
                component="a"
                href={`#${landingSections.contact}`}
                onClick={onMenuSectionClick(landingSections.contact)}
              >
                <ListItemText primary="Contact" />
              </ListItemButton>
            </ListItem>
          </List>
        </Box>
        <Divider />
        <Stack spacing={1.5} sx={{ p: 2 }}>
          <Button
            variant="outlined"
            size="large"
            onClick={() => {
              setMenuOpen(false);
              onLogin();
            }}
          >
            Login
          </Button>
          <Button
            component={RouterLink}
            to={paths.signup.getHref()}
            variant="contained"
            size="large"
          >
            Get Started
          </Button>
        </Stack>
      </Drawer>
    </AppBar>
  );
}
