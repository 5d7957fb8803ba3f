/**
 * The compiled catalogue: everything about recipes and ingredients that does
 * not depend on a user, precomputed once per catalogue version in O(size) so
 * that a plan only filters and searches. Recipes and ingredients are numbered
 * by their position; per-recipe lists are stored flat (CSR: start offsets
 * plus one typed array) so the optimiser's inner loop touches no objects.
 */
import { DIETS, MEAL_SLOTS } from '@platewise/shared';
import type { Diet, MealSlot } from '@platewise/shared';

import { dishKind, headNoun } from './dishes.js';
import { compileFamilies } from './families.js';
import type { CompiledFamilies } from './families.js';
import { foldParts } from './kitchen.js';
import type {
  PlannerAllergen,
  PlannerCatalogue,
  PlannerFoodFamily,
  PlannerIngredient,
  PlannerRecipe,
} from './plan-types.js';
import { lineGrams, packageGrams } from './quantities.js';
import { irregularPlurals, textKeys } from './text.js';

/** Shelf life assumed for a perishable the data gives none (days). */
export const DEFAULT_SHELF_LIFE_DAYS = 2;

/** Flags and categories that make an ingredient a protein source ("main protein"). */
const PROTEIN_FLAGS: ReadonlySet<string> = new Set([
  'meat',
  'fish',
  'egg',
  'dairy',
  'tofu',
  'legume',
]);
const PROTEIN_CATEGORIES: ReadonlySet<string> = new Set([
  'meat',
  'fish',
  'eggs',
  'legumes',
  'dairy',
]);
const PROTEIN_WORDS: ReadonlySet<string> = new Set([
  'tofu',
  'tempeh',
  'seitan',
]);

/**
 * Grams of protein per serving from which an animal food is the dish's main
 * animal protein: a rasher of bacon in a bean soup (3 g) is a flavour, not
 * a pork dish; chicken stock never is one.
 */
export const MAIN_ANIMAL_MIN_G = 4;

export const MEAL_SLOT_INDEX: Readonly<Record<MealSlot, number>> = {
  breakfast: 0,
  lunch: 1,
  dinner: 2,
};

/** The precomputed indexes; internal to the planner. */
export interface CatalogueIndex {
  /** Irregular plural word → singular key. */
  readonly irregular: ReadonlyMap<string, string>;
  readonly ingredientIndexById: ReadonlyMap<string, number>;
  /** Per ingredient: word keys of its name, plural and synonyms. */
  readonly ingredientPhrases: readonly (readonly string[][])[];
  /** Per ingredient: how many of its phrases are its name and plural (the rest are synonyms). */
  readonly ingredientNameCount: Uint8Array;
  /** Per ingredient: grams of one package (NaN when unknown). */
  readonly packageGrams: Float64Array;
  /** Per ingredient: days a package serves after the day it is bought (L). */
  readonly lifeDays: Float64Array;
  /** Per ingredient: 1 when it counts for waste (perishable, bought, weighable package). */
  readonly countsForWaste: Uint8Array;
  readonly recipeIndexById: ReadonlyMap<string, number>;
  /** CSR of the perishable uses of each recipe: ingredient index and grams per serving. */
  readonly freshStart: Int32Array;
  readonly freshIngredient: Int32Array;
  readonly freshGramsPerServing: Float64Array;
  /** CSR of every known ingredient of each recipe (distinct). */
  readonly ingredientStart: Int32Array;
  readonly ingredientOf: Int32Array;
  /** CSR of the recipes using each ingredient (distinct, ascending). */
  readonly recipesStart: Int32Array;
  readonly recipesOf: Int32Array;
  /** Per recipe: shortest life (days) among its fresh items, Infinity when none. */
  readonly minLifeDays: Float64Array;
  /** Per recipe: ingredient index of its main protein, -1 when none. */
  readonly mainProtein: Int32Array;
  /** Per recipe: bit i set when it may fill MEAL_SLOTS[i]. */
  readonly mealTypeMask: Uint8Array;
  /** Per recipe: bit i set when it satisfies DIETS[i]. */
  readonly dietMask: Uint8Array;
  /** Per recipe: word keys of its name. */
  readonly nameKeys: readonly (readonly string[])[];
  /** Per recipe: word keys of its cuisine ([] when none). */
  readonly cuisineKeys: readonly (readonly string[])[];
  /** Per recipe: a number per distinct cuisine, -1 when none. */
  readonly cuisineId: Int32Array;
  /** Per recipe: word keys of the names of lines the catalogue does not know. */
  readonly unknownLineKeys: readonly (readonly string[][])[];
  /** Per recipe: allergen ids, from the recipe and from its ingredients through the map. */
  readonly recipeAllergens: readonly ReadonlySet<string>[];
  /** Per allergen: word keys of its name and synonyms. */
  readonly allergenPhrases: ReadonlyMap<string, readonly string[][]>;
  /** The food families resolved against this catalogue. */
  readonly families: CompiledFamilies;
  /** Per recipe: the animal family of its main protein, -1 when none. */
  readonly mainAnimal: Int32Array;
  /**
   * Per recipe: its near-duplicate key of main protein and dish kind (two
   * chicken curries), -1 when it has no main protein or no kind.
   */
  readonly proteinKindKey: Int32Array;
  /** Per recipe: a number per head noun of its name, -1 when none. */
  readonly headKey: Int32Array;
  /** Distinct values of proteinKindKey and headKey (array sizes). */
  readonly proteinKindCount: number;
  readonly headCount: number;
  /** Dish-name word key → recipes whose name has it. */
  readonly nameWordRecipes: ReadonlyMap<string, readonly number[]>;
  /** Unknown-line word key → recipes with such a line. */
  readonly unknownWordRecipes: ReadonlyMap<string, readonly number[]>;
}

