import { createHmac, randomBytes } from 'node:crypto';

import { safeEqual, sha256Hex } from '../../security/secrets.js';

/**
 * Opaque refresh tokens (ADR 006, security.md S19-S21):
 * base64url(session id (16 bytes) | secret (32 bytes) | tag (16 bytes)).
 *
 * - The session id lets a replay of *any* older token find its session and
 *   revoke it (S20) while the database keeps only two hashes per session.
 * - The tag (HMAC under a key derived from JWT_SECRET) tells our own old
 *   tokens from made-up ones, so guessing a session id cannot end a session.
 * - A rotated secret is derived from its parent by HMAC, so the parent
 *   re-presented within the grace window yields the same child without the
 *   child ever being stored (S21). The first secret is 256 random bits; the
 *   children are as unpredictable to anyone without the key.
 */
const SECRET_BYTES = 32;
const TAG_BYTES = 16;
const ID_BYTES = 16;
const TOKEN_BYTES = ID_BYTES + SECRET_BYTES + TAG_BYTES;

export interface ParsedRefreshToken {
  sessionId: string;
  secret: Buffer;
}

export interface RefreshTokenCodec {
  /** A first token for a new session. */
  issue(sessionId: string): string;
  /** The token that replaces `parent` on rotation (deterministic). */
  child(parent: ParsedRefreshToken): string;
  /** Null for anything we did not issue. */
  parse(token: string): ParsedRefreshToken | null;
  /** What the database stores. */
  hash(token: string): string;
}

function uuidToBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createRefreshTokenCodec(key: Buffer): RefreshTokenCodec {
  const tag = (id: Buffer, secret: Buffer) =>
    createHmac('sha256', key)
      .update('tag')
      .update(id)
      .update(secret)
      .digest()
      .subarray(0, TAG_BYTES);

  const encode = (sessionId: string, secret: Buffer) => {
    const id = uuidToBytes(sessionId);
    return Buffer.concat([id, secret, tag(id, secret)]).toString('base64url');
  };

  return {
    issue: (sessionId) => encode(sessionId, randomBytes(SECRET_BYTES)),
    child: ({ sessionId, secret }) =>
      encode(
        sessionId,
        createHmac('sha256', key)
          .update('rotate')
          .update(uuidToBytes(sessionId))
          .update(secret)
          .digest(),
      ),
    parse(token) {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== TOKEN_BYTES) return null;
      const id = bytes.subarray(0, ID_BYTES);
      const secret = bytes.subarray(ID_BYTES, ID_BYTES + SECRET_BYTES);
      const given = bytes.subarray(ID_BYTES + SECRET_BYTES);
      if (!safeEqual(given.toString('hex'), tag(id, secret).toString('hex'))) {
        return null;
      }
      return { sessionId: bytesToUuid(id), secret: Buffer.from(secret) };
    },
    hash: (token) => sha256Hex(token),
  };
}
