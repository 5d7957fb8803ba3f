import { AllergenListSchema } from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  encodeJson,
  sendPrepared,
  type CatalogueCache,
} from '../../cache/catalogue-cache.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import type { CatalogueService } from './catalogue-service.js';

export const catalogueRoutes: FastifyPluginAsyncZod<{
  service: CatalogueService;
  /** Prepared answers, dropped on every catalogue change (issue 17). */
  cache: CatalogueCache;
}> = async (app, { service, cache }) => {
  app.get(
    '/allergens',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['catalogue'],
        summary:
          'The allergen catalogue: categories with their allergens (id, name), covering the EU 14 and US 9',
        security: BEARER_AUTH,
        response: { 200: AllergenListSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await cache.get('allergens', async () =>
          encodeJson(AllergenListSchema, await service.listAllergens()),
        ),
      ),
  );
};