/** The catalogue with its index typed, for the planner's own modules. */
export interface CompiledCatalogue extends PlannerCatalogue {
  readonly index: CatalogueIndex;
}

/** The index of a catalogue built by compileCatalogue. */
export function indexOf(catalogue: PlannerCatalogue): CatalogueIndex {
  const index = catalogue.index as CatalogueIndex | null;
  if (index === null || typeof index !== 'object' || !('freshStart' in index)) {
    throw new TypeError('Pass a catalogue built by compileCatalogue');
  }
  return index;
}

/**
 * Life L of an opened package: min(shelf life, opened shelf life), at least
 * 0 days. A non-perishable keeps for months sealed, so its opened life (an
 * opened can) is its L.
 */
export function ingredientLifeDays(ingredient: PlannerIngredient): number {
  const shelf =
    ingredient.shelfLifeDays ??
    (ingredient.perishable
      ? DEFAULT_SHELF_LIFE_DAYS
      : Number.POSITIVE_INFINITY);
  const opened = ingredient.openedShelfLifeDays ?? Number.POSITIVE_INFINITY;
  const life = Math.min(shelf, opened);
  return Number.isFinite(life) ? Math.max(0, Math.floor(life)) : 7;
}

const isProteinSource = (ingredient: PlannerIngredient): boolean =>
  ingredient.flags.some((flag) => PROTEIN_FLAGS.has(flag)) ||
  PROTEIN_CATEGORIES.has(ingredient.category) ||
  ingredient.name
    .toLowerCase()
    .split(/\s+/)
    .some((word) => PROTEIN_WORDS.has(word));

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list[list.length - 1] !== value) list.push(value);
}

/**
 * Compiles the catalogue. Pure and O(size); build it once per catalogue
 * version and reuse it for every plan.
 */
