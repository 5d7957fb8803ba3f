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
import { compileKitchen, foldParts } from './kitchen.js';
import type { CompiledKitchen, KitchenLots } from './kitchen.js';
import type {
  IngredientPurchase,
  IngredientUse,
  MealRef,
  PackageBuy,
  PlanEvaluation,
  PlannerCatalogue,
  PlannerKitchenItem,
  WasteTotals,
} from './plan-types.js';
import { lineGrams, packageGrams } from './quantities.js';

export const DAY_COUNT = 7;

/** Relative tolerance so that 2 × 250 g in a 500 g package buys one package. */
const EPSILON = 1e-9;

/** The week ends on the next Monday: what is still good then is kept, not wasted. */
export const NEXT_MONDAY = DAY_COUNT;

/** What buyPackages found, besides the grams it charges. */
export interface PackageLedger {
  /** Grams bought in whole packages. */
  bought: number;
  /** Grams the uses took from the kitchen. */
  fromKitchen: number;
  /** Grams (bought or at home) still good on the next Monday. */
  kept: number;
  /** Grams (bought or at home) that passed their use-by day unused. */
  waste: number;
}

/**
 * Grams charged for one ingredient used `dayGrams[offset + d]` grams a day
 * (d = 0..6), bought in packages of `packageGramsValue` that keep
 * `lifeDays` days after the day they are bought and opened. The charge is
 * used + waste − the waste the kitchen would have had anyway, so that
 * charge − used is the waste this menu causes (ADR 009, issue 20):
 * - food at home (`stock`) is used first, earliest use-by first, and is
 *   free; a sealed item opened on day d keeps min(its use-by, d + life);
 * - what is left of a package bought on day b serves a use on day d while
 *   d − b ≤ life, otherwise it is waste;
 * - what is still good on the next Monday is kept, not waste.
 * When `buys` is given, each purchase is appended; `ledger` receives the
 * totals.
 */
export function buyPackages(
  dayGrams: ArrayLike<number>,
  offset: number,
  packageGramsValue: number,
  lifeDays: number,
  buys?: PackageBuy[],
  stock?: KitchenLots,
  ledger?: PackageLedger,
): number {
  if (stock !== undefined) {
    return buyWithStock(
      dayGrams,
      offset,
      packageGramsValue,
      lifeDays,
      stock,
      buys,
      ledger,
    );
  }
  let bought = 0;
  let used = 0;
  let remaining = 0;
  let boughtDay = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < DAY_COUNT; d += 1) {
    const grams = dayGrams[offset + d] ?? 0;
    if (grams <= 0) continue;
    used += grams;
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
  const kept = NEXT_MONDAY - boughtDay <= lifeDays ? remaining : 0;
  if (ledger !== undefined) {
    ledger.bought = bought;
    ledger.fromKitchen = 0;
    ledger.kept = kept;
    ledger.waste = Math.max(0, bought - used - kept);
  }
  return bought - kept;
}

