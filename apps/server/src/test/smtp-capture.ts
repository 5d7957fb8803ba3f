import {
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';

import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server that keeps what it receives (style guide, "Testing"),
 * so tests read OTP codes and reset links from the mails the app sent.
 */

export interface CapturedMail {
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The message as received, for "no secret in it" style checks. */
  raw: string;
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** The mails sent to one address, oldest first. */
  mailsTo(address: string): CapturedMail[];
  /** The 6-digit code of the latest mail to `address`. */
  latestOtp(address: string): string;
  /** The reset link of the latest mail to `address`. */
  latestResetLink(address: string): URL;
  clear(): void;
  close(): Promise<void>;
}

function unfoldHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        line.slice(colon + 1).trim(),
      );
    }
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
            String.fromCharCode(Number.parseInt(hex, 16)),
          ),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

function splitMessage(raw: string): {
  headers: Map<string, string>;
  body: string;
} {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: unfoldHeaders(raw), body: '' };
  return {
    headers: unfoldHeaders(raw.slice(0, match.index)),
    body: raw.slice(match.index + match[0].length),
  };
}

/** The decoded text/plain content of a (possibly multipart) message. */
function plainText(raw: string): string {
  const { headers, body } = splitMessage(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, headers.get('content-transfer-encoding'));
}

/** `port` 0 (the default) takes a free one; benches pass their own. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: splitMessage(raw).headers.get('subject') ?? '',
          text: plainText(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(port, '127.0.0.1', resolve),
  );
  const { port: bound } = server.server.address() as AddressInfo;

  const mailsTo = (address: string) =>
    mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  const latest = (address: string) => {
    const mail = mailsTo(address).at(-1);
    if (!mail) throw new Error(`no mail to ${address}`);
    return mail;
  };

  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    mailsTo,
    latestOtp(address) {
      const code = /\b(\d{6})\b/.exec(latest(address).text)?.[1];
      if (!code) throw new Error(`no code in the latest mail to ${address}`);
      return code;
    },
    latestResetLink(address) {
      const link = /(https?:\/\/\S+\/resetpassword\?\S+)/.exec(
        latest(address).text,
      )?.[1];
      if (!link)
        throw new Error(`no reset link in the latest mail to ${address}`);
      return new URL(link);
    },
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An SMTP "server" that accepts connections and never says a word: a mail
 * sent to it can only end by the client's time-out (R10).
 */
export async function startSilentSmtp(): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
