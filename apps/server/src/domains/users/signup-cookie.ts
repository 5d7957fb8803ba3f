import type { CookieSerializeOptions } from '@fastify/cookie';

import type { Config } from '../../config.js';

/**
 * The browser that signed up (ADR 008): sign-up hands it a random secret in
 * this cookie, and only a verification that brings it back activates the
 * password chosen at sign-up. A code typed in any other browser proves the
 * address but not who chose the password, so that password is dropped.
 */
export const SIGNUP_COOKIE = 'platewise_signup';
const SIGNUP_COOKIE_PATH = '/api/users/verify-email';

/** How long a sign-up can wait for its verification in the same browser. */
export const SIGNUP_ATTEMPT_TTL_SECONDS = 24 * 60 * 60;

export function signupCookieOptions(
  config: Pick<Config, 'PUBLIC_URL'>,
): CookieSerializeOptions {
  // HttpOnly and Strict: only our own page's verify request carries it, and
  // no script can read or plant it from another site.
  return {
    httpOnly: true,
    secure: config.PUBLIC_URL.startsWith('https:'),
    sameSite: 'strict',
    path: SIGNUP_COOKIE_PATH,
    maxAge: SIGNUP_ATTEMPT_TTL_SECONDS,
  };
}
