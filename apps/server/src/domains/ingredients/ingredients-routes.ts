import {
  ParseIngredientsRequestSchema,
  ParseIngredientsResponseSchema,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import type { IngredientsService } from './ingredients-service.js';

export const ingredientsRoutes: FastifyPluginAsyncZod<{
  service: IngredientsService;
}> = async (app, { service }) => {
  app.post(
    '/ingredients/parse',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['ingredients'],
        summary:
          'Parse ingredient lines (at most 200 of at most 500 characters) into quantity, range, unit, ingredient, catalogue id and preparation',
        security: BEARER_AUTH,
        body: ParseIngredientsRequestSchema,
        response: {
          200: ParseIngredientsResponseSchema,
          ...errorResponses(400, 401, 415),
        },
      },
    },
    (request) => service.parse(request.body.lines),
  );
};
