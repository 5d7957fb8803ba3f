import type { FastifyInstance, FastifyRequest } from 'fastify';

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
  return async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    audited(request, outcome.key);
    throw new TooManyRequestsError(message, outcome.ttlInSeconds);
  };
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
  return async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    audited(request, outcome.key);
    throw new TooManyRequestsError(options.message, outcome.ttlInSeconds);
  };
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
