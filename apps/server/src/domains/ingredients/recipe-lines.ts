import {
  deriveRecipeFacts,
  INGREDIENTS,
  parseIngredientLine,
  type Ingredient,
  type IngredientResolver,
  type ParsedLine,
  type RecipeFacts,
  type RecipeLine,
} from '@platewise/food-data';
import type { Diet } from '@platewise/shared';

/**
 * From ingredient text to stored lines and derived facts, for the recipes
 * admins write or import (seed recipes come structured from food-data).
 */

export interface StructuredLine {
  ingredientId: string | null;
  /** As shown: the written ingredient, or the catalogue name. */
  name: string;
  quantity: number | null;
  quantityMax: number | null;
  unit: string | null;
  preparation: string | null;
  text: string;
}

const catalogueById: ReadonlyMap<string, Ingredient> = new Map(
  INGREDIENTS.map((ingredient) => [ingredient.id, ingredient]),
);

/** A catalogue name as a line shows it: '10 eggs', '1 onion', '200 g rice'. */
export function catalogueDisplayName(
  ingredient: Ingredient,
  quantity: number | null,
  unit: string | null,
): string {
  const counted = unit === null && quantity !== null && quantity > 1;
  return counted && ingredient.plural ? ingredient.plural : ingredient.name;
}

function fromParsed(parsed: ParsedLine): StructuredLine {
  const ingredient =
    parsed.ingredientId === null
      ? undefined
      : catalogueById.get(parsed.ingredientId);
  return {
    ingredientId: ingredient ? ingredient.id : null,
    name: parsed.ingredient.trim() || parsed.line.trim(),
    quantity: parsed.quantity,
    quantityMax: parsed.quantityMax,
    unit: parsed.unit,
    preparation: parsed.preparation,
    text: parsed.line.trim(),
  };
}

/**
 * The edit form joins its lines with commas (spec point 5), and lines have
 * commas of their own ("1 clove garlic, minced"). A fragment that names no
 * amount and no catalogue ingredient ("minced", "drained and rinsed") is
 * the preparation of the line before it, so it is joined back; "salt to
 * taste" names salt and stays a line. Text with newlines is never split on
 * commas (see splitIngredientText in @platewise/shared).
 */
export function joinCommaFragments(
  fragments: readonly string[],
  resolver: IngredientResolver,
): string[] {
  const lines: string[] = [];
  for (const fragment of fragments) {
    const previous = lines.at(-1);
    if (previous !== undefined) {
      const parsed = parseIngredientLine(fragment, resolver);
      if (parsed.quantity === null && parsed.ingredientId === null) {
        lines[lines.length - 1] = `${previous}, ${fragment}`;
        continue;
      }
    }
    lines.push(fragment);
  }
  return lines;
}

/** Parses each line against the catalogue. */
export function structureLines(
  lines: readonly string[],
  resolver: IngredientResolver,
): StructuredLine[] {
  return lines.map((line) => fromParsed(parseIngredientLine(line, resolver)));
}

/**
 * Diets an unresolved line could break: we cannot know that "2 tbsp
 * sambal" holds no shrimp, no gluten or no sugar, so a recipe with a line
 * the catalogue does not know is never labelled with them. Only 'none'
 * stays. A wrong "vegan" label is worse than a missing one.
 */
const DIETS_NEEDING_EVERY_LINE: ReadonlySet<Diet> = new Set<Diet>([
  'vegan',
  'vegetarian',
  'gluten-free',
  'ketogenic',
]);

/**
 * Facts of lines as stored. Allergens and protein come from the resolved
 * lines only, so for a recipe with unresolved lines they are a lower
 * bound; the planner also matches custom allergens against the line text.
 */
export function deriveLineFacts(
  lines: readonly StructuredLine[],
  servingSize: number | null,
): RecipeFacts {
  const resolved: RecipeLine[] = [];
  let unresolved = false;
  for (const line of lines) {
    if (line.ingredientId === null) {
      unresolved = true;
      continue;
    }
    resolved.push({
      ingredientId: line.ingredientId,
      quantity: line.quantity,
      unit: line.unit,
      text: line.text,
      ...(line.preparation === null ? {} : { preparation: line.preparation }),
    });
  }
  const facts = deriveRecipeFacts(
    {
      slug: 'admin-recipe',
      // A recipe without a serving size is weighed as one serving.
      servingSize: servingSize ?? 1,
      ingredients: resolved,
    },
    catalogueById,
  );
  if (!unresolved) return facts;
  return {
    ...facts,
    diets: facts.diets.filter((diet) => !DIETS_NEEDING_EVERY_LINE.has(diet)),
  };
}
