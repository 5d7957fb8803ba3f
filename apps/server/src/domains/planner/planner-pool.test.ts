import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { DAYS } from '@platewise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { getTestDatabase } from '../../test/build-app.js';
import { seedCatalogue } from '../catalogue/catalogue-seed.js';
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

/** The pool as `npm run build` compiles it (apps/server/dist). */
const DIST_POOL = fileURLToPath(
  new URL('../../../dist/domains/planner/planner-pool.js', import.meta.url),
);

// The built server is what `npm start` and the benchmarks run; this checks
// that its pool loads the compiled worker with no TypeScript loader. It
// needs `npm run build` first: `npm test` builds before the unit tests, a
// bare `npx vitest` without a build skips it.
describe.skipIf(!existsSync(DIST_POOL))('createPlannerPool from dist', () => {
  it('runs the compiled worker as plain JavaScript', async () => {
    const built = (await import(/* @vite-ignore */ DIST_POOL)) as PoolModule;
    const file = built.plannerWorkerFile();
    expect(file.filename).toMatch(
      /dist\/domains\/planner\/planner-worker\.js$/,
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
  });
});
