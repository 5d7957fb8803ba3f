/** The literal the server replaces with SUPPORT_EMAIL (plugins/app/spa.ts). */
export const SUPPORT_EMAIL_PLACEHOLDER = '__SUPPORT_EMAIL__';

/**
 * The instance's support address, which the server writes into the page
 * (`<meta name="support-email">`, issue 11): configuration, not a constant.
 * Undefined when the operator has not set SUPPORT_EMAIL, or where no server
 * filled it in (`vite dev`).
 */
export function readSupportEmail(doc: Document = document): string | undefined {
  const value = doc
    .querySelector('meta[name="support-email"]')
    ?.getAttribute('content')
    ?.trim();
  if (!value || value === SUPPORT_EMAIL_PLACEHOLDER) return undefined;
  return value;
}

/** A mailto: link to `address`, with an optional subject. */
export function supportMailHref(address: string, subject?: string): string {
  return subject
    ? `mailto:${address}?subject=${encodeURIComponent(subject)}`
    : `mailto:${address}`;
}
