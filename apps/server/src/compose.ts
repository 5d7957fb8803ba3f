import { DAYS, HOUSEHOLD_JOIN_PATH, mealPlanMessages } from '@platewise/shared';
import type { FastifyBaseLogger } from 'fastify';

import {
  cachedSessionsRepository,
  createSessionCache,
} from './cache/session-cache.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { transactionRunner } from './db/transaction.js';
import { createAdminAuditService } from './domains/admin/admin-audit-service.js';
import { createAdminSettingsRepository } from './domains/admin/admin-settings-repository.js';
import { createAdminSettingsService } from './domains/admin/admin-settings-service.js';
import { createAdminUsersRepository } from './domains/admin/admin-users-repository.js';
import { createAdminUsersService } from './domains/admin/admin-users-service.js';
import { createAuditRepository } from './domains/audit/audit-repository.js';
import { createAuditLog } from './domains/audit/audit-service.js';
import { createAuthService } from './domains/auth/auth-service.js';
import { createCredentials } from './domains/auth/credentials.js';
import { createCalendarRepository } from './domains/calendar/calendar-repository.js';
import { createCalendarService } from './domains/calendar/calendar-service.js';
import { createCatalogueRepository } from './domains/catalogue/catalogue-repository.js';
import { createCatalogueService } from './domains/catalogue/catalogue-service.js';
import { createGoogleRepository } from './domains/google/google-repository.js';
import { createGoogleService } from './domains/google/google-service.js';
import { createHouseholdsRepository } from './domains/households/households-repository.js';
import { createHouseholdsService } from './domains/households/households-service.js';
import { processImage } from './domains/images/images-processing.js';
import { createImagesRepository } from './domains/images/images-repository.js';
import { createImagesService } from './domains/images/images-service.js';
import {
  createDiskImageStore,
  uploadsDir,
} from './domains/images/images-store.js';
import {
  catalogueResolver,
  createIngredientsService,
} from './domains/ingredients/ingredients-service.js';
import { createKitchenRepository } from './domains/kitchen/kitchen-repository.js';
import { createKitchenService } from './domains/kitchen/kitchen-service.js';
import { createMailer, type Mailer } from './domains/mail/mailer.js';
import { createMealPlansRepository } from './domains/meal-plans/meal-plans-repository.js';
import { createMealPlansService } from './domains/meal-plans/meal-plans-service.js';
import { createPreferencesRepository } from './domains/preferences/preferences-repository.js';
import { createPreferencesService } from './domains/preferences/preferences-service.js';
import { createPageFetcher } from './domains/recipe-import/recipe-import-fetch.js';
import { createRecipeImportService } from './domains/recipe-import/recipe-import-service.js';
import { createRecipesRepository } from './domains/recipes/recipes-repository.js';
import { createRecipesService } from './domains/recipes/recipes-service.js';
import { createAccessTokens } from './domains/sessions/access-tokens.js';
import { createRefreshTokenCodec } from './domains/sessions/refresh-tokens.js';
import { createSessionsRepository } from './domains/sessions/sessions-repository.js';
import { createSessionsService } from './domains/sessions/sessions-service.js';
import { createShoppingService } from './domains/shopping/shopping-service.js';
import { createThrottlesRepository } from './domains/throttles/throttles-repository.js';
import { createThrottles } from './domains/throttles/throttles-service.js';
import { createUsersRepository } from './domains/users/users-repository.js';
import { createUsersService } from './domains/users/users-service.js';
import { createVerificationsRepository } from './domains/verifications/verifications-repository.js';
import {
  createFairPlannerQueue,
  createInProcessUserLimits,
} from './planner/fair-queue.js';
import { createPlannerCatalogueRepository } from './planner/planner-catalogue-repository.js';
import { createPlannerCatalogueSource } from './planner/planner-catalogue.js';
import { createPlannerPool, type PlannerPool } from './planner/planner-pool.js';
import { createUserScope } from './plugins/app/auth.js';
import { createPasswordHasher } from './security/password-hasher.js';
import { createSecretKeys } from './security/secrets.js';

export interface ComposeDeps {
  config: Config;
  db: Database;
  logger: FastifyBaseLogger;
  clock: Clock;
  /** Default: nodemailer over SMTP_URL, or the log. */
  mailer?: Mailer;
  /** Default: a worker-thread pool of its own, closed by `close()`. */
  pool?: PlannerPool;
  /**
   * Keep looked-up sessions for a few seconds (cache/session-cache.ts). Only
   * on PGlite: one process, whose writes and NOTIFYs reach the cache before
   * the next request, and whose lookups run on the event loop. On
   * PostgreSQL every request reads its session, so a revocation holds at
   * once in every process.
   */
  cacheSessions?: boolean;
}

