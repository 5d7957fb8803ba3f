/** Debian's Chromium as every Playwright config here launches it. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The mail sink (support/mail-sink.ts) as a Playwright web server. */
export function mailSinkServer(
  root: string,
  smtpPort: number,
  mailHttpPort: number,
) {
  return {
    // A real SMTP server that keeps the product's mails for the tests.
    command: 'node e2e/support/mail-sink.ts',
    cwd: root,
    url: `http://127.0.0.1:${mailHttpPort}/health`,
    timeout: 20_000,
    reuseExistingServer: false,
    env: {
      E2E_SMTP_PORT: String(smtpPort),
      E2E_MAIL_HTTP_PORT: String(mailHttpPort),
    },
  };
}
