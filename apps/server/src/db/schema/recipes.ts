import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { ingredients } from './catalogue.js';
import { users } from './users.js';

/**
 * Recipes (spec point 3, architecture point 6). diets, allergens,
 * protein_per_serving and protein_level are derived from the ingredient
 * lines whenever a recipe is written, never hand-tagged, so that reading
 * and the planner's filters need no joins.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seed recipe's stable id; null for recipes admins made. */
    slug: text('slug').unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Minutes. */
    totalCookingTime: integer('total_cooking_time'),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    servingSize: integer('serving_size'),
    cuisine: text('cuisine'),
    mealTypes: text('meal_types').array().notNull().default([]),
    tags: text('tags').array().notNull().default([]),
    /** Steps joined by '####' (spec point 9). */
    directions: text('directions').notNull().default(''),
    url: text('url'),
    createdBy: uuid('created_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    diets: text('diets').array().notNull().default([]),
    allergens: text('allergens').array().notNull().default([]),
    proteinPerServing: real('protein_per_serving').notNull().default(0),
    /** 'high', 'medium' or 'low' (food-data's ProteinLevelId). */
    proteinLevel: text('protein_level', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('low'),
  },
  (table) => [
    check(
      'recipes_rating_check',
      sql`${table.rating} IS NULL OR (${table.rating} >= 0 AND ${table.rating} <= 5)`,
    ),
    check(
      'recipes_protein_level_check',
      sql`${table.proteinLevel} IN ('high', 'medium', 'low')`,
    ),
    // The list's order: newest first, then by name.
    index('recipes_created_at_name_idx').on(
      table.createdAt.desc(),
      table.name,
      table.id,
    ),
    index('recipes_created_by_idx').on(table.createdBy),
  ],
);

export type RecipeRow = typeof recipes.$inferSelect;
export type NewRecipeRow = typeof recipes.$inferInsert;

/**
 * One ingredient line. ingredient_id is null for a line of an admin's recipe
 * that the catalogue does not know (free text is allowed there).
 */
export const recipeIngredients = pgTable(
  'recipe_ingredients',
  {
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    ingredientId: text('ingredient_id').references(() => ingredients.id, {
      onDelete: 'set null',
    }),
    /** The ingredient as shown: the written phrase or the catalogue name. */
    name: text('name').notNull(),
    quantity: real('quantity'),
    quantityMax: real('quantity_max'),
    unit: text('unit'),
    preparation: text('preparation'),
    /** The line as written. */
    text: text('text').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.recipeId, table.position] }),
    index('recipe_ingredients_ingredient_id_idx').on(table.ingredientId),
  ],
);

export type RecipeIngredientRow = typeof recipeIngredients.$inferSelect;
export type NewRecipeIngredientRow = typeof recipeIngredients.$inferInsert;

export const RECIPE_IMAGE_KINDS = ['generated', 'upload', 'url'] as const;
export type RecipeImageKind = (typeof RECIPE_IMAGE_KINDS)[number];

/**
 * A recipe's pictures, in order. 'generated': our SVG art, drawn from the
 * recipe when served; 'upload': a re-encoded file under DATA_DIR/uploads,
 * `file_name` a generated UUID name; 'url': an external address an admin
 * entered, kept as entered.
 */
export const recipeImages = pgTable(
  'recipe_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipeId: uuid('recipe_id')
      .notNull()
      .references(() => recipes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: RECIPE_IMAGE_KINDS }).notNull(),
    url: text('url'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    unique('recipe_images_recipe_id_position_unique').on(
      table.recipeId,
      table.position,
    ),
    check(
      'recipe_images_kind_check',
      sql`${table.kind} IN ('generated', 'upload', 'url')`,
    ),
  ],
);

export type RecipeImageRow = typeof recipeImages.$inferSelect;
export type NewRecipeImageRow = typeof recipeImages.$inferInsert;
