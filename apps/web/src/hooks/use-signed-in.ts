import { useSyncExternalStore } from 'react';

import { getAccessToken } from '../lib/auth-storage';

function subscribe(onChange: () => void) {
  // Another tab logging in or out changes localStorage.
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

const isSignedIn = () => getAccessToken() !== null;

/**
 * Whether this browser holds a session (a stored access token), for pages
 * that offer 'Go to dashboard' instead of Login and Sign up (issue 11).
 * An expired session is found out on the dashboard, which refreshes it or
 * sends the person to /login.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}
