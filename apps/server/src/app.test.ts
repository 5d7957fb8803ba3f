import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { ApiErrorSchema } from '@platewise/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { App } from './app.js';
import { createTestApp } from './test/build-app.js';
import { createCapturedLogger } from './test/log-capture.js';
import { createWebDist, TEST_ASSET } from './test/web-dist.js';

/** The SPA's policy (security.md S44, ADR 004), directive by directive. */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

function parseCsp(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** Asserts the policy every answer carries; returns its style sources. */
function expectPolicy(response: LightMyRequestResponse): string[] {
  const header = response.headers['content-security-policy'];
  expect(String(header)).not.toContain('unsafe-');
  const csp = parseCsp(header);
  for (const [name, sources] of Object.entries(EXPECTED_CSP)) {
    expect([name, csp.get(name)]).toEqual([name, sources]);
  }
  expect(csp.size).toBe(Object.keys(EXPECTED_CSP).length + 1);
  const style = csp.get('style-src') ?? [];
  expect(style[0]).toBe("'self'");
  return style;
}

/** Asserts the SPA policy and returns the style nonce it carries. */
function expectSpaCsp(response: LightMyRequestResponse): string {
  const style = expectPolicy(response);
  expect(style).toHaveLength(2);
  const match = /^'nonce-([A-Za-z0-9+/=_-]{16,})'$/.exec(style[1] ?? '');
  expect(match).not.toBeNull();
  return match?.[1] ?? '';
}

/** An API answer: the same policy, with styles from our origin only (no nonce). */
function expectApiCsp(response: LightMyRequestResponse) {
  expect(expectPolicy(response)).toEqual(["'self'"]);
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  expect(response.headers['strict-transport-security']).toBe(
    'max-age=31536000; includeSubDomains',
  );
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  // The rest of helmet's defaults.
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['origin-agent-cluster']).toBe('?1');
  expect(response.headers['x-dns-prefetch-control']).toBe('off');
  expect(response.headers['x-download-options']).toBe('noopen');
  expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(response.headers['x-xss-protection']).toBe('0');
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers['access-control-allow-origin']).toBeUndefined();
  const type = String(response.headers['content-type']);
  if (/^(text\/|application\/(json|javascript))/.test(type)) {
    expect(type).toMatch(/charset=utf-8/i);
  }
}

function expectJsonError(response: LightMyRequestResponse) {
  expect(response.headers['content-type']).toBe(
    'application/json; charset=utf-8',
  );
  expect(response.headers['cache-control']).toBe('no-store');
  const body: unknown = response.json();
  expect(ApiErrorSchema.safeParse(body).success).toBe(true);
  return body;
}

const BodySchema = z.object({
  name: z.string().min(1, 'Name is required'),
  servings: z.number().int().min(1, 'Serving size must be a positive integer'),
});

/** Routes that exist only in this test file, to force each kind of error. */
async function registerTestRoutes(app: App) {
  await app.register(
    async (scope) => {
      scope.post(
        '/echo',
        { schema: { body: BodySchema } },
        async (request) => request.body,
      );
      scope.get('/boom', async () => {
        throw new Error(
          'boom at query (/work/main/apps/server/src/x.ts:1:1) SELECT * FROM users',
        );
      });
    },
    { prefix: '/api/test' },
  );
}

