import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.js';

/** One day of the weekly schedule, as the spec's settings form sends it. */
export interface StoredScheduleDay {
  day_name: string;
  meals: { breakfast: boolean; lunch: boolean; dinner: boolean };
  enabled: boolean;
}

/**
 * A user's planner settings (spec point 3, "Preferences (server form)"),
 * one row per user. Lists are stored normalised (trimmed, de-duplicated);
 * allergen ids are checked against the catalogue when saved, not by a
 * foreign key, so a catalogue change never deletes a user's settings.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Seven entries, Monday to Sunday. */
    weeklySchedule: jsonb('weekly_schedule')
      .$type<StoredScheduleDay[]>()
      .notNull(),
    /** Lower case (spec point 3): none, vegan, vegetarian, gluten-free, ketogenic. */
    dietaryPreference: text('dietary_preference').notNull().default('none'),
    /** 'High Protein', 'Medium Protein', 'Low Protein', or null for no preference. */
    proteinLevel: text('protein_level'),
    allergens: text('allergens').array().notNull().default([]),
    customAllergens: text('custom_allergens').array().notNull().default([]),
    likes: text('likes').array().notNull().default([]),
    dislikes: text('dislikes').array().notNull().default([]),
    servingSize: integer('serving_size').notNull().default(1),
    /** Minutes a Monday-Friday lunch or dinner may take (issue 22). */
    weeknightCookingTime: integer('weeknight_cooking_time')
      .notNull()
      .default(45),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    check(
      'user_preferences_serving_size_check',
      sql`${table.servingSize} >= 1 AND ${table.servingSize} <= 20`,
    ),
    check(
      'user_preferences_weeknight_cooking_time_check',
      sql`${table.weeknightCookingTime} >= 15 AND ${table.weeknightCookingTime} <= 180`,
    ),
  ],
);

export type UserPreferencesRow = typeof userPreferences.$inferSelect;
export type NewUserPreferencesRow = typeof userPreferences.$inferInsert;
