/**
 * What a recipe's ingredients say about it: the diets it suits, its
 * allergens, and its protein per serving and level. Never hand-tagged
 * (architecture.md point 6).
 *
 * Rules:
 * - 'none' always; 'vegetarian' without a 'meat' or 'fish' ingredient;
 *   'vegan' also without 'dairy', 'egg' or 'honey'; 'gluten-free' without a
 *   'gluten' ingredient. Presence decides, whatever the quantity: a pinch of
 *   fish sauce still makes a dish non-vegetarian.
 * - 'ketogenic' when the recipe holds no sugar, syrup, flour, starch or
 *   sweet sauce at all (keto.ts: a keto reader sees "sugar" in the list
 *   whatever the amount), unless the line names a keto substitute, and its
 *   other 'high-carb' ingredients weigh at most
 *   KETO_HIGH_CARB_TOLERANCE_G_PER_SERVING grams per serving: a few slices
 *   of onion-sized carbs are fine, a cup of rice is not. A high-carb line
 *   whose weight cannot be worked out counts as too much.
 * - Allergens: the union of the ingredients' allergens, in catalogue order.
 * - Protein per serving: the sum over lines of grams × protein per 100 g,
 *   divided by the serving size, to one decimal; a line whose weight cannot
 *   be worked out adds nothing. Level: 'high' from 25 g per serving, 'low'
 *   under 12 g, 'medium' between. 25 g is the per-meal amount that
 *   dietitians call a high-protein meal; 12 g is about what a bowl of
 *   porridge made with milk or a vegetable pasta gives. With these
 *   thresholds breakfasts span all three levels (fruit and toast low, eggs
 *   on toast medium, a three-egg omelette or Greek-yogurt bowl high), as do
 *   lunches and dinners (salads and soups low, vegetable pastas and bean
 *   dishes medium, meat, fish and tofu mains high).
 */
import type { Diet, ProteinLevel } from '@platewise/shared';

import { ALLERGEN_IDS } from './catalogue/allergen-ids.js';
import { INGREDIENTS } from './catalogue/ingredients.js';
import { breaksKeto } from './keto.js';
import { lineGrams } from './quantities.js';
import type {
  Ingredient,
  ProteinLevelId,
  RecipeFacts,
  RecipeLine,
  SeedRecipe,
} from './types.js';

/**
 * The version of these rules. Bump it whenever a rule changes what
 * deriveRecipeFacts answers: the server then derives every stored recipe's
 * facts again at its next start (2: the keto rule of issue 22, no sugar,
 * flour or starch at all).
 */
export const RECIPE_FACTS_RULES_VERSION = 2;

/** Grams of high-carb ingredients per serving a ketogenic recipe may hold. */
export const KETO_HIGH_CARB_TOLERANCE_G_PER_SERVING = 10;

/** Protein per serving, in grams, at which the levels start. */
export const PROTEIN_LEVEL_THRESHOLDS_G = { high: 25, medium: 12 } as const;

/** The spec's labels of the protein levels. */
export const PROTEIN_LEVEL_LABELS: Readonly<
  Record<ProteinLevelId, ProteinLevel>
> = {
  high: 'High Protein',
  medium: 'Medium Protein',
  low: 'Low Protein',
};

/** A catalogue to look ingredients up in: a list, a map by id, or a lookup. */
export type IngredientCatalogue =
  | readonly Ingredient[]
  | ReadonlyMap<string, Ingredient>
  | ((id: string) => Ingredient | undefined);

const listIndexes = new WeakMap<
  readonly Ingredient[],
  ReadonlyMap<string, Ingredient>
>();

function lookupOf(
  catalogue: IngredientCatalogue,
): (id: string) => Ingredient | undefined {
  if (typeof catalogue === 'function') return catalogue;
  if (catalogue instanceof Map) {
    const map: ReadonlyMap<string, Ingredient> = catalogue;
    return (id) => map.get(id);
  }
  const list = catalogue as readonly Ingredient[];
  let index = listIndexes.get(list);
  if (index === undefined) {
    index = new Map(list.map((ingredient) => [ingredient.id, ingredient]));
    listIndexes.set(list, index);
  }
  const found = index;
  return (id) => found.get(id);
}

