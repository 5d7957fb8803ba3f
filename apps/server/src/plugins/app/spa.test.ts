import { beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../../test/build-app.js';
import { createWebDist } from '../../test/web-dist.js';

/** The support address the web app reads from its page (issue 11). */
function supportMeta(body: string): string | undefined {
  return /<meta name="support-email" content="([^"]*)" \/>/.exec(body)?.[1];
}

describe('GET / (the SPA page)', () => {
  let webDist: string;
  beforeAll(async () => {
    webDist = await createWebDist();
  });

  it('carries SUPPORT_EMAIL in the support-email meta tag', async () => {
    const { app } = await createTestApp({
      config: { WEB_DIST_DIR: webDist, SUPPORT_EMAIL: 'help@meals.example' },
    });
    for (const url of ['/', '/contact', '/privacy']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(supportMeta(response.body)).toBe('help@meals.example');
      expect(response.body).not.toContain('__SUPPORT_EMAIL__');
    }
  });

  it('leaves the meta tag empty without SUPPORT_EMAIL', async () => {
    const { app } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(supportMeta(response.body)).toBe('');
  });

  it('escapes the address for the attribute', async () => {
    // config.ts only lets addresses through; the escaping is a second wall.
    const { app } = await createTestApp({
      config: { WEB_DIST_DIR: webDist, SUPPORT_EMAIL: 'a"b<c>@x.example' },
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(supportMeta(response.body)).toBe('a&quot;b&lt;c&gt;@x.example');
    expect(response.body).not.toContain('a"b<c>');
  });
});
