import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.js';

/**
 * The installation's admin settings (issue 12): one row, id 1, created on
 * first read. `planner_weights` holds only overrides of the planner's
 * DEFAULT_PLANNER_WEIGHTS, so a changed default reaches every installation
 * that did not override it.
 */
export const adminSettings = pgTable(
  'admin_settings',
  {
    id: integer('id').primaryKey().default(1),
    signupOpen: boolean('signup_open').notNull().default(true),
    plannerWeights: jsonb('planner_weights')
      .$type<Record<string, number>>()
      .notNull()
      .default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [check('admin_settings_single_row', sql`${table.id} = 1`)],
);

export type AdminSettingsRow = typeof adminSettings.$inferSelect;
