import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JWTPayload,
} from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { verifyIdToken } from './google-id-token.js';

/** ID tokens signed here, checked as the callback checks Google's (S29). */

const ISSUER = 'https://accounts.google.com';
const CLIENT_ID = 'platewise.apps.googleusercontent.com';
const NONCE = 'nonce-of-this-attempt';
const NOW = new Date('2026-11-23T12:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let google: KeyPair;
let stranger: KeyPair;
let keys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  google = await generateKeyPair('RS256');
  stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'google-1' };
  keys = createLocalJWKSet({ keys: [jwk] });
});

function token(
  claims: JWTPayload = {},
  signer: KeyPair = google,
): Promise<string> {
  return new SignJWT({
    iss: ISSUER,
    aud: CLIENT_ID,
    sub: '1234567890',
    email: 'gina@gmail.com',
    email_verified: true,
    nonce: NONCE,
    iat: seconds(NOW) - 10,
    exp: seconds(NOW) + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
    .sign(signer.privateKey);
}

const expected = {
  issuer: ISSUER,
  audience: CLIENT_ID,
  nonce: NONCE,
  now: NOW,
};

describe('verifyIdToken', () => {
  it('accepts a token signed by the issuer for us and this attempt', async () => {
    await expect(
      verifyIdToken(await token(), keys, expected),
    ).resolves.toBeUndefined();
  });

  it.each<[string, () => Promise<string>]>([
    ['a wrong aud', () => token({ aud: 'someone-else' })],
    ['a wrong iss', () => token({ iss: 'https://evil.example' })],
    [
      'an expired token',
      () => token({ iat: seconds(NOW) - 7200, exp: seconds(NOW) - 3600 }),
    ],
    ['a bad signature', () => token({}, stranger)],
    ['a wrong nonce', () => token({ nonce: 'replayed-nonce' })],
    ['no nonce', () => token({ nonce: undefined })],
  ])('refuses %s', async (_name, make) => {
    await expect(verifyIdToken(await make(), keys, expected)).rejects.toThrow();
  });

  it("accepts both forms of Google's issuer, and only the exact one of another", async () => {
    await expect(
      verifyIdToken(
        await token({ iss: 'accounts.google.com' }),
        keys,
        expected,
      ),
    ).resolves.toBeUndefined();
    const other = { ...expected, issuer: 'https://id.example.com' };
    await expect(
      verifyIdToken(
        await token({ iss: 'https://id.example.com' }),
        keys,
        other,
      ),
    ).resolves.toBeUndefined();
    await expect(
      verifyIdToken(await token({ iss: 'id.example.com' }), keys, other),
    ).rejects.toThrow();
  });

  it('refuses a token whose signature was stripped (alg none)', async () => {
    const [header, payload] = (await token()).split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload ?? ''}.`;
    expect(header).toBeTruthy();
    await expect(verifyIdToken(none, keys, expected)).rejects.toThrow();
  });

  it('allows a minute of clock skew, not more', async () => {
    const justExpired = await token({ exp: seconds(NOW) - 30 });
    await expect(
      verifyIdToken(justExpired, keys, expected),
    ).resolves.toBeUndefined();
    const longExpired = await token({ exp: seconds(NOW) - 90 });
    await expect(verifyIdToken(longExpired, keys, expected)).rejects.toThrow();
  });
});
