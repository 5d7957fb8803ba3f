/**
 * The product deployed with the plan generator as its own process (issue 17),
 * for planner-process/*.spec.ts: a PostgreSQL database of its own, the web
 * app built with VITE_PLAN_GENERATOR_URL naming the generator's origin, the
 * API (apps/server/dist/server.js) with PLAN_GENERATOR_URL, so its CSP's
 * connect-src lets the browser call the generator, and the generator
 * (apps/server/dist/planner-server.js) on its own port with CORS for the
 * API's origin. Both share the database and JWT_SECRET. Started by Playwright
 * as a web server (playwright.planner.config.ts) after `npm run build`; on
 * SIGTERM it stops both processes and drops the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const apiPort = Number(process.env.E2E_PLANNER_API_PORT ?? 3117);
const plannerPort = Number(process.env.E2E_PLANNER_PORT ?? 3118);
const smtpPort = Number(process.env.E2E_PLANNER_SMTP_PORT ?? 2536);
const adminUrl =
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = process.env.E2E_PLANNER_DB_PREFIX ?? 'platewise_e2e_planner';

const apiOrigin = `http://127.0.0.1:${apiPort}`;
const plannerOrigin = `http://127.0.0.1:${plannerPort}`;
const databaseName = `${prefix}_${Date.now()}`;
const workDir = mkdtempSync(join(tmpdir(), 'platewise-e2e-planner-'));
const webDist = join(workDir, 'web');

async function onAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = root,
) {
  return spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

function finished(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

const children: ChildProcess[] = [];
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map(finished));
    await onAdmin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(
      (error: unknown) =>
        process.stderr.write(`planner stack: drop failed: ${String(error)}\n`),
    );
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(code);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

// The web app as a deployment with a separate generator builds it.
const build = run(
  process.execPath,
  [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    webDist,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  { VITE_PLAN_GENERATOR_URL: `${plannerOrigin}/` },
  // vite reads its config in the web app's folder.
  join(root, 'apps/web'),
);
children.push(build);
const built = await finished(build);
children.splice(children.indexOf(build), 1);
if (built !== 0) {
  process.stderr.write(`planner stack: the web build failed (${built})\n`);
  await stop(1);
}
await onAdmin(`CREATE DATABASE ${databaseName}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${databaseName}`;

const shared = {
  DATABASE_URL: databaseUrl.href,
  // Tokens signed by the API are checked by the generator.
  JWT_SECRET: 'e2e-planner-process-secret-0123456789abcdef',
  PUBLIC_URL: apiOrigin,
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: join(workDir, 'data'),
};
const api = run(process.execPath, ['apps/server/dist/server.js'], {
  ...shared,
  PORT: String(apiPort),
  WEB_DIST_DIR: webDist,
  PLAN_GENERATOR_URL: `${plannerOrigin}/`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Platewise <no-reply@platewise.test>',
  SUPPORT_EMAIL: 'support@platewise.test',
  RATE_LIMIT_SIGNUP: '1000',
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_VERIFY: '1000',
});
children.push(api);
// The generator starts once the API has migrated and seeded the database.
const deadline = Date.now() + 120_000;
while (Date.now() < deadline) {
  const ready = await fetch(`${apiOrigin}/api/ready`).then(
    (response) => response.ok,
    () => false,
  );
  if (ready) break;
  if (api.exitCode !== null) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const planner = run(process.execPath, ['apps/server/dist/planner-server.js'], {
  ...shared,
  DATA_DIR: join(workDir, 'planner-data'),
  PLANNER_PORT: String(plannerPort),
  PLANNER_CORS_ORIGIN: apiOrigin,
});
children.push(planner);
for (const child of [api, planner]) {
  void finished(child).then((code) => {
    if (!stopping) {
      process.stderr.write(`planner stack: a process ended (${code})\n`);
      void stop(1);
    }
  });
}
