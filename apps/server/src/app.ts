import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { mealPlanMessages } from '@platewise/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import { createCatalogueCache } from './cache/catalogue-cache.js';
import { rateLimitStoreOptions } from './cache/rate-limit-store.js';
import { systemClock, type Clock } from './clock.js';
import { composeServices, type Services } from './compose.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { adminRoutes } from './domains/admin/admin-routes.js';
import { authRoutes } from './domains/auth/auth-routes.js';
import { calendarRoutes } from './domains/calendar/calendar-routes.js';
import { catalogueRoutes } from './domains/catalogue/catalogue-routes.js';
import { googleRoutes } from './domains/google/google-routes.js';
import { healthRoutes } from './domains/health/health-routes.js';
import { createHealthService } from './domains/health/health-service.js';
import { householdsRoutes } from './domains/households/households-routes.js';
import { imagesRoutes } from './domains/images/images-routes.js';
import { ingredientsRoutes } from './domains/ingredients/ingredients-routes.js';
import { kitchenRoutes } from './domains/kitchen/kitchen-routes.js';
import { weekOf } from './domains/kitchen/kitchen-service.js';
import type { Mailer } from './domains/mail/mailer.js';
import { mealPlansRoutes } from './domains/meal-plans/meal-plans-routes.js';
import { preferencesRoutes } from './domains/preferences/preferences-routes.js';
import { recipeImportRoutes } from './domains/recipe-import/recipe-import-routes.js';
import { recipesRoutes } from './domains/recipes/recipes-routes.js';
import { sessionsRoutes } from './domains/sessions/sessions-routes.js';
import { shoppingRoutes } from './domains/shopping/shopping-routes.js';
import { usersRoutes } from './domains/users/users-routes.js';
import { TooManyRequestsError } from './errors.js';
import { createLifecycle, type Lifecycle } from './lifecycle.js';
import { registerAuthGuards } from './plugins/app/auth.js';
import { registerErrorHandler } from './plugins/app/error-handler.js';
import {
  httpProcessOptions,
  registerHttpProcess,
} from './plugins/app/http-process.js';
import { registerIdempotency } from './plugins/app/idempotency.js';
import { registerNotFoundHandler } from './plugins/app/not-found.js';
import {
  hasRateLimit,
  perUserRateLimit,
  rateLimitAuditor,
  registerUserWriteLimit,
} from './plugins/app/rate-limits.js';
import { isApiPath, registerSpa } from './plugins/app/spa.js';
import { registerHelmet } from './plugins/external/helmet.js';
import { registerSwagger } from './plugins/external/swagger.js';
import { createAnswerCache } from './reads/answer-cache.js';
import { createSessionCheck } from './reads/fused-read.js';
import { createUserReads } from './reads/user-reads.js';

export interface AppDeps {
  config: Config;
  db: DatabaseHandle;
  /** A ready logger (server.ts, tests capturing logs), or false for none. Default: one built from config. */
  logger?: FastifyBaseLogger | false;
  /** Shared with server.ts so that readiness turns 503 before the close. */
  lifecycle?: Lifecycle;
  /** Default: the system clock. Tests pass one they can move forward. */
  clock?: Clock;
  /** Default: nodemailer over SMTP_URL, or the log without it. */
  mailer?: Mailer;
}

/** The app as built: Zod-typed routes, and its lifecycle decorated on. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
    /** The domain services, e.g. for the admin bootstrap in server.ts. */
    services: Services;
    /** Every route as registered (HEAD aside), for the route-inventory test. */
    routeTable: readonly RouteEntry[];
  }
}

/** One method and path of the route table. */
export interface RouteEntry {
  readonly method: string;
  readonly url: string;
  /** Under a rate limit (plugins/app/rate-limits.ts, hasRateLimit). */
  readonly limited: boolean;
}

/**
 * Collects the route table as routes register, so that a test can sweep
 * every route the server really serves (issue 16: an unclassified new route
 * fails that test). Must run before any route is registered.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const limited = hasRateLimit(route);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, limited });
    }
  });
}

/** Routes whose writes may end sessions or change their users. */
const ACCOUNT_WRITES = /^\/api\/(users|admin)(\/|\?|$)/;

/** Routes whose writes change what the catalogue reads show. */
const CATALOGUE_WRITES = /^\/api\/(recipes|admin)(\/|\?|$)/;

