import {
  AddKitchenItemsSchema,
  KitchenCookedSchema,
  KitchenFromListSchema,
  KitchenItemParamsSchema,
  KitchenItemSchema,
  KitchenItemsResponseSchema,
  KitchenSchema,
  KitchenStaplesSchema,
  UpdateKitchenItemSchema,
  UserIdQuerySchema,
} from '@platewise/shared';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { UserScope } from '../../plugins/app/auth.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import type { KitchenService } from './kitchen-service.js';

const TAGS = ['kitchen'];

/** The kitchen (issue 20): what a user has at home, under /api/kitchen. */
export const kitchenRoutes: FastifyPluginAsyncZod<{
  service: KitchenService;
  scope: UserScope;
  limit: onRequestHookHandler;
}> = async (app, { service, scope, limit }) => {
  app.get(
    '/kitchen',
    {
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          "What the user has at home, soonest use-by first, and the staples they always have (an admin may read any user's). Items: `{ id, ingredientId, name, quantity, unit, grams, place, addedOn, useBy, opened, staple }`",
        security: BEARER_AUTH,
        querystring: UserIdQuerySchema,
        response: {
          200: KitchenSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) =>
      service.get(await scope(request, request.query.user_id, 'read')),
  );

  app.post(
    '/kitchen',
    {
      preHandler: app.requireUser,
      onRequest: limit,
      schema: {
        tags: TAGS,
        summary:
          'Add items: each a line the parser reads ("2 kg potatoes") or `{ ingredientId, quantity, unit }`, with optional `place` (fridge, freezer, cupboard), `useBy` (YYYY-MM-DD; computed from the food data when absent) and `opened`. Answers the items added',
        security: BEARER_AUTH,
        body: AddKitchenItemsSchema,
        response: {
          201: KitchenItemsResponseSchema,
          ...errorResponses(400, 401, 403, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = await scope(request, request.body.user_id, 'write');
      return reply
        .code(201)
        .send(await service.add(userId, request.body.items));
    },
  );

  app.patch(
    '/kitchen/:id',
    {
      onRequest: app.userWriteLimit('kitchen-item'),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          'Correct an item: quantity, unit, place, useBy (null: keeps for months) or opened',
        security: BEARER_AUTH,
        params: KitchenItemParamsSchema,
        body: UpdateKitchenItemSchema,
        response: {
          200: KitchenItemSchema,
          ...errorResponses(400, 401, 403, 404, 415, 429),
        },
      },
    },
    async (request) => {
      const { user_id: userIdField, ...patch } = request.body;
      const userId = await scope(request, userIdField, 'write');
      return service.update(userId, request.params.id, patch);
    },
  );

  app.delete(
    '/kitchen/:id',
    {
      onRequest: app.userWriteLimit('kitchen-item-delete'),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Remove an item from the kitchen',
        security: BEARER_AUTH,
        params: KitchenItemParamsSchema,
        querystring: UserIdQuerySchema,
        response: {
          204: z.null().describe('Removed'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const userId = await scope(request, request.query.user_id, 'write');
      await service.remove(userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/kitchen/staples',
    {
      onRequest: app.userWriteLimit('kitchen-staples'),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary:
          'Replace the staples: ingredients the user always has, never on the list to buy (default: salt, pepper, oils and spices)',
        security: BEARER_AUTH,
        body: KitchenStaplesSchema,
        response: {
          200: KitchenSchema,
          ...errorResponses(400, 401, 403, 415, 429),
        },
      },
    },
    async (request) =>
      service.setStaples(
        await scope(request, request.body.user_id, 'write'),
        request.body.ingredientIds,
      ),
  );

  app.post(
    '/kitchen/from-shopping-list',
    {
      preHandler: app.requireUser,
      onRequest: limit,
      schema: {
        tags: TAGS,
        summary:
          '"Bought": the ticked lines of the current shopping list go into the kitchen as the packages bought today, and the list is unticked. Answers the items added',
        security: BEARER_AUTH,
        body: KitchenFromListSchema.optional(),
        response: {
          201: KitchenItemsResponseSchema,
          ...errorResponses(400, 401, 403, 415, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const userId = await scope(request, request.body?.user_id, 'write');
      return reply.code(201).send(await service.fromShoppingList(userId));
    },
  );

  app.post(
    '/kitchen/cooked',
    {
      preHandler: app.requireUser,
      onRequest: limit,
      schema: {
        tags: TAGS,
        summary:
          '"Cooked": the plan\'s meals of `days` (the whole week when absent) were cooked; their amounts come out of the kitchen, earliest use-by first. 404 without a plan',
        security: BEARER_AUTH,
        body: KitchenCookedSchema.optional(),
        response: {
          200: KitchenSchema,
          ...errorResponses(400, 401, 403, 404, 415, 429, 503),
        },
      },
    },
    async (request) =>
      service.cooked(
        await scope(request, request.body?.user_id, 'write'),
        request.body?.days,
      ),
  );
};
