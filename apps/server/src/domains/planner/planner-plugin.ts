import type { PlannerWeights } from '@platewise/planner';
import { mealPlanMessages } from '@platewise/shared';
import type { FastifyInstance } from 'fastify';

import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { perUserRateLimit } from '../../plugins/app/rate-limits.js';
import type { AuditLog } from '../audit/audit-service.js';
import { createMealPlansRepository } from '../meal-plans/meal-plans-repository.js';
import { mealPlansRoutes } from '../meal-plans/meal-plans-routes.js';
import { createMealPlansService } from '../meal-plans/meal-plans-service.js';
import { createPreferencesRepository } from '../preferences/preferences-repository.js';
import { preferencesRoutes } from '../preferences/preferences-routes.js';
import { createPreferencesService } from '../preferences/preferences-service.js';
import { shoppingRoutes } from '../shopping/shopping-routes.js';
import { createShoppingService } from '../shopping/shopping-service.js';
import { createPlannerCatalogueRepository } from './planner-catalogue-repository.js';
import { createPlannerCatalogueSource } from './planner-catalogue.js';
import {
  createPlannerPool,
  PlannerBusyError,
  type PlannerPool,
} from './planner-pool.js';
import { createUserScope } from './user-scope.js';

export interface PlannerDomainsDeps {
  config: Pick<
    Config,
    'PLANNER_THREADS' | 'PLANNER_QUEUE_MAX' | 'PLANNER_RATE_LIMIT'
  >;
  db: Database;
  audit: AuditLog;
  /** Only `GET /generate-meal-plan` (the plan generator as its own process). */
  generatorOnly?: boolean;
  /** Default: a pool per app, closed with it. */
  pool?: PlannerPool;
  /** Default: random seeds. */
  seed?: () => number;
  /** The admin's overrides of the planner's default weights. */
  weights?: () => Promise<Partial<PlannerWeights>>;
  /** Default '/api'. */
  prefix?: string;
}

/**
 * The meal planner's domains under /api (issue 10): preferences, the plan
 * and its regenerate/lock routes, the shopping summary. The planner runs on
 * a worker-thread pool created on first use and closed with the app. Needs
 * the auth guards registered first.
 */
export async function registerPlannerDomains(
  app: FastifyInstance,
  deps: PlannerDomainsDeps,
): Promise<PlannerPool> {
  const { config, db, audit } = deps;
  const pool =
    deps.pool ??
    createPlannerPool({
      ...(config.PLANNER_THREADS === undefined
        ? {}
        : { threads: config.PLANNER_THREADS }),
      maxQueue: config.PLANNER_QUEUE_MAX,
    });
  if (!deps.pool) app.addHook('onClose', () => pool.close());

  const catalogue = createPlannerCatalogueSource(
    createPlannerCatalogueRepository(db),
  );
  const plans = createMealPlansRepository(db);
  const preferences = createPreferencesRepository(db);
  const scope = createUserScope(audit);
  // Routes that make the planner work are limited per user, so one account
  // cannot keep the worker threads busy for everyone.
  const generationLimit = perUserRateLimit(
    app,
    config.PLANNER_RATE_LIMIT,
    60,
    mealPlanMessages.tooManyPlans,
  );
  const mealPlans = createMealPlansService({
    plans,
    preferences,
    catalogue,
    pool,
    ...(deps.seed ? { seed: deps.seed } : {}),
    ...(deps.weights ? { weights: deps.weights } : {}),
  });

  await app.register(
    async (planner) => {
      // A saturated planner answers 503 (PlannerBusyError): say when to retry.
      planner.addHook('onSend', async (_request, reply) => {
        if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
          reply.header(
            'retry-after',
            String(new PlannerBusyError().retryAfterSeconds),
          );
        }
      });
      await planner.register(mealPlansRoutes, {
        service: mealPlans,
        scope,
        generationLimit,
        generatorOnly: deps.generatorOnly ?? false,
      });
      if (deps.generatorOnly) return;
      await planner.register(preferencesRoutes, {
        service: createPreferencesService({ repo: preferences }),
        scope,
      });
      await planner.register(shoppingRoutes, {
        service: createShoppingService({ plans, catalogue, pool }),
        scope,
        limit: perUserRateLimit(
          app,
          config.PLANNER_RATE_LIMIT * 4,
          60,
          mealPlanMessages.tooManyPlans,
        ),
      });
    },
    { prefix: deps.prefix ?? '/api' },
  );
  return pool;
}
