import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { AuditLog } from '../audit/audit-service.js';
import { createCatalogueRepository } from '../catalogue/catalogue-repository.js';
import { catalogueRoutes } from '../catalogue/catalogue-routes.js';
import { createCatalogueService } from '../catalogue/catalogue-service.js';
import { processImage } from '../images/images-processing.js';
import { createImagesRepository } from '../images/images-repository.js';
import { imagesRoutes } from '../images/images-routes.js';
import { createImagesService } from '../images/images-service.js';
import { createDiskImageStore, uploadsDir } from '../images/images-store.js';
import { ingredientsRoutes } from '../ingredients/ingredients-routes.js';
import {
  catalogueResolver,
  createIngredientsService,
} from '../ingredients/ingredients-service.js';
import { createPageFetcher } from '../recipe-import/recipe-import-fetch.js';
import { recipeImportRoutes } from '../recipe-import/recipe-import-routes.js';
import { createRecipeImportService } from '../recipe-import/recipe-import-service.js';
import { createRecipesRepository } from './recipes-repository.js';
import { recipesRoutes } from './recipes-routes.js';
import { createRecipesService } from './recipes-service.js';

export interface FoodDomainsDeps {
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'IMPORT_ALLOW_PRIVATE_HOSTS'
    | 'RATE_LIMIT_PARSE_WINDOW_SECONDS'
    | 'RATE_LIMIT_PARSE_USER'
    | 'RATE_LIMIT_PARSE_IP'
  >;
  db: Database;
  logger: FastifyBaseLogger;
  /** The recipe catalogue's writes are admin changes (issue 12). */
  audit: AuditLog;
}

/**
 * The food catalogue's domains under /api: recipes, their pictures and
 * import, the ingredient parser and the allergen catalogue. Needs the auth
 * guards (app.requireUser, app.requireAdmin) registered first.
 */
export async function registerFoodDomains(
  app: FastifyInstance,
  { config, db, logger, audit }: FoodDomainsDeps,
): Promise<void> {
  const resolver = catalogueResolver();
  const store = createDiskImageStore(uploadsDir(config.DATA_DIR));

  await app.register(recipesRoutes, {
    prefix: '/api',
    service: createRecipesService({
      repo: createRecipesRepository(db),
      resolver,
      store,
      processImage,
      audit,
      onOrphanFile: (fileName, err) =>
        logger.warn(
          { err, fileName },
          'an uploaded image could not be removed',
        ),
    }),
  });
  await app.register(imagesRoutes, {
    prefix: '/api',
    service: createImagesService({ repo: createImagesRepository(db), store }),
  });
  await app.register(recipeImportRoutes, {
    prefix: '/api',
    service: createRecipeImportService({
      fetchPage: createPageFetcher({
        allowPrivateHosts: config.IMPORT_ALLOW_PRIVATE_HOSTS,
      }),
      resolver,
    }),
  });
  await app.register(ingredientsRoutes, {
    prefix: '/api',
    service: createIngredientsService({ resolver }),
    config,
  });
  await app.register(catalogueRoutes, {
    prefix: '/api',
    service: createCatalogueService({ repo: createCatalogueRepository(db) }),
  });
}
