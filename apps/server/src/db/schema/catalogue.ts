import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
} from 'drizzle-orm/pg-core';

/**
 * The food catalogue (architecture point 6), loaded from @platewise/food-data
 * into an empty database at start. `position` keeps the catalogue's order,
 * which the allergen dialog and derived allergen lists follow.
 */
export const ingredients = pgTable('ingredients', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  plural: text('plural'),
  synonyms: text('synonyms').array().notNull().default([]),
  category: text('category').notNull(),
  perishable: boolean('perishable').notNull(),
  packageSize: real('package_size').notNull(),
  packageUnit: text('package_unit').notNull(),
  packageLabel: text('package_label').notNull(),
  densityGPerMl: real('density_g_per_ml'),
  gramsPerPiece: real('grams_per_piece'),
  /** Counted units of this ingredient and their grams: { clove: 5 }. */
  pieceUnits: jsonb('piece_units').$type<Record<string, number>>(),
  proteinPer100g: real('protein_per_100g').notNull(),
  /**
   * Days a perishable keeps in the fridge once bought, and once opened where
   * that is shorter (a carton of cream): the planner's waste model. Null for
   * pantry goods; filled from @platewise/food-data at seed and, for
   * databases seeded before these columns, at start (catalogue backfill).
   */
  shelfLifeDays: integer('shelf_life_days'),
  openedShelfLifeDays: integer('opened_shelf_life_days'),
  /** Diet flags: meat, fish, dairy, egg, honey, gluten, high-carb. */
  flags: text('flags').array().notNull().default([]),
});

export type IngredientRow = typeof ingredients.$inferSelect;

export const allergenCategories = pgTable('allergen_categories', {
  id: serial('id').primaryKey(),
  position: integer('position').notNull(),
  name: text('name').notNull().unique(),
});

export const allergens = pgTable(
  'allergens',
  {
    id: text('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => allergenCategories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
  },
  (table) => [index('allergens_category_id_idx').on(table.categoryId)],
);

/** Which ingredients contain which allergen (the food data's mapping). */
export const ingredientAllergens = pgTable(
  'ingredient_allergens',
  {
    ingredientId: text('ingredient_id')
      .notNull()
      .references(() => ingredients.id, { onDelete: 'cascade' }),
    allergenId: text('allergen_id')
      .notNull()
      .references(() => allergens.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.ingredientId, table.allergenId] }),
    index('ingredient_allergens_allergen_id_idx').on(table.allergenId),
  ],
);
