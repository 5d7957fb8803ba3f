/** The literal the server replaces with a fresh nonce on every HTML answer. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The style nonce of this page (decision 004), or undefined where the server
 * did not fill it in (under `vite dev`, or a plain static server).
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const value = doc
    .querySelector('meta[name="csp-nonce"]')
    ?.getAttribute('content');
  if (!value || value === CSP_NONCE_PLACEHOLDER) return undefined;
  return value;
}