describe('the built app', () => {
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    webDist = await createWebDist();
    ({ app } = await createTestApp({ config: { WEB_DIST_DIR: webDist } }));
    await registerTestRoutes(app);
    await app.ready();
  });

  describe('unknown /api paths', () => {
    it.each([
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/health/x'],
      ['GET', '/api'],
    ] as const)('%s %s answers a JSON 404', async (method, url) => {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(expectJsonError(response)).toEqual({
        error: 'Not found',
        code: 'NOT_FOUND',
      });
      expectSecurityHeaders(response);
      expectApiCsp(response);
    });

    it('refuses TRACE', async () => {
      const response = await app.inject({ method: 'TRACE', url: '/' });
      expect([404, 405]).toContain(response.statusCode);
    });
  });

  describe('GET / and client routes', () => {
    it.each([
      '/',
      '/some/client/route',
      '/user/dashboard?tab=1',
      '/index.html',
    ])(
      'GET %s answers index.html with a fresh nonce matching the CSP',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(
          'text/html; charset=utf-8',
        );
        expect(response.headers['cache-control']).toBe('no-store');
        expectSecurityHeaders(response);
        const nonce = expectSpaCsp(response);
        expect(response.body).not.toContain('__CSP_NONCE__');
        expect(response.body).toContain(
          `<meta name="csp-nonce" content="${nonce}" />`,
        );
        expect(response.body).toContain(`data-nonce="${nonce}"`);
      },
    );

    it('uses a new nonce for every response', async () => {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i += 1) {
        nonces.add(expectSpaCsp(await app.inject({ method: 'GET', url: '/' })));
      }
      expect(nonces.size).toBe(3);
    });

    it('answers HEAD like GET without a body', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/x/y' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('');
    });

    it('answers a JSON 404 to other methods', async () => {
      const response = await app.inject({ method: 'POST', url: '/x' });
      expect(response.statusCode).toBe(404);
      expectJsonError(response);
    });
  });

  describe('static files', () => {
    it('serves hashed assets with a one-year immutable cache', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/${TEST_ASSET}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('platewise');
      expect(response.headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      expect(response.headers['content-type']).toMatch(
        /^(text|application)\/javascript; charset=utf-8$/,
      );
      expectSecurityHeaders(response);
    });

    it('sends the precompressed twin the client accepts', async () => {
      const cases = [
        ['br, gzip', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const;
      for (const [accept, encoding, decode] of cases) {
        const response = await app.inject({
          method: 'GET',
          url: `/${TEST_ASSET}`,
          headers: { 'accept-encoding': accept },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toContain('accept-encoding');
        expect(response.headers['cache-control']).toBe(
          'public, max-age=31536000, immutable',
        );
        expect(decode(response.rawPayload).toString()).toContain(
          'console.log("platewise")',
        );
      }
      const plain = await app.inject({
        method: 'GET',
        url: `/${TEST_ASSET}`,
        headers: { 'accept-encoding': 'identity' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('platewise');
    });

    it('serves other files with a short cache', async () => {
      const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=600');
    });

    it('falls back to index.html for a missing asset path', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/missing.js',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
    });

    it('refuses to leave WEB_DIST_DIR', async () => {
      for (const url of ['/../package.json', '/%2e%2e/package.json']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.body).not.toContain('"name"');
      }
    });
  });

  describe('API answers', () => {
    it('carry the security headers and no-store', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expectSecurityHeaders(response);
      expectApiCsp(response);
    });

    it('send no CORS headers, even to another origin', async () => {
      const response = await app.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': 'POST',
        },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    });
  });

  describe('errors', () => {
    it('answer a 500 without internals', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/test/boom',
      });
      expect(response.statusCode).toBe(500);
      expect(expectJsonError(response)).toEqual({
        error: 'Internal Server Error',
        code: 'INTERNAL',
      });
      for (const leak of ['at ', '/src/', 'SELECT', 'node_modules', 'boom']) {
        expect(response.body).not.toContain(leak);
      }
      expectSecurityHeaders(response);
      expectApiCsp(response);
    });

    it('answer 400 with the issues of invalid input', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: '', servings: 0, extra: true },
      });
      expect(response.statusCode).toBe(400);
      expect(expectJsonError(response)).toEqual({
        error: 'Name is required',
        code: 'VALIDATION_FAILED',
        issues: [
          { path: 'name', message: 'Name is required' },
          {
            path: 'servings',
            message: 'Serving size must be a positive integer',
          },
        ],
      });
    });

    it('accept valid input and drop unknown fields', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload: { name: 'Soup', servings: 2, role: 'admin' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ name: 'Soup', servings: 2 });
    });

    it('answer 413 to a 2 MiB JSON body, quickly', async () => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          name: 'x'.repeat(2 * 1024 * 1024),
          servings: 1,
        }),
      });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(response.statusCode).toBe(413);
      expect(expectJsonError(response)).toEqual({
        error: 'Request body is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    });

    it('answer 415 to a text/plain body on a JSON route', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'text/plain' },
        payload: '{"name":"Soup","servings":2}',
      });
      expect(response.statusCode).toBe(415);
      expect(expectJsonError(response)).toEqual({
        error: 'Unsupported media type',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    });

    it('answer 400 to malformed JSON', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(response.statusCode).toBe(400);
      expect(expectJsonError(response)).toEqual({
        error:
          "Body is not valid JSON but content-type is set to 'application/json'",
        code: 'VALIDATION_FAILED',
      });
    });

    it.each([
      '{"name":"Soup","servings":1,"__proto__":{"role":"admin"}}',
      '{"name":"Soup","servings":1,"constructor":{"prototype":{"role":"admin"}}}',
    ])('answer 400 to prototype poisoning: %s', async (payload) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(expectJsonError(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('GET /api/docs', () => {
    it('serves the OpenAPI document with the health routes', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/docs/json',
      });
      expect(response.statusCode).toBe(200);
      const document = response.json<{ paths: Record<string, unknown> }>();
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/health', '/api/ready']),
      );
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('serves Swagger UI under its own strict CSP', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const header = String(response.headers['content-security-policy']);
      expect(header).not.toContain('unsafe-');
      const csp = parseCsp(header);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
    });
  });
});

describe('the built app without a built web app', () => {
  it('answers 503 with a short page that says how to build it', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/some/route' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('npm run build');
    expectSecurityHeaders(response);
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.statusCode).toBe(200);
    await app.close();
  });
});

describe('an unexpected error', () => {
  it('is logged with the request id and its stack, not sent', async () => {
    const { logger, lines } = createCapturedLogger();
    const { app } = await createTestApp({ logger });
    await registerTestRoutes(app);
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const logged = lines().find((line) => line.msg === 'request failed');
    expect(logged).toMatchObject({
      level: 50,
      reqId: response.headers['x-request-id'],
      err: { message: expect.stringContaining('boom') },
    });
    await app.close();
  });
});

describe('the 404 handler', () => {
  it('rate-limits unknown API paths but not client routes', async () => {
    const webDist = await createWebDist();
    const { app } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
    let response: LightMyRequestResponse | undefined;
    for (let i = 0; i < 121; i += 1) {
      response = await app.inject({ method: 'GET', url: `/api/scan-${i}` });
    }
    expect(response?.statusCode).toBe(429);
    expect(response?.headers['retry-after']).toBeDefined();
    expect(response?.json()).toEqual({
      error: 'Too many requests, please try again later',
      code: 'RATE_LIMITED',
    });
    const page = await app.inject({ method: 'GET', url: '/user/setting' });
    expect(page.statusCode).toBe(200);
    await app.close();
  });
});