export { JSON_BODY_LIMIT } from './plugins/app/http-process.js';

/**
 * Builds the whole HTTP app without listening, so tests can `inject` into it:
 * plugins first, then every domain's routes over the services of
 * compose.ts, then the SPA. This is the one place that lists the routes. Not
 * readied, so a caller may still register routes.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const lifecycle = deps.lifecycle ?? createLifecycle();

  const app = Fastify(
    httpProcessOptions(config, deps.logger),
  ).withTypeProvider<ZodTypeProvider>();

  // Fastify parses text/plain by default. JSON routes must refuse it with 415
  // (S38), and a cross-site form can send text/plain without a preflight
  // (S46). Routes that take uploads register their own parser.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  recordRouteTable(app);
  app.decorate('lifecycle', lifecycle);

  const services = composeServices({
    config,
    db: db.db,
    logger: app.log,
    clock: deps.clock ?? systemClock,
    ...(deps.mailer ? { mailer: deps.mailer } : {}),
    cacheSessions: db.driver === 'pglite',
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => services.close());

  // 503 + Retry-After past capacity, before any other work (R04); request
  // ids and the shutdown's `Connection: close` (R06). Shared with the
  // plan generator's process.
  await registerHttpProcess(app, {
    config,
    lifecycle,
    livenessPath: '/api/health',
  });
  // Idempotency-Key on the covered writes (R08), after the guards' onRequest.
  registerIdempotency(app, { db: db.db, clock: deps.clock ?? systemClock });
  await registerHelmet(app, {
    connectOrigins: config.PLAN_GENERATOR_URL
      ? [new URL(config.PLAN_GENERATOR_URL).origin]
      : [],
  });
  // Counters shared by every process on PostgreSQL or Redis (issue 17).
  const counters = rateLimitStoreOptions(config, db, (err) =>
    app.log.error({ err }, 'the rate-limit store failed'),
  );
  app.addHook('onClose', async () => counters.close());
  await app.register(rateLimit, {
    // Limits are opted into per route (auth endpoints, the 404 handler).
    global: false,
    ...counters.options,
    errorResponseBuilder: () => new TooManyRequestsError(),
    onExceeded: rateLimitAuditor(services.audit),
  });
  // A user's writes to one route, per user (the route inventory checks
  // that every write has a limit).
  registerUserWriteLimit(app, config.RATE_LIMIT_USER_WRITES);
  // brotli/gzip for the per-user reads over 1 KB (routes opt in with
  // `compress`, plugins/app/compiled-serializer.ts); request bodies are never
  // inflated. Catalogue reads come compressed from their cache.
  await app.register(compress, { global: false });
  await registerSwagger(app);
  // Only Google sign-in's two short-lived cookies (domains/google).
  await app.register(cookie);

  app.addHook('onSend', async (request, reply) => {
    // API answers are per user and must not be stored anywhere (S45).
    const type = String(reply.getHeader('content-type') ?? '');
    if (
      (isApiPath(request.url) || type.startsWith('application/json')) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerErrorHandler(app);

  // Catalogue answers prepared once per catalogue version (issue 17). A
  // change made here drops them before its answer goes out, so the admin
  // reads what they wrote; one made by another process arrives as a NOTIFY
  // from the triggers of migration 0011.
  const catalogueCache = createCatalogueCache();
  const answers = createAnswerCache();
  app.addHook('onSend', async (request, reply) => {
    if (
      request.method === 'GET' ||
      request.method === 'HEAD' ||
      reply.statusCode >= 400
    ) {
      return;
    }
    if (CATALOGUE_WRITES.test(request.url)) {
      catalogueCache.invalidate();
      answers.clear();
    }
    // Account changes (disable, role, delete) reach this process's session
    // cache before their answer does; other processes get the NOTIFY.
    if (ACCOUNT_WRITES.test(request.url)) services.sessionCache.clear();
  });
  if (db.listen) {
    const stopCatalogue = await db.listen('platewise_catalogue', () => {
      catalogueCache.invalidate();
      answers.clear();
    });
    const stopAnswers = await db.listen('platewise_user_data', (payload) =>
      answers.drop(payload ?? '*'),
    );
    const stopSessions = await db.listen('platewise_sessions', (payload) =>
      services.sessionCache.drop(payload ?? '*'),
    );
    app.addHook('onClose', async () => {
      await stopCatalogue();
      await stopSessions();
      await stopAnswers();
    });
  }

  await app.register(healthRoutes, {
    prefix: '/api',
    service: createHealthService({ database: db, lifecycle }),
  });

  // Guards first: every domain below may use app.requireUser/requireAdmin.
  // On PostgreSQL every guarded request reads its session: one prepared
  // statement (issue 17). PGlite keeps sessions a few seconds (compose.ts).
  registerAuthGuards(app, {
    sessions: services.sessions,
    audit: services.audit,
    ...(db.driver === 'postgres'
      ? { loadSession: createSessionCheck(db.db) }
      : {}),
  });
  await app.register(authRoutes, {
    prefix: '/api',
    service: services.auth,
    sessions: services.sessions,
    google: services.google,
    config,
  });
  await app.register(googleRoutes, {
    prefix: '/api',
    service: services.google,
    config,
  });
  await app.register(sessionsRoutes, {
    prefix: '/api/users',
    service: services.sessions,
    config,
  });
  await app.register(usersRoutes, {
    prefix: '/api/users',
    service: services.users,
    config,
  });
  // User management, the audit log and the admin settings (issue 12).
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    users: services.adminUsers,
    audit: services.adminAudit,
    settings: services.adminSettings,
    config,
  });

  // Recipes, their pictures and import, the ingredient parser, allergens.
  await app.register(recipesRoutes, {
    prefix: '/api',
    service: services.recipes,
    cache: catalogueCache,
    config,
  });
  await app.register(imagesRoutes, {
    prefix: '/api',
    service: services.images,
  });
  await app.register(recipeImportRoutes, {
    prefix: '/api',
    service: services.recipeImport,
  });
  await app.register(ingredientsRoutes, {
    prefix: '/api',
    service: services.ingredients,
    config,
  });
  await app.register(catalogueRoutes, {
    prefix: '/api',
    service: services.catalogue,
    cache: catalogueCache,
  });

  // Preferences, meal plans and the shopping summary. Routes that make the
  // planner work are limited per user, so one account cannot keep the
  // worker threads busy for everyone.
  // The caller's own plan, list and settings: one statement each, with the
  // session (issue 17, reads/).
  // Their answers are kept per user at the version of their data (migration
  // 0017, reads/answer-cache.ts); on PGlite a kept answer whose user wrote
  // nothing since is sent without a statement.
  const reads = createUserReads(db.db, {
    sessions: services.sessions,
    fallback: app.requireUser,
    answers,
    week: () => weekOf((deps.clock ?? systemClock).now()),
    ...(services.localSession ? { localSession: services.localSession } : {}),
  });
  await app.register(mealPlansRoutes, {
    prefix: '/api',
    service: services.mealPlans,
    scope: services.userScope,
    read: reads.plan,
    generationLimit: perUserRateLimit(
      app,
      config.PLANNER_RATE_LIMIT,
      60,
      mealPlanMessages.tooManyPlans,
      'plan-generation',
    ),
  });
  await app.register(preferencesRoutes, {
    prefix: '/api',
    service: services.preferences,
    scope: services.userScope,
    read: reads.preferences,
  });
  await app.register(shoppingRoutes, {
    prefix: '/api',
    service: services.shopping,
    scope: services.userScope,
    read: reads.shopping,
    limit: perUserRateLimit(
      app,
      config.PLANNER_RATE_LIMIT * 4,
      60,
      mealPlanMessages.tooManyPlans,
      'shopping-summary',
    ),
  });

  await app.register(kitchenRoutes, {
    prefix: '/api',
    service: services.kitchen,
    scope: services.userScope,
    limit: perUserRateLimit(
      app,
      config.PLANNER_RATE_LIMIT * 4,
      60,
      mealPlanMessages.tooManyPlans,
      'kitchen',
    ),
  });

  // Households and the week in the calendar (issue 18).
  await app.register(householdsRoutes, {
    prefix: '/api',
    service: services.households,
    config,
  });
  await app.register(calendarRoutes, {
    prefix: '/api',
    service: services.calendar,
  });

  const spa = await registerSpa(app, {
    webDistDir: config.WEB_DIST_DIR,
    supportEmail: config.SUPPORT_EMAIL,
  });
  registerNotFoundHandler(app, spa);

  return app;
}
