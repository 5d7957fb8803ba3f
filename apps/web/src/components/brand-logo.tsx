import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@platewise/shared';

/** The Platewise mark: a plate with a leaf and a carrot-coloured dot. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <circle cx="32" cy="32" r="30" fill="#1f5135" />
      <circle cx="32" cy="32" r="21" fill="#f7f6f1" />
      <path
        d="M32 17c-7 6-9 14-5 21 2 3 3 6 5 9 2-3 3-6 5-9 4-7 2-15-5-21z"
        fill="#3f8f5c"
      />
      <path
        d="M32 21v24"
        stroke="#1f5135"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="45" cy="20" r="5" fill="#e8833a" />
    </Box>
  );
}

/** Mark plus word mark; the caller supplies the link and its name. */
export function BrandLogo({
  size = 32,
  color = 'inherit',
}: {
  size?: number;
  color?: string;
}) {
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color }}
    >
      <BrandMark size={size} />
      <Typography
        component="span"
        sx={{
          fontWeight: 800,
          fontSize: size * 0.62,
          letterSpacing: '-0.02em',
          lineHeight: 1,
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
