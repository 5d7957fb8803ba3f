import type { Config } from '../../config.js';
import { hostCookie, type CookieSpec } from '../../plugins/app/host-cookie.js';
import {
  GOOGLE_ATTEMPT_TTL_SECONDS,
  GOOGLE_HANDOFF_TTL_SECONDS,
  GOOGLE_LINK_TTL_SECONDS,
} from './google-service.js';

/**
 * The two cookies of Google sign-in, the only cookies this server sets. Both
 * are HttpOnly, scoped to the one path that reads them, and short-lived.
 * Tokens for the API never travel in cookies (S18).
 */

/** The `state` of the attempt this browser started, checked at the callback. */
export function stateCookie(config: Pick<Config, 'PUBLIC_URL'>): CookieSpec {
  // Lax: the callback is a top-level navigation coming from Google.
  return hostCookie(config, 'platewise_google_state', {
    path: '/api/auth/google',
    sameSite: 'lax',
    maxAge: GOOGLE_ATTEMPT_TTL_SECONDS,
  });
}

/** A Google identity waiting for this browser's password login (S29). */
export function linkCookie(config: Pick<Config, 'PUBLIC_URL'>): CookieSpec {
  // Strict: only our own page's login request carries it.
  return hostCookie(config, 'platewise_google_link', {
    path: '/api/users/login',
    sameSite: 'strict',
    maxAge: GOOGLE_LINK_TTL_SECONDS,
  });
}

/** The browser's half of a finished sign-in, for /auth/success's code. */
export function handoffCookie(config: Pick<Config, 'PUBLIC_URL'>): CookieSpec {
  // Strict: only our own page's exchange request carries it.
  return hostCookie(config, 'platewise_google_handoff', {
    path: '/api/auth/google/exchange',
    sameSite: 'strict',
    maxAge: GOOGLE_HANDOFF_TTL_SECONDS,
  });
}
