/**
 * The list reads as people shop (issue 20). The planner says a leftover in
 * the measure the recipes use most, so a 100 g piece of ginger used by the
 * tablespoon read "1 cup left over", a bottle of oil "1¼ cups" and a pack
 * of thyme "36 sprigs"; here what is left is said in the unit the food is
 * sold in: by weight, by volume, or counted for what is sold by the piece.
 * Pieces a cook counts (cloves, slices, fillets, eggs) stay as they are.
 * A package sold by the piece says how many it holds: "1 carton (12 eggs)".
 */
import {
  ingredientById,
  packageGrams,
  unitGrams,
  type Ingredient,
} from '@platewise/food-data';
import { isUnitId, UNITS } from '@platewise/planner';

/** Kitchen measures that are no way to say what is left of a package. */
const MEASURE_WORDS: ReadonlySet<string> = new Set([
  'handful',
  'handfuls',
  'sprig',
  'sprigs',
  'leaf',
  'leaves',
  'bunch',
  'bunches',
]);

export interface Leftover {
  readonly quantity: number;
  readonly unit: string;
}

type SoldBy = 'mass' | 'volume' | 'piece';

function soldBy(ingredient: Ingredient): SoldBy | undefined {
  const unit = ingredient.package.unit;
  if (unit === 'piece') return 'piece';
  if (!isUnitId(unit)) return undefined;
  const dimension = UNITS[unit].dimension;
  return dimension === 'mass' || dimension === 'volume' ? dimension : undefined;
}

/** "cups" → "cup": the unit id a reading's unit word names, if any. */
function unitId(word: string) {
  const key = word.trim().toLowerCase();
  const singular = key.endsWith('es')
    ? key.slice(0, -2)
    : key.endsWith('s')
      ? key.slice(0, -1)
      : key;
  for (const candidate of [key, singular]) {
    if (isUnitId(candidate)) return candidate;
  }
  return undefined;
}

/** Grams of a reading, the inverse of how the planner wrote it (density for volumes). */
function gramsOf(
  leftover: Leftover,
  ingredient: Ingredient,
): number | undefined {
  const id = unitId(leftover.unit);
  if (id !== undefined) {
    const unit = UNITS[id];
    if (unit.dimension === 'mass') return leftover.quantity * unit.toBase;
    if (unit.dimension === 'volume') {
      return leftover.quantity * unit.toBase * (ingredient.densityGPerMl ?? 1);
    }
    return undefined;
  }
  const word = leftover.unit.trim().toLowerCase();
  const grams = unitGrams(word === 'leaves' ? 'leaf' : word, ingredient, false);
  return grams === undefined ? undefined : leftover.quantity * grams;
}

/** Counted things a cook still counts: a dozen eggs, ten rashers. */
const MOST_COUNTED = 12;

/** Grams of a count of the ingredient's own noun ("90 curry leaves"). */
function countedGrams(
  leftover: Leftover,
  ingredient: Ingredient,
): number | undefined {
  const word = leftover.unit.trim().toLowerCase();
  const own = [ingredient.name, ingredient.plural].map((noun) =>
    noun?.toLowerCase(),
  );
  const perPiece = ingredient.gramsPerPiece;
  return own.includes(word) && perPiece !== undefined
    ? leftover.quantity * perPiece
    : undefined;
}

/** Whether a reading is already in the unit family the food is sold in. */
function readsAsSold(leftover: Leftover, sold: SoldBy): boolean {
  const word = leftover.unit.trim().toLowerCase();
  if (MEASURE_WORDS.has(word)) return false;
  const id = unitId(word);
  if (id === undefined) return true; // a counted noun: cloves, slices, eggs
  const dimension = UNITS[id].dimension;
  // Loose produce reads by count or by weight; a bottle or carton in
  // millilitres, as its label says, not in cups.
  if (sold === 'piece') return dimension === 'count' || dimension === 'mass';
  if (sold === 'volume') return id === 'ml' || id === 'l';
  return dimension === sold;
}

