import {
  AuthSuccessPayloadSchema,
  type AuthSuccessPayload,
} from '@platewise/shared';

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function fromBase64Url(text: string): string | undefined {
  try {
    const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Reads the `data` parameter of /auth/success (spec point 2): JSON with
 * accessToken, refreshToken and userData, as plain or percent-encoded JSON
 * (URLSearchParams has decoded one level already) or base64url. Anything
 * else is unparsable and gives null.
 */
export function parseAuthSuccessData(raw: string): AuthSuccessPayload | null {
  const candidates: Array<string | undefined> = [raw];
  try {
    candidates.push(decodeURIComponent(raw));
  } catch {
    // Not percent-encoded twice: nothing more to try on this path.
  }
  candidates.push(fromBase64Url(raw));
  for (const candidate of candidates) {
    if (candidate === undefined) continue;
    const parsed = AuthSuccessPayloadSchema.safeParse(tryJson(candidate));
    if (parsed.success) return parsed.data;
  }
  return null;
}
