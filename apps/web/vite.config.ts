import { mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the build keeps its source maps: beside dist/, never served. */
const SOURCE_MAP_DIR = src('./dist-sourcemaps');

/**
 * Source maps hold the whole source (1.7 MB for the entry chunk): useful to
 * read a production stack trace, not something to publish. The build writes
 * them `hidden` (no sourceMappingURL comment) and this moves them out of the
 * folder the server serves, keeping the tree of assets/ below SOURCE_MAP_DIR.
 */
function keepSourceMapsOutOfDist(): Plugin {
  return {
    name: 'platewise:keep-source-maps-out-of-dist',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? src('./dist');
      const entries = await readdir(outDir, {
        recursive: true,
        withFileTypes: true,
      });
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
        const from = join(entry.parentPath, entry.name);
        const to = join(SOURCE_MAP_DIR, from.slice(outDir.length));
        await mkdir(dirname(to), { recursive: true });
        await rename(from, to);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    keepSourceMapsOutOfDist(),
    // An installable app whose shell, plan and shopping list stay readable
    // offline (issue 18). Only the plan and the list are cached from the
    // API: their URLs carry the user's id, so one user's answers never
    // answer another's request, and logout deletes that cache
    // (lib/offline-storage.ts). Nothing that carries a token is cached.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Platewise meal planner',
        short_name: 'Platewise',
        description:
          'Weekly meal plans that share fresh ingredients, and the shopping list for them.',
        start_url: '/user/shoppinglist',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#2e7d32',
        icons: [
          {
            src: '/favicon.svg',
            sizes: 'any',
            type: 'image/svg+xml',
            purpose: 'any',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // Like the app's own maps, none is published (see above).
        sourcemap: false,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              url.origin === self.location.origin &&
              (url.pathname === '/api/user-ingredients-summary' ||
                url.pathname === '/api/preferences/user-meal-plan') &&
              url.searchParams.has('user_id'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'platewise-user-data',
              networkTimeoutSeconds: 10,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 8 },
            },
          },
        ],
      },
    }),
    // .br and .gz beside each asset; the server sends them as they are
    // (preCompressed in apps/server/src/plugins/app/spa.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  resolve: {
    alias: {
      '@platewise/shared': src('../../packages/shared/src/index.ts'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    root: src('.'),
    // happy-dom, not jsdom: the same tests in about 30 % less CPU
    // (docs/ci.md, sixth round); jsdom's getComputedStyle, which Testing
    // Library's role queries call for every candidate element, was a quarter
    // of a route test's time.
    environment: 'happy-dom',
    environmentOptions: {
      // A desktop window, as in the e2e suite: CSS media queries follow it
      // (the admin sidebar shows from `lg`, 1,200 px). JavaScript's
      // matchMedia stays the setup's, matching nothing unless a test says.
      happyDOM: { width: 1280, height: 800 },
    },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Form tests type into many fields; on a busy 2-core CI machine the
    // first test of a file (cold imports) can pass 5 s.
    testTimeout: 15_000,
    passWithNoTests: true,
    // A worker keeps its loaded modules (React, MUI, the app) from one file
    // to the next instead of importing them again for each: 176 -> 133 s
    // wall, 323 -> 237 s CPU for the 51 files (docs/ci.md, eighth round).
    // setup.ts resets what the files share after every test (the DOM,
    // MSW handlers, toasts, token refresh, storage, mocks).
    isolate: false,
  },
});
