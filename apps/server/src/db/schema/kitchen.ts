import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.js';

/**
 * What a user has at home (issue 20): each item carries its amount as
 * written and in grams, where it is kept, the day it was bought or opened
 * and its use-by day. The ingredient is a catalogue id, checked when saved
 * rather than by a foreign key, so a catalogue change never deletes a
 * kitchen; an item the catalogue does not know keeps its name only.
 */
export const kitchenItems = pgTable(
  'kitchen_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ingredientId: text('ingredient_id'),
    name: text('name').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit').notNull().default(''),
    /** Null when the amount cannot be weighed (an unknown item). */
    grams: doublePrecision('grams'),
    /** fridge, freezer or cupboard. */
    place: text('place').notNull(),
    addedOn: date('added_on').notNull(),
    useBy: date('use_by'),
    opened: boolean('opened').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    index('kitchen_items_user_idx').on(table.userId, table.useBy),
    check(
      'kitchen_items_place_check',
      sql`${table.place} in ('fridge', 'freezer', 'cupboard')`,
    ),
    check('kitchen_items_quantity_check', sql`${table.quantity} >= 0`),
  ],
);

/**
 * The ingredients a user always has (salt, pepper, oil, spices): never on
 * the list to buy. A user without rows has the catalogue's suggested
 * staples; `kitchen_staples_set` records that the user chose their own.
 */
export const kitchenStaples = pgTable(
  'kitchen_staples',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ingredientId: text('ingredient_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ingredientId] })],
);

/** Users who replaced the suggested staples with their own list (even an empty one). */
export const kitchenStaplesSet = pgTable('kitchen_staples_set', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow(),
});
