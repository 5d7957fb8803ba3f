import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, USER_TOAST_MS } from '@platewise/shared';
import { Link as RouterLink } from 'react-router';

import { PublicLayout } from '../../../components/layouts/public-layout';
import { notify } from '../../../lib/notifications';
import { landingSections, paths } from '../../../lib/paths';
import { readSupportEmail, supportMailHref } from '../../../lib/support-email';

const checklist = [
  'The e-mail address of your Platewise account (never your password).',
  'What you were trying to do, and on which page.',
  'What you expected, and what happened instead.',
  'The exact error message, or a screenshot of it.',
  'Your browser and device, for example “Firefox on a Pixel 8”.',
  'If you run Platewise yourself: its version and the server log lines from around that time, with secrets removed.',
];

async function copyAddress(address: string) {
  try {
    await navigator.clipboard.writeText(address);
    notify('E-mail address copied.', {
      severity: 'success',
      durationMs: USER_TOAST_MS,
    });
  } catch {
    notify(`Copy failed. The address is ${address}.`, {
      severity: 'warning',
      durationMs: USER_TOAST_MS,
    });
  }
}

/** Where no SUPPORT_EMAIL is set: say so, and who can help instead. */
function NoSupportAddress() {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          No support address yet
        </Typography>
        <Typography color="text.secondary">
          The person who runs this {PRODUCT_NAME} has not set a support e-mail
          address yet (SUPPORT_EMAIL). Ask them directly; an administrator can
          also reset your account.
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The contact page (spec point 2), with the instance's SUPPORT_EMAIL. */
export function ContactPage() {
  const supportEmail = readSupportEmail();
  return (
    <PublicLayout>
      <Stack spacing={5}>
        <Box>
          <Typography variant="h3" component="h1" gutterBottom>
            Contact support
          </Typography>
          <Typography
            color="text.secondary"
            sx={{ fontSize: '1.1rem', maxWidth: 640 }}
          >
            Stuck, found a bug, or have an idea? Write to us. A person reads
            every message and answers within two working days.
          </Typography>
        </Box>

        {supportEmail ? (
          <Card>
            <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={3}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    width: 56,
                    height: 56,
                    borderRadius: '16px',
                    flexShrink: 0,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                  }}
                >
                  <MailOutlineRounded />
                </Box>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    variant="overline"
                    component="h2"
                    color="text.secondary"
                  >
                    Support e-mail
                  </Typography>
                  <Typography
                    sx={{
                      fontWeight: 700,
                      fontSize: '1.3rem',
                      wordBreak: 'break-word',
                    }}
                  >
                    {supportEmail}
                  </Typography>
                </Box>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <Button
                    variant="contained"
                    size="large"
                    href={supportMailHref(
                      supportEmail,
                      `${PRODUCT_NAME} support request`,
                    )}
                    startIcon={<MailOutlineRounded />}
                  >
                    Write an e-mail
                  </Button>
                  <Button
                    variant="outlined"
                    size="large"
                    onClick={() => void copyAddress(supportEmail)}
                    startIcon={<ContentCopyRounded />}
                  >
                    Copy address
                  </Button>
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        ) : (
          <NoSupportAddress />
        )}

        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              What to include
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 1.5 }}>
              The more of this you send, the faster we can help:
            </Typography>
            <Box
              component="ul"
              sx={{
                pl: 3,
                m: 0,
                '& li': { mb: 1, color: 'text.secondary', lineHeight: 1.65 },
              }}
            >
              {checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography variant="h5" component="h2" gutterBottom>
              Quick answers
            </Typography>
            <Stack spacing={2} sx={{ color: 'text.secondary' }}>
              <Typography>
                Forgot your password?{' '}
                <Link
                  component={RouterLink}
                  to={paths.forgotPassword.getHref()}
                >
                  Reset it here
                </Link>
                .
              </Typography>
              <Typography>
                How planning, diets and the grocery list work:{' '}
                <Link
                  component={RouterLink}
                  to={paths.home.getHref(landingSections.faq)}
                >
                  read the FAQ
                </Link>
                .
              </Typography>
              <Typography>
                Using a Platewise run by your family, club or company? Its
                administrator can reset accounts and answer fastest.
              </Typography>
              <Typography>
                Found a security problem? Please write to us privately before
                telling anyone else, and do not include live passwords or
                tokens.
              </Typography>
            </Stack>
          </Grid>
        </Grid>
      </Stack>
    </PublicLayout>
  );
}
