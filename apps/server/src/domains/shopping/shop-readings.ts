/**
 * Leftovers as people shop (issue 20): what is left of a package is read as
 * it was bought. The planner says a leftover in the measure the recipes
 * use most, so a 100 g piece of ginger used by the tablespoon read "1 cup
 * left over"; food sold by weight or by the piece is left over by weight or
 * by the piece, and only what is sold by volume (milk, stock) by volume.
 */
import { ingredientById, lineGrams } from '@platewise/food-data';

/** Spoons and cups: kitchen measures, not how solid food is bought. */
const MEASURES: ReadonlySet<string> = new Set([
  'tsp',
  'tbsp',
  'cup',
  'cups',
  'ml',
  'l',
  'pinch',
  'pinches',
  'dash',
  'dashes',
]);

/** Package units of food bought by weight or by the piece. */
const BY_WEIGHT_OR_PIECE: ReadonlySet<string> = new Set([
  'g',
  'kg',
  'oz',
  'lb',
  'piece',
]);

export interface Leftover {
  readonly quantity: number;
  readonly unit: string;
}

/** Grams as a kitchen scale reads them: 7 g, 95 g, 340 g, 1.2 kg. */
function weight(grams: number): Leftover | null {
  if (grams >= 1000) {
    return { quantity: Math.round(grams / 100) / 10, unit: 'kg' };
  }
  const step = grams < 10 ? 1 : grams < 100 ? 5 : 10;
  const quantity = Math.round(grams / step) * step;
  return quantity > 0 ? { quantity, unit: 'g' } : null;
}

/**
 * The leftover of `ingredientId` as it was bought: by weight, or counted
 * in halves for what is sold by the piece; unchanged when it already is,
 * when the food is sold by volume, or when it cannot be weighed. Null when
 * nothing worth saying is left.
 */
export function leftoverAsBought(
  ingredientId: string | null,
  leftover: Leftover | null,
): Leftover | null {
  if (leftover === null || ingredientId === null) return leftover;
  if (!MEASURES.has(leftover.unit.trim().toLowerCase())) return leftover;
  const ingredient = ingredientById(ingredientId);
  if (
    ingredient === undefined ||
    !BY_WEIGHT_OR_PIECE.has(ingredient.package.unit)
  ) {
    return leftover;
  }
  const grams = lineGrams(leftover, ingredient);
  if (grams === undefined) return leftover;
  const perPiece = ingredient.gramsPerPiece;
  if (ingredient.package.unit === 'piece' && perPiece !== undefined) {
    const pieces = Math.round((grams / perPiece) * 2) / 2;
    if (pieces >= 0.5) {
      return {
        quantity: pieces,
        unit:
          pieces > 1
            ? (ingredient.plural ?? `${ingredient.name}s`)
            : ingredient.name,
      };
    }
  }
  return weight(grams);
}