/** The protein level of an amount of protein per serving. */
export function proteinLevelFor(proteinPerServingG: number): ProteinLevelId {
  if (proteinPerServingG >= PROTEIN_LEVEL_THRESHOLDS_G.high) return 'high';
  if (proteinPerServingG >= PROTEIN_LEVEL_THRESHOLDS_G.medium) return 'medium';
  return 'low';
}

export interface RecipeLineWeight {
  readonly line: RecipeLine;
  readonly ingredient: Ingredient;
  /** Grams of the line; undefined when its unit cannot be weighed. */
  readonly grams: number | undefined;
}

/**
 * Each line with its ingredient and weight. Throws when a line names an id
 * the catalogue does not hold: seed data must resolve completely.
 */
export function weighRecipeLines(
  recipe: Pick<SeedRecipe, 'slug' | 'ingredients'>,
  catalogue: IngredientCatalogue = INGREDIENTS,
): readonly RecipeLineWeight[] {
  const lookup = lookupOf(catalogue);
  return recipe.ingredients.map((line) => {
    const ingredient = lookup(line.ingredientId);
    if (ingredient === undefined) {
      throw new Error(
        `Recipe '${recipe.slug}' names unknown ingredient '${line.ingredientId}' in line '${line.text}'.`,
      );
    }
    return { line, ingredient, grams: lineGrams(line, ingredient) };
  });
}

const allergenOrder = new Map<string, number>(
  ALLERGEN_IDS.map((id, index) => [id, index]),
);

const byCatalogueOrder = (a: string, b: string) =>
  (allergenOrder.get(a) ?? Number.MAX_SAFE_INTEGER) -
    (allergenOrder.get(b) ?? Number.MAX_SAFE_INTEGER) || a.localeCompare(b);

/** Derives a recipe's diets, allergens and protein from its ingredients. */
export function deriveRecipeFacts(
  recipe: Pick<SeedRecipe, 'slug' | 'servingSize' | 'ingredients'>,
  catalogue: IngredientCatalogue = INGREDIENTS,
): RecipeFacts {
  const lines = weighRecipeLines(recipe, catalogue);
  const servings = Math.max(1, recipe.servingSize);
  const has = (flag: Ingredient['flags'][number]) =>
    lines.some(({ ingredient }) => ingredient.flags.includes(flag));

  const highCarbGrams = lines
    .filter(({ ingredient }) => ingredient.flags.includes('high-carb'))
    .reduce((sum, { grams }) => sum + (grams ?? Number.POSITIVE_INFINITY), 0);

  const vegetarian = !has('meat') && !has('fish');
  const diets: Diet[] = ['none'];
  if (vegetarian && !has('dairy') && !has('egg') && !has('honey')) {
    diets.push('vegan');
  }
  if (vegetarian) diets.push('vegetarian');
  if (!has('gluten')) diets.push('gluten-free');
  const sweetOrFloury = lines.some(({ line }) =>
    breaksKeto(line.ingredientId, line.text),
  );
  if (
    !sweetOrFloury &&
    highCarbGrams / servings <= KETO_HIGH_CARB_TOLERANCE_G_PER_SERVING
  ) {
    diets.push('ketogenic');
  }

  const allergens = [
    ...new Set(lines.flatMap(({ ingredient }) => ingredient.allergens)),
  ].sort(byCatalogueOrder);

  const protein = lines.reduce(
    (sum, { ingredient, grams }) =>
      sum + ((grams ?? 0) * ingredient.proteinPer100g) / 100,
    0,
  );
  const proteinPerServingG = Math.round((protein / servings) * 10) / 10;

  return {
    diets,
    allergens,
    proteinPerServingG,
    proteinLevel: proteinLevelFor(proteinPerServingG),
  };
}
