import {
  DeleteMealPlanParamsSchema,
  DeleteMealPlanResponseSchema,
  LockMealSchema,
  MealPlanSchema,
  RegenerateMealSchema,
  RegeneratePlanSchema,
  UserIdQuerySchema,
} from '@platewise/shared';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { UserScope } from '../../plugins/app/auth.js';
import {
  compiledSerializerCompiler,
  FAST_READ,
} from '../../plugins/app/compiled-serializer.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import type { FusedRead } from '../../reads/fused-read.js';
import type { PlanRead } from '../../reads/user-reads.js';
import type { MealPlansService } from './meal-plans-service.js';

const PLAN_SHAPE =
  '`meals` is the list of day entries `{ day, breakfast?, lunch?, dinner? }` (days with a meal, Monday first), each meal the recipe `{ id, name, images, total_cooking_time, rating, directions (steps joined by ####), ingredients [{ ingredient, quantity, unit }] scaled to the serving size, reason, locked }`; `version` (send it back to regenerate or lock), `waste` (the fresh-food figures) `unfilled` (enabled slots without a meal, and why) and `notes` (what the planner had to give up: fresh food short of a typical week, a rule a meal breaks; each `{ code, day?, slot?, reason }`)';

export interface MealPlansRoutesOptions {
  service: MealPlansService;
  scope: UserScope;
  /** Route config of the generating routes (the per-user rate limit). */
  generationLimit: onRequestHookHandler;
  /**
   * Register only the plan-generator call (planner-server.ts, the
   * generator as its own process).
   */
  generatorOnly?: boolean;
  /**
   * The stored plan read with the session in one statement (issue 17);
   * without it the read takes requireUser, the scope and the service.
   */
  read?: FusedRead<PlanRead>;
}

/** The weekly plan (spec point 7) and its additions, under /api. */
export const mealPlansRoutes: FastifyPluginAsyncZod<
  MealPlansRoutesOptions
> = async (app, { service, scope, generationLimit, generatorOnly, read }) => {
  app.get(
    '/generate-meal-plan',
    {
      preHandler: app.requireUser,
      onRequest: generationLimit,
      schema: {
        tags: ['meal planner'],
        summary: `Generate and store a new weekly plan from the saved settings (the caller's own; 404 before settings are saved). Replaces the previous plan, its locks and its shopping-list ticks. ${PLAN_SHAPE}. Rate-limited per user; 503 with Retry-After when the planner is saturated`,
        security: BEARER_AUTH,
        querystring: UserIdQuerySchema,
        response: {
          200: MealPlanSchema,
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (request) =>
      service.generate(await scope(request, request.query.user_id, 'write')),
  );
  if (generatorOnly) return;

  const serializePlan = compiledSerializerCompiler({ schema: MealPlanSchema });

  app.get(
    '/preferences/user-meal-plan',
    {
      ...FAST_READ,
      ...(read ? { onRequest: read.guard } : { preHandler: app.requireUser }),
      schema: {
        tags: ['meal planner'],
        summary: `The stored weekly plan (an admin may read any user's); 404 without one. ${PLAN_SHAPE}`,
        security: BEARER_AUTH,
        querystring: UserIdQuerySchema,
        response: {
          200: MealPlanSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const sent = read?.send(
        request,
        reply,
        (fused) => service.fromRead(fused.stored, fused.catalogueVersion),
        serializePlan,
      );
      if (sent) {
        await sent;
        return reply;
      }
      return service.get(await scope(request, request.query.user_id, 'read'));
    },
  );

  app.patch(
    '/recipes/:userId',
    {
      onRequest: app.userWriteLimit('preferences-patch'),
      preHandler: app.requireUser,
      schema: {
        tags: ['meal planner'],
        summary:
          "Delete the caller's meal plan (spec point 7: the path names the user, not a recipe). `{ success: true }`, also when there was none",
        security: BEARER_AUTH,
        params: DeleteMealPlanParamsSchema,
        response: {
          200: DeleteMealPlanResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) =>
      service.remove(await scope(request, request.params.userId, 'write')),
  );

  app.post(
    '/meal-plans/regenerate',
    {
      preHandler: app.requireUser,
      onRequest: generationLimit,
      schema: {
        tags: ['meal planner'],
        summary:
          'A different plan of similar quality from the current settings; locked meals stay. `version` is the plan version last loaded: 409 when the plan changed since (another tab)',
        security: BEARER_AUTH,
        body: RegeneratePlanSchema,
        response: {
          200: MealPlanSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429, 503),
        },
      },
    },
    async (request) =>
      service.regenerate(
        await scope(request, request.body.user_id, 'write'),
        request.body.version,
      ),
  );

  app.post(
    '/meal-plans/regenerate-meal',
    {
      preHandler: app.requireUser,
      onRequest: generationLimit,
      schema: {
        tags: ['meal planner'],
        summary:
          'Another recipe for one meal (day, slot); every other meal stays. 409 on a stale version, 404 when the slot is not in the plan',
        security: BEARER_AUTH,
        body: RegenerateMealSchema,
        response: {
          200: MealPlanSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429, 503),
        },
      },
    },
    async (request) =>
      service.regenerateMeal(
        await scope(request, request.body.user_id, 'write'),
        request.body.version,
        request.body.day,
        request.body.slot,
      ),
  );

  app.post(
    '/meal-plans/lock',
    {
      onRequest: app.userWriteLimit('meal-lock'),
      preHandler: app.requireUser,
      schema: {
        tags: ['meal planner'],
        summary:
          'Lock or unlock one meal: a locked meal survives a whole-plan regenerate. 409 on a stale version, 404 when the slot has no meal',
        security: BEARER_AUTH,
        body: LockMealSchema,
        response: {
          200: MealPlanSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request) =>
      service.lock(
        await scope(request, request.body.user_id, 'write'),
        request.body.version,
        request.body.day,
        request.body.slot,
        request.body.locked,
      ),
  );
};