/**
 * The server's one composition root: every repository over the database,
 * every service over repositories, each given exactly what it uses. Domains
 * never build one another; where one needs another's behaviour it declares
 * an interface and receives the implementation here (users gets the
 * password checks of auth and the session revocation of sessions). app.ts
 * registers the route plugins over what this returns; planner-server.ts
 * (the plan generator as its own process) uses the same services.
 */
export function composeServices(deps: ComposeDeps) {
  const { config, db, logger, clock } = deps;
  const transaction = transactionRunner(db);
  const keys = createSecretKeys(config.JWT_SECRET);
  const hasher = createPasswordHasher();
  const mailer = deps.mailer ?? createMailer({ config, logger });

  // Accounts: audit, users, sessions, sign-in, Google, administration.
  const auditRepository = createAuditRepository(db);
  const audit = createAuditLog({ repo: auditRepository, logger, clock });
  const usersRepository = createUsersRepository(db);
  const throttles = createThrottles({
    repo: createThrottlesRepository(db),
    transaction,
    clock,
    keys,
  });
  const credentials = createCredentials({ hasher, throttles, audit, config });
  // Sessions looked up on every request, kept a few seconds on PGlite.
  const sessionCache = createSessionCache();
  const sessionsRepository = createSessionsRepository(db);
  const sessions = createSessionsService({
    repo: deps.cacheSessions
      ? cachedSessionsRepository(sessionsRepository, sessionCache)
      : sessionsRepository,
    users: usersRepository,
    accessTokens: createAccessTokens({
      secret: config.JWT_SECRET,
      issuer: config.PUBLIC_URL,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      clock,
    }),
    refreshTokens: createRefreshTokenCodec(keys.key('refresh-token')),
    config,
    clock,
    audit,
  });
  const auth = createAuthService({
    users: usersRepository,
    sessions,
    credentials,
    hasher,
    audit,
    config,
  });
  const adminSettings = createAdminSettingsService({
    repo: createAdminSettingsRepository(db),
    users: usersRepository,
    mailer,
    audit,
    transaction,
    clock,
    config,
  });
  const users = createUsersService({
    signupOpen: () => adminSettings.isSignupOpen(),
    // A sign-up from a household invitation link joins once verified
    // (issue 18); `households` is built below, before any request.
    invitations: {
      joinAfterSignup: (userId, token, context) =>
        households.joinAfterSignup(userId, token, context),
    },
    repo: usersRepository,
    verifications: createVerificationsRepository(db),
    sessions,
    credentials,
    throttles,
    hasher,
    keys,
    mailer,
    audit,
    transaction,
    clock,
    config,
    logger,
  });
  const google = createGoogleService({
    signupOpen: () => adminSettings.isSignupOpen(),
    // A Google sign-up from an invitation link joins too (issue 18).
    invitations: {
      joinAfterSignup: (userId, token, context, via) =>
        households.joinAfterSignup(userId, token, context, via),
    },
    repo: createGoogleRepository(db),
    users: usersRepository,
    sessions,
    audit,
    clock,
    logger,
    config,
  });
  const preferencesRepository = createPreferencesRepository(db);
  const adminUsers = createAdminUsersService({
    repo: createAdminUsersRepository(db),
    usersRepo: usersRepository,
    users,
    preferences: preferencesRepository,
    audit,
    transaction,
    clock,
  });
  const adminAudit = createAdminAuditService({ repo: auditRepository });

  // Food: recipes, their pictures and import, the ingredient parser, the
  // allergen catalogue. The recipe catalogue's writes are audited.
  const resolver = catalogueResolver();
  const store = createDiskImageStore(uploadsDir(config.DATA_DIR));
  const recipes = createRecipesService({
    repo: createRecipesRepository(db),
    resolver,
    store,
    processImage,
    audit,
    onOrphanFile: (fileName, err) =>
      logger.warn({ err, fileName }, 'an uploaded image could not be removed'),
  });
  const images = createImagesService({
    repo: createImagesRepository(db),
    store,
  });
  const recipeImport = createRecipeImportService({
    fetchPage: createPageFetcher({
      allowPrivateHosts: config.IMPORT_ALLOW_PRIVATE_HOSTS,
    }),
    resolver,
  });
  const ingredients = createIngredientsService({ resolver });
  const catalogue = createCatalogueService({
    repo: createCatalogueRepository(db),
  });

  // The planner: preferences, the plan and the shopping summary, over a
  // worker-thread pool (started on first use) behind a queue that gives
  // users turns, and the compiled catalogue.
  const threads =
    deps.pool ??
    createPlannerPool({
      ...(config.PLANNER_THREADS === undefined
        ? {}
        : { threads: config.PLANNER_THREADS }),
      maxQueue: config.PLANNER_QUEUE_MAX,
    });
  const pool = createFairPlannerQueue(threads, {
    concurrency: threads.capacity,
    maxQueue: config.PLANNER_QUEUE_MAX,
    // In this process only; a Redis-backed UserWorkLimits would share it.
    limits: createInProcessUserLimits(config.PLANNER_USER_QUEUE_MAX),
    limitMessage: mealPlanMessages.tooManyPlans,
  });
  const plannerCatalogue = createPlannerCatalogueSource(
    createPlannerCatalogueRepository(db),
  );
  // Households (issue 18): members share the plan keyed by the owner's id;
  // the planner reads the members' settings combined.
  const households = createHouseholdsService({
    repo: createHouseholdsRepository(db),
    transaction,
    mailer,
    audit,
    clock,
    publicUrl: config.PUBLIC_URL,
    joinPath: HOUSEHOLD_JOIN_PATH,
  });
  const plans = createMealPlansRepository(db);
  // The kitchen (issue 20) feeds the plan and the list, and takes from
  // them: "Bought" reads the ticked list, "Cooked" the plan's amounts. The
  // closures resolve `kitchen` when called, after it is built below.
  const mealPlans = createMealPlansService({
    plans,
    preferences: {
      find: (userId) =>
        households.plannerPreferences(userId, (id) =>
          preferencesRepository.find(id),
        ),
    },
    catalogue: plannerCatalogue,
    pool,
    weights: () => adminSettings.plannerWeightOverrides(),
    kitchen: (userId) => kitchen.plannerItems(userId),
  });
  const preferences = createPreferencesService({ repo: preferencesRepository });
  const shopping = createShoppingService({
    plans,
    catalogue: plannerCatalogue,
    pool,
    clock,
    kitchen: (userId) => kitchen.shoppingKitchen(userId),
  });
  const kitchen = createKitchenService({
    repo: createKitchenRepository(db),
    parse: async (lines) => (await ingredients.parse(lines)).data,
    plans: {
      async current(userId) {
        const stored = await plans.find(userId);
        if (!stored) return undefined;
        const shared = await plannerCatalogue.current();
        return {
          servingSize: stored.plan.servingSize,
          meals: stored.meals.flatMap((meal) => {
            const day = DAYS[meal.day];
            return day &&
              meal.recipeId !== null &&
              shared.recipeIds.has(meal.recipeId)
              ? [{ day, slot: meal.slot, recipeId: meal.recipeId }]
              : [];
          }),
        };
      },
      async mealGrams(userId, meals, servingSize) {
        return pool.run(
          'mealGrams',
          await plannerCatalogue.current(),
          { meals, servingSize },
          userId,
        );
      },
    },
    shopping: {
      async ticked(userId) {
        const summary = await shopping.summary(userId);
        const lists = summary.data[0];
        return [
          ...(lists?.freshIngredients ?? []),
          ...(lists?.nonPerishableIngredients ?? []),
        ]
          .filter((item) => item.ticked)
          .map((item) => ({
            ingredientId: item.ingredientId,
            packageCount: item.packageCount,
          }));
      },
      async clearTicks(userId) {
        if (await plans.find(userId)) await shopping.setTicks(userId, []);
      },
    },
    clock,
  });
  // Whose data a planner route with `user_id` acts on (S31).
  const userScope = createUserScope(audit, households);
  // The week in the calendar: the plan the feed's owner sees.
  const calendar = createCalendarService({
    repo: createCalendarRepository(db),
    currentPlan: async (userId) => {
      const { dataUserId } = await households.planAccess(userId);
      return (await plans.find(dataUserId)) ? mealPlans.get(dataUserId) : null;
    },
    audit,
    clock,
    publicUrl: config.PUBLIC_URL,
  });

  return {
    adminAudit,
    adminSettings,
    adminUsers,
    audit,
    auth,
    calendar,
    catalogue,
    google,
    households,
    images,
    ingredients,
    kitchen,
    mailer,
    mealPlans,
    preferences,
    recipeImport,
    recipes,
    sessions,
    /** Dropped by NOTIFYs from other processes (app.ts). */
    sessionCache,
    shopping,
    userScope,
    users,
    /** Ends what the services hold open: the mailer, and the pool if ours. */
    async close(): Promise<void> {
      await mailer.close();
      // The queue closes the pool under it: only when the pool is ours.
      if (!deps.pool) await pool.close();
    },
  };
}

export type Services = ReturnType<typeof composeServices>;
