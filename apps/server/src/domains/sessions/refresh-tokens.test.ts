import { randomBytes, randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { createRefreshTokenCodec } from './refresh-tokens.js';

describe('createRefreshTokenCodec', () => {
  const codec = createRefreshTokenCodec(randomBytes(32));
  const sessionId = randomUUID();
  const parse = (token: string) => {
    const parsed = codec.parse(token);
    if (!parsed) throw new Error('expected a valid token');
    return parsed;
  };

  it('issues opaque 512-bit tokens that parse back to their session', () => {
    const token = codec.issue(sessionId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(codec.parse(token)?.sessionId).toBe(sessionId);
    expect(codec.issue(sessionId)).not.toBe(token);
  });

  it('derives the same child from the same parent, and a different one per generation', () => {
    const parent = parse(codec.issue(sessionId));
    const child = codec.child(parent);
    expect(codec.child(parent)).toBe(child);
    const grandchild = codec.child(parse(child));
    expect(new Set([child, grandchild]).size).toBe(2);
    expect(codec.parse(grandchild)?.sessionId).toBe(sessionId);
  });

  it('refuses tampered, truncated and foreign tokens', () => {
    const token = codec.issue(sessionId);
    const bytes = Buffer.from(token, 'base64url');
    bytes[30] = (bytes[30] ?? 0) ^ 1;
    expect(codec.parse(bytes.toString('base64url'))).toBeNull();
    expect(codec.parse(token.slice(0, -2))).toBeNull();
    expect(codec.parse(`${token}=`)).toBeNull();
    expect(codec.parse('')).toBeNull();
    const other = createRefreshTokenCodec(randomBytes(32));
    expect(other.parse(token)).toBeNull();
  });

  it('hashes to a SHA-256 hex digest', () => {
    expect(codec.hash('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
