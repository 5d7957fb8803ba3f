import { messages } from '@platewise/shared';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';

import type { AuditLog } from '../../domains/audit/audit-service.js';
import { accountTexts } from '../../domains/users/users-errors.js';
import { TooManyRequestsError } from '../../errors.js';
import { requestContext } from '../../request-context.js';

/**
 * Per-IP limits for the account routes (security.md S05, S12): in memory on
 * PGlite (one process); in PostgreSQL or Redis otherwise, so that they hold
 * across processes (cache/rate-limit-store.ts, issue 17).
 * Keyed on `request.ip`, so a spoofed X-Forwarded-For changes nothing while
 * TRUST_PROXY is off. @fastify/rate-limit sets Retry-After on the 429.
 */
export function perIpRateLimit(
  max: number,
  windowSeconds: number,
  message: string = accountTexts.tooManyAttempts,
) {
  return {
    rateLimit: {
      max,
      timeWindow: windowSeconds * 1000,
      errorResponseBuilder: () => new TooManyRequestsError(message),
    },
  };
}

/** The hooks made by perUserRateLimit and perKeyRateLimit. */
const LIMITERS = new WeakSet<object>();

/**
 * Whether a route is under a rate limit: @fastify/rate-limit's (its
 * `config.rateLimit`) or a hook made below, among its onRequest or
 * preHandler hooks. The route table records it (app.ts), so that the route
 * inventory can ask it of every write.
 */
export function hasRateLimit(route: {
  config?: unknown;
  onRequest?: unknown;
  preHandler?: unknown;
}): boolean {
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit !== undefined && config.rateLimit !== false) {
    return true;
  }
  return [route.onRequest ?? [], route.preHandler ?? []]
    .flat()
    .some((hook) => typeof hook === 'function' && LIMITERS.has(hook));
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * An onRequest hook limiting a user's writes to one route (a tick, a
     * kitchen item, a setting: one cheap statement each) to
     * RATE_LIMIT_USER_WRITES a minute, then 429 with Retry-After; `name`
     * names the route's counter (registerUserWriteLimit).
     */
    userWriteLimit(name: string): onRequestHookHandler;
  }
}

/**
 * Decorates the app with `userWriteLimit`, for every route plugin under it.
 * After @fastify/rate-limit, before the routes.
 */
export function registerUserWriteLimit(app: FastifyInstance, max: number) {
  app.decorate('userWriteLimit', (name: string) =>
    perUserRateLimit(
      app,
      max,
      60,
      messages.generic.tooManyChanges,
      `writes:${name}`,
    ),
  );
}

/**
 * A per-user limit as an onRequest hook, for a route whose config already
 * holds a per-IP limit (@fastify/rate-limit runs one config limit per
 * request). Guards are hoisted ahead of a route's onRequest hooks
 * (plugins/app/auth.ts), so `request.auth` is set when it runs. Answers 429
 * with Retry-After, and audits as the per-IP limits do.
 */
export function perUserRateLimit(
  app: FastifyInstance,
  max: number,
  windowSeconds: number,
  message: string,
  /** Names the counter in a shared store (several processes, issue 17). */
  name: string,
) {
  const options = {
    max,
    timeWindow: windowSeconds * 1000,
    // Read by cache/rate-limit-store.ts: a limiter has no route to name it.
    storeKey: `per-user:${name}`,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`,
  };
  const limiter = app.createRateLimit(options);
  const audited = rateLimitAuditor(app.services.audit, 'per_user');
  const hook = async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    audited(request, outcome.key);
    throw new TooManyRequestsError(message, outcome.ttlInSeconds);
  };
  LIMITERS.add(hook);
  return hook;
}

/**
 * A limit keyed on what the request is about (an invited address, say)
 * rather than on who sends it, as a preHandler: it runs after validation,
 * so `key` may read the parsed body. Counts in the same store as the other
 * limits (shared across processes, issue 17); answers 429 with Retry-After
 * and audits as they do. `key` should hash personal data: it is stored.
 */
export function perKeyRateLimit(
  app: FastifyInstance,
  options: {
    max: number;
    windowSeconds: number;
    message: string;
    /** Names the counter in a shared store. */
    name: string;
    key: (request: FastifyRequest) => string;
  },
) {
  const limits = {
    max: options.max,
    timeWindow: options.windowSeconds * 1000,
    // Read by cache/rate-limit-store.ts: a limiter has no route to name it.
    storeKey: `per-key:${options.name}`,
    keyGenerator: options.key,
  };
  const limiter = app.createRateLimit(limits);
  const audited = rateLimitAuditor(app.services.audit, 'per_key');
  const hook = async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    audited(request, outcome.key);
    throw new TooManyRequestsError(options.message, outcome.ttlInSeconds);
  };
  LIMITERS.add(hook);
  return hook;
}

/** How often one client's hits on one limit are audited (S48) at most. */
const AUDIT_INTERVAL_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * The `onExceeded` hook: one audit event per client and limit per minute, so
 * a flood of refused requests cannot flood the audit table too.
 */
export function rateLimitAuditor(
  audit: AuditLog,
  limit: 'per_ip' | 'per_user' | 'per_key' = 'per_ip',
) {
  const lastAudited = new Map<string, number>();
  return (request: FastifyRequest, key: string) => {
    const route = `${request.method} ${request.routeOptions.url ?? 'not-found'}`;
    const id = `${route} ${key}`;
    const now = Date.now();
    const last = lastAudited.get(id);
    if (last !== undefined && now - last < AUDIT_INTERVAL_MS) return;
    if (lastAudited.size >= MAX_TRACKED) lastAudited.clear();
    lastAudited.set(id, now);
    void audit.record(requestContext(request), {
      type: 'excess_rate_limit_exceeded',
      outcome: 'denied',
      target: route,
      details: { limit },
    });
  };
}
