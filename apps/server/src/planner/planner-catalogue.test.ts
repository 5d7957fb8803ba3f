import { INGREDIENTS, KETO_EXCLUDED_IDS } from '@platewise/food-data';
import { eq, isNotNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../db/client.js';
import {
  appMeta,
  ingredients,
  recipeImages,
  recipeIngredients,
  recipes,
} from '../db/schema/index.js';
import { seedCatalogue } from '../domains/catalogue/catalogue-seed.js';
import {
  RECIPE_FACTS_RULES_KEY,
  rederiveRecipeFacts,
} from '../domains/recipes/recipe-facts-rederive.js';
import { getTestDatabase } from '../test/build-app.js';
import { createPlannerCatalogueRepository } from './planner-catalogue-repository.js';
import { createPlannerCatalogueSource } from './planner-catalogue.js';
import { readSharedCatalogue } from './planner-protocol.js';
import { backfillShelfLife } from './shelf-life-backfill.js';

let db: Database;

beforeAll(async () => {
  db = (await getTestDatabase()).db;
  await seedCatalogue(db);
});

describe('the planner catalogue', () => {
  it('is loaded once per catalogue version and reloaded after a recipe write', async () => {
    const source = createPlannerCatalogueSource(
      createPlannerCatalogueRepository(db),
    );
    const first = await source.current();
    expect(await source.current()).toBe(first);
    const raw = readSharedCatalogue(first.buffer);
    expect(raw.ingredients).toHaveLength(INGREDIENTS.length);
    expect(raw.recipes.length).toBe(first.recipeIds.size);
    const recipe = raw.recipes[0];
    if (!recipe) throw new Error('no recipes seeded');
    expect(recipe.lines.length).toBeGreaterThan(0);

    await db
      .update(recipes)
      .set({ name: 'Renamed for the test' })
      .where(eq(recipes.id, recipe.id));
    const second = await source.current();
    expect(second.version).not.toBe(first.version);
    expect(
      readSharedCatalogue(second.buffer).recipes.find((r) => r.id === recipe.id)
        ?.name,
    ).toBe('Renamed for the test');
  });

  it('changes version when a recipe picture changes (plans cache the recipes they show)', async () => {
    const repo = createPlannerCatalogueRepository(db);
    const before = await repo.version();
    const [recipe] = await db.select({ id: recipes.id }).from(recipes).limit(1);
    if (!recipe) throw new Error('no recipes seeded');
    await db
      .update(recipeImages)
      .set({ kind: 'generated' })
      .where(eq(recipeImages.recipeId, recipe.id));
    expect(await repo.version()).not.toBe(before);
  });

  it('maps the allergen-to-ingredient map with the allergen names', async () => {
    const source = createPlannerCatalogueSource(
      createPlannerCatalogueRepository(db),
    );
    const raw = readSharedCatalogue((await source.current()).buffer);
    const peanuts = raw.allergens.find((allergen) => allergen.id === 'peanuts');
    const expected = INGREDIENTS.filter((item) =>
      item.allergens.includes('peanuts'),
    ).map((item) => item.id);
    expect([...(peanuts?.ingredientIds ?? [])].sort()).toEqual(expected.sort());
    expect(peanuts?.name).toMatch(/peanut/i);
  });
});

describe('backfillShelfLife', () => {
  it('fills the shelf lives of a database seeded before the columns existed', async () => {
    const withShelfLife = INGREDIENTS.filter(
      (item) => item.shelfLifeDays !== undefined,
    );
    expect(withShelfLife.length).toBeGreaterThan(0);
    await db
      .update(ingredients)
      .set({ shelfLifeDays: null, openedShelfLifeDays: null });

    // Opened cans and cartons have an opened life only (issue 20).
    const withAnyLife = INGREDIENTS.filter(
      (item) =>
        item.shelfLifeDays !== undefined ||
        item.openedShelfLifeDays !== undefined,
    );
    expect(await backfillShelfLife(db)).toBe(withAnyLife.length);
    const rows = await db
      .select({
        id: ingredients.id,
        shelfLifeDays: ingredients.shelfLifeDays,
        openedShelfLifeDays: ingredients.openedShelfLifeDays,
      })
      .from(ingredients)
      .where(isNotNull(ingredients.shelfLifeDays));
    expect(new Map(rows.map((row) => [row.id, row]))).toEqual(
      new Map(
        withShelfLife.map((item) => [
          item.id,
          {
            id: item.id,
            shelfLifeDays: item.shelfLifeDays,
            openedShelfLifeDays: item.openedShelfLifeDays ?? null,
          },
        ]),
      ),
    );
    // A second start has nothing left to fill.
    expect(await backfillShelfLife(db)).toBe(0);
  });
});

describe('rederiveRecipeFacts', () => {
  const dietsOf = async (slug: string) =>
    (
      await db
        .select({ diets: recipes.diets })
        .from(recipes)
        .where(eq(recipes.slug, slug))
    )[0]?.diets;

  it('takes "ketogenic" off a stored recipe with sugar once the keto rule changed, and only once', async () => {
    // A database written under the old rule: sugar in small amounts passed.
    const [sugared] = await db
      .select({ id: recipes.id, slug: recipes.slug, diets: recipes.diets })
      .from(recipes)
      .innerJoin(recipeIngredients, eq(recipeIngredients.recipeId, recipes.id))
      .where(eq(recipeIngredients.ingredientId, 'sugar'))
      .limit(1);
    if (sugared?.slug == null) throw new Error('no seed recipe with sugar');
    expect(KETO_EXCLUDED_IDS.has('sugar')).toBe(true);
    expect(sugared.diets).not.toContain('ketogenic');
    await db
      .update(recipes)
      .set({ diets: [...sugared.diets, 'ketogenic'] })
      .where(eq(recipes.id, sugared.id));
    await db.delete(appMeta).where(eq(appMeta.key, RECIPE_FACTS_RULES_KEY));
    const ketoBefore = await db
      .select({ slug: recipes.slug, diets: recipes.diets })
      .from(recipes);

    expect(await rederiveRecipeFacts(db)).toBe(1);
    expect(await dietsOf(sugared.slug)).toEqual(sugared.diets);
    // Every other recipe keeps its facts.
    const after = new Map(
      (
        await db
          .select({ slug: recipes.slug, diets: recipes.diets })
          .from(recipes)
      ).map((row) => [row.slug, row.diets]),
    );
    expect(after).toEqual(
      new Map(
        ketoBefore.map((row) => [
          row.slug,
          row.slug === sugared.slug ? sugared.diets : row.diets,
        ]),
      ),
    );
    expect(
      [...after.values()].some((diets) => diets.includes('ketogenic')),
    ).toBe(true);

    // The next start finds the rules' version stored and changes nothing,
    // even a fact written by hand since.
    await db
      .update(recipes)
      .set({ diets: [...sugared.diets, 'ketogenic'] })
      .where(eq(recipes.id, sugared.id));
    expect(await rederiveRecipeFacts(db)).toBe(0);
    expect(await dietsOf(sugared.slug)).toContain('ketogenic');
    await db
      .update(recipes)
      .set({ diets: sugared.diets })
      .where(eq(recipes.id, sugared.id));
  });
});
