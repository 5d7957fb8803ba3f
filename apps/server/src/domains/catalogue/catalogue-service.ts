import type { AllergenList } from '@platewise/shared';

import type { CatalogueRepository } from './catalogue-repository.js';

export interface CatalogueServiceDeps {
  repo: Pick<CatalogueRepository, 'listAllergenCategories'>;
}

export function createCatalogueService({ repo }: CatalogueServiceDeps) {
  return {
    /** The allergen catalogue (spec point 7: `data` holds the categories). */
    async listAllergens(): Promise<AllergenList> {
      return { data: await repo.listAllergenCategories() };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
