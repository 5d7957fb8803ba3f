import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';

import placeholder from '../assets/recipe-placeholder.svg';

export const RECIPE_PLACEHOLDER_SRC = placeholder;

/**
 * A recipe's first picture, or the default picture when it has none or it
 * fails to load (spec "Recipe Details"; ADR 007: the CSP blocks external
 * image URLs, which then fail here).
 */
export function RecipeImage({
  images,
  alt,
  sx,
}: {
  images: readonly string[];
  alt: string;
  sx?: SxProps<Theme>;
}) {
  const first = images[0];
  const [failed, setFailed] = useState<string | null>(null);
  const src = first && failed !== first ? first : placeholder;
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (first) setFailed(first);
      }}
      sx={[
        { display: 'block', objectFit: 'cover', bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
