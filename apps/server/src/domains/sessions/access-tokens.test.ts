import { describe, expect, it } from 'vitest';

import { createAccessTokens } from './access-tokens.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const CLAIMS = {
  userId: '00000000-0000-4000-8000-000000000001',
  sessionId: '00000000-0000-4000-8000-000000000002',
};

function tokens(at: { now: Date }) {
  return createAccessTokens({
    secret: SECRET,
    issuer: 'https://platewise.test',
    ttlSeconds: 60,
    clock: { now: () => at.now },
  });
}

describe('access tokens', () => {
  it('answers a token verified before as expired once its lifetime is over', async () => {
    const at = { now: new Date('2026-11-26T12:00:00Z') };
    const access = tokens(at);
    const token = await access.issue(CLAIMS);
    expect(await access.verify(token)).toEqual({ claims: CLAIMS });
    at.now = new Date('2026-11-26T12:00:59Z');
    expect(await access.verify(token)).toEqual({ claims: CLAIMS });
    at.now = new Date('2026-11-26T12:01:00Z');
    expect(await access.verify(token)).toEqual({ error: 'expired' });
  });

  it('refuses a changed token even after the original was accepted', async () => {
    const at = { now: new Date('2026-11-26T12:00:00Z') };
    const access = tokens(at);
    const token = await access.issue(CLAIMS);
    expect(await access.verify(token)).toEqual({ claims: CLAIMS });
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(
      Buffer.from(payload ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    forged.sub = '00000000-0000-4000-8000-000000000003';
    const changed = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await access.verify(changed)).toEqual({ error: 'invalid' });
    // Another server's secret: the same bytes are not trusted there.
    const other = createAccessTokens({
      secret: `${SECRET}-other`,
      issuer: 'https://platewise.test',
      ttlSeconds: 60,
      clock: { now: () => at.now },
    });
    expect(await other.verify(token)).toEqual({ error: 'invalid' });
  });
});
