import {
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Random secrets and the keyed hashes we store instead of them (security.md
 * S01, S15, S19). Keys are derived from JWT_SECRET with HKDF, one per
 * purpose, so a leaked database alone cannot test guesses of a 6-digit code
 * offline.
 */

export type KeyPurpose = 'verification-code' | 'refresh-token' | 'throttle-key';

export interface SecretKeys {
  /** HMAC-SHA256 of `value` under the key of `purpose`, hex. */
  hash(purpose: KeyPurpose, value: string): string;
  /** The raw key of a purpose, for HMAC-based token formats. */
  key(purpose: KeyPurpose): Buffer;
}

export function createSecretKeys(masterSecret: string): SecretKeys {
  const keys = new Map<KeyPurpose, Buffer>();
  const key = (purpose: KeyPurpose) => {
    let derived = keys.get(purpose);
    if (!derived) {
      derived = Buffer.from(
        hkdfSync('sha256', masterSecret, 'platewise', purpose, 32),
      );
      keys.set(purpose, derived);
    }
    return derived;
  };
  return {
    key,
    hash: (purpose, value) =>
      createHmac('sha256', key(purpose)).update(value).digest('hex'),
  };
}

/** A 6-digit code from the CSPRNG, with leading zeros (S01). */
export function generateOtp(digits = 6): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

/** `bytes` random bytes as base64url (32 bytes = 256 bits, S15, S19). */
export function generateToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two hex digests (or any equal-length strings). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
