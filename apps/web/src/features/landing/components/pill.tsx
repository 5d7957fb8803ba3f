import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A small rounded label, drawn with Box: MUI's Chip would add its code to
 * the landing page for text that is never clicked (issue 11, landing weight).
 */
export function Pill({
  children,
  outlined = false,
  sx,
}: {
  children: ReactNode;
  outlined?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="span"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: 24,
          px: 1.25,
          borderRadius: 999,
          fontSize: '0.8125rem',
          lineHeight: 1,
          whiteSpace: 'nowrap',
        },
        outlined
          ? {
              border: 1,
              borderColor: 'primary.main',
              color: 'primary.main',
            }
          : { bgcolor: 'action.selected', color: 'text.primary' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