/** Rounded as a scale or a jug reads: 7 g, 95 g, 340 g, 1.2 kg. */
function metric(amount: number, small: string, large: string): Leftover | null {
  if (amount >= 1000) {
    return { quantity: Math.round(amount / 100) / 10, unit: large };
  }
  const step = amount < 10 ? 1 : amount < 100 ? 5 : 10;
  const quantity = Math.round(amount / step) * step;
  return quantity > 0 ? { quantity, unit: small } : null;
}

/**
 * The leftover of `ingredientId` in the unit it is sold in, never more than
 * the `packageCount` packages bought; unchanged when it already reads so or
 * cannot be weighed. Null when nothing worth saying is left.
 */
export function leftoverAsBought(
  ingredientId: string | null,
  leftover: Leftover | null,
  packageCount?: number,
): Leftover | null {
  if (leftover === null || ingredientId === null) return leftover;
  const ingredient = ingredientById(ingredientId);
  const sold = ingredient === undefined ? undefined : soldBy(ingredient);
  if (ingredient === undefined || sold === undefined) return leftover;
  // More than a dozen leaves or sprigs of a pack sold by weight ("88 curry
  // leaves") is said by weight.
  const manySmall = sold === 'mass' && leftover.quantity > MOST_COUNTED;
  if (readsAsSold(leftover, sold) && !manySmall) return leftover;
  const read =
    gramsOf(leftover, ingredient) ?? countedGrams(leftover, ingredient);
  if (read === undefined) return leftover;
  const bought =
    packageCount === undefined || packageCount <= 0
      ? undefined
      : (packageGrams(ingredient) ?? 0) * packageCount;
  const grams = bought ? Math.min(read, bought) : read;
  if (sold === 'volume') {
    return metric(grams / (ingredient.densityGPerMl ?? 1), 'ml', 'l');
  }
  const perPiece = ingredient.gramsPerPiece;
  if (
    sold === 'piece' &&
    perPiece !== undefined &&
    ingredient.plural !== undefined
  ) {
    const pieces = Math.round((grams / perPiece) * 2) / 2;
    if (pieces >= 0.5) {
      return {
        quantity: pieces,
        unit: pieces > 1 ? ingredient.plural : ingredient.name,
      };
    }
  }
  return metric(grams, 'g', 'kg');
}

/** Labels of food sold loose, one at a time: no contents to say. */
const LOOSE_LABELS: ReadonlySet<string> = new Set(['each', 'piece', 'whole']);

/** Packages that are one whole thing, their size plain: a head of cabbage. */
const WHOLE_LABELS: ReadonlySet<string> = new Set([
  'head',
  'bulb',
  'ball',
  'loaf',
  'bunch',
  'block',
  'stalk',
]);

/**
 * "1 bag" → "1 bag (6 apples)": a package sold by the piece says how many
 * it holds, as every other package says its size.
 */
export function packagesWithSize(
  ingredientId: string | null,
  packages: string | null,
): string | null {
  if (packages === null || ingredientId === null || packages.includes('(')) {
    return packages;
  }
  const ingredient = ingredientById(ingredientId);
  if (ingredient === undefined) return packages;
  const { size, unit, label } = ingredient.package;
  if (LOOSE_LABELS.has(label.trim().toLowerCase())) return packages;
  if (unit !== 'piece') return `${packages} (${String(size)} ${unit})`;
  // "1 carton (12 eggs)"; a head or a bulb is its own size.
  if (size > 1 && ingredient.plural !== undefined) {
    return `${packages} (${String(size)} ${ingredient.plural})`;
  }
  if (WHOLE_LABELS.has(label.trim().toLowerCase())) return packages;
  const grams = packageGrams(ingredient);
  const weight = grams === undefined ? null : metric(grams, 'g', 'kg');
  return weight === null
    ? packages
    : `${packages} (${String(weight.quantity)} ${weight.unit})`;
}
