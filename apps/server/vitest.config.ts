import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The base of the root config's `server-pglite` and `server-postgres`
// projects (they set TEST_DB_DRIVER); run alone, it uses PGlite.
export default defineConfig({
  resolve: {
    alias: {
      '@platewise/shared': src('../../packages/shared/src/index.ts'),
      '@platewise/planner': src('../../packages/planner/src/index.ts'),
      '@platewise/food-data': src('../../packages/food-data/src/index.ts'),
    },
  },
  test: {
    name: 'server',
    root: src('.'),
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    env: { TEST_DB_DRIVER: 'pglite' },
    // The files share no module state that setup.ts does not reset after
    // each file (the file's database, open apps, the SMTP capture), so a
    // worker keeps its loaded modules from one file to the next instead of
    // importing the whole server again for each (docs/ci.md).
    isolate: false,
    // PGlite starts in about a second, the process tests spawn servers.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
