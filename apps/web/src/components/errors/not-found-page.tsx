import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../lib/paths';
import { PublicLayout } from '../layouts/public-layout';

/** Any path the app does not know (spec point 2). */
export function NotFoundPage() {
  return (
    <PublicLayout maxWidth="sm">
      <Stack spacing={3} sx={{ alignItems: 'flex-start', py: { md: 4 } }}>
        <Box
          aria-hidden="true"
          sx={{
            fontSize: { xs: 88, sm: 120 },
            fontWeight: 800,
            lineHeight: 1,
            letterSpacing: '-0.04em',
            color: 'primary.main',
          }}
        >
          404
        </Box>
        <Typography variant="h3" component="h1">
          This page is not on the menu
        </Typography>
        <Typography color="text.secondary" sx={{ fontSize: '1.1rem' }}>
          The address may be mistyped, or the page has moved. Head back to the
          start page, or tell us what you were looking for.
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          <Button
            component={RouterLink}
            to={paths.home.getHref()}
            variant="contained"
            size="large"
          >
            Go back home
          </Button>
          <Button
            component={RouterLink}
            to={paths.contact.getHref()}
            variant="outlined"
            size="large"
          >
            Contact support
          </Button>
        </Stack>
      </Stack>
    </PublicLayout>
  );
}
