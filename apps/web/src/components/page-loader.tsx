import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

import { BrandMark } from './brand-logo';

const spin = keyframes`to { transform: rotate(360deg); }`;

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
          {/* A CSS ring rather than MUI's CircularProgress: this shows
              while the first page loads, so its code is on every page's
              critical path (issue 11, landing weight). */}
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              inset: 0,
              borderRadius: '50%',
              border: '3px solid',
              borderColor: 'divider',
              borderTopColor: 'primary.main',
              animation: `${spin} 0.9s linear infinite`,
              '@media (prefers-reduced-motion: reduce)': {
                animationDuration: '2.4s',
              },
            }}
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
