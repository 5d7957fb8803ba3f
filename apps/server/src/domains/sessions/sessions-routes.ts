import {
  MessageResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  SessionsResponseSchema,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Config } from '../../config.js';
import { authOf } from '../../plugins/app/auth.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import { perIpRateLimit } from '../../plugins/app/rate-limits.js';
import { requestContext } from '../../request-context.js';
import type { SessionsService } from './sessions-service.js';

/** Token refresh and browser sessions, under /api/users. */
export const sessionsRoutes: FastifyPluginAsyncZod<{
  service: SessionsService;
  config: Config;
}> = async (app, { service, config }) => {
  app.post(
    '/refresh-token',
    {
      config: perIpRateLimit(
        config.RATE_LIMIT_REFRESH,
        config.RATE_LIMIT_WINDOW_SECONDS,
      ),
      schema: {
        tags: ['sessions'],
        summary:
          'Rotate the refresh token. A replayed older token ends the session (401 INVALID_GRANT)',
        body: RefreshRequestSchema,
        response: {
          200: RefreshResponseSchema,
          ...errorResponses(400, 401, 429),
        },
      },
    },
    async (request) =>
      service.refresh(request.body.refreshToken, requestContext(request)),
  );

  app.post(
    '/logout',
    {
      onRequest: app.userWriteLimit('logout'),
      preHandler: app.requireUser,
      schema: {
        tags: ['sessions'],
        summary:
          'End this session: its access and refresh tokens stop working at once',
        security: BEARER_AUTH,
        response: { 200: MessageResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => service.logout(authOf(request), requestContext(request)),
  );

  app.get(
    '/sessions',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['sessions'],
        summary: "The caller's live sessions; `current` marks this one",
        security: BEARER_AUTH,
        response: { 200: SessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(authOf(request)),
  );

  app.post(
    '/sessions/logout-others',
    {
      onRequest: app.userWriteLimit('logout-others'),
      preHandler: app.requireUser,
      schema: {
        tags: ['sessions'],
        summary: 'End every other session of the caller at once',
        security: BEARER_AUTH,
        response: { 200: MessageResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) =>
      service.logoutOthers(authOf(request), requestContext(request)),
  );
};
