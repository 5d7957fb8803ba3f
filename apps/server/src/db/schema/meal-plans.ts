import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { recipes } from './recipes.js';
import { users } from './users.js';

/** The planner's waste summary, stored as it answered (packages/planner). */
export type StoredWasteSummary = Record<string, number>;

/** A slot the planner could not fill, and why. */
export interface StoredUnfilledSlot {
  day: number;
  slot: string;
  reason: string;
}

/**
 * A note about the whole plan (issue 22): a code, the meal it is about
 * where it is about one (day 0..6 and slot), and the planner's sentence.
 */
export interface StoredPlanNote {
  code: string;
  day?: number;
  slot?: string;
  reason: string;
}

/**
 * A user's current weekly plan: one per user. `version` grows with every
 * change, so a regenerate or lock sent from a stale tab is refused with a
 * conditional update (`WHERE version = $v`) instead of overwriting. `seed`
 * makes the plan reproducible; `serving_size` is the one it was made for, so
 * the shopping list matches the plan even after the settings change.
 * `ticked` holds the shopping-list ingredient ids the user has ticked; a new
 * plan starts unticked (issue 11).
 */
export const mealPlans = pgTable(
  'meal_plans',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(1),
    seed: integer('seed').notNull(),
    servingSize: integer('serving_size').notNull(),
    waste: jsonb('waste').$type<StoredWasteSummary>().notNull(),
    unfilled: jsonb('unfilled')
      .$type<StoredUnfilledSlot[]>()
      .notNull()
      .default([]),
    /** Plans stored before the planner wrote notes have none. */
    notes: jsonb('notes').$type<StoredPlanNote[]>().notNull().default([]),
    ticked: text('ticked').array().notNull().default([]),
    /**
     * When each shopping-list key was last ticked or unticked (ISO time),
     * so that ticks queued offline merge per key, last change wins
     * (issue 18).
     */
    tickTimes: jsonb('tick_times')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [check('meal_plans_version_check', sql`${table.version} >= 1`)],
);

export type MealPlanRow = typeof mealPlans.$inferSelect;
export type NewMealPlanRow = typeof mealPlans.$inferInsert;

/**
 * The meals of a plan, one row per filled slot. `day` is 0 (Monday) to 6.
 * A recipe deleted from the catalogue leaves its slot with a null recipe,
 * which the plan shows as a slot to regenerate.
 */
export const mealPlanMeals = pgTable(
  'meal_plan_meals',
  {
    userId: uuid('user_id')
      .notNull()
      // ON UPDATE CASCADE: a household re-keys its plan to another member
      // when the member whose id keys it leaves (issue 18).
      .references(() => mealPlans.userId, {
        onDelete: 'cascade',
        onUpdate: 'cascade',
      }),
    day: smallint('day').notNull(),
    slot: text('slot', { enum: ['breakfast', 'lunch', 'dinner'] }).notNull(),
    recipeId: uuid('recipe_id').references(() => recipes.id, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull().default(''),
    locked: boolean('locked').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day, table.slot] }),
    index('meal_plan_meals_recipe_id_idx').on(table.recipeId),
    check('meal_plan_meals_day_check', sql`${table.day} BETWEEN 0 AND 6`),
    check(
      'meal_plan_meals_slot_check',
      sql`${table.slot} IN ('breakfast', 'lunch', 'dinner')`,
    ),
  ],
);

export type MealPlanMealRow = typeof mealPlanMeals.$inferSelect;
export type NewMealPlanMealRow = typeof mealPlanMeals.$inferInsert;
