/**
 * A real SMTP server for the e2e run: the product sends its mails here over
 * SMTP, and tests read them back over HTTP (`GET /messages?to=<address>`).
 * Started by Playwright as a web server before the product.
 */
import { createServer as createHttpServer } from 'node:http';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2527);

interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const mails: StoredMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  async onData(stream, session, callback) {
    try {
      const parsed = await simpleParser(stream);
      mails.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        receivedAt: new Date().toISOString(),
      });
      callback();
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createHttpServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(found));
    return;
  }
  response.writeHead(404).end();
}).listen(httpPort, '127.0.0.1');
