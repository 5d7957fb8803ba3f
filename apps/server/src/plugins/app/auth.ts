import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AuditLog } from '../../domains/audit/audit-service.js';
import type {
  SessionLoader,
  SessionsService,
} from '../../domains/sessions/sessions-service.js';
import { accountTexts } from '../../domains/users/users-errors.js';
import { ForbiddenError, UnauthorizedError } from '../../errors.js';
import { requestContext, type AuthContext } from '../../request-context.js';

/**
 * Authentication guards for every domain (style guide: "guards as
 * requireUser/requireAdmin preHandlers"; ADR 006).
 *
 * Put one on a route's preHandler and read the caller from `request.auth`:
 *
 *   app.get('/recipes/mine', { preHandler: app.requireUser, schema }, (request) =>
 *     recipes.listMine(authOf(request).userId));
 *   app.patch('/admin/users/:id', { preHandler: app.requireAdmin, schema }, …);
 *
 * Both take the bearer access token from the Authorization header only
 * (never a query string or cookie, S18), verify it, load its session and
 * user from the database (revoked, expired or idle sessions and disabled
 * users answer 401; S24, S34) and set `request.auth = { userId, sessionId,
 * role }`, where the role is the one in the database now. requireAdmin then
 * answers 403 unless that role is admin (S33).
 *
 * A guard listed as a preHandler is moved to the route's onRequest hooks when
 * the route is added, so it runs before the body is parsed and validated: a
 * caller without a valid token gets 401, never a 400 that describes the
 * schema (S30). A route without a guard is public: add it to PUBLIC in
 * route-inventory.test.ts when that is intended.
 */

/** A route hook that throws to refuse. */
export type Guard = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Route hook: any signed-in, active user (401 otherwise). */
    requireUser: Guard;
    /** Route hook: a signed-in, active administrator (401, then 403). */
    requireAdmin: Guard;
  }
  interface FastifyRequest {
    /** Set by requireUser/requireAdmin; null on public routes. */
    auth: AuthContext | null;
  }
}

/** The caller of a guarded route (throws if a route forgot its guard). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) {
    throw new Error(
      `${request.routeOptions.url ?? request.url} reads request.auth without a guard`,
    );
  }
  return request.auth;
}

/** One `Bearer <token>` in the Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function registerAuthGuards(
  app: FastifyInstance,
  deps: {
    sessions: Pick<SessionsService, 'authenticate'>;
    audit: AuditLog;
    /** Replaces the session lookup (a prepared statement, issue 17). */
    loadSession?: SessionLoader;
  },
): void {
  const { sessions, audit, loadSession } = deps;
  app.decorateRequest('auth', null);

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const token = bearerToken(request);
    if (token === null) throw new UnauthorizedError(accountTexts.loginRequired);
    const auth = await sessions.authenticate(
      token,
      requestContext(request),
      loadSession,
    );
    request.auth = auth;
    return auth;
  }

  const requireUser: Guard = async (request) => {
    await authenticate(request);
  };
  app.decorate('requireUser', requireUser);
  const guards = new Set<unknown>([requireUser]);

  const requireAdmin: Guard = async (request) => {
    const auth = await authenticate(request);
    if (auth.role !== 'admin') {
      await audit.record(requestContext(request), {
        type: 'authz_fail',
        outcome: 'denied',
        actorId: auth.userId,
        target: `${request.method} ${request.routeOptions.url ?? ''}`,
        details: { required: 'admin', role: auth.role },
      });
      throw new ForbiddenError(accountTexts.adminRequired);
    }
  };
  app.decorate('requireAdmin', requireAdmin);
  guards.add(requireAdmin);

  // Hoists the guards from preHandler to onRequest (see above). Registered
  // on the root before any domain, so it sees every route.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const found = preHandlers.filter((hook) => guards.has(hook));
    if (found.length === 0) return;
    route.preHandler = preHandlers.filter((hook) => !guards.has(hook));
    route.onRequest = [...found, ...[route.onRequest ?? []].flat()];
  });
}

/** The 403 text for another user's `user_id` (security.md S31). */
export const OTHER_USER_TEXT =
  'You can only access your own meal plan and settings.';

/**
 * Reading may name another user (an admin reading any user's data);
 * writing may not, not even for an admin (security.md decision 5).
 */
export type UserAccess = 'read' | 'write';

/**
 * Who shares the plan a user sees (issue 18: households). The default, for
 * a server without households (the plan generator's own process), is the
 * user alone.
 */
export interface PlanAccess {
  planAccess(
    userId: string,
  ): Promise<{ dataUserId: string; memberIds: string[] }>;
}

const ALONE: PlanAccess = {
  planAccess: async (userId) => ({ dataUserId: userId, memberIds: [userId] }),
};

/**
 * Whose data a route that takes a `user_id` acts on (security.md decision 5,
 * S31): the plan of the caller's household when `user_id` is absent or
 * names any member of it (issue 18), checked against the database on every
 * request, so a removed member is refused at once; another user's only for
 * an admin reading. Anything else is 403 with no data, and an `authz_fail`
 * audit event. The identity always comes from the token, so this runs after
 * requireUser. The answer is the user id that keys the shared plan.
 */
export function createUserScope(audit: AuditLog, access: PlanAccess = ALONE) {
  async function refuse(
    request: FastifyRequest,
    auth: AuthContext,
    mode: UserAccess,
  ): Promise<never> {
    await audit.record(requestContext(request), {
      type: 'authz_fail',
      outcome: 'denied',
      actorId: auth.userId,
      target: `${request.method} ${request.routeOptions.url ?? ''}`,
      details: { reason: 'other_user_id', access: mode },
    });
    throw new ForbiddenError(OTHER_USER_TEXT);
  }

  async function targetUser(
    request: FastifyRequest,
    requested: string | undefined,
    mode: UserAccess,
  ): Promise<string> {
    const auth = authOf(request);
    const target = requested?.toLowerCase();
    const own = await access.planAccess(auth.userId);
    if (target === undefined || own.memberIds.includes(target)) {
      return own.dataUserId;
    }
    if (mode === 'read' && auth.role === 'admin') {
      return (await access.planAccess(target)).dataUserId;
    }
    return refuse(request, auth, mode);
  }

  /**
   * For per-member data (the planner settings: each member keeps their
   * own, the planner combines them): the caller's own, or for reading,
   * another member's of the same household (or anyone's, for an admin).
   */
  targetUser.member = async function memberUser(
    request: FastifyRequest,
    requested: string | undefined,
    mode: UserAccess,
  ): Promise<string> {
    const auth = authOf(request);
    const target = requested?.toLowerCase();
    if (target === undefined || target === auth.userId) return auth.userId;
    if (mode === 'read') {
      if (auth.role === 'admin') return target;
      const own = await access.planAccess(auth.userId);
      if (own.memberIds.includes(target)) return target;
    }
    return refuse(request, auth, mode);
  };

  return targetUser;
}

export type UserScope = ReturnType<typeof createUserScope>;
