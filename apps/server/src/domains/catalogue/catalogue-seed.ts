import { randomUUID } from 'node:crypto';

import {
  ALLERGEN_CATEGORIES,
  deriveRecipeFacts,
  INGREDIENTS,
  SEED_RECIPES,
  type AllergenCategory,
  type Ingredient,
  type SeedRecipe,
} from '@platewise/food-data';
import { DIRECTIONS_SEPARATOR } from '@platewise/shared';

import type { Database } from '../../db/client.js';
import { catalogueDisplayName } from '../ingredients/recipe-lines.js';
import {
  createCatalogueRepository,
  type CatalogueSeedRows,
} from './catalogue-repository.js';

export interface CatalogueData {
  ingredients: readonly Ingredient[];
  allergenCategories: readonly AllergenCategory[];
  recipes: readonly SeedRecipe[];
}

/** The catalogue of @platewise/food-data. */
export const FOOD_DATA_CATALOGUE: CatalogueData = {
  ingredients: INGREDIENTS,
  allergenCategories: ALLERGEN_CATEGORIES,
  recipes: SEED_RECIPES,
};

/** The food data as table rows; recipe ids are made here so lines can name them. */
export function buildSeedRows(data: CatalogueData): CatalogueSeedRows {
  const byId = new Map(data.ingredients.map((item) => [item.id, item]));
  const rows: CatalogueSeedRows = {
    ingredients: data.ingredients.map((item, position) => ({
      id: item.id,
      position,
      name: item.name,
      plural: item.plural ?? null,
      synonyms: [...item.synonyms],
      category: item.category,
      perishable: item.perishable,
      packageSize: item.package.size,
      packageUnit: item.package.unit,
      packageLabel: item.package.label,
      densityGPerMl: item.densityGPerMl ?? null,
      gramsPerPiece: item.gramsPerPiece ?? null,
      pieceUnits: item.pieceUnits ? { ...item.pieceUnits } : null,
      proteinPer100g: item.proteinPer100g,
      shelfLifeDays: item.shelfLifeDays ?? null,
      openedShelfLifeDays: item.openedShelfLifeDays ?? null,
      flags: [...item.flags],
    })),
    ingredientAllergens: data.ingredients.flatMap((item) =>
      item.allergens.map((allergenId) => ({
        ingredientId: item.id,
        allergenId,
      })),
    ),
    allergenCategories: data.allergenCategories.map((category, position) => ({
      position,
      name: category.name,
      allergens: category.allergens.map(({ id, name }) => ({ id, name })),
    })),
    recipes: [],
    recipeIngredients: [],
    recipeImages: [],
  };

  for (const recipe of data.recipes) {
    const id = randomUUID();
    const facts = deriveRecipeFacts(recipe, byId);
    rows.recipes.push({
      id,
      slug: recipe.slug,
      name: recipe.name,
      description: recipe.description,
      totalCookingTime: recipe.totalCookingTime,
      rating: recipe.rating,
      servingSize: recipe.servingSize,
      cuisine: recipe.cuisine,
      mealTypes: [...recipe.mealTypes],
      tags: [...recipe.tags],
      directions: recipe.directions.join(DIRECTIONS_SEPARATOR),
      url: null,
      createdBy: null,
      diets: [...facts.diets],
      allergens: [...facts.allergens],
      proteinPerServing: facts.proteinPerServingG,
      proteinLevel: facts.proteinLevel,
    });
    recipe.ingredients.forEach((line, position) => {
      const ingredient = byId.get(line.ingredientId);
      rows.recipeIngredients.push({
        recipeId: id,
        position,
        ingredientId: line.ingredientId,
        name: ingredient
          ? catalogueDisplayName(ingredient, line.quantity, line.unit)
          : line.ingredientId,
        quantity: line.quantity,
        quantityMax: null,
        unit: line.unit,
        preparation: line.preparation ?? null,
        text: line.text,
      });
    });
    // Every seed recipe shows the project's own artwork (architecture point 6).
    rows.recipeImages.push({ recipeId: id, position: 0, kind: 'generated' });
  }
  return rows;
}

export interface SeedResult {
  seeded: boolean;
  ms: number;
  ingredients: number;
  allergens: number;
  recipes: number;
}

/**
 * Loads the catalogue into an empty database (architecture point 4): run at
 * start after the migrations and before listening. Idempotent: a database
 * that holds ingredients is left alone, and two processes starting together
 * seed once (see seedIfEmpty).
 */
export async function seedCatalogue(
  db: Database,
  data: CatalogueData = FOOD_DATA_CATALOGUE,
): Promise<SeedResult> {
  const started = performance.now();
  const repo = createCatalogueRepository(db);
  const counts = {
    ingredients: data.ingredients.length,
    allergens: data.allergenCategories.reduce(
      (sum, category) => sum + category.allergens.length,
      0,
    ),
    recipes: data.recipes.length,
  };
  // Every start but the first ends here; seedIfEmpty checks again under its
  // lock, for two processes that both saw an empty table.
  const seeded =
    !(await repo.hasIngredients()) &&
    (await repo.seedIfEmpty(buildSeedRows(data)));
  return { seeded, ms: Math.round(performance.now() - started), ...counts };
}
