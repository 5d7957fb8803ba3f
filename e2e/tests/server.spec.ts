import { expect, test } from '@playwright/test';

test.describe('server', () => {
  test('an unknown API path answers 404 JSON', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ error: 'Not found' });
  });

  test('a client route answers the SPA', async ({ request }) => {
    const response = await request.get('/some/client/route');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/text\/html/);
    expect(await response.text()).toContain('<div id="root">');
  });

  test('no source map is published with the scripts', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map(
      (match) => match[1] ?? '',
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await request.get(script)).text();
      expect(code).not.toContain('sourceMappingURL');
      const map = await request.get(`${script}.map`);
      // Unknown paths answer the SPA's page; a map would be JSON with sources.
      expect(map.headers()['content-type']).not.toMatch(/json/);
      expect(await map.text()).not.toContain('"sources"');
    }
  });

  test('health and readiness answer 200', async ({ request }) => {
    expect((await request.get('/api/health')).status()).toBe(200);
    expect((await request.get('/api/ready')).status()).toBe(200);
  });

  test('the CSP blocks an injected inline script', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await page.goto('/');
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (
        (window as unknown as { __injected?: boolean }).__injected === true
      );
    });
    expect(ran).toBe(false);
    expect(violations.length).toBeGreaterThan(0);
  });

  test('the app renders without CSP violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(
      page.getByRole('link', { name: 'Go back home' }),
    ).toBeVisible();
    expect(violations).toEqual([]);
  });
});
