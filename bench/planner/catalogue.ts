/**
 * The planner's inputs built from @platewise/food-data the way the server
 * maps its rows (ingredients, allergens with their ingredients, recipes with
 * derived facts), plus the larger catalogue the speed benchmark needs:
 * deterministic variants of the seed recipes.
 */
import {
  ALLERGENS,
  deriveRecipeFacts,
  FOOD_FAMILIES,
  ingredientById,
  INGREDIENTS,
  ingredientsContainingAllergen,
  lineGrams,
  NON_PURCHASED_INGREDIENT_IDS,
  SEED_RECIPES,
} from '@platewise/food-data';
import type { Ingredient, RecipeLine, SeedRecipe } from '@platewise/food-data';
import { compileCatalogue } from '@platewise/planner';
import type {
  PlannerAllergen,
  PlannerCatalogue,
  PlannerIngredient,
  PlannerRecipe,
} from '@platewise/planner';

import { createPrng } from './prng.js';

/** A food-data ingredient as the planner takes it. */
export function toPlannerIngredient(ingredient: Ingredient): PlannerIngredient {
  return {
    ...ingredient,
    ...(NON_PURCHASED_INGREDIENT_IDS.has(ingredient.id)
      ? { notPurchased: true }
      : {}),
  };
}

/** The food families the server compiles with (dislikes by family). */
export const PLANNER_FAMILIES = FOOD_FAMILIES;

export const PLANNER_INGREDIENTS: readonly PlannerIngredient[] =
  INGREDIENTS.map(toPlannerIngredient);

/** The allergen-to-ingredient map with the allergens' names. */
export const PLANNER_ALLERGENS: readonly PlannerAllergen[] = ALLERGENS.map(
  (allergen) => ({
    id: allergen.id,
    name: allergen.name,
    ingredientIds: ingredientsContainingAllergen(allergen.id).map(
      (ingredient) => ingredient.id,
    ),
  }),
);

const requireIngredient = (id: string): Ingredient => {
  const found = ingredientById(id);
  if (found === undefined) throw new Error(`no ingredient ${id}`);
  return found;
};

/** A seed-shaped recipe as the planner takes it, its facts derived again. */
export function toPlannerRecipe(recipe: SeedRecipe): PlannerRecipe {
  const facts = deriveRecipeFacts(recipe);
  return {
    id: recipe.slug,
    name: recipe.name,
    cuisine: recipe.cuisine,
    mealTypes: recipe.mealTypes,
    diets: facts.diets,
    allergens: facts.allergens,
    proteinLevel: facts.proteinLevel,
    proteinPerServingG: facts.proteinPerServingG,
    rating: recipe.rating,
    totalCookingTime: recipe.totalCookingTime,
    servingSize: recipe.servingSize,
    tags: recipe.tags,
    lines: recipe.ingredients.map((line) => ({
      ingredientId: line.ingredientId,
      name: requireIngredient(line.ingredientId).name,
      quantity: line.quantity,
      unit: line.unit,
      preparation: line.preparation ?? null,
    })),
  };
}

export const SEED_PLANNER_RECIPES: readonly PlannerRecipe[] =
  SEED_RECIPES.map(toPlannerRecipe);

/** The seed catalogue compiled as the server compiles it, families included. */
export function compileSeedCatalogue(): PlannerCatalogue {
  return compileCatalogue(
    PLANNER_INGREDIENTS,
    SEED_PLANNER_RECIPES,
    PLANNER_ALLERGENS,
    PLANNER_FAMILIES,
  );
}

/** Quantity factors of the variants: a lighter or heartier take on a dish. */
const SCALES = [0.75, 0.9, 1.1, 1.25, 1.5] as const;

const sameFacts = (a: Ingredient, b: Ingredient): boolean =>
  a.perishable === b.perishable &&
  a.category === b.category &&
  [...a.flags].sort().join() === [...b.flags].sort().join() &&
  [...a.allergens].sort().join() === [...b.allergens].sort().join();

/**
 * Ingredients a perishable may be swapped for: same aisle, same diet flags
 * and allergens, so the swap keeps the dish's diets and allergens (the
 * facts are derived again anyway: a scaled dish may leave keto).
 */
function swapCandidates(ingredient: Ingredient): readonly Ingredient[] {
  return INGREDIENTS.filter(
    (other) =>
      other.id !== ingredient.id &&
      !NON_PURCHASED_INGREDIENT_IDS.has(other.id) &&
      sameFacts(ingredient, other),
  );
}

const round = (value: number, step: number): number =>
  Math.max(step, Math.round(value / step) * step);

/**
 * One variant of a seed recipe: every quantity scaled, one to three
 * perishables swapped within their aisle (the line restated in grams so it
 * still converts), renamed after the swap, facts derived again.
 */
export function deriveVariant(
  base: SeedRecipe,
  variant: number,
  seed: number,
): SeedRecipe {
  const prng = createPrng(seed * 100_003 + variant);
  const scale = prng.pick(SCALES);
  const swappable = base.ingredients
    .map((line, index) => ({ line, index }))
    .filter(
      ({ line }) =>
        requireIngredient(line.ingredientId).perishable &&
        swapCandidates(requireIngredient(line.ingredientId)).length > 0,
    );
  const swapCount = Math.min(swappable.length, 1 + prng.int(3));
  const swaps = prng.shuffle(swappable).slice(0, swapCount);
  const used = new Set(base.ingredients.map((line) => line.ingredientId));
  const swapped = new Map<number, Ingredient>();
  for (const { line, index } of swaps) {
    const options = swapCandidates(requireIngredient(line.ingredientId)).filter(
      (candidate) => !used.has(candidate.id),
    );
    if (options.length === 0) continue;
    const replacement = prng.pick(options);
    used.add(replacement.id);
    swapped.set(index, replacement);
  }
  const ingredients: RecipeLine[] = base.ingredients.map((line, index) => {
    const replacement = swapped.get(index);
    if (line.quantity === null) return line;
    if (replacement === undefined) {
      return { ...line, quantity: line.quantity * scale };
    }
    const grams = lineGrams(line, requireIngredient(line.ingredientId)) ?? 0;
    const quantity = round(grams * scale, 5);
    return {
      ingredientId: replacement.id,
      quantity,
      unit: 'g',
      ...(line.preparation === undefined
        ? {}
        : { preparation: line.preparation }),
      text: `${quantity} g ${replacement.name}`,
    };
  });
  const names = [...swapped.values()].map((ingredient) => ingredient.name);
  const suffix =
    names.length === 0 ? `take ${variant}` : `with ${names.join(' and ')}`;
  return {
    ...base,
    slug: `${base.slug}-v${variant}`,
    name: `${base.name}, ${suffix} (${variant})`,
    ingredients,
  };
}

/**
 * A catalogue of `size` recipes: the seed recipes, then variants of each in
 * turn until the size is reached. Deterministic for a seed.
 */
export function deriveCatalogueRecipes(
  size: number,
  seed = 1,
): readonly PlannerRecipe[] {
  const recipes = [...SEED_PLANNER_RECIPES.slice(0, size)];
  for (let variant = 0; recipes.length < size; variant += 1) {
    const base = SEED_RECIPES[variant % SEED_RECIPES.length];
    if (base === undefined) throw new Error('no seed recipes');
    recipes.push(toPlannerRecipe(deriveVariant(base, variant, seed)));
  }
  return recipes;
}
