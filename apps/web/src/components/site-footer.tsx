import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@platewise/shared';
import { Link as RouterLink } from 'react-router';

import { landingSections, paths } from '../lib/paths';
import { readSupportEmail, supportMailHref } from '../lib/support-email';
import { BrandLogo } from './brand-logo';

/**
 * The site footer; its id is the landing page's Contact target, so it
 * carries the support address (spec: "Footer has a contact e-mail"), the
 * instance's SUPPORT_EMAIL (issue 11).
 */
export function SiteFooter() {
  const supportEmail = readSupportEmail();
  return (
    <Box
      component="footer"
      id={landingSections.contact}
      sx={{
        scrollMarginTop: 72,
        bgcolor: '#12291c',
        color: '#e3ece5',
        // Focus rings show light on the dark footer (app/theme.ts).
        '--pw-focus-ring': '#ffffff',
        pt: { xs: 6, md: 8 },
        pb: 4,
      }}
    >
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: '7fr 5fr',
              md: '5fr 4fr 3fr',
            },
          }}
        >
          <Box sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}>
            <BrandLogo size={34} color="#ffffff" />
            <Typography sx={{ mt: 2, maxWidth: 380, color: '#b9cabd' }}>
              Weekly meal plans whose dishes share fresh ingredients, so less of
              your shopping ends up in the bin. Run it on your own server.
            </Typography>
          </Box>
          <Box>
            <Typography
              variant="overline"
              component="h2"
              sx={{ color: '#f0a46a' }}
            >
              Get in touch
            </Typography>
            {supportEmail ? (
              <>
                <Typography sx={{ color: '#b9cabd', mt: 0.5, mb: 1.5 }}>
                  Questions, feedback or trouble signing in? Write to the people
                  who run this {PRODUCT_NAME}.
                </Typography>
                <Link
                  href={supportMailHref(supportEmail)}
                  sx={{
                    color: '#ffffff',
                    fontWeight: 600,
                    fontSize: '1.05rem',
                    wordBreak: 'break-word',
                  }}
                >
                  {supportEmail}
                </Link>
              </>
            ) : (
              <Typography sx={{ color: '#b9cabd', mt: 0.5 }}>
                Questions or trouble signing in? Ask the person who runs this{' '}
                {PRODUCT_NAME}: no support address has been set up yet.
              </Typography>
            )}
          </Box>
          <Box>
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
          </Box>
        </Box>
        <Box
          component="hr"
          sx={{
            my: 4,
            border: 0,
            borderTop: '1px solid rgba(255,255,255,0.12)',
          }}
        />
        <Typography variant="body2" sx={{ color: '#9fb3a5' }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Self-hostable meal
          planning for home cooks.
        </Typography>
      </Container>
    </Box>
  );
}
