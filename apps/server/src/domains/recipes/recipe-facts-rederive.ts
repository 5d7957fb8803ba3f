import { RECIPE_FACTS_RULES_VERSION } from '@platewise/food-data';
import { asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { appMeta, recipeIngredients, recipes } from '../../db/schema/index.js';
import {
  deriveLineFacts,
  type StructuredLine,
} from '../ingredients/recipe-lines.js';

/** app_meta key holding the RECIPE_FACTS_RULES_VERSION the stored facts follow. */
export const RECIPE_FACTS_RULES_KEY = 'recipe_facts_rules';

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Derives every stored recipe's diets, allergens and protein again when the
 * rules of deriveRecipeFacts changed since the database last did
 * (RECIPE_FACTS_RULES_VERSION against app_meta): recipes written under the
 * old keto rule would otherwise stay "ketogenic" with sugar in them
 * (issue 22). Run at start after seeding, like backfillShelfLife. Only
 * changed rows are written (so the catalogue version moves only when a fact
 * did); returns how many. A second start finds the version current and reads
 * nothing.
 */
export async function rederiveRecipeFacts(db: Database): Promise<number> {
  const stored = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, RECIPE_FACTS_RULES_KEY));
  const version = (stored[0]?.value as { version?: unknown } | undefined)
    ?.version;
  if (version === RECIPE_FACTS_RULES_VERSION) return 0;

  const rows = await db
    .select({
      id: recipes.id,
      servingSize: recipes.servingSize,
      diets: recipes.diets,
      allergens: recipes.allergens,
      proteinPerServing: recipes.proteinPerServing,
      proteinLevel: recipes.proteinLevel,
    })
    .from(recipes);
  const lines = await db
    .select({
      recipeId: recipeIngredients.recipeId,
      ingredientId: recipeIngredients.ingredientId,
      name: recipeIngredients.name,
      quantity: recipeIngredients.quantity,
      quantityMax: recipeIngredients.quantityMax,
      unit: recipeIngredients.unit,
      preparation: recipeIngredients.preparation,
      text: recipeIngredients.text,
    })
    .from(recipeIngredients)
    .orderBy(asc(recipeIngredients.recipeId), asc(recipeIngredients.position));
  const linesOf = new Map<string, StructuredLine[]>();
  for (const { recipeId, ...line } of lines) {
    const list = linesOf.get(recipeId);
    if (list === undefined) linesOf.set(recipeId, [line]);
    else list.push(line);
  }

  const updates = rows.flatMap((row) => {
    const facts = deriveLineFacts(linesOf.get(row.id) ?? [], row.servingSize);
    const diets = [...facts.diets];
    const allergens = [...facts.allergens];
    const unchanged =
      sameList(diets, row.diets) &&
      sameList(allergens, row.allergens) &&
      Math.abs(facts.proteinPerServingG - row.proteinPerServing) < 0.05 &&
      facts.proteinLevel === row.proteinLevel;
    return unchanged
      ? []
      : [{ id: row.id, facts: { ...facts, diets, allergens } }];
  });

  await db.transaction(async (tx) => {
    for (const { id, facts } of updates) {
      await tx
        .update(recipes)
        .set({
          diets: facts.diets,
          allergens: facts.allergens,
          proteinPerServing: facts.proteinPerServingG,
          proteinLevel: facts.proteinLevel,
        })
        .where(eq(recipes.id, id));
    }
    await tx
      .insert(appMeta)
      .values({
        key: RECIPE_FACTS_RULES_KEY,
        value: { version: RECIPE_FACTS_RULES_VERSION },
      })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: {
          value: { version: RECIPE_FACTS_RULES_VERSION },
          updatedAt: sql`now()`,
        },
      });
  });
  return updates.length;
}
