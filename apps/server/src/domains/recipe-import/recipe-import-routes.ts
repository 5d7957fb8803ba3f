import {
  ImportRecipeRequestSchema,
  RecipeDraftSchema,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import type { RecipeImportService } from './recipe-import-service.js';

/** Each import makes the server fetch a page: a few per minute is plenty. */
const IMPORT_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: 60_000 } };

export const recipeImportRoutes: FastifyPluginAsyncZod<{
  service: RecipeImportService;
}> = async (app, { service }) => {
  app.post(
    '/recipes/import',
    {
      preHandler: app.requireAdmin,
      config: IMPORT_RATE_LIMIT,
      schema: {
        tags: ['recipes'],
        summary:
          'Read a recipe page (schema.org Recipe in JSON-LD or microdata, or a WP Recipe Maker, Tasty Recipes or Mediavine Create card) into a draft to review; nothing is stored (admin). Public http(s) addresses only, 5 redirects, 10 s, 2 MB',
        security: BEARER_AUTH,
        body: ImportRecipeRequestSchema,
        response: {
          200: RecipeDraftSchema,
          ...errorResponses(400, 401, 403, 415, 422, 429),
        },
      },
    },
    (request) => service.importFromUrl(request.body.url),
  );
};
