import {
  createIngredientResolver,
  INGREDIENTS,
  parseIngredientLines,
  type IngredientResolver,
} from '@platewise/food-data';
import type { ParsedIngredientLine } from '@platewise/shared';

let catalogue: IngredientResolver | undefined;

/**
 * The parser's resolver over the ingredient catalogue, built once per
 * process: building indexes every name, plural and synonym. The database's
 * ingredients are the seed catalogue, so this is the same catalogue; if
 * admins ever edit ingredients, rebuild it from the table after each edit.
 */
export function catalogueResolver(): IngredientResolver {
  catalogue ??= createIngredientResolver(INGREDIENTS);
  return catalogue;
}

export interface IngredientsServiceDeps {
  resolver: IngredientResolver;
}

export function createIngredientsService({ resolver }: IngredientsServiceDeps) {
  return {
    /** Each line parsed against the catalogue, in the order given. */
    parse(lines: readonly string[]): { data: ParsedIngredientLine[] } {
      return { data: parseIngredientLines(lines, resolver) };
    },
  };
}

export type IngredientsService = ReturnType<typeof createIngredientsService>;
