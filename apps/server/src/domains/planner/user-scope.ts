import type { FastifyRequest } from 'fastify';

import { ForbiddenError } from '../../errors.js';
import { authOf } from '../../plugins/app/auth.js';
import { requestContext } from '../../request-context.js';
import type { AuditLog } from '../audit/audit-service.js';

/** The 403 text for another user's `user_id` (security.md S31). */
export const OTHER_USER_TEXT =
  'You can only access your own meal plan and settings.';

/**
 * Reading may name another user (an admin reading any user's data);
 * writing may not, not even for an admin (security.md decision 5).
 */
export type UserAccess = 'read' | 'write';

/**
 * Whose data a planner route acts on (security.md decision 5, S31): the
 * caller's own when `user_id` is absent or names the caller; another user's
 * only for an admin reading. Anything else is 403 with no data, and an
 * `authz_fail` audit event. The identity always comes from the token.
 */
export function createUserScope(audit: AuditLog) {
  return async function targetUser(
    request: FastifyRequest,
    requested: string | undefined,
    access: UserAccess,
  ): Promise<string> {
    const auth = authOf(request);
    const target = requested?.toLowerCase();
    if (target === undefined || target === auth.userId) return auth.userId;
    if (access === 'read' && auth.role === 'admin') return target;
    await audit.record(requestContext(request), {
      type: 'authz_fail',
      outcome: 'denied',
      actorId: auth.userId,
      target: `${request.method} ${request.routeOptions.url ?? ''}`,
      details: { reason: 'other_user_id', access },
    });
    throw new ForbiddenError(OTHER_USER_TEXT);
  };
}

export type UserScope = ReturnType<typeof createUserScope>;
