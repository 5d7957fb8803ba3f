import {
  AdminSettingsSchema,
  AdminUserChangeResponseSchema,
  AdminUserIdParamsSchema,
  AdminUserListQuerySchema,
  AdminUsersPageSchema,
  AuditListQuerySchema,
  AuditPageSchema,
  ChangeRoleSchema,
  CreateUserResponseSchema,
  CreateUserSchema,
  ResendInvitationResponseSchema,
  TestEmailResponseSchema,
  ToggleStatusSchema,
  UpdateAdminSettingsSchema,
  UpdateUserSchema,
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
import type { AdminAuditService } from './admin-audit-service.js';
import type { AdminSettingsService } from './admin-settings-service.js';
import type { AdminUsersService } from './admin-users-service.js';

/** Test e-mails per client per minute: each one is a real mail. */
const TEST_EMAILS_PER_MINUTE = 5;

/**
 * The admin API under /api/admin (spec point 7; issue 12). Every route needs
 * an active admin, checked against the database on each request (S33, S34);
 * changes are rate-limited and written to the audit log.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  users: AdminUsersService;
  audit: AdminAuditService;
  settings: AdminSettingsService;
  config: Config;
}> = async (app, { users, audit, settings, config }) => {
  const writeLimit = perIpRateLimit(
    config.RATE_LIMIT_ADMIN,
    config.RATE_LIMIT_WINDOW_SECONDS,
  );
  const tags = ['admin'];

  app.get(
    '/users',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary:
          'One-based pages of users, newest first: `search` matches name or e-mail (case-insensitive, % and _ literal), `role` is admin, user or empty for all; limit 1-100 (default 10); `total` counts every match',
        security: BEARER_AUTH,
        querystring: AdminUserListQuerySchema,
        response: {
          200: AdminUsersPageSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    (request) => users.list(request.query),
  );

  app.post(
    '/users',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Add a user (the Add User dialog): a verified account without a password; the person gets a mail with a link to /resetpassword to choose one (valid INVITE_TOKEN_TTL_SECONDS). `name` is split into first and last name, `country` becomes the location, `dietaryPreference` their diet. 409 for a registered e-mail. `invitation` says whether the mail went out',
        security: BEARER_AUTH,
        body: CreateUserSchema,
        response: {
          201: CreateUserResponseSchema,
          ...errorResponses(400, 401, 403, 409, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await users.create(
            authOf(request).userId,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.patch(
    '/users/:id',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Edit a user: firstName, lastName and email required, phoneNumber and state optional (empty clears them). 409 when another account has the e-mail',
        security: BEARER_AUTH,
        params: AdminUserIdParamsSchema,
        body: UpdateUserSchema,
        response: {
          200: AdminUserChangeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    (request) =>
      users.update(
        authOf(request).userId,
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );

  app.patch(
    '/users/:id/change-role',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          "Change a user's role (admin or user). 409 for one's own role or the last active admin; takes effect on the user's next request",
        security: BEARER_AUTH,
        params: AdminUserIdParamsSchema,
        body: ChangeRoleSchema,
        response: {
          200: AdminUserChangeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    (request) =>
      users.changeRole(
        authOf(request).userId,
        request.params.id,
        request.body.role,
        requestContext(request),
      ),
  );

  app.post(
    '/users/:id/invitation',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Re-send the invitation of an account without a password: a new set-password link, valid INVITE_TOKEN_TTL_SECONDS, replaces the old one. 409 once the person has chosen a password; 503 when the mail cannot be sent',
        security: BEARER_AUTH,
        params: AdminUserIdParamsSchema,
        response: {
          200: ResendInvitationResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 503),
        },
      },
    },
    (request) =>
      users.resendInvitation(
        authOf(request).userId,
        request.params.id,
        requestContext(request),
      ),
  );

  app.patch(
    '/users/:id/toggle-status',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          'Enable or disable a user (`isActive` is the new value). Disabling ends every session of the user at once; 409 for oneself or the last active admin',
        security: BEARER_AUTH,
        params: AdminUserIdParamsSchema,
        body: ToggleStatusSchema,
        response: {
          200: AdminUserChangeResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 429),
        },
      },
    },
    (request) =>
      users.toggleStatus(
        authOf(request).userId,
        request.params.id,
        request.body.isActive,
        requestContext(request),
      ),
  );

  app.get(
    '/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary:
          'The audit log, newest first: `actor` is a user id or e-mail, `action` an event name (e.g. admin_role_changed); limit 1-100 (default 25). Admin changes carry `details.changes` with each changed field before and after',
        security: BEARER_AUTH,
        querystring: AuditListQuerySchema,
        response: { 200: AuditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => audit.list(request.query),
  );

  app.get(
    '/settings',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags,
        summary:
          "The admin settings: sign-up open, the planner's weight overrides and defaults, whether SMTP is configured",
        security: BEARER_AUTH,
        response: {
          200: AdminSettingsSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    () => settings.get(),
  );

  app.patch(
    '/settings',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          "Change settings: `signupOpen` (closed: sign-up and new Google accounts answer 403), `plannerWeights` replaces the overrides (names of the planner's weights, numbers 0-100000)",
        security: BEARER_AUTH,
        body: UpdateAdminSettingsSchema,
        response: {
          200: AdminSettingsSchema,
          ...errorResponses(400, 401, 403, 415, 429),
        },
      },
    },
    (request) =>
      settings.update(
        authOf(request).userId,
        request.body,
        requestContext(request),
      ),
  );

  app.post(
    '/settings/reset-planner-weights',
    {
      preHandler: app.requireAdmin,
      config: writeLimit,
      schema: {
        tags,
        summary:
          "Drop every planner weight override (back to the planner's defaults)",
        security: BEARER_AUTH,
        response: {
          200: AdminSettingsSchema,
          ...errorResponses(401, 403, 429),
        },
      },
    },
    (request) =>
      settings.resetPlannerWeights(
        authOf(request).userId,
        requestContext(request),
      ),
  );

  app.post(
    '/settings/test-email',
    {
      preHandler: app.requireAdmin,
      config: perIpRateLimit(TEST_EMAILS_PER_MINUTE, 60),
      schema: {
        tags,
        summary:
          'Send a test e-mail to the signed-in admin and report what the SMTP server said (`ok`, and the error text without secrets on failure)',
        security: BEARER_AUTH,
        response: {
          200: TestEmailResponseSchema,
          ...errorResponses(401, 403, 429),
        },
      },
    },
    (request) =>
      settings.sendTestEmail(authOf(request).userId, requestContext(request)),
  );
};
