import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { useSignedIn } from '../../hooks/use-signed-in';
import { paths } from '../../lib/paths';
import { BrandLogo } from '../brand-logo';
import { SiteFooter } from '../site-footer';
import { MAIN_CONTENT_ID } from '../skip-link';
import { ThemeSwitch } from '../theme-switch-button';

/**
 * Header, content and footer for the public pages (contact, legal, 404).
 * A signed-in person is offered 'Go to dashboard' instead of Log in and
 * Sign up (issue 11).
 */
export function PublicLayout({
  children,
  maxWidth = 'md',
}: {
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  const signedIn = useSignedIn();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="sticky"
        color="inherit"
        sx={{
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ gap: 1 }}>
            <Link
              component={RouterLink}
              to={paths.home.getHref()}
              aria-label="Platewise, to the start page"
              underline="none"
              color="inherit"
              sx={{ mr: 'auto', borderRadius: 1 }}
            >
              <BrandLogo size={30} />
            </Link>
            <ThemeSwitch />
            {signedIn ? (
              <Button
                component={RouterLink}
                to={paths.user.dashboard.getHref()}
                variant="contained"
              >
                Go to dashboard
              </Button>
            ) : (
              <>
                <Button
                  component={RouterLink}
                  to={paths.login.getHref()}
                  color="inherit"
                  sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                >
                  Log in
                </Button>
                <Button
                  component={RouterLink}
                  to={paths.signup.getHref()}
                  variant="contained"
                >
                  Sign up
                </Button>
              </>
            )}
          </Toolbar>
        </Container>
      </AppBar>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        maxWidth={maxWidth}
        sx={{ flex: 1, py: { xs: 5, md: 8 } }}
      >
        {children}
      </Container>
      <SiteFooter />
    </Box>
  );
}
