import { jwtVerify, type JWTVerifyGetKey } from 'jose';

const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Google signs ID tokens with `iss` either `https://accounts.google.com` or
 * the bare `accounts.google.com`, and says to accept both (S29). Any other
 * issuer is taken exactly as its discovery document names it.
 */
function acceptedIssuers(issuer: string): string[] {
  return issuer === GOOGLE_ISSUER ? [issuer, 'accounts.google.com'] : [issuer];
}

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
    issuer: acceptedIssuers(expected.issuer),
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
