import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@platewise/shared';
import { Link as RouterLink } from 'react-router';

import { landingSections, paths } from '../lib/paths';
import { BrandLogo } from './brand-logo';

/**
 * The site footer; its id is the landing page's Contact target, so it
 * carries the support address (spec: "Footer has a contact e-mail").
 */
export function SiteFooter() {
  return (
    <Box
      component="footer"
      id={landingSections.contact}
      sx={{
        scrollMarginTop: 72,
        bgcolor: '#12291c',
        color: '#e3ece5',
        pt: { xs: 6, md: 8 },
        pb: 4,
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <BrandLogo size={34} color="#ffffff" />
            <Typography sx={{ mt: 2, maxWidth: 380, color: '#b9cabd' }}>
              Weekly meal plans whose dishes share fresh ingredients, so less of
              your shopping ends up in the bin. Run it on your own server.
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 7, md: 4 }}>
            <Typography
              variant="overline"
              component="h2"
              sx={{ color: '#f0a46a' }}
            >
              Get in touch
            </Typography>
            <Typography sx={{ color: '#b9cabd', mt: 0.5, mb: 1.5 }}>
              Questions, feedback or trouble signing in? Write to us and a
              person will answer within two working days.
            </Typography>
            <Link
              href={paths.external.supportMail()}
              sx={{
                color: '#ffffff',
                fontWeight: 600,
                fontSize: '1.05rem',
                wordBreak: 'break-word',
              }}
            >
              {SUPPORT_EMAIL}
            </Link>
          </Grid>
          <Grid size={{ xs: 12, sm: 5, md: 3 }}>
            <Typography
              variant="overline"
              component="h2"
              sx={{ color: '#f0a46a' }}
            >
              Legal and help
            </Typography>
            <Stack
              component="ul"
              spacing={1}
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
            >
              {[
                { href: paths.privacy.getHref(), label: 'Privacy' },
                { href: paths.terms.getHref(), label: 'Terms' },
                { href: paths.contact.getHref(), label: 'Help centre' },
              ].map((item) => (
                <li key={item.href}>
                  <Link
                    component={RouterLink}
                    to={item.href}
                    sx={{ color: '#e3ece5' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </Stack>
          </Grid>
        </Grid>
        <Divider sx={{ my: 4, borderColor: 'rgba(255,255,255,0.12)' }} />
        <Typography variant="body2" sx={{ color: '#9fb3a5' }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Self-hostable meal
          planning for home cooks.
        </Typography>
      </Container>
    </Box>
  );
}
