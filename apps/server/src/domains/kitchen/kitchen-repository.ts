import { and, asc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  kitchenItems,
  kitchenStaples,
  kitchenStaplesSet,
} from '../../db/schema/index.js';

export type KitchenItemRow = typeof kitchenItems.$inferSelect;
export type NewKitchenItemRow = Omit<
  typeof kitchenItems.$inferInsert,
  'id' | 'userId' | 'createdAt'
>;
export type KitchenItemPatch = Partial<NewKitchenItemRow>;

export function createKitchenRepository(db: Database) {
  // The reads, prepared once (issue 17).
  const itemsQuery = db
    .select()
    .from(kitchenItems)
    .where(eq(kitchenItems.userId, sql.placeholder('userId')))
    .orderBy(
      sql`${kitchenItems.useBy} asc nulls last`,
      asc(kitchenItems.createdAt),
      asc(kitchenItems.id),
    )
    .prepare('kitchen_items');
  // Whether the user keeps their own list, and its ids: one statement.
  const staplesQuery = db
    .select({
      own: sql<boolean>`EXISTS (SELECT 1 FROM ${kitchenStaplesSet} WHERE ${kitchenStaplesSet.userId} = ${sql.placeholder('userId')})`,
      ids: sql<
        string[] | null
      >`(SELECT array_agg(${kitchenStaples.ingredientId} ORDER BY ${kitchenStaples.ingredientId}) FROM ${kitchenStaples} WHERE ${kitchenStaples.userId} = ${sql.placeholder('userId')})`,
    })
    .from(sql`(VALUES (1)) AS one (x)`)
    .prepare('kitchen_staples');

  return {
    /** The user's items, soonest use-by first (no use-by last). */
    async items(userId: string): Promise<KitchenItemRow[]> {
      return itemsQuery.execute({ userId });
    },

    async add(
      userId: string,
      rows: readonly NewKitchenItemRow[],
    ): Promise<KitchenItemRow[]> {
      if (rows.length === 0) return [];
      return db
        .insert(kitchenItems)
        .values(rows.map((row) => ({ ...row, userId })))
        .returning();
    },

    /** Changes one of the user's items; undefined when the user has no such item. */
    async update(
      userId: string,
      id: string,
      patch: KitchenItemPatch,
    ): Promise<KitchenItemRow | undefined> {
      const [row] = await db
        .update(kitchenItems)
        .set(patch)
        .where(and(eq(kitchenItems.id, id), eq(kitchenItems.userId, userId)))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(kitchenItems)
        .where(and(eq(kitchenItems.id, id), eq(kitchenItems.userId, userId)))
        .returning({ id: kitchenItems.id });
      return rows.length > 0;
    },

    /** The user's own staples, or undefined when they keep the suggested ones. */
    async staples(userId: string): Promise<string[] | undefined> {
      const [row] = await staplesQuery.execute({ userId });
      return row?.own ? (row.ids ?? []) : undefined;
    },

    async setStaples(userId: string, ids: readonly string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(kitchenStaplesSet)
          .values({ userId })
          .onConflictDoUpdate({
            target: kitchenStaplesSet.userId,
            set: { updatedAt: sql`now()` },
          });
        await tx
          .delete(kitchenStaples)
          .where(eq(kitchenStaples.userId, userId));
        if (ids.length > 0) {
          await tx
            .insert(kitchenStaples)
            .values(ids.map((ingredientId) => ({ userId, ingredientId })));
        }
      });
    },
  };
}

export type KitchenRepository = ReturnType<typeof createKitchenRepository>;
