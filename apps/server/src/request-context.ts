import type { Role } from '@platewise/shared';
import type { FastifyRequest } from 'fastify';

/**
 * Who is asking, as services need it for sessions and the audit trail. Built
 * by the route from the request, so services never see Fastify.
 */
export interface RequestContext {
  requestId: string;
  /** `request.ip`: the socket address unless TRUST_PROXY says otherwise (S12). */
  ip: string;
  userAgent: string | null;
}

/**
 * Who made an authenticated request; set by the guards as `request.auth`.
 * Here rather than in a domain, so users, sessions and the guards share it
 * without importing one another.
 */
export interface AuthContext {
  userId: string;
  sessionId: string;
  /** Read from the database on this request, never from the token (S34). */
  role: Role;
}

/** User agents are client input: keep a bounded prefix. */
const USER_AGENT_MAX_LENGTH = 512;

export function requestContext(request: FastifyRequest): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    requestId: request.id,
    ip: request.ip,
    userAgent:
      typeof userAgent === 'string' && userAgent !== ''
        ? userAgent.slice(0, USER_AGENT_MAX_LENGTH)
        : null,
  };
}
