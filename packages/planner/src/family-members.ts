/** What a term names through the food families, for callers and tests. */
import { indexOf } from './catalogue.js';
import { familiesOfTerm } from './families.js';
import type { PlannerCatalogue } from './plan-types.js';
import { textKeys } from './text.js';

/**
 * The ingredient ids a term a person types names through its food families
 * ([] when it names none): what a dislike of it rules out beyond the
 * ingredients named with the word itself.
 */
export function familyIngredientIds(
  catalogue: PlannerCatalogue,
  term: string,
): string[] {
  const index = indexOf(catalogue);
  const families = familiesOfTerm(
    index.families,
    textKeys(term, index.irregular),
  );
  const ids: string[] = [];
  catalogue.ingredients.forEach((ingredient, i) => {
    if (families.some((f) => index.families.members[f]?.[i] === 1)) {
      ids.push(ingredient.id);
    }
  });
  return ids;
}
