import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page's heading to appear (lazy code, data). */
const WAIT_MS = 5_000;

function pageHeading(): HTMLElement | null {
  return (
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('h1')
  );
}

function isTextEntry(element: Element | null): boolean {
  if (!element?.isConnected) return false;
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return (
    element instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type)
  );
}

function focusHeading(heading: HTMLElement): void {
  // tabIndex -1: focusable by script, not a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After a navigation to another page, moves focus to the new page's h1, so
 * that keyboard and screen-reader users start at the content and hear where
 * they are (issue 11). Not on the first load (focus starts at the top, on
 * the skip link), not when only the query or hash changes (search boxes,
 * landing anchors), and not while focus sits in a dialog or a text field.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname) return;

    // The heading may arrive later: a lazy page, a guard, data loading.
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    const tryFocus = (): boolean => {
      const active = document.activeElement;
      // Someone typing (a top-bar search that opens another page as they
      // type) or in a dialog keeps their focus.
      if (active?.closest('[role="dialog"]') || isTextEntry(active)) {
        return true;
      }
      // The router shows the new location once the page's code is in, so
      // an h1 now is the new page's.
      const heading = pageHeading();
      if (!heading) return false;
      focusHeading(heading);
      return true;
    };
    const timer = window.setTimeout(stop, WAIT_MS);
    if (tryFocus()) {
      stop();
      return stop;
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
