import { INGREDIENTS, type Ingredient } from '@platewise/food-data';
import { isNull, or, sql } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import { ingredients } from '../db/schema/index.js';

/**
 * Shelf lives for databases seeded before migration 0005 added the columns:
 * a fresh database gets them from the seed (catalogue-seed.ts), an existing
 * one here, at start. Only empty values are filled, so the statement (and
 * the catalogue-version bump of its trigger) runs only when there is
 * something to fill. Returns the number of ingredients filled.
 */
export async function backfillShelfLife(
  db: Database,
  catalogue: readonly Ingredient[] = INGREDIENTS,
): Promise<number> {
  const missing = await db
    .select({
      id: ingredients.id,
      shelfLifeDays: ingredients.shelfLifeDays,
      openedShelfLifeDays: ingredients.openedShelfLifeDays,
    })
    .from(ingredients)
    .where(
      or(
        isNull(ingredients.shelfLifeDays),
        isNull(ingredients.openedShelfLifeDays),
      ),
    );
  const byId = new Map(catalogue.map((item) => [item.id, item]));
  const updates = missing.flatMap((row) => {
    const item = byId.get(row.id);
    const shelf = row.shelfLifeDays ?? item?.shelfLifeDays ?? null;
    const opened = row.openedShelfLifeDays ?? item?.openedShelfLifeDays ?? null;
    return shelf === row.shelfLifeDays && opened === row.openedShelfLifeDays
      ? []
      : [sql`(${row.id}::text, ${shelf}::integer, ${opened}::integer)`];
  });
  if (updates.length === 0) return 0;
  await db.execute(sql`
    UPDATE ${ingredients} AS i
    SET shelf_life_days = v.shelf, opened_shelf_life_days = v.opened
    FROM (VALUES ${sql.join(updates, sql`, `)}) AS v(id, shelf, opened)
    WHERE i.id = v.id`);
  return updates.length;
}
