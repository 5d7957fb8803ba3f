import type { RecipeLine, SeedRecipe } from '../types.js';

/**
 * One ingredient line: the text as a cook would write it, and its structure.
 * `unit` is a unit id of @platewise/planner ('g', 'tbsp', 'cup' …), a piece
 * unit of the ingredient ('clove', 'bunch', 'can' …), 'piece', or null.
 */
export function ln(
  text: string,
  ingredientId: string,
  quantity: number | null,
  unit: string | null,
  preparation?: string,
): RecipeLine {
  return preparation === undefined
    ? { text, ingredientId, quantity, unit }
    : { text, ingredientId, quantity, unit, preparation };
}

/** Identity with the type checked, so recipe files stay plain data. */
export function defineRecipes(recipes: SeedRecipe[]): readonly SeedRecipe[] {
  return recipes;
}
