import {
  ShoppingSummarySchema,
  ShoppingTicksResponseSchema,
  ShoppingTickChangesSchema,
  ShoppingTicksSchema,
  UserIdQuerySchema,
} from '@platewise/shared';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
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
import type { ShoppingRead, ShoppingService } from './shopping-service.js';

/** The shopping summary of the stored plan (spec point 7), under /api. */
export const shoppingRoutes: FastifyPluginAsyncZod<{
  service: ShoppingService;
  scope: UserScope;
  /** The per-user limit: on every request, or with `read` on those that build. */
  limit: (request: FastifyRequest) => Promise<void>;
  /** The plan and kitchen read with the session in one statement (issue 17). */
  read?: FusedRead<ShoppingRead>;
}> = async (app, { service, scope, limit, read }) => {
  const serializeSummary = compiledSerializerCompiler({
    schema: ShoppingSummarySchema,
  });
  app.get(
    '/user-ingredients-summary',
    {
      ...FAST_READ,
      ...(read
        ? { onRequest: [read.guard, read.limitBuilds(limit)] }
        : {
            preHandler: app.requireUser,
            onRequest: limit as onRequestHookHandler,
          }),
      schema: {
        tags: ['meal planner'],
        summary:
          "The stored plan's shopping list (an admin may read any user's): `data[0].freshIngredients` and `data[0].nonPerishableIngredients` are arrays of `{ key, name, quantity, unit, 'preparation instruction', category, packages ('2 bunches'), packageCount, leftover, usedIn, ticked }`, merged across the week's meals; `total` counts both. Empty lists without a plan",
        security: BEARER_AUTH,
        querystring: UserIdQuerySchema,
        response: {
          200: ShoppingSummarySchema,
          ...errorResponses(400, 401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const sent = read?.send(
        request,
        reply,
        (fused) => service.summaryFrom(fused),
        serializeSummary,
      );
      if (sent) {
        await sent;
        return reply;
      }
      return service.summary(
        await scope(request, request.query.user_id, 'read'),
      );
    },
  );

  app.put(
    '/shopping-list/ticks',
    {
      onRequest: app.userWriteLimit('shopping-ticks'),
      preHandler: app.requireUser,
      schema: {
        tags: ['meal planner'],
        summary:
          "Store which shopping-list lines are ticked (their `key`s) on the caller's plan; with `version`, 409 when the plan changed since. A new plan starts unticked",
        security: BEARER_AUTH,
        body: ShoppingTicksSchema,
        response: {
          200: ShoppingTicksResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request) =>
      service.setTicks(
        await scope(request, request.body.user_id, 'write'),
        request.body.ticked,
        request.body.version,
      ),
  );

  app.patch(
    '/shopping-list/ticks',
    {
      onRequest: app.userWriteLimit('shopping-tick'),
      preHandler: app.requireUser,
      schema: {
        tags: ['meal planner'],
        summary:
          'Merge tick changes made offline (issue 18): `changes` is `[{ key, ticked, at }]`; per key the later change wins over what another device stored meanwhile. `version` is the plan the changes were made on: 409 when the plan changed since (its list is another list)',
        security: BEARER_AUTH,
        body: ShoppingTickChangesSchema,
        response: {
          200: ShoppingTicksResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request) =>
      service.mergeTicks(
        await scope(request, request.body.user_id, 'write'),
        request.body.changes,
        request.body.version,
      ),
  );
};
