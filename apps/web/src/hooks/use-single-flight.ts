import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * One run at a time per action (issue 21): a call while the last run is
 * still pending is dropped, and `pending` is true for the whole run, for a
 * button that is disabled and `aria-busy` meanwhile. The guard is a ref,
 * so it holds before React has rendered the disabled button (a second
 * click or Enter landing while a form is still validating). A dropped
 * form event still has its default prevented, so the browser does not
 * submit the form itself. A dropped call resolves to undefined.
 */
export function useSingleFlight<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
): [run: (...args: Args) => Promise<Result | undefined>, pending: boolean] {
  const latest = useRef(action);
  useLayoutEffect(() => {
    latest.current = action;
  });
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(async (...args: Args) => {
    if (running.current) {
      preventDefaultOf(args[0]);
      return undefined;
    }
    running.current = true;
    setPending(true);
    try {
      return await latest.current(...args);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  return [run, pending];
}

function preventDefaultOf(event: unknown) {
  if (
    typeof event === 'object' &&
    event !== null &&
    'preventDefault' in event &&
    typeof event.preventDefault === 'function'
  ) {
    (event as { preventDefault: () => void }).preventDefault();
  }
}
