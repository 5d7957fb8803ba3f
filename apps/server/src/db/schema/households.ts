import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.js';

/**
 * Households (issue 18). Every user is in exactly one: a user without a
 * membership row is alone in a household of their own, made on first use.
 * The shared plan and its shopping-list ticks stay keyed by a user id (the
 * plan tables predate households): `data_user_id`, a member whose id keys
 * them. When that member leaves, the plan is re-keyed to another member
 * (meal_plans cascades the update to its meals). `serving_size` overrides
 * the default of one serving per member.
 */
export const households = pgTable(
  'households',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dataUserId: uuid('data_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    servingSize: integer('serving_size'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('households_data_user_id_idx').on(table.dataUserId),
    check(
      'households_serving_size_check',
      sql`${table.servingSize} IS NULL OR (${table.servingSize} >= 1 AND ${table.servingSize} <= 20)`,
    ),
  ],
);

export type HouseholdRow = typeof households.$inferSelect;

export const householdMembers = pgTable(
  'household_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('household_members_household_id_idx').on(table.householdId),
    check(
      'household_members_role_check',
      sql`${table.role} IN ('owner', 'member')`,
    ),
  ],
);

export type HouseholdMemberRow = typeof householdMembers.$inferSelect;

/**
 * An invitation by e-mail: single use, `expires_at` 72 h after it was sent.
 * Re-sending replaces the open invitation of that address with a new token.
 * Only the token's SHA-256 is kept.
 */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('household_invitations_household_id_idx').on(table.householdId),
  ],
);

export type HouseholdInvitationRow = typeof householdInvitations.$inferSelect;
