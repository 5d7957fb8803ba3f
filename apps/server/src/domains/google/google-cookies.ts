import type { CookieSerializeOptions } from '@fastify/cookie';

import type { Config } from '../../config.js';
import {
  GOOGLE_ATTEMPT_TTL_SECONDS,
  GOOGLE_LINK_TTL_SECONDS,
} from './google-service.js';

/**
 * The two cookies of Google sign-in, the only cookies this server sets. Both
 * are HttpOnly, scoped to the one path that reads them, and short-lived.
 * Tokens for the API never travel in cookies (S18).
 */

/** The `state` of the attempt this browser started, checked at the callback. */
export const GOOGLE_STATE_COOKIE = 'platewise_google_state';
const STATE_PATH = '/api/auth/google';

/** A Google identity waiting for this browser's password login (S29). */
export const GOOGLE_LINK_COOKIE = 'platewise_google_link';
const LINK_PATH = '/api/users/login';

function base(config: Pick<Config, 'PUBLIC_URL'>): CookieSerializeOptions {
  return {
    httpOnly: true,
    secure: config.PUBLIC_URL.startsWith('https:'),
  };
}

export function stateCookieOptions(
  config: Pick<Config, 'PUBLIC_URL'>,
): CookieSerializeOptions {
  // Lax: the callback is a top-level navigation coming from Google.
  return {
    ...base(config),
    path: STATE_PATH,
    sameSite: 'lax',
    maxAge: GOOGLE_ATTEMPT_TTL_SECONDS,
  };
}

export function linkCookieOptions(
  config: Pick<Config, 'PUBLIC_URL'>,
): CookieSerializeOptions {
  // Strict: only our own page's login request carries it.
  return {
    ...base(config),
    path: LINK_PATH,
    sameSite: 'strict',
    maxAge: GOOGLE_LINK_TTL_SECONDS,
  };
}
