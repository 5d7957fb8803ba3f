import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, read on the first render (so media that
 * depends on it is never requested in vain) and kept current. A few lines of
 * our own instead of MUI's useMediaQuery keep its code off the landing page
 * (issue 11, landing weight).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
