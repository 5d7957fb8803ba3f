import { REDUCED_MOTION_QUERY } from '../hooks/use-reduced-motion';

/**
 * Scrolls to the element with this id, smoothly unless the user prefers
 * reduced motion, and moves focus there so keyboard and screen-reader users
 * land where they asked to go. Returns false when there is no such element.
 */
export function scrollToElement(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduce = window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false;
  target.scrollIntoView({
    behavior: reduce ? 'auto' : 'smooth',
    block: 'start',
  });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
