import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig, devices } from '@playwright/test';

import { ADMIN } from './support/admin.js';
import { chromiumLaunchOptions, mailSinkServer } from './support/chromium.js';
import { failureEvidence, reporters } from './support/reporting.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3107);
export const baseURL = `http://127.0.0.1:${port}`;
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2527);
process.env.E2E_MAIL_HTTP_PORT = String(mailHttpPort);
// The OpenID provider standing in for Google (support/oidc-provider.ts).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3109);
const googleClientId = 'platewise-e2e';
const googleClientSecret = 'platewise-e2e-client-secret';

// Specs that add, change or delete catalogue recipes (see `projects`).
const CATALOGUE_CHANGES = [
  '**/admin-recipes.spec.ts',
  '**/recipe-import.spec.ts',
];

// Each run gets its own embedded database, so runs never see each other's data.
const dataDir =
  process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'platewise-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  // Two browsers on the 2-core CI machine: one Chromium, the test runner and
  // the server left a core half idle while a page waited on the other. Tests
  // never share an account; the few that change the shared catalogue run
  // alone at the end (the `catalogue` project), so no plan made meanwhile
  // can pick up or lose their recipes. E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: true,
  reporter: reporters,
  // Guards against a hang, not speed checks: on a slower 2-core machine
  // (an AMD EPYC, 2026-11-27) the whole suite took 21 minutes with two
  // Chromiums and the server sharing the cores, and eight tests passed 45 s
  // (135 s when slow) or waited over 10 s for a page (docs/ci.md, eighth
  // round). A passing run takes no longer for them.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    ...failureEvidence,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: CATALOGUE_CHANGES,
    },
    {
      name: 'catalogue',
      use: { ...devices['Desktop Chrome'] },
      testMatch: CATALOGUE_CHANGES,
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    mailSinkServer(root, smtpPort, mailHttpPort),
    {
      command: 'node e2e/support/oidc-provider.ts',
      cwd: root,
      url: `http://127.0.0.1:${oidcPort}/health`,
      timeout: 20_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: 'development',
        E2E_OIDC_PORT: String(oidcPort),
        E2E_GOOGLE_CLIENT_ID: googleClientId,
        E2E_GOOGLE_CLIENT_SECRET: googleClientSecret,
        E2E_GOOGLE_REDIRECT_URI: `${baseURL}/api/auth/google/callback`,
      },
    },
    {
      command: 'node apps/server/dist/server.js',
      cwd: root,
      url: `${baseURL}/api/ready`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Platewise <no-reply@platewise.test>',
        // Shown in the footer, contact and legal pages (issue 11).
        SUPPORT_EMAIL: 'support@platewise.test',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // recipe-import.spec.ts serves its recipe page on 127.0.0.1.
        IMPORT_ALLOW_PRIVATE_HOSTS: 'true',
        // Every test signs up and logs in its own cook from one address, two
        // at a time: the per-address limits would answer 429 to a fast run.
        // The limits themselves are tested against the server (vitest).
        RATE_LIMIT_SIGNUP: '1000',
        RATE_LIMIT_LOGIN: '1000',
        RATE_LIMIT_VERIFY: '1000',
        GOOGLE_CLIENT_ID: googleClientId,
        GOOGLE_CLIENT_SECRET: googleClientSecret,
        GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
      },
    },
  ],
});
