import type { Config } from '../../config.js';
import { hostCookie, type CookieSpec } from '../../plugins/app/host-cookie.js';

/**
 * The browser that signed up (ADR 008): sign-up hands it a random secret in
 * this cookie, and only a verification that brings it back activates the
 * password chosen at sign-up. A code typed in any other browser proves the
 * address but not who chose the password, so that password is dropped.
 */
const SIGNUP_COOKIE = 'platewise_signup';
const SIGNUP_COOKIE_PATH = '/api/users/verify-email';

/** How long a sign-up can wait for its verification in the same browser. */
export const SIGNUP_ATTEMPT_TTL_SECONDS = 24 * 60 * 60;

export function signupCookie(config: Pick<Config, 'PUBLIC_URL'>): CookieSpec {
  // Strict: only our own page's verify request carries it, and no other site
  // can make the browser send it.
  return hostCookie(config, SIGNUP_COOKIE, {
    sameSite: 'strict',
    path: SIGNUP_COOKIE_PATH,
    maxAge: SIGNUP_ATTEMPT_TTL_SECONDS,
  });
}
