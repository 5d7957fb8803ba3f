import nodemailer from 'nodemailer';

import type { Config } from '../../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * `sent`: the SMTP server accepted it (or, without SMTP, it was logged).
 * `pending`: no answer within MAIL_SEND_TIMEOUT_MS; it may still go out.
 * `failed`: refused or unreachable.
 */
export type Delivery = 'sent' | 'pending' | 'failed';

/** What an attempt to send said, for the admin's test e-mail. */
export type MailCheck =
  | { outcome: 'sent' }
  | { outcome: 'not_configured' }
  | { outcome: 'timeout' }
  /** `error` is the SMTP client's text with the SMTP_URL's secrets removed. */
  | { outcome: 'failed'; error: string };

export interface Mailer {
  /** Never throws and never takes longer than MAIL_SEND_TIMEOUT_MS (R10). */
  deliver(message: MailMessage): Promise<Delivery>;
  /** Sends now and reports what the SMTP server said; never throws. */
  check(message: MailMessage): Promise<MailCheck>;
  close(): void;
}

/**
 * Adds "Questions? Write to …" with the instance's SUPPORT_EMAIL (issue 11:
 * the address is configuration) to a mail's text and HTML; without one the
 * mail goes as it is. The mailer applies it to every mail.
 */
export function withSupportLine<M extends Omit<MailMessage, 'to'>>(
  mail: M,
  supportEmail: string | undefined,
): M {
  if (!supportEmail) return mail;
  // A validated address (config.ts); escaped all the same, it goes in HTML.
  const address = supportEmail
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return {
    ...mail,
    text: `${mail.text}\nQuestions? Write to ${supportEmail}.`,
    html: mail.html.replace(
      '  </body>',
      `    <p style="color: #52606d; font-size: 0.9em">Questions? Write to <a href="mailto:${address}">${address}</a>.</p>\n  </body>`,
    ),
  };
}

const MAIL_ERROR_MAX_LENGTH = 300;

/**
 * The SMTP client's error text, safe to show an admin: without the
 * SMTP_URL, its user name or password (a server may echo the login), control
 * characters, or more than a line or two.
 */
export function mailErrorText(error: unknown, smtpUrl: string): string {
  let text = error instanceof Error ? error.message : String(error);
  const secrets = [smtpUrl];
  try {
    const url = new URL(smtpUrl);
    for (const part of [url.username, url.password]) {
      if (part) secrets.push(part, decodeURIComponent(part));
    }
  } catch {
    // SMTP_URL was validated at start; nothing more to hide.
  }
  for (const secret of secrets.filter((value) => value.length >= 3)) {
    text = text.replaceAll(secret, '***');
  }
  // eslint-disable-next-line no-control-regex
  text = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return text.length > MAIL_ERROR_MAX_LENGTH
    ? `${text.slice(0, MAIL_ERROR_MAX_LENGTH)}…`
    : text || 'unknown error';
}

interface MailLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Mail through nodemailer to SMTP_URL. Without SMTP_URL (a newcomer's first
 * start, architecture point 4) each mail is written to the log at info,
 * codes and links included: that dev mode is the one place where secrets
 * reach the log, and it ends as soon as SMTP_URL is set (security.md S49).
 */
export function createMailer(deps: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SEND_TIMEOUT_MS'> &
    Partial<Pick<Config, 'SUPPORT_EMAIL'>>;
  logger: MailLogger;
}): Mailer {
  const { config, logger } = deps;
  const mailer = createTransportMailer(config, logger);
  // Every mail ends with the instance's support address, when it has one.
  return {
    deliver: (message) =>
      mailer.deliver(withSupportLine(message, config.SUPPORT_EMAIL)),
    check: (message) =>
      mailer.check(withSupportLine(message, config.SUPPORT_EMAIL)),
    close: () => mailer.close(),
  };
}

/**
 * A subject as the log may hold it: the sign-up code is in its subject, so
 * runs of digits are masked (security.md S49: logs never hold an OTP).
 */
export function loggableSubject(subject: string): string {
  return subject.replace(/\d{4,}/g, (digits) => '•'.repeat(digits.length));
}

function createTransportMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SEND_TIMEOUT_MS'>,
  logger: MailLogger,
): Mailer {
  const timeoutMs = config.MAIL_SEND_TIMEOUT_MS;

  if (config.SMTP_URL === undefined) {
    return {
      async deliver(message) {
        logger.info(
          {
            mail: {
              to: message.to,
              subject: message.subject,
              text: message.text,
            },
          },
          'mail written to the log because SMTP_URL is unset',
        );
        return 'sent';
      },
      async check(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject } },
          'test mail not sent because SMTP_URL is unset',
        );
        return { outcome: 'not_configured' };
      },
      close() {},
    };
  }
  const smtpUrl = config.SMTP_URL;

  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    // Each step is bounded too, so a stuck server frees its socket; later
    // than the answer's own time-out, so a server that never greets is a
    // mail still sending (`pending`) when the answer goes, never a race
    // between two timers of the same length.
    connectionTimeout: timeoutMs * 2,
    greetingTimeout: timeoutMs * 2,
    socketTimeout: timeoutMs * 2,
  });

  return {
    async deliver(message) {
      const sending = transport
        .sendMail({ from: config.MAIL_FROM, ...message })
        .then(
          () => 'sent' as const,
          (error: unknown) => {
            // The error names the server and the reply, never the message.
            logger.error(
              { err: error, subject: loggableSubject(message.subject) },
              'mail not sent',
            );
            return 'failed' as const;
          },
        );
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'pending'>((resolve) => {
        timer = setTimeout(() => resolve('pending'), timeoutMs);
      });
      const delivery = await Promise.race([sending, timeout]);
      clearTimeout(timer);
      if (delivery === 'pending') {
        logger.warn(
          { subject: loggableSubject(message.subject) },
          'mail still sending',
        );
      }
      return delivery;
    },
    async check(message) {
      const sending = transport
        .sendMail({ from: config.MAIL_FROM, ...message })
        .then(
          () => ({ outcome: 'sent' as const }),
          (error: unknown) => {
            logger.error(
              { err: error, subject: loggableSubject(message.subject) },
              'test mail not sent',
            );
            return {
              outcome: 'failed' as const,
              error: mailErrorText(error, smtpUrl),
            };
          },
        );
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<{ outcome: 'timeout' }>((resolve) => {
        timer = setTimeout(() => resolve({ outcome: 'timeout' }), timeoutMs);
      });
      const result = await Promise.race([sending, timeout]);
      clearTimeout(timer);
      return result;
    },
    close() {
      transport.close();
    },
  };
}
