import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Workspace packages resolve to their TypeScript sources in tests, so no
// build is needed before `vitest run`.
const alias = {
  '@platewise/shared': src('./packages/shared/src/index.ts'),
  '@platewise/planner': src('./packages/planner/src/index.ts'),
  '@platewise/food-data': src('./packages/food-data/src/index.ts'),
};

// apps/server/src/**/*.test.ts, once per database driver.
const serverProject = (name: string, driver: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, env: { TEST_DB_DRIVER: driver } },
});

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default for `run` is one worker fewer than the cores: on the
    // 2-core CI machine that is ONE worker, so every file of every project
    // (the server suite twice, once per database) ran one after the other.
    // The server files wait on PGlite, PostgreSQL and child processes much of
    // the time, so a worker per core keeps both cores busy (docs/ci.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          // The planner's and the benchmarks' solver tests take a few CPU
          // seconds each; Vitest's 5 s default failed them on a busy 2-core
          // machine (issue 15). Tests bound their work by counts, never time.
          testTimeout: 30_000,
        },
      },
      'apps/web/vite.config.ts',
      serverProject('server-pglite', 'pglite'),
      // The same server suite on PostgreSQL, e.g.
      // TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
      ...(process.env.TEST_DATABASE_URL
        ? [serverProject('server-postgres', 'postgres')]
        : []),
    ],
  },
});
