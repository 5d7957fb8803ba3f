import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import {
  allergens,
  appMeta,
  ingredientAllergens,
  ingredients,
  recipeIngredients,
  recipes,
  type IngredientRow,
} from '../db/schema/index.js';

/** app_meta key bumped by migration 0005's triggers on every catalogue write. */
export const CATALOGUE_VERSION_KEY = 'catalogue_version';

export interface CatalogueRecipeRow {
  id: string;
  name: string;
  cuisine: string | null;
  mealTypes: string[];
  diets: string[];
  allergens: string[];
  proteinLevel: string;
  proteinPerServing: number;
  rating: number | null;
  totalCookingTime: number | null;
  servingSize: number | null;
  tags: string[];
}

export interface CatalogueLineRow {
  recipeId: string;
  ingredientId: string | null;
  name: string;
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
  preparation: string | null;
}

/** Everything the planner reads, as one consistent snapshot. */
export interface CatalogueSnapshot {
  /** The catalogue version these rows belong to ('0' before any write). */
  version: string;
  ingredients: IngredientRow[];
  ingredientAllergens: { ingredientId: string; allergenId: string }[];
  allergens: { id: string; name: string }[];
  recipes: CatalogueRecipeRow[];
  lines: CatalogueLineRow[];
}

function versionOf(value: unknown): string {
  return value === undefined || value === null ? '0' : String(value);
}

export function createPlannerCatalogueRepository(db: Database) {
  // Asked before every planner call: one primary-key lookup, prepared once.
  const versionQuery = db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, sql.placeholder('key')))
    .prepare('planner_catalogue_version');

  return {
    async version(): Promise<string> {
      const rows = await versionQuery.execute({ key: CATALOGUE_VERSION_KEY });
      return versionOf(rows[0]?.value);
    },

    /**
     * The version and every row in one REPEATABLE READ snapshot, so rows
     * written after the version was read are never cached under it. Six
     * queries, whatever the catalogue's size.
     */
    snapshot(): Promise<CatalogueSnapshot> {
      return db.transaction(
        async (tx) => {
          const [meta] = await tx
            .select({ value: appMeta.value })
            .from(appMeta)
            .where(eq(appMeta.key, CATALOGUE_VERSION_KEY));
          const ingredientRows = await tx
            .select()
            .from(ingredients)
            .orderBy(asc(ingredients.position));
          const allergenLinks = await tx
            .select({
              ingredientId: ingredientAllergens.ingredientId,
              allergenId: ingredientAllergens.allergenId,
            })
            .from(ingredientAllergens);
          const allergenRows = await tx
            .select({ id: allergens.id, name: allergens.name })
            .from(allergens)
            .orderBy(asc(allergens.position));
          const recipeRows = await tx
            .select({
              id: recipes.id,
              name: recipes.name,
              cuisine: recipes.cuisine,
              mealTypes: recipes.mealTypes,
              diets: recipes.diets,
              allergens: recipes.allergens,
              proteinLevel: recipes.proteinLevel,
              proteinPerServing: recipes.proteinPerServing,
              rating: recipes.rating,
              totalCookingTime: recipes.totalCookingTime,
              servingSize: recipes.servingSize,
              tags: recipes.tags,
            })
            .from(recipes)
            .orderBy(asc(recipes.id));
          const lineRows = await tx
            .select({
              recipeId: recipeIngredients.recipeId,
              ingredientId: recipeIngredients.ingredientId,
              name: recipeIngredients.name,
              quantity: recipeIngredients.quantity,
              quantityMax: recipeIngredients.quantityMax,
              unit: recipeIngredients.unit,
              preparation: recipeIngredients.preparation,
            })
            .from(recipeIngredients)
            .orderBy(
              asc(recipeIngredients.recipeId),
              asc(recipeIngredients.position),
            );
          return {
            version: versionOf(meta?.value),
            ingredients: ingredientRows,
            ingredientAllergens: allergenLinks,
            allergens: allergenRows,
            recipes: recipeRows,
            lines: lineRows,
          };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type PlannerCatalogueRepository = ReturnType<
  typeof createPlannerCatalogueRepository
>;
