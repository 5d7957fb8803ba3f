import {
  GoogleExchangeRequestSchema,
  GoogleExchangeResponseSchema,
  text,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Config } from '../../config.js';
import { errorResponses } from '../../plugins/app/error-responses.js';
import { perIpRateLimit } from '../../plugins/app/rate-limits.js';
import { requestContext } from '../../request-context.js';
import { handoffCookie, linkCookie, stateCookie } from './google-cookies.js';
import type { GoogleService } from './google-service.js';

const StartQuerySchema = z.object({
  remember: z.enum(['true', 'false']).default('false'),
});

// The callback's parameters are read from the raw query (openid-client
// checks all of them); this only documents them.
const CallbackQuerySchema = z.looseObject({
  state: text({ trim: false }).optional(),
  code: text({ trim: false }).optional(),
  error: text({ trim: false }).optional(),
});

const RedirectSchema = z.null().describe('Redirect (Location header)');

/** Google sign-in (security.md S28, S29); under /api. */
export const googleRoutes: FastifyPluginAsyncZod<{
  service: GoogleService;
  config: Config;
}> = async (app, { service, config }) => {
  const limit = perIpRateLimit(
    config.RATE_LIMIT_LOGIN,
    config.RATE_LIMIT_WINDOW_SECONDS,
  );

  app.get(
    '/auth/google',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary:
          'Start Google sign-in: 302 to Google; 404 when this deployment has no Google client',
        querystring: StartQuerySchema,
        response: { 302: RedirectSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { location, state } = await service.start(
        request.query.remember === 'true',
      );
      const cookie = stateCookie(config);
      reply.setCookie(cookie.name, state, cookie.options);
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/auth/google/callback',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary:
          'Where Google sends the browser back: 302 to /auth/success or /login; 400 bad or used state, 401 code or ID token refused',
        querystring: CallbackQuerySchema,
        response: {
          302: RedirectSchema,
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const url = request.raw.url ?? '';
      const queryStart = url.indexOf('?');
      const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
      const state = stateCookie(config);
      const browserState = request.cookies[state.name];
      reply.clearCookie(state.name, state.options);
      const { location, pendingLinkToken, handoffBinding } =
        await service.callback(query, browserState, requestContext(request));
      if (pendingLinkToken) {
        const link = linkCookie(config);
        reply.setCookie(link.name, pendingLinkToken, link.options);
      }
      if (handoffBinding) {
        const handoff = handoffCookie(config);
        reply.setCookie(handoff.name, handoffBinding, handoff.options);
      }
      return reply.redirect(location, 302);
    },
  );

  app.post(
    '/auth/google/exchange',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary:
          "Trade the one-time code of /auth/success, with the HttpOnly cookie the callback gave the same browser, for a new session: the spec's `data` shape (accessToken, refreshToken, userData). Single use, within 60 s; 401 for anything else. With the `invitationToken` of the household invitation link the sign-in started from, a sign-in that made the account joins that household when the address is the invited one, and `household` says whether it did (issue 18)",
        body: GoogleExchangeRequestSchema,
        response: {
          200: GoogleExchangeResponseSchema,
          ...errorResponses(400, 401, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const handoff = handoffCookie(config);
      const binding = request.cookies[handoff.name];
      reply.clearCookie(handoff.name, handoff.options);
      return service.exchange(
        request.body.code,
        binding,
        requestContext(request),
        request.body.invitationToken,
      );
    },
  );
};
