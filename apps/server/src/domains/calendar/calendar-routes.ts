import {
  ApiErrorSchema,
  CalendarFeedParamsSchema,
  CalendarStatusSchema,
  CalendarTokenBodySchema,
  CalendarTokenResponseSchema,
} from '@platewise/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { authOf } from '../../plugins/app/auth.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import { requestContext } from '../../request-context.js';
import type { CalendarService } from './calendar-service.js';

/** The feed as text (the route's schema types only its JSON error). */
function sendCalendar(reply: FastifyReply, body: string) {
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', 'inline; filename="platewise.ics"')
    .send(body);
}

/** The calendar feed of the current plan (issue 18), under /api. */
export const calendarRoutes: FastifyPluginAsyncZod<{
  service: CalendarService;
}> = async (app, { service }) => {
  app.post(
    '/calendar/token',
    {
      onRequest: app.userWriteLimit('calendar-token'),
      preHandler: app.requireUser,
      schema: {
        tags: ['calendar'],
        summary:
          "Make the caller's secret calendar address `{ url }` (`/api/calendar/<token>.ics`), replacing any earlier one; optional meal times `breakfast`, `lunch`, `dinner` (HH:MM, local) and `timeZone` (IANA). The address is shown only here",
        security: BEARER_AUTH,
        body: CalendarTokenBodySchema,
        response: {
          201: CalendarTokenResponseSchema,
          ...errorResponses(400, 401, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.create(
            authOf(request).userId,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.get(
    '/calendar/token',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['calendar'],
        summary:
          'Whether the caller has a calendar address, and its meal times (`{ feed: null }` without one); the address itself is not kept',
        security: BEARER_AUTH,
        response: { 200: CalendarStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.status(authOf(request).userId),
  );

  app.delete(
    '/calendar/token',
    {
      onRequest: app.userWriteLimit('calendar-token-delete'),
      preHandler: app.requireUser,
      schema: {
        tags: ['calendar'],
        summary:
          "Revoke the caller's calendar address: it answers 404 from now on. 204, also when there was none",
        security: BEARER_AUTH,
        response: { 204: z.null(), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      await service.revoke(authOf(request).userId, requestContext(request));
      return reply.code(204).send(null);
    },
  );

  // Public on purpose: calendar apps send no bearer token. The 256-bit
  // token in the path is the credential; only its hash is stored.
  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary:
          "The current plan as iCalendar (RFC 5545): one event per meal on the dates of the current week, at the feed's meal times, with the recipe name, cooking time and a link into the app. 404 for an unknown or revoked address",
        params: CalendarFeedParamsSchema,
        response: { 404: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      sendCalendar(reply, await service.feed(request.params.file)),
  );
};