/** buyPackages with food at home: lots are copied, never changed. */
function buyWithStock(
  dayGrams: ArrayLike<number>,
  offset: number,
  packageGramsValue: number,
  lifeDays: number,
  stock: KitchenLots,
  buys: PackageBuy[] | undefined,
  ledger: PackageLedger | undefined,
): number {
  const lotGrams = [...stock.grams];
  const lotUseBy = [...stock.useBy];
  const lotOpened = [...stock.opened];
  let have = 0;
  let spoilsAnyway = 0;
  for (let k = 0; k < lotGrams.length; k += 1) {
    const grams = lotGrams[k] ?? 0;
    have += grams;
    if ((lotUseBy[k] ?? 0) < NEXT_MONDAY) spoilsAnyway += grams;
  }
  let bought = 0;
  let used = 0;
  let fromKitchen = 0;
  let remaining = 0;
  let boughtDay = Number.NEGATIVE_INFINITY;
  for (let d = 0; d < DAY_COUNT; d += 1) {
    let need = dayGrams[offset + d] ?? 0;
    if (need <= 0) continue;
    used += need;
    if (d - boughtDay > lifeDays) remaining = 0;
    // Earliest use-by first, the open package bought this week among them.
    while (need > EPSILON) {
      let best = -1;
      let bestUseBy = Number.POSITIVE_INFINITY;
      for (let k = 0; k < lotGrams.length; k += 1) {
        const useBy = lotUseBy[k] ?? -1;
        if ((lotGrams[k] ?? 0) > EPSILON && useBy >= d && useBy < bestUseBy) {
          best = k;
          bestUseBy = useBy;
        }
      }
      const packageUseBy = boughtDay + lifeDays;
      if (remaining > EPSILON && packageUseBy < bestUseBy) {
        const take = Math.min(remaining, need);
        remaining -= take;
        need -= take;
        continue;
      }
      if (best < 0) break;
      const lot = lotGrams[best] ?? 0;
      const take = Math.min(lot, need);
      need -= take;
      fromKitchen += take;
      const left = lot - take;
      if (lotOpened[best] === true || left <= EPSILON) {
        lotGrams[best] = left;
        continue;
      }
      // Opening a sealed item: whole packages left stay sealed, the opened
      // one keeps no longer than its opened life from today.
      const sealed =
        Math.floor(left / packageGramsValue + EPSILON) * packageGramsValue;
      lotGrams[best] = Math.min(sealed, left);
      const openedPart = left - (lotGrams[best] ?? 0);
      if (openedPart > EPSILON) {
        lotGrams.push(openedPart);
        lotUseBy.push(Math.min(lotUseBy[best] ?? 0, d + lifeDays));
        lotOpened.push(true);
      }
    }
    if (need <= EPSILON * Math.max(1, used)) continue;
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
  let keptAtHome = 0;
  for (let k = 0; k < lotGrams.length; k += 1) {
    if ((lotUseBy[k] ?? 0) >= NEXT_MONDAY) keptAtHome += lotGrams[k] ?? 0;
  }
  const keptBought = NEXT_MONDAY - boughtDay <= lifeDays ? remaining : 0;
  const waste = Math.max(
    0,
    have -
      fromKitchen -
      keptAtHome +
      bought -
      (used - fromKitchen) -
      keptBought,
  );
  if (ledger !== undefined) {
    ledger.bought = bought;
    ledger.fromKitchen = fromKitchen;
    ledger.kept = keptAtHome + keptBought;
    ledger.waste = waste;
  }
  return used + waste - spoilsAnyway;
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
 * order), plus one per perishable at home that it does not use (its waste
 * or what it keeps). Pantry items are bought once, on their first day, in
 * whole packages where the package can be weighed, after what is at home.
 * Parts are bought as their whole (yolks as eggs).
 */
export function computePurchases(
  catalogue: PlannerCatalogue,
  meals: readonly MealRef[],
  servingSize: number,
  kitchen?: CompiledKitchen,
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
    const folded = foldParts(
      catalogue.ingredients,
      index.ingredientIndexById,
      gramsByIngredient,
    );
    for (const [i, grams] of folded) {
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

  // Perishables at home that no meal uses still keep or spoil this week.
  for (const i of kitchen?.keys() ?? []) {
    if (!byIngredient.has(i) && index.countsForWaste[i] === 1) {
      byIngredient.set(i, { ingredientIndex: i, uses: [] });
    }
  }

  const purchases: IngredientPurchase[] = [];
  for (const { ingredientIndex: i, uses } of byIngredient.values()) {
    const ingredient = catalogue.ingredients[i];
    if (ingredient === undefined) continue;
    const usedGrams = uses.reduce((sum, use) => sum + use.grams, 0);
    const perishable = index.countsForWaste[i] === 1;
    const stock = kitchen?.get(i);
    const haveGrams = (stock?.grams ?? []).reduce((sum, g) => sum + g, 0);
    const packages: PackageBuy[] = [];
    const ledger: PackageLedger = {
      bought: 0,
      fromKitchen: 0,
      kept: 0,
      waste: 0,
    };
    if (perishable) {
      const dayGrams = new Float64Array(DAY_COUNT);
      for (const use of uses) {
        dayGrams[use.dayIndex] = (dayGrams[use.dayIndex] ?? 0) + use.grams;
      }
      buyPackages(
        dayGrams,
        0,
        index.packageGrams[i] ?? 1,
        index.lifeDays[i] ?? 0,
        packages,
        stock,
        ledger,
      );
    } else {
      const size = packageGrams(ingredient);
      const firstDay = uses[0]?.dayIndex ?? 0;
      const toBuy = Math.max(0, usedGrams - haveGrams);
      const count =
        size === undefined ||
        size <= 0 ||
        (haveGrams > 0 && toBuy <= EPSILON * usedGrams)
          ? 0
          : Math.max(1, Math.ceil(toBuy / size - EPSILON));
      for (let k = 0; k < count; k += 1) {
        packages.push({ dayIndex: firstDay, grams: size ?? 0 });
      }
      ledger.bought = count * (size ?? 0);
      ledger.fromKitchen = Math.min(usedGrams, haveGrams);
    }
    const boughtGrams = ledger.bought;
    purchases.push({
      ingredientId: ingredient.id,
      perishable,
      packages,
      uses,
      boughtGrams,
      usedGrams,
      leftoverGrams: Math.max(
        0,
        boughtGrams - (usedGrams - ledger.fromKitchen),
      ),
      fromKitchenGrams: ledger.fromKitchen,
      haveGrams,
      keptGrams: ledger.kept,
      wasteGrams: perishable ? ledger.waste : 0,
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

/**
 * The waste totals of a set of purchases (those counting for waste): waste
 * is what passes its use-by day unused, bought or at home.
 */
export function wasteTotals(
  purchases: readonly IngredientPurchase[],
): WasteTotals {
  let boughtGrams = 0;
  let usedGrams = 0;
  let freshItemsBought = 0;
  let freshItemsShared = 0;
  let mealUses = 0;
  let wasteGrams = 0;
  let fromKitchenGrams = 0;
  let keptGrams = 0;
  for (const purchase of purchases) {
    if (!purchase.perishable) continue;
    wasteGrams += purchase.wasteGrams;
    fromKitchenGrams += purchase.fromKitchenGrams;
    keptGrams += purchase.keptGrams;
    usedGrams += purchase.usedGrams;
    if (purchase.boughtGrams <= 0) continue;
    boughtGrams += purchase.boughtGrams;
    freshItemsBought += 1;
    const meals = new Set(
      purchase.uses.map((use) => `${use.dayIndex}:${use.slot}`),
    ).size;
    mealUses += meals;
    if (meals >= 2) freshItemsShared += 1;
  }
  return {
    boughtGrams,
    usedGrams,
    wasteGrams,
    wasteShare: boughtGrams > 0 ? wasteGrams / boughtGrams : 0,
    freshItemsBought,
    freshItemsShared,
    mealsPerFreshItem: freshItemsBought > 0 ? mealUses / freshItemsBought : 0,
    fromKitchenGrams,
    keptGrams,
  };
}

/**
 * Fresh food per serving of a menu (issue 22's floor): grams of perishable
 * ingredients (fresh produce, meat, fish, dairy; not opened cans or cartons)
 * its meals use per serving, averaged over its meals. The planner's fresh
 * floor and the bench measure this same quantity. 0 for an empty menu;
 * meals whose recipe the catalogue does not hold count as none.
 */
export function freshGramsPerServing(
  catalogue: PlannerCatalogue,
  meals: readonly { readonly recipeId: string }[],
): number {
  if (meals.length === 0) return 0;
  const index = indexOf(catalogue);
  let grams = 0;
  for (const meal of meals) {
    const r = index.recipeIndexById.get(meal.recipeId);
    if (r === undefined) continue;
    const end = index.freshStart[r + 1] ?? 0;
    for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
      const i = index.freshIngredient[k] ?? 0;
      if (catalogue.ingredients[i]?.perishable === true) {
        grams += index.freshGramsPerServing[k] ?? 0;
      }
    }
  }
  return grams / meals.length;
}

/**
 * The waste model over a menu: the totals and the per-ingredient purchases.
 * Meals whose recipe the catalogue does not hold are skipped.
 */
export function evaluatePlan(
  catalogue: PlannerCatalogue,
  meals: readonly MealRef[],
  servingSize: number,
  kitchen?: readonly PlannerKitchenItem[],
): PlanEvaluation {
  const purchases = computePurchases(
    catalogue,
    meals,
    servingSize,
    compileKitchen(
      catalogue.ingredients,
      indexOf(catalogue).ingredientIndexById,
      kitchen,
    ),
  );
  return { totals: wasteTotals(purchases), purchases };
}
