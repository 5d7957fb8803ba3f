import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';

/** The id every layout gives its main landmark (the skip link's target). */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to the main landmark (or the page's h1 where there is none). */
export function focusMainContent(): void {
  const target =
    document.getElementById(MAIN_CONTENT_ID) ??
    document.querySelector<HTMLElement>('main, h1');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView?.({ block: 'start' });
}

/**
 * 'Skip to main content' (WCAG 2.4.1): the first focusable element of every
 * page, hidden until it has keyboard focus. It moves focus itself rather
 * than following `#main-content`, which the router would treat as an
 * address change.
 */
export function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMainContent();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1.25,
        borderRadius: 2,
        fontWeight: 700,
        textDecoration: 'underline',
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 3,
        // Off-screen until focused: still announced and reachable by Tab.
        transform: 'translateY(-200%)',
        '&:focus-visible, &:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}
