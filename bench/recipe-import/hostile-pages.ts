/**
 * Issue 9, points 2 and 3, as figures: how long the built server takes to
 * import the hostile pages of
 * apps/server/src/domains/recipe-import/recipe-import-attacks.test.ts, and
 * how fast GET /api/health answers meanwhile (what other users feel). The
 * test checks that the server refuses or reads them and keeps answering; the
 * times live here, because a timed assert in a test fails on a busy machine
 * (issue 15). Writes bench/results/recipe-import-hostile-pages.json.
 *
 *   npm run build && npx tsx bench/recipe-import/hostile-pages.ts [runs]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import { waitFor } from '../lib/http.js';
import { median, writeResult } from '../lib/results.js';
import { spawnBuiltServer } from '../lib/server.js';

const runs = Number(process.argv[2] ?? 3);
const ADMIN = {
  email: 'bench-import@platewise.test',
  password: 'bench-import-pass-1',
};

// The same pages as the test (kept in step by hand: both are small).
const CARD_LINE =
  '<li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-amount">1</span> <span class="wprm-recipe-ingredient-name">pinch salt</span></li>';
const PAGES: Record<string, string> = {
  'script flood, 512 KB': '<script '.repeat((512 * 1024) / 8),
  'script flood, 2 MB': '<script '.repeat((2 * 1024 * 1024 - 1024) / 8),
  'plugin card, 2 MB': `<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Salt</h2><ul>${CARD_LINE.repeat(
    Math.floor((2 * 1024 * 1024 - 1024) / CARD_LINE.length),
  )}</ul></div>`,
  'microdata nested 200,000 deep': `<div itemscope itemtype="https://schema.org/Recipe">${'<div>'.repeat(
    200_000,
  )}<span itemprop="recipeIngredient">1 egg</span></div>`,
  'JSON-LD of 128K "<"': `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(
    {
      '@type': 'Recipe',
      name: 'Angles',
      description: '<'.repeat(128 * 1024),
      recipeIngredient: ['1 cup flour'],
    },
  )}</script></head><body></body></html>`,
};

const names = Object.keys(PAGES);
const pages = createServer((request, reply) => {
  const name = names[Number(request.url?.slice(1))] ?? '';
  reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  reply.end(PAGES[name] ?? '');
});
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
const pagesBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

const dataDir = mkdtempSync(join(tmpdir(), 'platewise-bench-import-'));
const server = await spawnBuiltServer(dataDir, {
  IMPORT_ALLOW_PRIVATE_HOSTS: 'true',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
};
const round = (ms: number | undefined) => Math.round((ms ?? 0) * 10) / 10;

try {
  await waitFor(`${server.base}/api/ready`, Date.now() + 120_000);
  const login = await fetch(`${server.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { admin } = (await login.json()) as { admin: { accessToken: string } };

  const rows = [];
  for (const [index, name] of names.entries()) {
    const importMs: number[] = [];
    const healthMs: number[] = [];
    let status = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      let done = false;
      const work = fetch(`${server.base}/api/recipes/import`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${admin.accessToken}`,
        },
        body: JSON.stringify({ url: `${pagesBase}/${index}` }),
      }).then(async (response) => {
        status = response.status;
        await response.arrayBuffer();
        importMs.push(performance.now() - started);
        done = true;
      });
      while (!done) {
        const asked = performance.now();
        await (await fetch(`${server.base}/api/health`)).arrayBuffer();
        healthMs.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await work;
    }
    const row = {
      page: name,
      status,
      importMedianMs: round(median(importMs)),
      importMaxMs: round(Math.max(...importMs)),
      healthP50Ms: round(percentile(healthMs, 0.5)),
      healthP99Ms: round(percentile(healthMs, 0.99)),
      healthMaxMs: round(Math.max(...healthMs)),
      healthSamples: healthMs.length,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  writeResult('recipe-import-hostile-pages', {
    runs,
    loadAverage: loadavg(),
    rows,
  });
} finally {
  await server.stop();
  pages.close();
  rmSync(dataDir, { recursive: true, force: true });
}
