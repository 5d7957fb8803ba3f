import type { FastifyRequest } from 'fastify';

import type { AuditLog } from '../../domains/audit/audit-service.js';
import { accountTexts } from '../../domains/users/users-errors.js';
import { TooManyRequestsError } from '../../errors.js';
import { requestContext } from '../../request-context.js';

/**
 * Per-IP limits for the account routes (security.md S05, S12), in memory per
 * process (architecture point 8 moves them to Redis for several processes).
 * Keyed on `request.ip`, so a spoofed X-Forwarded-For changes nothing while
 * TRUST_PROXY is off. @fastify/rate-limit sets Retry-After on the 429.
 */
export function perIpRateLimit(max: number, windowSeconds: number) {
  return {
    rateLimit: {
      max,
      timeWindow: windowSeconds * 1000,
      errorResponseBuilder: () =>
        new TooManyRequestsError(accountTexts.tooManyAttempts),
    },
  };
}

/** How often one client's hits on one limit are audited (S48) at most. */
const AUDIT_INTERVAL_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * The `onExceeded` hook: one audit event per client and limit per minute, so
 * a flood of refused requests cannot flood the audit table too.
 */
export function rateLimitAuditor(audit: AuditLog) {
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
      details: { limit: 'per_ip' },
    });
  };
}
