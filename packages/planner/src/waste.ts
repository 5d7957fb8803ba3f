/**
 * The waste model (ADR 009). A perishable is bought in whole packages on the
 * day of its first use; a use takes from the open package while the day is
 * within the ingredient's life L of the day that package was bought
 * (d − b ≤ L), otherwise a new package is bought that day; a use may span
 * the rest of one package and new ones. Waste = bought − used, in grams.
 * Uses of one day are one use (meals of a day share the day index).
 *
 * `buyPackages` is the one piece of code that decides purchases: the
 * optimiser's incremental evaluation, evaluatePlan and the shopping list
 * all call it.
 */
import { DAYS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';

import { indexOf } from './catalogue.js';
import type {
  IngredientPurchase,
  IngredientUse,
  MealRef,
  PackageBuy,
  PlanEvaluation,
  PlannerCatalogue,
  WasteTotals,
} from './plan-types.js';
import { lineGrams, packageGrams } from './quantities.js';

export const DAY_COUNT = 7;

/** Relative tolerance so that 2 × 250 g in a 500 g package buys one package. */
const EPSILON = 1e-9;

/**
 * Grams bought of one perishable for its grams used per day (`dayGrams[offset
 * + d]`, d = 0..6), with packages of `packageGrams` that serve `lifeDays`
 * days after purchase. When `buys` is given, each purchase is appended.
 */
export function buyPackages(
  dayGrams: ArrayLike<number>,
  offset: number,
  packageGramsValue: number,
  lifeDays: number,
  buys?: PackageBuy[],
): number {
  let bought = 0;
  let remaining = 0;
  let boughtDay = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < DAY_COUNT; d += 1) {
    const grams = dayGrams[offset + d] ?? 0;
    if (grams <= 0) continue;
    if (d - boughtDay > lifeDays) remaining = 0;
    if (remaining >= grams * (1 - EPSILON)) {
      remaining = Math.max(0, remaining - grams);
      continue;
    }
    const need = grams - remaining;
    const count = Math.max(1, Math.ceil(need / packageGramsValue - EPSILON));
    bought += count * packageGramsValue;
    remaining = Math.max(0, count * packageGramsValue - need);
    boughtDay = d;
    if (buys !== undefined) {
      for (let k = 0; k < count; k += 1) {
        buys.push({ dayIndex: d, grams: packageGramsValue });
      }
    }
  }
  return bought;
}

/** Day index of a day name (Monday 0 … Sunday 6), -1 when unknown. */
export const dayIndexOf = (day: Day): number => DAYS.indexOf(day);

const SLOT_ORDER: Readonly<Record<MealSlot, number>> = {
  breakfast: 0,
  lunch: 1,
  dinner: 2,
};

interface UseAccumulator {
  readonly ingredientIndex: number;
  readonly uses: IngredientUse[];
}

/**
 * The purchases of a menu under the waste model, one entry per ingredient it
 * uses with a known weight (perishables first, then pantry, in catalogue
 * order). Pantry items are bought once, on their first day, in whole
 * packages where the package can be weighed.
 */
