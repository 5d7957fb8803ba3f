/**
 * The shapes of the food data. The planner and the server map these to their
 * own types; see architecture.md point 6.
 */
import type { Diet, MealSlot, ShoppingCategory } from '@platewise/shared';

export { SHOPPING_CATEGORIES } from '@platewise/shared';
export type { ShoppingCategory } from '@platewise/shared';

/** Facts about an ingredient from which a recipe's diets are derived. */
export const DIET_FLAGS = [
  'meat',
  'fish',
  'dairy',
  'egg',
  'honey',
  'gluten',
  'high-carb',
] as const;
export type DietFlag = (typeof DIET_FLAGS)[number];

export interface PackageSize {
  /** How much one package holds, in `unit` (a unit id of @platewise/planner, or 'piece'). */
  readonly size: number;
  readonly unit: string;
  /** What a shopper calls it: 'bunch', 'carton', 'can', 'bag'. */
  readonly label: string;
}

/** Where food is kept at home. */
export type KitchenPlace = 'fridge' | 'freezer' | 'cupboard';

/** How a part is used from the whole ingredient that is bought. */
export interface IngredientPart {
  /** The whole that is bought: 'egg', 'lemon'. */
  readonly ingredientId: string;
  /** Grams of this part one whole piece gives (a yolk 17 g, a lemon's juice 46 g). */
  readonly gramsPerWhole: number;
  /**
   * 'max': a line of the whole in the same recipe uses the same pieces (the
   * zest and the juice of one lemon); 'add': it needs pieces of its own (2
   * eggs plus 2 yolks is 4 eggs).
   */
  readonly withWhole: 'add' | 'max';
}

export interface Ingredient {
  /** Stable kebab-case id, e.g. 'cilantro'. */
  readonly id: string;
  /** Canonical singular name as shown on a shopping list. */
  readonly name: string;
  readonly plural?: string;
  /** Other names people write: 'coriander leaves', 'fresh coriander'. */
  readonly synonyms: readonly string[];
  readonly category: ShoppingCategory;
  /** Perishable ingredients go to Fresh Ingredients, the rest to Non-Perishables. */
  readonly perishable: boolean;
  readonly package: PackageSize;
  /** Grams per millilitre, where the ingredient is measured by volume. */
  readonly densityGPerMl?: number;
  /** Grams of one piece ('2 eggs', '1 onion'). */
  readonly gramsPerPiece?: number;
  /** Counted units particular to this ingredient and their weight in grams: { clove: 5, head: 50 }. */
  readonly pieceUnits?: Readonly<Record<string, number>>;
  /**
   * Days a perishable keeps in the fridge once bought (unopened); every
   * perishable has one, see catalogue/shelf-life.ts for the source and rules.
   */
  readonly shelfLifeDays?: number;
  /**
   * Days it keeps once opened or cut, where shorter: a carton of cream, an
   * opened can of beans (non-perishables too), half a cabbage.
   */
  readonly openedShelfLifeDays?: number;
  /** Where it is kept at home as bought (catalogue/keeping.ts). */
  readonly storage?: KitchenPlace;
  /** The USDA FoodKeeper product whose guidance its lives follow. */
  readonly foodKeeperId?: number;
  /**
   * A part used from a whole that is bought: egg yolks and whites from a
   * carton of eggs, lemon juice from lemons.
   */
  readonly partOf?: IngredientPart;
  /** Suggested as a staple: most kitchens always have it (salt, pepper, oil, spices). */
  readonly staple?: boolean;
  readonly proteinPer100g: number;
  readonly flags: readonly DietFlag[];
  /** Ids of the allergen catalogue. */
  readonly allergens: readonly string[];
}

export interface Allergen {
  readonly id: string;
  readonly name: string;
}

export interface AllergenCategory {
  readonly name: string;
  readonly allergens: readonly Allergen[];
}

export interface RecipeLine {
  readonly ingredientId: string;
  /** Null for 'to taste' lines. */
  readonly quantity: number | null;
  /** A unit id of @platewise/planner, a piece unit of the ingredient, 'piece', or null. */
  readonly unit: string | null;
  readonly preparation?: string;
  /** The line as written in the recipe. */
  readonly text: string;
}

export interface SeedRecipe {
  /** Stable kebab-case id. */
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** Minutes. */
  readonly totalCookingTime: number;
  /** 0 to 5, step 0.1. */
  readonly rating: number;
  readonly servingSize: number;
  readonly cuisine: string;
  readonly mealTypes: readonly MealSlot[];
  readonly tags: readonly string[];
  readonly ingredients: readonly RecipeLine[];
  readonly directions: readonly string[];
}

export type ProteinLevelId = 'high' | 'medium' | 'low';

/** What is derived from a recipe's ingredients, never hand-tagged. */
export interface RecipeFacts {
  readonly diets: readonly Diet[];
  readonly allergens: readonly string[];
  readonly proteinPerServingG: number;
  readonly proteinLevel: ProteinLevelId;
}
