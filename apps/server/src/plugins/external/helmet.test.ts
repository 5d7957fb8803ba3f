import { describe, expect, it } from 'vitest';

import { createTestApp } from '../../test/build-app.js';

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
