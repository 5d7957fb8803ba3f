import { expect } from '@playwright/test';

export const MAIL_HTTP_URL = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT ?? 2527}`;

interface Mail {
  subject: string;
  text: string;
}

/** The mails the product sent to `address`, oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(
    `${MAIL_HTTP_URL}/messages?to=${encodeURIComponent(address)}`,
  );
  return (await response.json()) as Mail[];
}

/**
 * Waits for a mail to `address` whose text matches `pattern`, among those
 * after the first `skip` mails, and returns the pattern's first group.
 */
export async function waitForMailMatch(
  address: string,
  pattern: RegExp,
  skip = 0,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).slice(skip);
        found = mails
          .map((mail) => pattern.exec(mail.text)?.[1])
          .findLast((match) => match !== undefined);
        return found !== undefined;
      },
      // The config's expect timeout.
      { message: `a mail to ${address} matching ${pattern}` },
    )
    .toBe(true);
  if (found === undefined) throw new Error('unreachable');
  return found;
}

export const OTP_PATTERN = /\b(\d{6})\b/;
export const RESET_LINK_PATTERN = /(https?:\/\/\S+\/resetpassword\?\S+)/;
