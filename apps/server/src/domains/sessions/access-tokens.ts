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
/** Verified tokens kept (one per signed-in client, each a few minutes). */
const VERIFIED_MAX = 50_000;

/** jose's clock: whole seconds; a token is expired when `exp` <= now. */
const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

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
  // Tokens whose signature and claims were checked, with their expiry
  // (issue 17): verifying HS256 through WebCrypto (an imported key and an
  // async job per call) was the largest cost of a cached catalogue read.
  const verified = new Map<
    string,
    { claims: AccessTokenClaims; exp: number }
  >();
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
      // A token verified before needs only its expiry checked again: the
      // signature and the other claims of the same bytes cannot change.
      const known = verified.get(token);
      if (known !== undefined) {
        return epochSeconds(clock.now()) < known.exp
          ? { claims: known.claims }
          : { error: 'expired' };
      }
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
        const { sub, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string') {
          return { error: 'invalid' };
        }
        const claims = { userId: sub, sessionId: sid };
        if (typeof exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.clear();
          verified.set(token, { claims, exp });
        }
        return { claims };
      } catch (error) {
        return {
          error: error instanceof errors.JWTExpired ? 'expired' : 'invalid',
        };
      }
    },
  };
}
