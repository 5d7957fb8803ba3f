import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@platewise/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** What went wrong, as spec point 8 asks: status and text, or the message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/**
 * The root route's error element. It is part of the main bundle, so it shows
 * even when a page's code fails to load (a deploy replaced the chunks).
 */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'background.default',
        px: 2,
      }}
    >
      <Container maxWidth="sm">
        <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
          <ErrorOutlineRounded
            aria-hidden="true"
            sx={{ fontSize: 56, color: 'secondary.main' }}
          />
          <Typography variant="h3" component="h1">
            {messages.generic.unexpectedError}
          </Typography>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 2,
              width: '100%',
              boxSizing: 'border-box',
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: '0.95rem',
              borderRadius: '12px',
              bgcolor: 'action.hover',
              color: 'text.primary',
            }}
          >
            {describeRouteError(error)}
          </Box>
          <Typography color="text.secondary">
            Reloading usually helps, for instance after an update of the app. If
            it keeps happening, tell us what you were doing.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              onClick={() => window.location.reload()}
            >
              Reload page
            </Button>
            {/* A full page load, so a fresh copy of the app is fetched. */}
            <Button variant="outlined" href="/">
              Back to the start page
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
