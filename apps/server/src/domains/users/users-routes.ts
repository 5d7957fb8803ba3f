import {
  CurrentUserResponseSchema,
  DeleteAccountRequestSchema,
  EditInfoRequestSchema,
  EditInfoResponseSchema,
  EmailRequestSchema,
  MessageResponseSchema,
  ResetPasswordRequestSchema,
  SignupRequestSchema,
  SignupResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Config } from '../../config.js';
import { authOf } from '../../plugins/app/auth.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import { perIpRateLimit } from '../../plugins/app/rate-limits.js';
import { requestContext } from '../../request-context.js';
import { signupCookie } from './signup-cookie.js';
import type { UsersService } from './users-service.js';

/** Sign-up, verification, password reset and the own account, under /api/users. */
export const usersRoutes: FastifyPluginAsyncZod<{
  service: UsersService;
  config: Config;
}> = async (app, { service, config }) => {
  const limit = (max: number) =>
    perIpRateLimit(max, config.RATE_LIMIT_WINDOW_SECONDS);

  app.post(
    '/signup',
    {
      config: limit(config.RATE_LIMIT_SIGNUP),
      schema: {
        tags: ['users'],
        summary:
          'Create an account (unverified) and mail a 6-digit code; 409 for a verified e-mail. A sign-up for an address never verified replaces the earlier one. Sets the HttpOnly cookie that lets this browser keep its password at verification (ADR 008)',
        body: SignupRequestSchema,
        response: {
          201: SignupResponseSchema,
          // 403: an admin closed sign-up.
          ...errorResponses(400, 403, 409, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { response, signupSecret } = await service.signup(
        request.body,
        requestContext(request),
      );
      const cookie = signupCookie(config);
      reply.setCookie(cookie.name, signupSecret, cookie.options);
      return reply.code(201).send(response);
    },
  );

  app.post(
    '/verify-email',
    {
      config: limit(config.RATE_LIMIT_VERIFY),
      schema: {
        tags: ['users'],
        summary:
          'Verify the e-mail with its code. 400 OTP_INVALID, OTP_EXPIRED or ALREADY_VERIFIED; 429 CODE_BURNED after 5 wrong tries. Without the sign-up cookie of the browser that chose the password, the password is dropped and a link to set one is mailed (ADR 008). With the `invitationToken` of a household invitation link the sign-up started from, the household is joined when the address is the invited one and the browser is the one that signed up; `household` says whether it was (issue 18)',
        body: VerifyEmailRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      const cookie = signupCookie(config);
      const answer = await service.verifyEmail(
        request.body,
        requestContext(request),
        request.cookies[cookie.name],
      );
      reply.clearCookie(cookie.name, cookie.options);
      return answer;
    },
  );

  app.post(
    '/resend-otp',
    {
      config: limit(config.RATE_LIMIT_RESEND),
      schema: {
        tags: ['users'],
        summary:
          'Mail a new code (the old one stops working); 60 s cooldown and 5 per hour per address (429 with Retry-After)',
        body: EmailRequestSchema,
        response: {
          200: MessageResponseSchema,
          ...errorResponses(400, 404, 429, 503),
        },
      },
    },
    async (request) => service.resendOtp(request.body, requestContext(request)),
  );

  app.post(
    '/forgot-password',
    {
      config: limit(config.RATE_LIMIT_FORGOT),
      schema: {
        tags: ['users'],
        summary:
          'Mail a single-use reset link (at most 3 mails per hour per account, silently)',
        body: EmailRequestSchema,
        response: {
          200: MessageResponseSchema,
          ...errorResponses(400, 403, 404, 429, 503),
        },
      },
    },
    async (request) =>
      service.forgotPassword(request.body, requestContext(request)),
  );

  app.post(
    '/reset-password',
    {
      config: limit(config.RATE_LIMIT_RESET),
      schema: {
        tags: ['users'],
        summary:
          'Set a new password with the mailed token; ends every session and does not log in. 400 INVALID_RESET_LINK',
        body: ResetPasswordRequestSchema,
        response: {
          200: MessageResponseSchema,
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request) =>
      service.resetPassword(request.body, requestContext(request)),
  );

  app.get(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: BEARER_AUTH,
        response: {
          200: CurrentUserResponseSchema,
          ...errorResponses(401),
        },
      },
    },
    async (request) => service.me(authOf(request)),
  );

  app.patch(
    '/edit-info',
    {
      preHandler: app.requireUser,
      config: limit(config.RATE_LIMIT_ACCOUNT),
      schema: {
        tags: ['users'],
        summary:
          'Change the password (`password` is the new one); needs the current one, ends the other sessions and answers fresh tokens for this one in `data`, as the refresh does',
        security: BEARER_AUTH,
        body: EditInfoRequestSchema,
        response: {
          200: EditInfoResponseSchema,
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) =>
      service.changePassword(
        authOf(request),
        request.body,
        requestContext(request),
      ),
  );

  app.delete(
    '/me',
    {
      preHandler: app.requireUser,
      config: limit(config.RATE_LIMIT_ACCOUNT),
      schema: {
        tags: ['users'],
        summary:
          'Delete the account and everything of it; confirm with `password`, or `email` for an account without one',
        security: BEARER_AUTH,
        body: DeleteAccountRequestSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(400, 401, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(
        authOf(request),
        request.body,
        requestContext(request),
      );
      return reply.code(204).send(null);
    },
  );
};
