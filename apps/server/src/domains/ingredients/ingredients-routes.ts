import {
  ParseIngredientsRequestSchema,
  ParseIngredientsResponseSchema,
  recipeMessages,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Config } from '../../config.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import {
  perIpRateLimit,
  perUserRateLimit,
} from '../../plugins/app/rate-limits.js';
import type { IngredientsService } from './ingredients-service.js';

export const ingredientsRoutes: FastifyPluginAsyncZod<{
  service: IngredientsService;
  config: Pick<
    Config,
    | 'RATE_LIMIT_PARSE_WINDOW_SECONDS'
    | 'RATE_LIMIT_PARSE_USER'
    | 'RATE_LIMIT_PARSE_IP'
  >;
}> = async (app, { service, config }) => {
  // Parsing is CPU work any signed-in user can ask for (issue 9): limited
  // per user, and per IP against many accounts on one address.
  const windowSeconds = config.RATE_LIMIT_PARSE_WINDOW_SECONDS;
  app.post(
    '/ingredients/parse',
    {
      preHandler: app.requireUser,
      onRequest: perUserRateLimit(
        app,
        config.RATE_LIMIT_PARSE_USER,
        windowSeconds,
        recipeMessages.tooManyParses,
        'ingredients-parse',
      ),
      config: perIpRateLimit(
        config.RATE_LIMIT_PARSE_IP,
        windowSeconds,
        recipeMessages.tooManyParses,
      ),
      schema: {
        tags: ['ingredients'],
        summary:
          'Parse ingredient lines (at most 200 of at most 500 characters, 64 KB in all) into quantity, range, unit, ingredient, catalogue id and preparation; rate-limited per user and per IP',
        security: BEARER_AUTH,
        body: ParseIngredientsRequestSchema,
        response: {
          200: ParseIngredientsResponseSchema,
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    (request) => service.parse(request.body.lines),
  );
};
