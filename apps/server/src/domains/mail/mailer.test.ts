import { describe, expect, it } from 'vitest';

import { createCapturedLogger } from '../../test/log-capture.js';
import { startSilentSmtp } from '../../test/smtp-capture.js';
import { otpMail, resetLinkMail } from './mail-templates.js';
import { createMailer, withSupportLine } from './mailer.js';

describe('createMailer without SMTP_URL', () => {
  it('writes the mail to the log at info (the dev mode of architecture point 4)', async () => {
    const { logger, lines } = createCapturedLogger();
    const mailer = createMailer({
      config: {
        SMTP_URL: undefined,
        MAIL_FROM: 'x@y.z',
        MAIL_SEND_TIMEOUT_MS: 1000,
      },
      logger,
    });
    const delivery = await mailer.deliver({
      to: 'cook@example.com',
      ...otpMail({ firstName: 'Ana', code: '123456', ttlSeconds: 120 }),
    });
    expect(delivery).toBe('sent');
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        mail: expect.objectContaining({
          to: 'cook@example.com',
          text: expect.stringContaining('123456'),
        }),
      }),
    ]);
  });
});

describe('createMailer with a mail server that does not answer', () => {
  it('logs the subject without the code while the mail is still sending and when it fails (S49)', async () => {
    const silent = await startSilentSmtp();
    const { logger, lines } = createCapturedLogger();
    const mailer = createMailer({
      config: {
        SMTP_URL: silent.url,
        MAIL_FROM: 'x@y.z',
        MAIL_SEND_TIMEOUT_MS: 200,
      },
      logger,
    });
    try {
      const delivery = await mailer.deliver({
        to: 'cook@example.com',
        ...otpMail({ firstName: 'Ana', code: '493817', ttlSeconds: 120 }),
      });
      expect(delivery).toBe('pending');
      // The transport gives up after its own time-outs and logs the failure.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const log = JSON.stringify(lines());
      expect(log).toContain('mail still sending');
      expect(log).toContain('mail not sent');
      expect(log).not.toContain('493817');
    } finally {
      mailer.close();
      await silent.close();
    }
  });
});

describe('the support line (issue 11)', () => {
  async function loggedText(supportEmail: string | undefined) {
    const { logger, lines } = createCapturedLogger();
    const mailer = createMailer({
      config: {
        SMTP_URL: undefined,
        MAIL_FROM: 'x@y.z',
        MAIL_SEND_TIMEOUT_MS: 1000,
        SUPPORT_EMAIL: supportEmail,
      },
      logger,
    });
    await mailer.deliver({
      to: 'cook@example.com',
      ...otpMail({ firstName: 'Ana', code: '123456', ttlSeconds: 120 }),
    });
    const [line] = lines() as Array<{ mail?: { text?: string } }>;
    return line?.mail?.text ?? '';
  }

  it('ends every mail with SUPPORT_EMAIL when it is set', async () => {
    expect(await loggedText('help@meals.example')).toMatch(
      /Questions\? Write to help@meals\.example\.$/,
    );
  });

  it('names no address when SUPPORT_EMAIL is unset', async () => {
    const text = await loggedText(undefined);
    expect(text).toContain('123456');
    expect(text).not.toMatch(/Write to|@platewise\.app/);
  });

  it('puts the address in the HTML twin, escaped', () => {
    const mail = withSupportLine(
      otpMail({ firstName: 'Ana', code: '123456', ttlSeconds: 120 }),
      'help@meals.example',
    );
    expect(mail.html).toContain(
      '<a href="mailto:help@meals.example">help@meals.example</a>',
    );
    expect(mail.html.indexOf('help@meals.example')).toBeLessThan(
      mail.html.indexOf('</body>'),
    );
  });
});

describe('mail templates', () => {
  it('escape names in HTML and keep the link intact in text', () => {
    const mail = resetLinkMail({
      firstName: '<script>x</script>',
      link: 'http://localhost:3000/resetpassword?email=a%40b.co&token=abc',
      ttlSeconds: 600,
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('email=a%40b.co&amp;token=abc');
    expect(mail.text).toContain(
      'http://localhost:3000/resetpassword?email=a%40b.co&token=abc',
    );
    expect(mail.text).toContain('10 minutes');
  });

  it('say how long a code is valid', () => {
    expect(
      otpMail({ firstName: 'Ana', code: '000123', ttlSeconds: 120 }).text,
    ).toContain('2 minutes');
  });
});
