import { describe, expect, it } from 'vitest';

import { readCspNonce } from './csp-nonce';

function docWith(content?: string) {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'csp-nonce';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readCspNonce', () => {
  it('returns the nonce the server filled in', () => {
    expect(readCspNonce(docWith('r4nd0m'))).toBe('r4nd0m');
  });

  it('returns nothing for the unreplaced placeholder or a missing tag', () => {
    expect(readCspNonce(docWith('__CSP_NONCE__'))).toBeUndefined();
    expect(readCspNonce(docWith())).toBeUndefined();
  });
});
