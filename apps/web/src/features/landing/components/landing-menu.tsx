import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';

import { BrandLogo } from '../../../components/brand-logo';
import {
  landingSections,
  paths,
  type LandingSection,
} from '../../../lib/paths';
import { sectionLinks } from './landing-sections';

/**
 * The landing top bar's menu on phones: the page sections, then Login and
 * Get Started (or 'Go to dashboard' when signed in). Its own module, so it
 * loads when first opened.
 */
export function LandingMenu({
  open,
  signedIn,
  onClose,
  onExited,
  onSectionClick,
  onLogin,
}: {
  open: boolean;
  signedIn: boolean;
  onClose: () => void;
  onExited: () => void;
  onSectionClick: (
    section: LandingSection,
  ) => (event: MouseEvent<HTMLElement>) => void;
  onLogin: () => void;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { id: 'landing-menu', sx: { width: 'min(320px, 86vw)' } },
        transition: { onExited },
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
        <IconButton aria-label="Close menu" onClick={onClose}>
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
                onClick={onSectionClick(item.section)}
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
              onClick={onSectionClick(landingSections.contact)}
            >
              <ListItemText primary="Contact" />
            </ListItemButton>
          </ListItem>
        </List>
      </Box>
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2 }}>
        {signedIn ? (
          <Button
            component={RouterLink}
            to={paths.user.dashboard.getHref()}
            variant="contained"
            size="large"
          >
            Go to dashboard
          </Button>
        ) : (
          <>
            <Button variant="outlined" size="large" onClick={onLogin}>
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
          </>
        )}
      </Stack>
    </Drawer>
  );
}
