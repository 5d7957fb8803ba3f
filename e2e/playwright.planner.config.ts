import { fileURLToPath } from 'node:url';

import { defineConfig, devices } from '@playwright/test';

import { chromiumLaunchOptions, mailSinkServer } from './support/chromium.js';
import { failureEvidence, reporters } from './support/reporting.js';

/**
 * The plan generator as its own process (issue 17): one spec against the
 * stack of support/planner-stack.ts (PostgreSQL, the API, the generator on
 * its own port, the web app built to call it). Run after `npm run build`:
 *
 *   npx playwright test -c e2e/playwright.planner.config.ts
 *
 * Ports: E2E_PLANNER_API_PORT (3117), E2E_PLANNER_PORT (3118),
 * E2E_PLANNER_SMTP_PORT (2536), E2E_PLANNER_MAIL_HTTP_PORT (2537); the
 * database server: TEST_DATABASE_URL (without it, as the PostgreSQL suite,
 * nothing starts and the spec is skipped).
 */
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const root = fileURLToPath(new URL('..', import.meta.url));
const apiPort = Number(process.env.E2E_PLANNER_API_PORT ?? 3117);
const plannerPort = Number(process.env.E2E_PLANNER_PORT ?? 3118);
const smtpPort = Number(process.env.E2E_PLANNER_SMTP_PORT ?? 2536);
const mailHttpPort = Number(process.env.E2E_PLANNER_MAIL_HTTP_PORT ?? 2537);
// support/mail.ts reads the sink's address from here.
process.env.E2E_MAIL_HTTP_PORT = String(mailHttpPort);
process.env.E2E_PLANNER_API_PORT = String(apiPort);
process.env.E2E_PLANNER_PORT = String(plannerPort);
process.env.E2E_PLANNER_SMTP_PORT = String(smtpPort);

export default defineConfig({
  testDir: './planner-process',
  outputDir: '../test-results/planner-process',
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: reporters,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${apiPort}`,
    ...failureEvidence,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: withPostgres ? servers() : [],
});

function servers() {
  return [
    mailSinkServer(root, smtpPort, mailHttpPort),
    {
      // Builds the web app, then starts the API and the generator: ready
      // when the generator is.
      command: 'node e2e/support/planner-stack.ts',
      cwd: root,
      url: `http://127.0.0.1:${plannerPort}/ready`,
      timeout: 300_000,
      reuseExistingServer: false,
      // Time to stop both processes and drop the database.
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ];
}
