import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  allergenCategories,
  allergens,
  appMeta,
  ingredientAllergens,
  ingredients,
  recipeImages,
  recipeIngredients,
  recipes,
  type NewRecipeImageRow,
  type NewRecipeIngredientRow,
  type NewRecipeRow,
} from '../../db/schema/index.js';

/**
 * Rows per INSERT. PostgreSQL takes at most 65,535 parameters per statement;
 * at up to 19 columns a row, 1,000 rows stay well under it while keeping the
 * number of round trips small (seeding is a few statements, not thousands).
 */
const BATCH_ROWS = 1_000;

function batches<T>(rows: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) {
    out.push(rows.slice(start, start + size));
  }
  return out;
}

/** The key of the seeding lock: any constant shared by Platewise processes. */
const SEED_LOCK_KEY = 0x706c_7364; // "plsd"

export type IngredientInsert = typeof ingredients.$inferInsert;
export type AllergenCategoryInsert = {
  position: number;
  name: string;
  allergens: { id: string; name: string }[];
};

export interface CatalogueSeedRows {
  ingredients: IngredientInsert[];
  ingredientAllergens: { ingredientId: string; allergenId: string }[];
  allergenCategories: AllergenCategoryInsert[];
  recipes: NewRecipeRow[];
  recipeIngredients: NewRecipeIngredientRow[];
  recipeImages: NewRecipeImageRow[];
}

export interface AllergenCategoryRow {
  name: string;
  allergens: { id: string; name: string }[];
}

export function createCatalogueRepository(db: Database) {
  return {
    /** Whether the catalogue is loaded (a cheap check before building rows). */
    async hasIngredients(): Promise<boolean> {
      const rows = await db
        .select({ id: ingredients.id })
        .from(ingredients)
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Inserts the whole catalogue in one transaction, only into an empty
     * `ingredients` table. The transaction-scoped advisory lock makes a
     * second process that starts at the same moment wait, then find the
     * table filled and skip; on PGlite (one process per DATA_DIR) the lock
     * is uncontended. Answers whether it seeded.
     */
    async seedIfEmpty(rows: CatalogueSeedRows): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
        const existing = await tx
          .select({ id: ingredients.id })
          .from(ingredients)
          .limit(1);
        if (existing.length > 0) return false;

        for (const batch of batches(rows.ingredients)) {
          await tx.insert(ingredients).values(batch);
        }
        const categoryIds = await tx
          .insert(allergenCategories)
          .values(
            rows.allergenCategories.map(({ position, name }) => ({
              position,
              name,
            })),
          )
          .returning({ id: allergenCategories.id });
        const allergenRows = rows.allergenCategories.flatMap((category, c) =>
          category.allergens.map((allergen, position) => ({
            id: allergen.id,
            name: allergen.name,
            position,
            categoryId: categoryIds[c]?.id ?? 0,
          })),
        );
        await tx.insert(allergens).values(allergenRows);
        for (const batch of batches(rows.ingredientAllergens)) {
          await tx.insert(ingredientAllergens).values(batch);
        }
        for (const batch of batches(rows.recipes, 500)) {
          await tx.insert(recipes).values(batch);
        }
        for (const batch of batches(rows.recipeIngredients)) {
          await tx.insert(recipeIngredients).values(batch);
        }
        for (const batch of batches(rows.recipeImages)) {
          await tx.insert(recipeImages).values(batch);
        }
        await tx
          .insert(appMeta)
          .values({
            key: 'catalogue_seed',
            value: {
              ingredients: rows.ingredients.length,
              allergens: allergenRows.length,
              recipes: rows.recipes.length,
              seededAt: new Date().toISOString(),
            },
          })
          .onConflictDoNothing();
        return true;
      });
    },

    /** Categories in dialog order, each with its allergens in order. */
    async listAllergenCategories(): Promise<AllergenCategoryRow[]> {
      const rows = await db
        .select({
          categoryId: allergenCategories.id,
          category: allergenCategories.name,
          id: allergens.id,
          name: allergens.name,
        })
        .from(allergenCategories)
        .innerJoin(allergens, eq(allergens.categoryId, allergenCategories.id))
        .orderBy(asc(allergenCategories.position), asc(allergens.position));
      const byCategory = new Map<number, AllergenCategoryRow>();
      for (const row of rows) {
        let category = byCategory.get(row.categoryId);
        if (category === undefined) {
          category = { name: row.category, allergens: [] };
          byCategory.set(row.categoryId, category);
        }
        category.allergens.push({ id: row.id, name: row.name });
      }
      return [...byCategory.values()];
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
