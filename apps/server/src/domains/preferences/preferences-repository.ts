import { eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  allergens,
  userPreferences,
  type NewUserPreferencesRow,
  type UserPreferencesRow,
} from '../../db/schema/index.js';

export type PreferencesFields = Omit<
  NewUserPreferencesRow,
  'userId' | 'createdAt' | 'updatedAt'
>;

export function createPreferencesRepository(db: Database) {
  return {
    async find(userId: string): Promise<UserPreferencesRow | undefined> {
      const [row] = await db
        .select()
        .from(userPreferences)
        .where(eq(userPreferences.userId, userId));
      return row;
    },

    /** Inserts or replaces the user's one row. */
    async save(
      userId: string,
      fields: PreferencesFields,
    ): Promise<UserPreferencesRow> {
      const [row] = await db
        .insert(userPreferences)
        .values({ userId, ...fields })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { ...fields, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('preferences upsert returned no row');
      return row;
    },

    /** The ids among `ids` that the allergen catalogue knows. */
    async knownAllergenIds(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: allergens.id })
        .from(allergens)
        .where(inArray(allergens.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type PreferencesRepository = ReturnType<
  typeof createPreferencesRepository
>;
