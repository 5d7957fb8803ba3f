/**
 * Grams of a recipe line and of a package, from the ingredient's own
 * weights: measures through units.ts (volume needs a density), counted units
 * through pieceUnits or gramsPerPiece, containers ('1 can') through the
 * package. Same rules as @platewise/food-data's quantities.ts, which cannot
 * be imported here (food-data depends on this package).
 */
import type { PlannerIngredient } from './plan-types.js';
import { singularOf } from './text.js';
import { isUnitId, toGrams } from './units.js';

/** Container words that mean one package as sold unless the ingredient names them in pieceUnits. */
const PACKAGE_UNITS: ReadonlySet<string> = new Set([
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
export const PIECE_WORDS: ReadonlySet<string> = new Set([
  'piece',
  'pieces',
  'each',
  'whole',
]);

/** The unit and its singular candidates ("cloves" → "clove", "leaves" → "leaf"). */
export function unitCandidates(unit: string): string[] {
  const key = unit.trim().toLowerCase();
  const irregular = singularOf(key);
  const candidates = key.endsWith('ies')
    ? [key, `${key.slice(0, -3)}y`]
    : key.endsWith('es')
      ? [key, key.slice(0, -2), key.slice(0, -1)]
      : key.endsWith('s')
        ? [key, key.slice(0, -1)]
        : [key];
  if (!candidates.includes(irregular)) candidates.push(irregular);
  return candidates;
}

/** Grams of one package, or undefined when it cannot be weighed. */
export function packageGrams(
  ingredient: PlannerIngredient,
): number | undefined {
  const { size, unit } = ingredient.package;
  const grams = unitGrams(unit, ingredient, false);
  return grams === undefined ? undefined : size * grams;
}

/** Grams of one `unit` of the ingredient (null: one piece), or undefined. */
export function unitGrams(
  unit: string | null,
  ingredient: PlannerIngredient,
  packageFallback = true,
): number | undefined {
  if (unit === null) return ingredient.gramsPerPiece;
  const candidates = unitCandidates(unit);
  const key = candidates[0] ?? '';
  const pieceUnits = ingredient.pieceUnits ?? {};
  for (const candidate of candidates) {
    if (Object.hasOwn(pieceUnits, candidate)) return pieceUnits[candidate];
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

/** Grams of a line; "to taste" (quantity null) is 0 g; undefined when it cannot be weighed. */
export function lineGrams(
  line: { readonly quantity: number | null; readonly unit: string | null },
  ingredient: PlannerIngredient,
): number | undefined {
  if (line.quantity === null) return 0;
  if (!Number.isFinite(line.quantity) || line.quantity < 0) return undefined;
  const grams = unitGrams(line.unit, ingredient);
  return grams === undefined ? undefined : line.quantity * grams;
}
