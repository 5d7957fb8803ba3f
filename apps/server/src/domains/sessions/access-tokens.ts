import { randomUUID } from 'node:crypto';

import { errors, jwtVerify, SignJWT } from 'jose';

import type { Clock } from '../../clock.js';

/**
 * Short-lived access JWTs (ADR 006, security.md S17, S18): HS256 with
 * JWT_SECRET, `typ: at+jwt` (RFC 9068) so no other JWT passes as one, and
 * only `sub` and `sid`. Role and status are never read from the token: the
 * guard loads the session and user on every request (S24, S34).
 */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
export const ACCESS_TOKEN_AUDIENCE = 'platewise-api';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
}

export type VerifiedAccessToken =
  { claims: AccessTokenClaims } | { error: 'expired' | 'invalid' };

export interface AccessTokens {
  issue(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token, or why it is not one (never throws). */
  verify(token: string): Promise<VerifiedAccessToken>;
}

export function createAccessTokens(deps: {
  secret: string;
  issuer: string;
  ttlSeconds: number;
  clock: Clock;
}): AccessTokens {
  const key = new TextEncoder().encode(deps.secret);
  const { issuer, ttlSeconds, clock } = deps;
  return {
    async issue({ userId, sessionId }) {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          // An allowlist of one: no `none`, no RS/HS confusion (S17).
          algorithms: [ALGORITHM],
          typ: ACCESS_TOKEN_TYPE,
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        });
        const { sub, sid } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string') {
          return { error: 'invalid' };
        }
        return { claims: { userId: sub, sessionId: sid } };
      } catch (error) {
        return {
          error: error instanceof errors.JWTExpired ? 'expired' : 'invalid',
        };
      }
    },
  };
}
