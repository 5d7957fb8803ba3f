import { createHash } from 'node:crypto';

import {
  HouseholdInviteResponseSchema,
  HouseholdInvitationParamsSchema,
  HouseholdInviteSchema,
  HouseholdJoinSchema,
  HouseholdMemberParamsSchema,
  HouseholdOwnerSchema,
  HouseholdSchema,
  HouseholdSettingsSchema,
  householdMessages,
} from '@platewise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Config } from '../../config.js';
import { authOf } from '../../plugins/app/auth.js';
import {
  BEARER_AUTH,
  errorResponses,
} from '../../plugins/app/error-responses.js';
import {
  perKeyRateLimit,
  perUserRateLimit,
} from '../../plugins/app/rate-limits.js';
import { requestContext } from '../../request-context.js';
import type { HouseholdsService } from './households-service.js';

/** Households (issue 18), under /api. */
export const householdsRoutes: FastifyPluginAsyncZod<{
  service: HouseholdsService;
  config: Pick<
    Config,
    | 'RATE_LIMIT_INVITE_WINDOW_SECONDS'
    | 'RATE_LIMIT_INVITE_OWNER'
    | 'RATE_LIMIT_INVITE_ADDRESS'
  >;
}> = async (app, { service, config }) => {
  // Invitations mail a stranger's address: limited per owner, and per
  // invited address whoever sends (a mailbox cannot be flooded by many
  // accounts either). The counters are the shared ones (PostgreSQL or
  // Redis), so they hold across processes; the address is hashed first.
  const window = config.RATE_LIMIT_INVITE_WINDOW_SECONDS;
  const ownerLimit = perUserRateLimit(
    app,
    config.RATE_LIMIT_INVITE_OWNER,
    window,
    householdMessages.tooManyInvitations,
    'household-invitations',
  );
  const addressLimit = perKeyRateLimit(app, {
    max: config.RATE_LIMIT_INVITE_ADDRESS,
    windowSeconds: window,
    message: householdMessages.tooManyInvitationsToAddress,
    name: 'household-invitations-address',
    key: (request) =>
      createHash('sha256')
        .update(HouseholdInviteSchema.parse(request.body).email)
        .digest('base64url'),
  });

  app.get(
    '/household',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['households'],
        summary:
          "The caller's household: members, the caller's role, open invitations (owner only), the serving size and `planUserId`, the member whose id keys the shared plan. A user who never joined one is alone in their own",
        security: BEARER_AUTH,
        response: { 200: HouseholdSchema, ...errorResponses(401) },
      },
    },
    async (request) =>
      service.get(authOf(request).userId, requestContext(request)),
  );

  app.patch(
    '/household',
    {
      onRequest: app.userWriteLimit('household'),
      preHandler: app.requireUser,
      schema: {
        tags: ['households'],
        summary:
          "Change the household's serving size (any member); `null` goes back to one serving per member",
        security: BEARER_AUTH,
        body: HouseholdSettingsSchema,
        response: {
          200: HouseholdSchema,
          ...errorResponses(400, 401, 415, 429),
        },
      },
    },
    async (request) =>
      service.updateSettings(
        authOf(request).userId,
        request.body.servingSize,
        requestContext(request),
      ),
  );

  app.post(
    '/household/invitations',
    {
      onRequest: ownerLimit,
      // After validation: the address limit reads the parsed body.
      preHandler: [app.requireUser, addressLimit],
      schema: {
        tags: ['households'],
        summary:
          'Invite an e-mail address (owner only): a single-use link valid for 72 hours is mailed. Sending again replaces the open invitation of that address, expired or not (its earlier link stops working). 409 when that person is already a member; 429 (with Retry-After) past RATE_LIMIT_INVITE_OWNER invitations per owner or RATE_LIMIT_INVITE_ADDRESS per invited address in RATE_LIMIT_INVITE_WINDOW_SECONDS',
        security: BEARER_AUTH,
        body: HouseholdInviteSchema,
        response: {
          201: HouseholdInviteResponseSchema,
          ...errorResponses(400, 401, 403, 409, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.invite(
            authOf(request).userId,
            request.body.email,
            requestContext(request),
          ),
        ),
  );

  app.delete(
    '/household/invitations/:email',
    {
      onRequest: app.userWriteLimit('household-invitation-delete'),
      preHandler: app.requireUser,
      schema: {
        tags: ['households'],
        summary:
          'Cancel the open invitation of an address (owner only), whether its link is still valid or has expired: the link stops working at once (404 for it after). 404 when the address has no open invitation. 204',
        security: BEARER_AUTH,
        params: HouseholdInvitationParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await service.cancelInvitation(
        authOf(request).userId,
        request.params.email,
        requestContext(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/household/join',
    {
      onRequest: app.userWriteLimit('household-join'),
      preHandler: app.requireUser,
      schema: {
        tags: ['households'],
        summary:
          "Join the household of an invitation with the link's `token`. The caller's account must have the invited address (403 otherwise); 404 for an unknown link, 409 for a used one, 410 for an expired one. The caller leaves their previous household, taking nothing along (409 if they own one with other members)",
        security: BEARER_AUTH,
        body: HouseholdJoinSchema,
        response: {
          200: HouseholdSchema,
          ...errorResponses(400, 401, 403, 404, 409, 410, 415, 429),
        },
      },
    },
    async (request) =>
      service.join(
        authOf(request).userId,
        request.body.token,
        requestContext(request),
      ),
  );

  app.delete(
    '/household/members/:userId',
    {
      onRequest: app.userWriteLimit('household-member-delete'),
      preHandler: app.requireUser,
      schema: {
        tags: ['households'],
        summary:
          "Remove a member (owner only), or leave with one's own id: the person starts alone again, taking nothing. The owner cannot leave while others remain (409: make another member the owner first). 204",
        security: BEARER_AUTH,
        params: HouseholdMemberParamsSchema,
        response: {
          204: z.null(),
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await service.removeMember(
        authOf(request).userId,
        request.params.userId,
        requestContext(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/household/owner',
    {
      onRequest: app.userWriteLimit('household-owner'),
      preHandler: app.requireUser,
      schema: {
        tags: ['households'],
        summary:
          'Make another member the owner (owner only); the caller becomes a member',
        security: BEARER_AUTH,
        body: HouseholdOwnerSchema,
        response: {
          200: HouseholdSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    async (request) =>
      service.transferOwnership(
        authOf(request).userId,
        request.body.userId,
        requestContext(request),
      ),
  );
};
