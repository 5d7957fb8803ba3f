import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../lib/paths';

/** The closing invitation; a signed-in person is offered the dashboard. */
export function CallToAction({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <Box
      component="section"
      aria-labelledby="cta-title"
      sx={{ py: { xs: 8, md: 10 }, bgcolor: 'background.paper' }}
    >
      <Container maxWidth="md">
        <Box
          sx={{
            textAlign: 'center',
            px: { xs: 3, md: 8 },
            py: { xs: 6, md: 8 },
            borderRadius: '28px',
            color: '#fff',
            '--pw-focus-ring': '#ffffff',
            background:
              'radial-gradient(120% 140% at 0% 0%, #3f8f5c 0%, #1f5135 55%, #143a25 100%)',
          }}
        >
          <Typography
            id="cta-title"
            variant="h2"
            sx={{ fontSize: { xs: '1.8rem', md: '2.4rem' }, mb: 2 }}
          >
            Ready for a week that wastes less?
          </Typography>
          <Typography
            sx={{ color: 'rgba(255,255,255,0.85)', mb: 4, fontSize: '1.1rem' }}
          >
            Set your preferences once and get your first plan and grocery list
            in under a minute.
          </Typography>
          <Button
            component={RouterLink}
            to={
              signedIn ? paths.user.dashboard.getHref() : paths.signup.getHref()
            }
            variant="contained"
            color="secondary"
            size="large"
            sx={{ px: 4, py: 1.5, fontSize: '1.05rem' }}
          >
            {signedIn ? 'Go to dashboard' : 'Create your account'}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
