import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers (security.md S44, S45; ADR 004). The SPA keeps tokens in
 * localStorage, so its CSP is the main containment: scripts only from our
 * origin, styles from our origin or carrying this response's nonce (Emotion
 * gets it from the `csp-nonce` meta tag), nothing inline, no framing.
 */
const nonces = new WeakMap<ServerResponse, string>();

/** The style nonce of this response's CSP header. */
export function cspNonce(reply: FastifyReply): string {
  const nonce = nonces.get(reply.raw);
  if (nonce === undefined) throw new Error('No CSP nonce for this response');
  return nonce;
}

function styleNonce(_req: unknown, res: ServerResponse): string {
  const nonce = randomBytes(16).toString('base64');
  nonces.set(res, nonce);
  return `'nonce-${nonce}'`;
}

/**
 * `connectOrigins`: origins besides ours the web app calls, i.e. the plan
 * generator when it runs as its own process (PLAN_GENERATOR_URL, issue 17).
 */
export async function registerHelmet(
  app: FastifyInstance,
  options: { connectOrigins?: readonly string[] } = {},
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Helmet's defaults allow `style-src 'unsafe-inline'`, `base-uri 'self'`
      // and `frame-ancestors 'self'`; S44 wants stricter, so state them all.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", styleNonce],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
}