export function computePurchases(
  catalogue: PlannerCatalogue,
  meals: readonly MealRef[],
  servingSize: number,
): IngredientPurchase[] {
  const index = indexOf(catalogue);
  const servings = servingSize > 0 ? servingSize : 1;
  const byIngredient = new Map<number, UseAccumulator>();
  const ordered = [...meals]
    .filter((meal) => dayIndexOf(meal.day) >= 0)
    .sort(
      (a, b) =>
        dayIndexOf(a.day) - dayIndexOf(b.day) ||
        SLOT_ORDER[a.slot] - SLOT_ORDER[b.slot],
    );
  for (const meal of ordered) {
    const r = index.recipeIndexById.get(meal.recipeId);
    const recipe = r === undefined ? undefined : catalogue.recipes[r];
    if (recipe === undefined) continue;
    const scale = servings / (recipe.servingSize > 0 ? recipe.servingSize : 1);
    const gramsByIngredient = new Map<number, number>();
    for (const line of recipe.lines) {
      if (line.ingredientId === null) continue;
      const i = index.ingredientIndexById.get(line.ingredientId);
      const ingredient = i === undefined ? undefined : catalogue.ingredients[i];
      if (i === undefined || ingredient === undefined) continue;
      if (ingredient.notPurchased === true) continue;
      const grams = lineGrams(line, ingredient);
      if (grams === undefined) continue;
      gramsByIngredient.set(i, (gramsByIngredient.get(i) ?? 0) + grams * scale);
    }
    for (const [i, grams] of gramsByIngredient) {
      let entry = byIngredient.get(i);
      if (entry === undefined) {
        entry = { ingredientIndex: i, uses: [] };
        byIngredient.set(i, entry);
      }
      entry.uses.push({
        dayIndex: dayIndexOf(meal.day),
        slot: meal.slot,
        recipeId: meal.recipeId,
        grams,
      });
    }
  }

  const purchases: IngredientPurchase[] = [];
  for (const { ingredientIndex: i, uses } of byIngredient.values()) {
    const ingredient = catalogue.ingredients[i];
    if (ingredient === undefined) continue;
    const usedGrams = uses.reduce((sum, use) => sum + use.grams, 0);
    const perishable = index.countsForWaste[i] === 1;
    const packages: PackageBuy[] = [];
    let boughtGrams: number;
    if (perishable) {
      const dayGrams = new Float64Array(DAY_COUNT);
      for (const use of uses) {
        dayGrams[use.dayIndex] = (dayGrams[use.dayIndex] ?? 0) + use.grams;
      }
      boughtGrams = buyPackages(
        dayGrams,
        0,
        index.packageGrams[i] ?? 1,
        index.lifeDays[i] ?? 0,
        packages,
      );
    } else {
      const size = packageGrams(ingredient);
      const firstDay = uses[0]?.dayIndex ?? 0;
      const count =
        size === undefined || size <= 0
          ? 0
          : Math.max(1, Math.ceil(usedGrams / size - EPSILON));
      for (let k = 0; k < count; k += 1) {
        packages.push({ dayIndex: firstDay, grams: size ?? 0 });
      }
      boughtGrams = count * (size ?? 0);
    }
    purchases.push({
      ingredientId: ingredient.id,
      perishable,
      packages,
      uses,
      boughtGrams,
      usedGrams,
      leftoverGrams: Math.max(0, boughtGrams - usedGrams),
    });
  }
  purchases.sort(
    (a, b) =>
      Number(b.perishable) - Number(a.perishable) ||
      (index.ingredientIndexById.get(a.ingredientId) ?? 0) -
        (index.ingredientIndexById.get(b.ingredientId) ?? 0),
  );
  return purchases;
}

/** The waste totals of a set of purchases (perishables only). */
export function wasteTotals(
  purchases: readonly IngredientPurchase[],
): WasteTotals {
  let boughtGrams = 0;
  let usedGrams = 0;
  let freshItemsBought = 0;
  let freshItemsShared = 0;
  let mealUses = 0;
  for (const purchase of purchases) {
    if (!purchase.perishable || purchase.boughtGrams <= 0) continue;
    boughtGrams += purchase.boughtGrams;
    usedGrams += purchase.usedGrams;
    freshItemsBought += 1;
    const meals = new Set(
      purchase.uses.map((use) => `${use.dayIndex}:${use.slot}`),
    ).size;
    mealUses += meals;
    if (meals >= 2) freshItemsShared += 1;
  }
  const wasteGrams = Math.max(0, boughtGrams - usedGrams);
  return {
    boughtGrams,
    usedGrams,
    wasteGrams,
    wasteShare: boughtGrams > 0 ? wasteGrams / boughtGrams : 0,
    freshItemsBought,
    freshItemsShared,
    mealsPerFreshItem: freshItemsBought > 0 ? mealUses / freshItemsBought : 0,
  };
}

/**
 * The waste model over a menu: the totals and the per-ingredient purchases.
 * Meals whose recipe the catalogue does not hold are skipped.
 */
export function evaluatePlan(
  catalogue: PlannerCatalogue,
  meals: readonly MealRef[],
  servingSize: number,
): PlanEvaluation {
  const purchases = computePurchases(catalogue, meals, servingSize);
  return { totals: wasteTotals(purchases), purchases };
}
