/**
 * Grams of a recipe line, from its quantity and unit and the ingredient's
 * own weights: measures go through @platewise/planner's unit table (volume
 * needs the ingredient's density), counted units through its pieceUnits or
 * gramsPerPiece, and containers ('1 can', '2 packets') through its package.
 */
import { isUnitId, toGrams } from '@platewise/planner';

import type { Ingredient, RecipeLine } from './types.js';

/**
 * Counted units that mean 'one package as sold' unless the ingredient names
 * them in pieceUnits: '1 can coconut milk' is the 400 ml can, '1 bag
 * spinach' the 200 g bag.
 */
export const PACKAGE_UNITS: ReadonlySet<string> = new Set([
  'can',
  'tin',
  'packet',
  'package',
  'pack',
  'jar',
  'bottle',
  'bag',
  'carton',
  'tub',
  'box',
  'block',
  'punnet',
  'container',
]);

/** Units that mean one piece of the ingredient. */
const PIECE_WORDS: ReadonlySet<string> = new Set([
  'piece',
  'pieces',
  'each',
  'whole',
]);

/** Grams of one package as sold, or undefined when it cannot be converted. */
export function packageGrams(ingredient: Ingredient): number | undefined {
  const { size, unit } = ingredient.package;
  const grams = unitGrams(unit, ingredient, false);
  return grams === undefined ? undefined : size * grams;
}

const singular = (unit: string): string[] => {
  if (unit.endsWith('ies')) return [`${unit.slice(0, -3)}y`];
  if (unit.endsWith('es')) return [unit.slice(0, -2), unit.slice(0, -1)];
  if (unit.endsWith('s')) return [unit.slice(0, -1)];
  return [];
};

/**
 * Grams of one `unit` of an ingredient ('clove' of garlic: 5; 'cup' of
 * flour: 125; null, a bare count: one piece), or undefined when the
 * ingredient lacks the weight the unit needs.
 */
export function unitGrams(
  unit: string | null,
  ingredient: Ingredient,
  packageFallback = true,
): number | undefined {
  if (unit === null) return ingredient.gramsPerPiece;
  const key = unit.trim().toLowerCase();
  const candidates = [key, ...singular(key)];
  const pieceUnits = ingredient.pieceUnits ?? {};
  for (const candidate of candidates) {
    const grams = Object.hasOwn(pieceUnits, candidate)
      ? pieceUnits[candidate]
      : undefined;
    if (grams !== undefined) return grams;
  }
  if (PIECE_WORDS.has(key)) return ingredient.gramsPerPiece;
  const measure = candidates.find(isUnitId);
  if (measure !== undefined) {
    return toGrams(1, measure, {
      densityGPerMl: ingredient.densityGPerMl,
      gramsPerPiece: ingredient.gramsPerPiece,
    });
  }
  if (packageFallback) {
    const isPackage =
      candidates.some((candidate) => PACKAGE_UNITS.has(candidate)) ||
      key === ingredient.package.label.toLowerCase();
    if (isPackage) return packageGrams(ingredient);
  }
  return undefined;
}

/**
 * Grams of a recipe line. A 'to taste' line (quantity null) weighs 0 g;
 * a line whose unit the ingredient cannot weigh answers undefined.
 */
export function lineGrams(
  line: Pick<RecipeLine, 'quantity' | 'unit'>,
  ingredient: Ingredient,
): number | undefined {
  if (line.quantity === null) return 0;
  const grams = unitGrams(line.unit, ingredient);
  return grams === undefined ? undefined : line.quantity * grams;
}
