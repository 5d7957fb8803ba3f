import { mkdir } from 'node:fs/promises';

import closeWithGrace from 'close-with-grace';
import type { Logger } from 'pino';

import { buildApp, type App } from './app.js';
import {
  ConfigError,
  databaseDriver,
  loadConfig,
  type EnvConfig,
} from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import {
  acquireDataDirLock,
  DataDirLockedError,
  type DataDirLock,
} from './db/data-dir-lock.js';
import { seedCatalogue } from './domains/catalogue/catalogue-seed.js';
import { rederiveRecipeFacts } from './domains/recipes/recipe-facts-rederive.js';
import { isEntryPoint } from './entry-point.js';
import { createLifecycle } from './lifecycle.js';
import { createLogger } from './logger.js';
import { backfillShelfLife } from './planner/shelf-life-backfill.js';
import { resolveSecrets } from './secrets.js';

/** close-with-grace's default; a second signal or this timeout exits 1 (R06). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

export interface StartOptions {
  /**
   * Runs after the app is built and before it listens, e.g. to register more
   * routes (the process tests add a slow route this way).
   */
  extend?: (app: App) => Promise<void> | void;
}

export interface RunningServer {
  app: App;
  url: string;
  /** The graceful close that SIGTERM and SIGINT trigger. */
  close(): Promise<void>;
}

/** A startup failure that is fully explained by its one-line message. */
function isExplained(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataDirLockedError;
}

/**
 * Start order: config, DATA_DIR and its lock (PGlite), secrets, database,
 * migrations (before listen, R09), app, first admin, listen. Anything started is closed
 * again when a later step fails.
 */
export async function startServer(
  options: StartOptions = {},
): Promise<RunningServer> {
  const envConfig: EnvConfig = loadConfig();
  const logger: Logger = createLogger(envConfig);
  const driver = databaseDriver(envConfig);

  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  let app: App | undefined;
  const cleanup = async () => {
    await app?.close();
    await database?.close();
    await lock?.release();
  };

  try {
    await mkdir(envConfig.DATA_DIR, { recursive: true });
    if (driver === 'pglite')
      lock = await acquireDataDirLock(envConfig.DATA_DIR);
    if (driver === 'postgres' && envConfig.JWT_SECRET === undefined) {
      logger.warn(
        'JWT_SECRET is unset: the secret generated in DATA_DIR is per machine; several processes on PostgreSQL need one shared JWT_SECRET',
      );
    }
    const config = await resolveSecrets(envConfig);

    database = await openDatabase(config);
    await database.migrate();
    logger.info({ driver, dataDir: config.DATA_DIR }, 'database migrated');
    // The food catalogue and seed recipes, into an empty database only.
    const seed = await seedCatalogue(database.db);
    if (seed.seeded) logger.info(seed, 'catalogue seeded');
    // Shelf lives for databases seeded before migration 0005 (issue 10).
    const filled = await backfillShelfLife(database.db);
    if (filled > 0) logger.info({ filled }, 'ingredient shelf lives filled');
    // Diets, allergens and protein again when their rules changed (issue 22's
    // keto rule: recipes stored under the old one lose "ketogenic").
    const rederived = await rederiveRecipeFacts(database.db);
    if (rederived > 0) logger.info({ rederived }, 'recipe facts derived again');

    const lifecycle = createLifecycle();
    app = await buildApp({ config, db: database, logger, lifecycle });
    // The first administrator (S13): from ADMIN_EMAIL/ADMIN_PASSWORD, or a
    // random password logged once when the database has no admin. Here and
    // not in buildApp, so tests decide when it runs.
    await app.services.users.ensureInitialAdmin({
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      publicUrl: config.PUBLIC_URL,
    });
    await options.extend?.(app);
    const url = await app.listen({ port: config.PORT, host: config.HOST });

    const runningApp = app;
    const openDatabaseHandle = database;
    const heldLock = lock;
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        // Readiness turns 503 first; then Fastify stops accepting, answers
        // 503 to new requests on open connections and waits for those in
        // flight; only then does the database go.
        lifecycle.beginShutdown();
        await runningApp.close();
        await openDatabaseHandle.close();
        await heldLock?.release();
      })();
      return closing;
    };

    closeWithGrace(
      { delay: SHUTDOWN_TIMEOUT_MS, logger },
      async ({ signal, err }) => {
        if (err) logger.error({ err }, 'shutting down after an uncaught error');
        else logger.info({ signal }, 'shutting down');
        await close();
        logger.info('shutdown complete');
      },
    );

    return { app, url, close };
  } catch (error) {
    if (!isExplained(error)) logger.fatal({ err: error }, 'start failed');
    await cleanup().catch((cleanupError: unknown) =>
      logger.error({ err: cleanupError }, 'cleanup after a failed start'),
    );
    throw error;
  }
}

if (isEntryPoint(import.meta)) {
  try {
    await startServer();
  } catch (error) {
    // A bad configuration or a held DATA_DIR is the operator's to fix: one
    // clear line, no stack trace. Anything else was logged by startServer.
    if (isExplained(error)) process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
