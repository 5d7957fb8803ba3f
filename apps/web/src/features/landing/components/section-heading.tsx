import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <Box
      sx={{
        maxWidth: 720,
        mx: align === 'center' ? 'auto' : 0,
        textAlign: align,
        mb: { xs: 5, md: 7 },
      }}
    >
      <Typography
        variant="overline"
        component="p"
        sx={{ color: 'secondary.main', mb: 1 }}
      >
        {eyebrow}
      </Typography>
      <Typography
        id={id}
        variant="h2"
        sx={{
          fontSize: { xs: '1.9rem', md: '2.6rem' },
          mb: 2,
          textWrap: 'balance',
        }}
      >
        {title}
      </Typography>
      {children ? (
        <Typography
          color="text.secondary"
          sx={{ fontSize: { xs: '1.02rem', md: '1.12rem' }, lineHeight: 1.65 }}
        >
          {children}
        </Typography>
      ) : null}
    </Box>
  );
}
