import { jwtVerify, type JWTVerifyGetKey } from 'jose';

/**
 * Our own check of a Google ID token (security.md S28, S29), made on top of
 * openid-client's: the signature against the issuer's keys, `iss`, `aud`,
 * `exp` (with a minute of clock skew) and the `nonce` of this attempt. Throws
 * on any failure; the caller answers 401.
 */
export async function verifyIdToken(
  idToken: string,
  keys: JWTVerifyGetKey,
  expected: { issuer: string; audience: string; nonce: string; now: Date },
): Promise<void> {
  const { payload } = await jwtVerify(idToken, keys, {
    issuer: expected.issuer,
    audience: expected.audience,
    algorithms: ['RS256'],
    requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
    currentDate: expected.now,
    clockTolerance: 60,
  });
  if (payload.nonce !== expected.nonce) {
    throw new Error('ID token nonce does not match the sign-in attempt');
  }
}
