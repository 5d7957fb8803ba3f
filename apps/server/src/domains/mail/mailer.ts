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

export interface Mailer {
  /** Never throws and never takes longer than MAIL_SEND_TIMEOUT_MS (R10). */
  deliver(message: MailMessage): Promise<Delivery>;
  close(): void;
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
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_SEND_TIMEOUT_MS'>;
  logger: MailLogger;
}): Mailer {
  const { config, logger } = deps;
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
      close() {},
    };
  }

  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    // Each step is bounded too, so a stuck server frees its socket.
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
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
              { err: error, subject: message.subject },
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
        logger.warn({ subject: message.subject }, 'mail still sending');
      }
      return delivery;
    },
    close() {
      transport.close();
    },
  };
}
