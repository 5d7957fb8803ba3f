import {
  RecipeIdParamsSchema,
  RecipeListQuerySchema,
  RecipeListSchema,
  RecipeSchema,
  UpdateRecipeSchema,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  encodeJson,
  sendPrepared,
  type CatalogueCache,
} from '../../cache/catalogue-cache.js';
import type { Config } from '../../config.js';
import { authOf } from '../../plugins/app/auth.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import { perIpRateLimit } from '../../plugins/app/rate-limits.js';
import { requestContext } from '../../request-context.js';
import { readRecipeForm, registerRecipeMultipart } from './recipe-form.js';
import type { RecipesService } from './recipes-service.js';

/** The limit of each catalogue change, as of every admin change. */
type WriteLimit = ReturnType<typeof perIpRateLimit>;

/** POST /recipes in a scope of its own, with the multipart parser. */
const createRecipeRoute: FastifyPluginAsyncZod<{
  service: RecipesService;
  writeLimit: WriteLimit;
}> = async (app, { service, writeLimit }) => {
  await registerRecipeMultipart(app);

  app.post(
    '/recipes',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags: ['recipes'],
        summary:
          'Add a recipe (admin). multipart/form-data as the add form sends it: name, ingredients (one per line, or comma-separated), total_cooking_time, serving_size, directions, url, tags (comma-separated), imageUrls[] (repeated), images (up to 5 JPEG, PNG or GIF files of at most 5 MB, checked by content and re-encoded); or the same fields as JSON without files',
        security: BEARER_AUTH,
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          201: RecipeSchema,
          ...errorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { input, files } = await readRecipeForm(request);
      const recipe = await service.create(
        authOf(request).userId,
        input,
        files,
        requestContext(request),
      );
      return reply.code(201).send(recipe);
    },
  );
};

/**
 * The recipe catalogue (spec point 7) under /api: reading needs a login,
 * writing the admin role. Reads are answered from `cache` (issue 17):
 * prepared, compressed bytes with an ETag, dropped on every change. Each
 * change (pictures decoded and re-encoded, the recipe's facts derived) is
 * limited per IP as the other admin changes are: RATE_LIMIT_ADMIN per
 * RATE_LIMIT_WINDOW_SECONDS.
 */
export const recipesRoutes: FastifyPluginAsyncZod<{
  service: RecipesService;
  cache: CatalogueCache;
  config: Pick<Config, 'RATE_LIMIT_ADMIN' | 'RATE_LIMIT_WINDOW_SECONDS'>;
}> = async (app, { service, cache, config }) => {
  const writeLimit = perIpRateLimit(
    config.RATE_LIMIT_ADMIN,
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  // Multipart is parsed for this one route only: other routes answer 415.
  await app.register(createRecipeRoute, { service, writeLimit });

  app.get(
    '/recipes',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['recipes'],
        summary:
          'One-based pages of recipes (limit 1-100, default 50), newest first; `search` matches the name, `tags` (comma-separated) must all be present',
        security: BEARER_AUTH,
        querystring: RecipeListQuerySchema,
        response: { 200: RecipeListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const answer = await cache.get(
        `recipes?${JSON.stringify([query.page, query.limit, query.search, query.tags])}`,
        async () => encodeJson(RecipeListSchema, await service.list(query)),
      );
      return sendPrepared(request, reply, answer);
    },
  );

  app.get(
    '/recipes/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['recipes'],
        summary: 'One recipe',
        security: BEARER_AUTH,
        params: RecipeIdParamsSchema,
        response: { 200: RecipeSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const answer = await cache.get(`recipe:${id.toLowerCase()}`, async () =>
        encodeJson(RecipeSchema, await service.get(id)),
      );
      return sendPrepared(request, reply, answer);
    },
  );

  app.put(
    '/recipes/:id',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags: ['recipes'],
        summary:
          "Replace a recipe (admin) with the edit form's JSON; the spec's fields are absent when empty, so an absent field clears it. imageUrls is the whole picture list: send back our own image paths to keep those pictures. ingredients: one line per ingredient, or the edit form's comma-joined lines (a fragment that is only a preparation, such as 'minced', rejoins its line)",
        security: BEARER_AUTH,
        params: RecipeIdParamsSchema,
        body: UpdateRecipeSchema,
        response: {
          200: RecipeSchema,
          ...errorResponses(400, 401, 403, 404, 415, 429),
        },
      },
    },
    (request) =>
      service.update(
        authOf(request).userId,
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );

  app.delete(
    '/recipes/:id',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags: ['recipes'],
        summary: 'Delete a recipe and its pictures (admin); 204, then 404',
        security: BEARER_AUTH,
        params: RecipeIdParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await service.remove(
        authOf(request).userId,
        request.params.id,
        requestContext(request),
      );
      return reply.code(204).send(null);
    },
  );
};
