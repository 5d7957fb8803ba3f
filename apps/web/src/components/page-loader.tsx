import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

import { BrandMark } from './brand-logo';

/**
 * A calm full-height loading state: restoring saved state, loading a page's
 * code, checking access.
 */
export function PageLoader({
  label = 'Loading…',
  fullScreen = true,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullScreen ? '100dvh' : 240,
        display: 'grid',
        placeItems: 'center',
        bgcolor: fullScreen ? 'background.default' : undefined,
      }}
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
        <Box sx={{ position: 'relative', width: 56, height: 56 }}>
          <CircularProgress
            size={56}
            thickness={2.5}
            aria-hidden="true"
            sx={{ position: 'absolute', inset: 0 }}
          />
          <Box sx={{ position: 'absolute', inset: 12 }}>
            <BrandMark size={32} />
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </Box>
    </Box>
  );
}
