import { mkdir } from 'node:fs/promises';

import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { mealPlanMessages } from '@platewise/shared';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import { recordRouteTable, type App } from './app.js';
import { rateLimitStoreOptions } from './cache/rate-limit-store.js';
import { systemClock } from './clock.js';
import { composeServices } from './compose.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { healthRoutes } from './domains/health/health-routes.js';
import { createHealthService } from './domains/health/health-service.js';
import { mealPlansRoutes } from './domains/meal-plans/meal-plans-routes.js';
import { isEntryPoint } from './entry-point.js';
import { NotFoundError, TooManyRequestsError } from './errors.js';
import { createLifecycle, type Lifecycle } from './lifecycle.js';
import { createLogger } from './logger.js';
import { registerAuthGuards } from './plugins/app/auth.js';
import { registerErrorHandler } from './plugins/app/error-handler.js';
import {
  httpProcessOptions,
  registerHttpProcess,
} from './plugins/app/http-process.js';
import {
  perUserRateLimit,
  rateLimitAuditor,
} from './plugins/app/rate-limits.js';
import { registerHelmet } from './plugins/external/helmet.js';
import { resolveSecrets } from './secrets.js';

/**
 * The plan generator as its own process (architecture point 4; the spec's
 * "external plan-generator host"): `GET /generate-meal-plan` and
 * `GET /health`, `GET /ready` on PLANNER_PORT, sharing DATABASE_URL and
 * JWT_SECRET with the API so a user's access token works on both. The web
 * app reaches it from another origin, so CORS allows exactly the origins of
 * PLANNER_CORS_ORIGIN (S46): no wildcard, no credentials.
 */

export interface PlannerAppDeps {
  config: Config;
  db: DatabaseHandle;
  logger?: FastifyBaseLogger | false;
  lifecycle?: Lifecycle;
}

export async function buildPlannerApp(deps: PlannerAppDeps): Promise<App> {
  const { config, db } = deps;
  const lifecycle = deps.lifecycle ?? createLifecycle();
  // The API's own options and load shedding (plugins/app/http-process.ts):
  // body and time-out limits (S39), 503 + Retry-After past the event-loop
  // delay or memory caps with /health still answering (R04), readiness 503
  // and `Connection: close` once a close begins (R06, R07).
  const app = Fastify(
    httpProcessOptions(config, deps.logger),
  ).withTypeProvider<ZodTypeProvider>();
  recordRouteTable(app);
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('lifecycle', lifecycle);
  await registerHttpProcess(app, {
    config,
    lifecycle,
    livenessPath: '/health',
  });

  const services = composeServices({
    config,
    db: db.db,
    logger: app.log,
    clock: systemClock,
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());

  await registerHelmet(app);
  const allowedOrigins = new Set(config.PLANNER_CORS_ORIGIN);
  await app.register(cors, {
    // Exact origins only. Another origin gets no CORS header at all, not
    // even on a preflight (S46): `false` makes the plugin step aside.
    origin: (origin, callback) =>
      callback(
        null,
        origin !== undefined && allowedOrigins.has(origin) ? origin : false,
      ),
    methods: ['GET'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    credentials: false,
    maxAge: 600,
  });
  // The generation limit is counted with the API's processes (issue 17).
  const counters = rateLimitStoreOptions(config, db, (err) =>
    app.log.error({ err }, 'the rate-limit store failed'),
  );
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, {
    global: false,
    ...counters.options,
    errorResponseBuilder: () => new TooManyRequestsError(),
    onExceeded: rateLimitAuditor(services.audit),
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  registerErrorHandler(app);

  await app.register(healthRoutes, {
    service: createHealthService({ database: db, lifecycle }),
  });
  registerAuthGuards(app, services);
  // The one route of this process: GET /generate-meal-plan.
  await app.register(mealPlansRoutes, {
    service: services.mealPlans,
    scope: services.userScope,
    generationLimit: perUserRateLimit(
      app,
      config.PLANNER_RATE_LIMIT,
      60,
      mealPlanMessages.tooManyPlans,
      'plan-generation',
    ),
    generatorOnly: true,
  });
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) },
    async () => {
      throw new NotFoundError();
    },
  );
  return app;
}

export interface RunningPlanner {
  app: App;
  url: string;
  close(): Promise<void>;
}

/** Config, secrets, database (migrated), app, listen on PLANNER_PORT. */
export async function startPlannerServer(): Promise<RunningPlanner> {
  const envConfig = loadConfig();
  const logger = createLogger(envConfig);
  if (envConfig.DATABASE_URL === undefined) {
    // PGlite lives inside one process and DATA_DIR is locked by the API.
    throw new ConfigError(
      'The plan generator as its own process needs DATABASE_URL (PostgreSQL shared with the API); without it, the API serves GET /api/generate-meal-plan itself',
      ['DATABASE_URL'],
    );
  }
  await mkdir(envConfig.DATA_DIR, { recursive: true });
  const config = await resolveSecrets(envConfig);
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const lifecycle = createLifecycle();
    const app = await buildPlannerApp({
      config,
      db: database,
      logger,
      lifecycle,
    });
    const url = await app.listen({
      port: config.PLANNER_PORT,
      host: config.HOST,
    });
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        lifecycle.beginShutdown();
        await app.close();
        await database.close();
      })();
      return closing;
    };
    closeWithGrace({ delay: 10_000, logger }, async ({ err }) => {
      if (err) logger.error({ err }, 'shutting down after an uncaught error');
      await close();
    });
    return { app, url, close };
  } catch (error) {
    await database.close();
    throw error;
  }
}

if (isEntryPoint(import.meta)) {
  try {
    await startPlannerServer();
  } catch (error) {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
