import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { DAYS } from '@platewise/shared';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { seedCatalogue } from '../domains/catalogue/catalogue-seed.js';
import { getTestDatabase } from '../test/build-app.js';
import { createPlannerCatalogueRepository } from './planner-catalogue-repository.js';
import { createPlannerCatalogueSource } from './planner-catalogue.js';
import {
  createPlannerPool,
  PlannerBusyError,
  plannerWorkerFile,
  type PlannerPool,
} from './planner-pool.js';
import type { SharedCatalogue } from './planner-protocol.js';

type PoolModule = {
  plannerWorkerFile: typeof plannerWorkerFile;
  createPlannerPool: typeof createPlannerPool;
};

let catalogue: SharedCatalogue;
const pools: PlannerPool[] = [];

function pool(options: Parameters<typeof createPlannerPool>[0]) {
  const created = createPlannerPool(options);
  pools.push(created);
  return created;
}

const profile = {
  schedule: DAYS.map((day) => ({
    day,
    breakfast: false,
    lunch: false,
    dinner: true,
  })),
  diet: 'none' as const,
  allergenIds: [],
  customAllergens: [],
  likes: [],
  dislikes: [],
  proteinLevel: null,
  servingSize: 2,
};

beforeAll(async () => {
  const { db } = await getTestDatabase();
  await seedCatalogue(db);
  catalogue = await createPlannerCatalogueSource(
    createPlannerCatalogueRepository(db),
  ).current();
});

afterAll(async () => {
  await Promise.all(pools.map((created) => created.close()));
});

describe('createPlannerPool', () => {
  it('loads the TypeScript worker through tsx when running from the sources', () => {
    const file = plannerWorkerFile();
    expect(file.filename).toMatch(/planner-worker\.ts$/);
    expect(file.execArgv).toEqual(['--import', 'tsx', '--conditions=source']);
  });

  it('runs the planner on a worker thread, the same plan for the same seed', async () => {
    const planner = pool({ threads: 1 });
    expect(planner.threads).toBe(0);
    const input = { profile, locked: [], seed: 7 };
    const [a, b] = await Promise.all([
      planner.run('generatePlan', catalogue, input),
      planner.run('generatePlan', catalogue, input),
    ]);
    expect(planner.threads).toBe(1);
    expect(a.meals).toHaveLength(7);
    expect(b.meals).toEqual(a.meals);
    expect(
      a.meals.every((meal) => catalogue.recipeIds.has(meal.recipeId)),
    ).toBe(true);
  });

  it('refuses work beyond its queue with PlannerBusyError', async () => {
    const planner = pool({ threads: 1, maxQueue: 1 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, seed) =>
        planner.run('generatePlan', catalogue, { profile, locked: [], seed }),
      ),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) {
      expect(result.reason).toBeInstanceOf(PlannerBusyError);
    }
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
  });

  it('refuses work once closed', async () => {
    const planner = pool({ threads: 1 });
    await planner.close();
    await expect(
      planner.run('generatePlan', catalogue, { profile, locked: [], seed: 1 }),
    ).rejects.toBeInstanceOf(PlannerBusyError);
  });
});

/** Where the compiled pool and worker go: under node_modules, so they resolve piscina. */
const CACHE_DIR = fileURLToPath(
  new URL('../../../../node_modules/.cache/', import.meta.url),
);

// The built server is what `npm start` and the benchmarks run: there the
// pool must load a compiled planner-worker.js next to itself, with no
// TypeScript loader. This compiles the pool and the worker (with the
// planner package) to plain JavaScript side by side, as `npm run build`
// lays them out, and runs a plan through them, so it needs no prior build
// and never skips. A failing build fails the test.
describe('createPlannerPool compiled to JavaScript', () => {
  it('runs the compiled worker as plain JavaScript', async () => {
    await mkdir(CACHE_DIR, { recursive: true });
    const outdir = await mkdtemp(join(CACHE_DIR, 'platewise-planner-pool-'));
    await build({
      entryPoints: {
        'planner-pool': fileURLToPath(
          new URL('./planner-pool.ts', import.meta.url),
        ),
        'planner-worker': fileURLToPath(
          new URL('./planner-worker.ts', import.meta.url),
        ),
      },
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // The workspace packages from their sources; piscina as installed.
      conditions: ['source'],
      external: ['piscina'],
      logLevel: 'silent',
    });
    const built = (await import(
      /* @vite-ignore */ pathToFileURL(join(outdir, 'planner-pool.js')).href
    )) as PoolModule;
    const file = built.plannerWorkerFile();
    expect(fileURLToPath(file.filename)).toBe(
      join(outdir, 'planner-worker.js'),
    );
    expect(file.execArgv).toEqual([]);
    const planner = built.createPlannerPool({ threads: 1 });
    pools.push(planner);
    const plan = await planner.run('generatePlan', catalogue, {
      profile,
      locked: [],
      seed: 3,
    });
    expect(plan.meals).toHaveLength(7);
    await rm(outdir, { recursive: true, force: true });
  });
});
