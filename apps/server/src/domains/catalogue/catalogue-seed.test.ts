import {
  ALLERGEN_CATEGORIES,
  ALLERGENS,
  INGREDIENTS,
  SEED_RECIPES,
} from '@platewise/food-data';
import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openPostgres, type Database } from '../../db/client.js';
import {
  allergenCategories,
  allergens,
  appMeta,
  ingredientAllergens,
  ingredients,
  recipeImages,
  recipeIngredients,
  recipes,
} from '../../db/schema/index.js';
import {
  createPostgresDatabase,
  createTestDatabase,
  testDbDriver,
  type TestDatabase,
} from '../../test/build-app.js';
import { seedCatalogue } from './catalogue-seed.js';

async function rows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('seedCatalogue', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.dispose();
  });

  it('loads the whole catalogue into an empty database, once', async () => {
    const first = await seedCatalogue(database.db);
    expect(first).toMatchObject({
      seeded: true,
      ingredients: INGREDIENTS.length,
      allergens: ALLERGENS.length,
      recipes: SEED_RECIPES.length,
    });
    // Reported for the record: seeding time on this driver.
    console.info(`seeding took ${first.ms} ms on ${testDbDriver()}`);

    const db = database.db;
    expect(await rows(db, ingredients)).toBe(INGREDIENTS.length);
    expect(await rows(db, allergenCategories)).toBe(ALLERGEN_CATEGORIES.length);
    expect(await rows(db, allergens)).toBe(ALLERGENS.length);
    expect(await rows(db, ingredientAllergens)).toBe(
      INGREDIENTS.reduce((sum, item) => sum + item.allergens.length, 0),
    );
    expect(await rows(db, recipes)).toBe(SEED_RECIPES.length);
    expect(await rows(db, recipeIngredients)).toBe(
      SEED_RECIPES.reduce((sum, recipe) => sum + recipe.ingredients.length, 0),
    );
    expect(await rows(db, recipeImages)).toBe(SEED_RECIPES.length);
    const [marker] = await db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, 'catalogue_seed'));
    expect(marker?.value).toMatchObject({ recipes: SEED_RECIPES.length });

    const second = await seedCatalogue(db);
    expect(second.seeded).toBe(false);
    expect(await rows(db, recipes)).toBe(SEED_RECIPES.length);
  });

  it('keeps every catalogue field of an ingredient', async () => {
    const garlic = INGREDIENTS.find((item) => item.pieceUnits !== undefined);
    if (!garlic) throw new Error('no ingredient with piece units');
    const [row] = await database.db
      .select()
      .from(ingredients)
      .where(eq(ingredients.id, garlic.id));
    expect(row).toMatchObject({
      name: garlic.name,
      category: garlic.category,
      perishable: garlic.perishable,
      packageSize: garlic.package.size,
      packageUnit: garlic.package.unit,
      packageLabel: garlic.package.label,
      pieceUnits: garlic.pieceUnits,
      flags: [...garlic.flags],
      synonyms: [...garlic.synonyms],
    });
  });

  it.runIf(testDbDriver() === 'postgres')(
    'seeds once when two processes start together on one empty database',
    async () => {
      // Two pools stand in for two processes.
      const empty = await createPostgresDatabase();
      const [a, b] = await Promise.all([
        openPostgres(empty.url),
        openPostgres(empty.url),
      ]);
      try {
        await a.migrate();
        const results = await Promise.all([
          seedCatalogue(a.db),
          seedCatalogue(b.db),
        ]);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        const total = await a.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM recipes`,
        );
        expect(total.rows[0]?.n).toBe(SEED_RECIPES.length);
      } finally {
        await a.close();
        await b.close();
        await empty.drop();
      }
    },
  );

  it.runIf(testDbDriver() === 'pglite')(
    'seeds once when called twice at once',
    async () => {
      // PGlite: one process per DATA_DIR; concurrent calls still seed once.
      const fresh = await createTestDatabase();
      try {
        const results = await Promise.all([
          seedCatalogue(fresh.db),
          seedCatalogue(fresh.db),
        ]);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        expect(await rows(fresh.db, recipes)).toBe(SEED_RECIPES.length);
      } finally {
        await fresh.dispose();
      }
    },
  );
});
