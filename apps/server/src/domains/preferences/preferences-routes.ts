import {
  PreferencesSchema,
  SavePreferencesSchema,
  UserIdQuerySchema,
} from '@platewise/shared';
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
import type { PreferencesRead } from '../../reads/user-reads.js';
import type { PreferencesService } from './preferences-service.js';

/** The planner settings (spec point 7) under /api/preferences. */
export const preferencesRoutes: FastifyPluginAsyncZod<{
  service: PreferencesService;
  scope: UserScope;
  /** The settings read with the session in one statement (issue 17). */
  read?: FusedRead<PreferencesRead>;
}> = async (app, { service, scope, read }) => {
  const serializePreferences = compiledSerializerCompiler({
    schema: PreferencesSchema,
  });
  app.get(
    '/preferences/preferences',
    {
      ...FAST_READ,
      ...(read ? { onRequest: read.guard } : { preHandler: app.requireUser }),
      schema: {
        tags: ['meal planner'],
        summary:
          "The saved planner settings. `user_id` absent or the caller's own; an admin may read any user's; 404 until saved once",
        security: BEARER_AUTH,
        querystring: UserIdQuerySchema,
        response: {
          200: PreferencesSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const sent = read?.send(
        request,
        reply,
        async (fused) => service.fromRow(fused.row),
        serializePreferences,
      );
      if (sent) {
        await sent;
        return reply;
      }
      return service.get(
        await scope.member(request, request.query.user_id, 'read'),
      );
    },
  );

  app.post(
    '/preferences/save',
    {
      onRequest: app.userWriteLimit('preferences-save'),
      preHandler: app.requireUser,
      schema: {
        tags: ['meal planner'],
        summary:
          "Save the planner settings (the caller's own): weekly_schedule lists Monday to Sunday once each; dietary_preference any case, stored lower case; protein_level 'High Protein', 'Medium Protein', 'Low Protein' (or high/medium/low) or null; allergens are ids of GET /allergens; customAllergens (or custom_allergens), likes and dislikes are trimmed, de-duplicated, at most 40 characters and 50 entries; serving_size 1 to 20; weeknight_cooking_time, the most minutes a Monday-Friday lunch or dinner may take, 15 to 180 (default 45). Answers the saved object",
        security: BEARER_AUTH,
        body: SavePreferencesSchema,
        response: {
          200: PreferencesSchema,
          ...errorResponses(400, 401, 403, 415, 429),
        },
      },
    },
    async (request) =>
      service.save(
        await scope.member(request, request.body.user_id, 'write'),
        request.body,
      ),
  );
};
