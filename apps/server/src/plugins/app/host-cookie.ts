import type { CookieSerializeOptions } from '@fastify/cookie';

import type { Config } from '../../config.js';

/** A cookie's name and options, as the server sets, reads and clears it. */
export interface CookieSpec {
  readonly name: string;
  readonly options: CookieSerializeOptions;
}

/**
 * One of the server's own short-lived HttpOnly cookies (sign-up, Google
 * state and link). Under https it carries the `__Host-` prefix, which the
 * browser accepts only with Secure, Path=/ and no Domain: a sibling
 * subdomain can then neither plant nor overwrite it (issue 16 point 5).
 * The price is Path=/ instead of the one route that reads it; SameSite and
 * HttpOnly still keep it from other sites and from scripts. Over plain http
 * (a local try, the tests) browsers refuse the prefix, so the cookie keeps
 * its bare name and its narrow path.
 */
export function hostCookie(
  config: Pick<Config, 'PUBLIC_URL'>,
  name: string,
  options: Omit<CookieSerializeOptions, 'secure' | 'domain' | 'path'> & {
    /** The one path that reads it, used where the prefix cannot be. */
    path: string;
  },
): CookieSpec {
  if (config.PUBLIC_URL.startsWith('https:')) {
    return {
      name: `__Host-${name}`,
      options: { ...options, httpOnly: true, secure: true, path: '/' },
    };
  }
  return { name, options: { ...options, httpOnly: true, secure: false } };
}
