/**
 * The ingredient catalogue: every ingredient a seed recipe or a parsed
 * ingredient line can name, one file per shopping category.
 *
 * Conventions (the validation test holds every entry to them):
 * - Names are singular where a recipe counts the thing ('onion', plural
 *   'onions') and as sold otherwise ('chickpeas', 'canned tomatoes'); no
 *   name, plural or synonym belongs to two ingredients, compared the way the
 *   ingredient-line parser folds them (case, accents, punctuation).
 * - Protein is per 100 g as weighed in a recipe: raw for meat, fish and
 *   vegetables, dry for grains and pulses, the whole contents for cans.
 * - Diet flags: 'meat' and 'fish' (fish includes shellfish) exclude an
 *   ingredient from vegetarian and vegan diets; 'dairy', 'egg' and 'honey'
 *   from vegan; 'gluten' (any of wheat, rye, barley, oats) from gluten-free.
 * - 'high-carb' marks what a ketogenic diet avoids: sugars, syrups and honey,
 *   starches and non-keto flours, grains, pasta, bread and other baked goods,
 *   potatoes and other starchy vegetables (corn, parsnip, plantain), beans,
 *   lentils and peas, sweet fruit with 13 g or more net carbohydrate per
 *   100 g (banana, grapes, mango, cherries, pomegranate), dried fruit, fruit
 *   juices, and sweet sauces (ketchup, barbecue, hoisin, teriyaki, sweet
 *   chili, gochujang, mirin, jam). Not flagged: spices and seasonings used
 *   by the teaspoon (miso, tomato paste, vinegars, cocoa), nuts and seeds,
 *   soy foods, and the keto flours (almond, coconut, lupin). How much of a
 *   flagged ingredient a ketogenic recipe may still hold is decided in
 *   derive.ts.
 * - Every perishable has a shelf life in the fridge (and once opened where
 *   shorter), from USDA FoodKeeper guidance: the rules per category and the
 *   defaults are in shelf-life.ts, exceptions beside each entry.
 */
import type { Ingredient, ShoppingCategory } from '../types.js';
import { BAKERY } from './ingredients/bakery.js';
import { BAKING } from './ingredients/baking.js';
import { BEVERAGES } from './ingredients/beverages.js';
import { CANNED } from './ingredients/canned.js';
import { CONDIMENTS } from './ingredients/condiments.js';
import { DAIRY_INGREDIENTS } from './ingredients/dairy.js';
import { EGGS } from './ingredients/eggs.js';
import { FISH_INGREDIENTS } from './ingredients/fish.js';
import { FROZEN } from './ingredients/frozen.js';
import { GRAINS } from './ingredients/grains.js';
import { HERBS } from './ingredients/herbs.js';
import { LEGUMES } from './ingredients/legumes.js';
import { MEAT_INGREDIENTS } from './ingredients/meat.js';
import { NUTS_SEEDS } from './ingredients/nuts-seeds.js';
import { OILS } from './ingredients/oils.js';
import { OTHER } from './ingredients/other.js';
import { PRODUCE } from './ingredients/produce.js';
import { SPICES } from './ingredients/spices.js';

export const INGREDIENTS: readonly Ingredient[] = [
  ...PRODUCE,
  ...HERBS,
  ...DAIRY_INGREDIENTS,
  ...EGGS,
  ...MEAT_INGREDIENTS,
  ...FISH_INGREDIENTS,
  ...BAKERY,
  ...GRAINS,
  ...LEGUMES,
  ...CANNED,
  ...OILS,
  ...CONDIMENTS,
  ...SPICES,
  ...BAKING,
  ...NUTS_SEEDS,
  ...FROZEN,
  ...BEVERAGES,
  ...OTHER,
];

/** Ingredients that a recipe uses but nobody buys: left off shopping lists. */
export const NON_PURCHASED_INGREDIENT_IDS: ReadonlySet<string> = new Set([
  'water',
  'ice',
]);

const byId: ReadonlyMap<string, Ingredient> = new Map(
  INGREDIENTS.map((ingredient) => [ingredient.id, ingredient]),
);

/** The catalogue entry of an id, or undefined. */
export function ingredientById(id: string): Ingredient | undefined {
  return byId.get(id);
}

/**
 * Folds a written name the way the ingredient-line parser does: lower case,
 * accents dropped ('crème fraîche' → 'creme fraiche'), apostrophes removed,
 * '&' read as 'and', other punctuation and hyphens as spaces.
 */
export function foldIngredientName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9/]+/g, ' ')
    .trim();
}

/** Every name, plural and synonym of an ingredient, as written. */
export function ingredientNames(ingredient: Ingredient): readonly string[] {
  return [
    ingredient.name,
    ...(ingredient.plural === undefined ? [] : [ingredient.plural]),
    ...ingredient.synonyms,
  ];
}

const byName: ReadonlyMap<string, Ingredient> = new Map(
  INGREDIENTS.flatMap((ingredient) =>
    ingredientNames(ingredient).map(
      (name) => [foldIngredientName(name), ingredient] as const,
    ),
  ),
);

/**
 * The ingredient whose name, plural or synonym is exactly `name` (folded),
 * or undefined. For free text ('2 large ripe tomatoes') use the parser's
 * resolver, which also strips descriptors and plurals.
 */
export function ingredientByName(name: string): Ingredient | undefined {
  return byName.get(foldIngredientName(name));
}

/** How many ingredients each shopping category holds. */
export function countIngredientsByCategory(
  catalogue: readonly Ingredient[] = INGREDIENTS,
): Partial<Record<ShoppingCategory, number>> {
  const counts: Partial<Record<ShoppingCategory, number>> = {};
  for (const ingredient of catalogue) {
    counts[ingredient.category] = (counts[ingredient.category] ?? 0) + 1;
  }
  return counts;
}
