import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../lib/paths';
import { BrandLogo } from '../brand-logo';
import { MAIN_CONTENT_ID } from '../skip-link';
import { ThemeSwitch } from '../theme-switch-button';

const promises = [
  'Dishes that share fresh ingredients',
  'A grocery list split into fresh and pantry',
  'A new plan in milliseconds',
];

/**
 * The frame of the sign-in pages (login, sign-up, verification, password
 * reset): a picture panel on wide screens and the form beside it.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  maxWidth = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** The form column's width in px: wider for the longer sign-up form. */
  maxWidth?: number;
}) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', md: 'flex' },
          position: 'relative',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          p: 6,
          color: '#fff',
          backgroundImage:
            'linear-gradient(180deg, rgba(10,24,16,0.35) 0%, rgba(10,24,16,0.85) 100%), url(/media/hero-poster.webp)',
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        <Typography variant="h4" component="p" sx={{ maxWidth: 420, mb: 3 }}>
          Cook through the week. Throw less away.
        </Typography>
        <Stack spacing={1.25}>
          {promises.map((text) => (
            <Box
              key={text}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}
            >
              <CheckCircleRounded sx={{ color: '#a5dcb7' }} />
              <Typography>{text}</Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: { xs: 2, sm: 4 },
            py: 2,
          }}
        >
          <Link
            component={RouterLink}
            to={paths.home.getHref()}
            aria-label="Platewise, to the start page"
            underline="none"
            color="text.primary"
          >
            <BrandLogo size={30} />
          </Link>
          <ThemeSwitch />
        </Box>
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{
            flex: 1,
            display: 'grid',
            // Phones start the form under the header; wide screens centre it.
            alignItems: { xs: 'start', md: 'center' },
            justifyItems: 'center',
            px: { xs: 2, sm: 4 },
            pb: 6,
          }}
        >
          <Box sx={{ width: '100%', maxWidth, py: { xs: 1, md: 4 } }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            ) : null}
            {children}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
