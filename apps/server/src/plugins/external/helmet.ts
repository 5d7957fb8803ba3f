import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (security.md S44, S45; ADR 004). The SPA keeps tokens in
 * localStorage, so its CSP is the main containment: scripts only from our
 * origin, styles from our origin or carrying this response's nonce (Emotion
 * gets it from the `csp-nonce` meta tag), nothing inline, no framing.
 */
const nonces = new WeakMap<ServerResponse, string>();

/**
 * The policy with or without a style nonce. Only an HTML page needs one
 * (spa.ts asks for it): every other answer, most of all the API's JSON, gets
 * the same policy without it, prepared once (issue 17: a nonce a response
 * made 4 % of a cached read's CPU).
 */
type Policy = (styleNonce?: string) => string;

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's Content-Security-Policy, with or without a style nonce. */
    cspPolicy: Policy;
  }
}

/**
 * The style nonce of this response's CSP: made on the first call, which also
 * puts it into the response's policy.
 */
export function cspNonce(reply: FastifyReply): string {
  const known = nonces.get(reply.raw);
  if (known !== undefined) return known;
  const nonce = randomBytes(16).toString('base64');
  nonces.set(reply.raw, nonce);
  reply.header('content-security-policy', reply.server.cspPolicy(nonce));
  return nonce;
}

export async function registerHelmet(
  app: FastifyInstance,
  options: { connectOrigins?: readonly string[] } = {},
): Promise<void> {
  // Helmet's defaults allow `style-src 'unsafe-inline'`, `base-uri 'self'`
  // and `frame-ancestors 'self'`; S44 wants stricter, so state them all.
  const directives = (styleNonce?: string): [string, string[]][] => [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['media-src', ["'self'"]],
    ['connect-src', ["'self'", ...(options.connectOrigins ?? [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'self'"]],
  ];
  const policy: Policy = (styleNonce) =>
    directives(styleNonce)
      .map(([name, sources]) => `${name} ${sources.join(' ')}`)
      .join(';');
  app.decorate('cspPolicy', policy);
  const headers = {
    ...helmetHeaders({
      // Set here, as helmet would (its format), without a nonce per request.
      contentSecurityPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    }),
    'content-security-policy': policy(),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers helmet sets for `options`, taken once. None of them depends on
 * the request, and @fastify/helmet built helmet's whole middleware again for
 * every answer (about 4 KB of garbage and a tenth of a cached read's
 * allocations: bench/README.md, "R11: what sets the p99").
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By: neither Node nor Fastify sets it.
    removeHeader() {},
  };
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}