export function compileCatalogue(
  ingredients: readonly PlannerIngredient[],
  recipes: readonly PlannerRecipe[],
  allergens: readonly PlannerAllergen[],
  families: readonly PlannerFoodFamily[] = [],
): PlannerCatalogue {
  const irregular = irregularPlurals(ingredients);
  const ingredientIndexById = new Map<string, number>();
  ingredients.forEach((ingredient, i) => {
    if (!ingredientIndexById.has(ingredient.id)) {
      ingredientIndexById.set(ingredient.id, i);
    }
  });
  const ingredientCount = ingredients.length;
  const packageGramsOf = new Float64Array(ingredientCount);
  const lifeDays = new Float64Array(ingredientCount);
  const countsForWaste = new Uint8Array(ingredientCount);
  const ingredientPhrases = ingredients.map((ingredient) =>
    [ingredient.name, ingredient.plural ?? '', ...ingredient.synonyms]
      .map((name) => textKeys(name, irregular))
      .filter((keys) => keys.length > 0),
  );
  const ingredientNameCount = Uint8Array.from(
    ingredients,
    (ingredient) =>
      [ingredient.name, ingredient.plural ?? ''].filter(
        (name) => textKeys(name, irregular).length > 0,
      ).length,
  );
  ingredients.forEach((ingredient, i) => {
    const grams = packageGrams(ingredient);
    packageGramsOf[i] = grams !== undefined && grams > 0 ? grams : Number.NaN;
    lifeDays[i] = ingredientLifeDays(ingredient);
    // Perishables, and goods that spoil once opened (cans, cartons of
    // stock); a part (yolks) is bought as its whole (eggs).
    countsForWaste[i] =
      (ingredient.perishable || ingredient.openedShelfLifeDays !== undefined) &&
      ingredient.partOf === undefined &&
      ingredient.notPurchased !== true &&
      grams !== undefined &&
      grams > 0
        ? 1
        : 0;
  });

  // Allergen → ingredient indexes, then per recipe the union with its own ids.
  const allergensOfIngredient: string[][] = ingredients.map((ingredient) => [
    ...ingredient.allergens,
  ]);
  for (const allergen of allergens) {
    for (const id of allergen.ingredientIds) {
      const i = ingredientIndexById.get(id);
      if (i !== undefined) allergensOfIngredient[i]?.push(allergen.id);
    }
  }
  const allergenPhrases = new Map<string, string[][]>();
  for (const allergen of allergens) {
    allergenPhrases.set(
      allergen.id,
      [allergen.name, allergen.id, ...(allergen.synonyms ?? [])]
        .map((name) => textKeys(name, irregular))
        .filter((keys) => keys.length > 0),
    );
  }

  const recipeCount = recipes.length;
  const recipeIndexById = new Map<string, number>();
  const freshStart = new Int32Array(recipeCount + 1);
  const ingredientStart = new Int32Array(recipeCount + 1);
  const freshIngredient: number[] = [];
  const freshGrams: number[] = [];
  const ingredientOf: number[] = [];
  const minLifeDays = new Float64Array(recipeCount);
  const mainProtein = new Int32Array(recipeCount);
  const mealTypeMask = new Uint8Array(recipeCount);
  const dietMask = new Uint8Array(recipeCount);
  const nameKeys: string[][] = [];
  const cuisineKeys: string[][] = [];
  const unknownLineKeys: string[][][] = [];
  const recipeAllergens: Set<string>[] = [];
  const nameWordRecipes = new Map<string, number[]>();
  const unknownWordRecipes = new Map<string, number[]>();
  const recipesByIngredient: number[][] = ingredients.map(() => []);
  const compiledFamilies = compileFamilies(
    families,
    ingredients,
    ingredientPhrases,
    irregular,
  );
  const mainAnimal = new Int32Array(recipeCount).fill(-1);
  const proteinKindKey = new Int32Array(recipeCount).fill(-1);
  const headKey = new Int32Array(recipeCount).fill(-1);
  const proteinKindIds = new Map<string, number>();
  const headIds = new Map<string, number>();

  recipes.forEach((recipe, r) => {
    if (!recipeIndexById.has(recipe.id)) recipeIndexById.set(recipe.id, r);
    const servings = recipe.servingSize > 0 ? recipe.servingSize : 1;
    const gramsByIngredient = new Map<number, number>();
    const proteinByIngredient = new Map<number, number>();
    const unknown: string[][] = [];
    const allergenSet = new Set(recipe.allergens);
    for (const line of recipe.lines) {
      const i =
        line.ingredientId === null
          ? undefined
          : ingredientIndexById.get(line.ingredientId);
      const ingredient = i === undefined ? undefined : ingredients[i];
      if (i === undefined || ingredient === undefined) {
        const keys = textKeys(line.name, irregular);
        if (keys.length > 0) {
          unknown.push(keys);
          for (const key of keys) pushTo(unknownWordRecipes, key, r);
        }
        continue;
      }
      for (const id of allergensOfIngredient[i] ?? []) allergenSet.add(id);
      const grams = lineGrams(line, ingredient) ?? 0;
      gramsByIngredient.set(i, (gramsByIngredient.get(i) ?? 0) + grams);
      if (isProteinSource(ingredient)) {
        proteinByIngredient.set(
          i,
          (proteinByIngredient.get(i) ?? 0) +
            (grams * ingredient.proteinPer100g) / 100,
        );
      }
    }
    let minLife = Number.POSITIVE_INFINITY;
    for (const i of gramsByIngredient.keys()) {
      ingredientOf.push(i);
      recipesByIngredient[i]?.push(r);
    }
    // Parts are bought as their whole: a yolk recipe shares the egg carton.
    const bought = foldParts(
      ingredients,
      ingredientIndexById,
      gramsByIngredient,
    );
    for (const [i, grams] of bought) {
      if (!gramsByIngredient.has(i)) {
        ingredientOf.push(i);
        recipesByIngredient[i]?.push(r);
      }
      if (countsForWaste[i] === 1 && grams > 0) {
        freshIngredient.push(i);
        freshGrams.push(grams / servings);
        if (ingredients[i]?.perishable === true) {
          minLife = Math.min(minLife, lifeDays[i] ?? 0);
        }
      }
    }
    freshStart[r + 1] = freshIngredient.length;
    ingredientStart[r + 1] = ingredientOf.length;
    minLifeDays[r] = minLife;
    let best = -1;
    let bestProtein = 0;
    for (const [i, protein] of proteinByIngredient) {
      if (protein > bestProtein) {
        best = i;
        bestProtein = protein;
      }
    }
    mainProtein[r] = best;
    // The main animal protein: the animal family giving the most protein.
    const animalProtein = new Map<number, number>();
    for (const [i, protein] of proteinByIngredient) {
      const family = compiledFamilies.animalOf[i] ?? -1;
      if (family >= 0) {
        animalProtein.set(family, (animalProtein.get(family) ?? 0) + protein);
      }
    }
    let animalBest = MAIN_ANIMAL_MIN_G * servings;
    for (const [family, protein] of animalProtein) {
      if (protein >= animalBest) {
        animalBest = protein;
        mainAnimal[r] = family;
      }
    }
    const kind = dishKind(recipe.name);
    const proteinKey =
      (mainAnimal[r] ?? -1) >= 0
        ? `a${mainAnimal[r] ?? -1}`
        : best >= 0
          ? `i${best}`
          : undefined;
    if (kind !== null && proteinKey !== undefined) {
      const key = `${proteinKey}:${kind}`;
      let id = proteinKindIds.get(key);
      if (id === undefined) {
        id = proteinKindIds.size;
        proteinKindIds.set(key, id);
      }
      proteinKindKey[r] = id;
    }
    const head = headNoun(recipe.name);
    if (head !== null) {
      let id = headIds.get(head);
      if (id === undefined) {
        id = headIds.size;
        headIds.set(head, id);
      }
      headKey[r] = id;
    }
    let mealMask = 0;
    MEAL_SLOTS.forEach((slot, bit) => {
      if (recipe.mealTypes.includes(slot)) mealMask |= 1 << bit;
    });
    mealTypeMask[r] = mealMask;
    let dietBits = 0;
    DIETS.forEach((diet: Diet, bit) => {
      if (diet === 'none' || recipe.diets.includes(diet)) dietBits |= 1 << bit;
    });
    dietMask[r] = dietBits;
    const words = textKeys(recipe.name, irregular);
    nameKeys.push(words);
    for (const key of words) pushTo(nameWordRecipes, key, r);
    cuisineKeys.push(
      recipe.cuisine === null ? [] : textKeys(recipe.cuisine, irregular),
    );
    unknownLineKeys.push(unknown);
    recipeAllergens.push(allergenSet);
  });

  const cuisineIds = new Map<string, number>();
  const cuisineId = Int32Array.from(cuisineKeys, (keys) => {
    if (keys.length === 0) return -1;
    const key = keys.join(' ');
    let id = cuisineIds.get(key);
    if (id === undefined) {
      id = cuisineIds.size;
      cuisineIds.set(key, id);
    }
    return id;
  });

  const recipesStart = new Int32Array(ingredientCount + 1);
  const recipesOf: number[] = [];
  recipesByIngredient.forEach((list, i) => {
    for (const r of list) recipesOf.push(r);
    recipesStart[i + 1] = recipesOf.length;
  });

  const index: CatalogueIndex = {
    irregular,
    ingredientIndexById,
    ingredientPhrases,
    ingredientNameCount,
    packageGrams: packageGramsOf,
    lifeDays,
    countsForWaste,
    recipeIndexById,
    freshStart,
    freshIngredient: Int32Array.from(freshIngredient),
    freshGramsPerServing: Float64Array.from(freshGrams),
    ingredientStart,
    ingredientOf: Int32Array.from(ingredientOf),
    recipesStart,
    recipesOf: Int32Array.from(recipesOf),
    minLifeDays,
    mainProtein,
    mealTypeMask,
    dietMask,
    nameKeys,
    cuisineKeys,
    cuisineId,
    unknownLineKeys,
    recipeAllergens,
    allergenPhrases,
    families: compiledFamilies,
    mainAnimal,
    proteinKindKey,
    headKey,
    proteinKindCount: proteinKindIds.size,
    headCount: headIds.size,
    nameWordRecipes,
    unknownWordRecipes,
  };
  return { ingredients, recipes, allergens, index };
}
