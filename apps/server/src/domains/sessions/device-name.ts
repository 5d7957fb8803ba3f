import { UAParser } from 'ua-parser-js';

/**
 * "Chrome on Linux" from a User-Agent header, for the session list. We pin
 * ua-parser-js 1 (MIT): version 2 is AGPL-licensed, which a self-hostable
 * product should not force on the people who run it.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = new UAParser(userAgent).getResult();
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  if (browser.name) return browser.name;
  if (os.name) return `Unknown browser on ${os.name}`;
  return 'Unknown device';
}
