import { describe, expect, it } from 'vitest';

import { createTestApp } from '../../test/build-app.js';

/** Issue 17: a JSON answer needs no style nonce, so none is made for it. */
describe('Content-Security-Policy of API answers', () => {
  it('is the page policy with styles from our origin only, the same on every answer', async () => {
    const { app } = await createTestApp();
    const first = await app.inject({ method: 'GET', url: '/api/health' });
    const second = await app.inject({ method: 'GET', url: '/api/allergens' });
    const policy = first.headers['content-security-policy'];
    expect(policy).toBe(
      "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;media-src 'self';connect-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
    );
    expect(second.headers['content-security-policy']).toBe(policy);
  });
});

/** Issue 17: the browser may call the plan generator where it runs. */
describe('Content-Security-Policy connect-src', () => {
  it('allows only our own origin by default', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self';",
    );
  });

  it('adds the origin of PLAN_GENERATOR_URL', async () => {
    const { app } = await createTestApp({
      config: { PLAN_GENERATOR_URL: 'https://planner.example.com:8443/api' },
    });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://planner.example.com:8443;",
    );
  });
});
