import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AdminMeResponseSchema,
  AuthProvidersResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
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
import { linkCookie } from '../google/google-cookies.js';
import type { GoogleService } from '../google/google-service.js';
import type { SessionsService } from '../sessions/sessions-service.js';
import type { AuthService } from './auth-service.js';

/** Logins of users and admins, the admin session, sign-in providers; under /api. */
export const authRoutes: FastifyPluginAsyncZod<{
  service: AuthService;
  sessions: SessionsService;
  google: Pick<GoogleService, 'completeLink'>;
  config: Config;
}> = async (app, { service, sessions, google, config }) => {
  const loginLimit = perIpRateLimit(
    config.RATE_LIMIT_LOGIN,
    config.RATE_LIMIT_WINDOW_SECONDS,
  );

  app.post(
    '/users/login',
    {
      config: loginLimit,
      schema: {
        tags: ['auth'],
        summary:
          'Log in. 400 bad format, 401 wrong password, 403 unverified (EMAIL_NOT_VERIFIED), disabled (ACCOUNT_DISABLED) or Google-only (GOOGLE_ACCOUNT), 404 unknown e-mail, 429 rate limit or lockout. A Google sign-in that found this account by its e-mail left an HttpOnly cookie; this login then links that Google identity (googleLinked: true).',
        body: LoginRequestSchema,
        response: {
          200: LoginResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const context = requestContext(request);
      const answer = await service.login(request.body, context);
      // A Google sign-in that found this account left a token for the
      // password login that links it (S29); the cookie is used up either way.
      const link = linkCookie(config);
      const linkToken = request.cookies[link.name];
      if (linkToken === undefined) return answer;
      reply.clearCookie(link.name, link.options);
      const linked = await google.completeLink(linkToken, answer.user, context);
      return linked ? { ...answer, googleLinked: true } : answer;
    },
  );

  app.post(
    '/admin/login',
    {
      config: loginLimit,
      schema: {
        tags: ['admin'],
        summary:
          'Admin login: 403 for a non-admin, 404 for an unknown e-mail; the answer also carries a refresh token',
        body: AdminLoginRequestSchema,
        response: {
          200: AdminLoginResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      service.adminLogin(request.body, requestContext(request)),
  );

  app.post(
    '/admin/logout',
    {
      onRequest: app.userWriteLimit('admin-logout'),
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'End the admin session',
        security: BEARER_AUTH,
        response: {
          200: MessageResponseSchema,
          ...errorResponses(401, 403, 429),
        },
      },
    },
    async (request) =>
      sessions.logout(authOf(request), requestContext(request)),
  );

  app.get(
    '/admin/me',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The signed-in administrator (the admin area gate)',
        security: BEARER_AUTH,
        response: {
          200: AdminMeResponseSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => service.adminMe(authOf(request)),
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which third-party sign-ins this deployment offers',
        response: { 200: AuthProvidersResponseSchema },
      },
    },
    () => service.providers(),
  );
};
