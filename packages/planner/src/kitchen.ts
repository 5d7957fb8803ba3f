/**
 * The kitchen in the waste model (issue 20): parts used from a whole that is
 * bought (yolks and whites from a carton of eggs, juice from lemons), and the
 * food at home when the week starts.
 */
import type { PlannerIngredient, PlannerKitchenItem } from './plan-types.js';

/** Food at home of one ingredient: lots in grams with their use-by day. */
export interface KitchenLots {
  readonly grams: readonly number[];
  readonly useBy: readonly number[];
  readonly opened: readonly boolean[];
}

/** The kitchen compiled against a catalogue: lots per ingredient index. */
export type CompiledKitchen = ReadonlyMap<number, KitchenLots>;

/**
 * Folds the parts of one recipe's grams into the wholes bought for them: a
 * recipe's yolks and whites share the eggs it cracks (the larger count),
 * then add to its whole eggs; a lemon's juice and a line of the lemon itself
 * (its zest, a wedge) use the same fruit. Returns the map itself when the
 * recipe uses no part.
 */
export function foldParts(
  ingredients: readonly PlannerIngredient[],
  indexById: ReadonlyMap<string, number>,
  grams: Map<number, number>,
): Map<number, number> {
  let addPieces: Map<number, number> | undefined;
  let maxPieces: Map<number, number> | undefined;
  for (const [i, g] of grams) {
    const part = ingredients[i]?.partOf;
    if (part === undefined || !(part.gramsPerWhole > 0)) continue;
    const w = indexById.get(part.ingredientId);
    if (w === undefined) continue;
    const pieces = g / part.gramsPerWhole;
    const target =
      part.withWhole === 'max'
        ? (maxPieces ??= new Map())
        : (addPieces ??= new Map());
    target.set(w, Math.max(target.get(w) ?? 0, pieces));
  }
  if (addPieces === undefined && maxPieces === undefined) return grams;
  const folded = new Map<number, number>();
  for (const [i, g] of grams) {
    if (ingredients[i]?.partOf === undefined) folded.set(i, g);
  }
  const wholes = new Set([
    ...(addPieces?.keys() ?? []),
    ...(maxPieces?.keys() ?? []),
  ]);
  for (const w of wholes) {
    const pieceGrams = ingredients[w]?.gramsPerPiece ?? 0;
    const own = folded.get(w) ?? 0;
    const added = own + (addPieces?.get(w) ?? 0) * pieceGrams;
    folded.set(w, Math.max(added, (maxPieces?.get(w) ?? 0) * pieceGrams));
  }
  return folded;
}

/**
 * The kitchen items by ingredient index, in whole grams, each ingredient's
 * lots sorted by use-by day. Items of unknown ingredients, of parts, with no
 * grams or past their use-by day before the week starts are left out.
 */
export function compileKitchen(
  ingredients: readonly PlannerIngredient[],
  indexById: ReadonlyMap<string, number>,
  items: readonly PlannerKitchenItem[] | undefined,
): CompiledKitchen | undefined {
  if (items === undefined || items.length === 0) return undefined;
  const byIngredient = new Map<number, PlannerKitchenItem[]>();
  for (const item of items) {
    const i = indexById.get(item.ingredientId);
    if (i === undefined || ingredients[i]?.partOf !== undefined) continue;
    if (!(item.grams > 0) || !(item.useByDay >= 0)) continue;
    const list = byIngredient.get(i);
    if (list === undefined) byIngredient.set(i, [item]);
    else list.push(item);
  }
  if (byIngredient.size === 0) return undefined;
  const compiled = new Map<number, KitchenLots>();
  for (const [i, list] of byIngredient) {
    list.sort((a, b) => a.useByDay - b.useByDay);
    compiled.set(i, {
      grams: list.map((item) => item.grams),
      useBy: list.map((item) => Math.floor(item.useByDay)),
      opened: list.map((item) => item.opened === true),
    });
  }
  return compiled;
}

/**
 * Grams at home that pass their use-by day this week whatever the menu
 * does with them (0 when no menu uses them): the part of the waste no plan
 * causes, which the optimiser leaves out and the reported figures include.
 */
export function kitchenSpoilage(
  kitchen: CompiledKitchen | undefined,
  countsForWaste: Uint8Array,
): number {
  let grams = 0;
  for (const [i, lots] of kitchen ?? []) {
    if (countsForWaste[i] !== 1) continue;
    lots.useBy.forEach((useBy, k) => {
      if (useBy < 7) grams += lots.grams[k] ?? 0;
    });
  }
  return grams;
}
