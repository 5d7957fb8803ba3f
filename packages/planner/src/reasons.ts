/**
 * A short sentence per meal from its strongest true factor: locked, fresh
 * items shared with another meal (named by day and dish), then likes,
 * protein level, rating and quick weekday cooking.
 */
import { DAYS } from '@platewise/shared';
import type { MealSlot } from '@platewise/shared';

import { indexOf } from './catalogue.js';
import { joinWords } from './constraints.js';
import type { ProfileFilter } from './constraints.js';
import type {
  IngredientPurchase,
  MealRef,
  PlannerCatalogue,
  PlannerIngredient,
  PlannerProfile,
} from './plan-types.js';

/** Ratings from this up are worth saying. */
const HIGH_RATING = 4.5;
/** Weekday dishes this quick (minutes) or quicker are worth saying. */
const QUICK_MINUTES = 30;
/** Fresh items named in one reason at most. */
const MAX_ITEMS = 2;

export const LOCKED_REASON = 'kept: you locked it';

const mealKey = (dayIndex: number, slot: MealSlot): string =>
  `${dayIndex}:${slot}`;

/** "limes" where the catalogue gives a plural (counted items), "cilantro" otherwise. */
function itemName(ingredient: PlannerIngredient): string {
  return (ingredient.plural ?? ingredient.name).toLowerCase();
}

interface Sharing {
  /** Meal → (the meal whose purchase it uses → items). */
  readonly usesFrom: Map<string, Map<string, string[]>>;
  /** Meal → (later meals using its purchase → items). */
  readonly feeds: Map<string, Map<string, string[]>>;
}

function addItem(
  map: Map<string, Map<string, string[]>>,
  key: string,
  other: string,
  item: string,
): void {
  let inner = map.get(key);
  if (inner === undefined) {
    inner = new Map();
    map.set(key, inner);
  }
  const items = inner.get(other);
  if (items === undefined) inner.set(other, [item]);
  else if (!items.includes(item)) items.push(item);
}

/**
 * Which meal's purchase each use draws on, by the waste model's own rule
 * (oldest open package within its life, else a new one bought for this meal).
 */
function findSharing(
  catalogue: PlannerCatalogue,
  purchases: readonly IngredientPurchase[],
): Sharing {
  const index = indexOf(catalogue);
  const usesFrom = new Map<string, Map<string, string[]>>();
  const feeds = new Map<string, Map<string, string[]>>();
  for (const purchase of purchases) {
    if (!purchase.perishable) continue;
    const i = index.ingredientIndexById.get(purchase.ingredientId);
    const ingredient = i === undefined ? undefined : catalogue.ingredients[i];
    if (i === undefined || ingredient === undefined) continue;
    const size = index.packageGrams[i] ?? 1;
    const life = index.lifeDays[i] ?? 0;
    const item = itemName(ingredient);
    let remaining = 0;
    let boughtDay = Number.NEGATIVE_INFINITY;
    let owner = '';
    for (const use of purchase.uses) {
      if (use.grams <= 0) continue;
      const key = mealKey(use.dayIndex, use.slot);
      if (use.dayIndex - boughtDay > life) remaining = 0;
      if (remaining > 1e-6 && owner !== key) {
        addItem(usesFrom, key, owner, item);
        addItem(feeds, owner, key, item);
      }
      if (remaining >= use.grams) {
        remaining -= use.grams;
        continue;
      }
      const need = use.grams - remaining;
      const count = Math.max(1, Math.ceil(need / size - 1e-9));
      remaining = Math.max(0, count * size - need);
      boughtDay = use.dayIndex;
      owner = key;
    }
  }
  return { usesFrom, feeds };
}

/** The other meal sharing most items with this one, and those items. */
function strongest(
  shares: Map<string, string[]> | undefined,
): [string, string[]] | undefined {
  if (shares === undefined) return undefined;
  let best: [string, string[]] | undefined;
  for (const entry of shares) {
    if (best === undefined || entry[1].length > best[1].length) best = entry;
  }
  return best;
}

/** Reasons for the meals, in their order; `locked` tells which are locked. */
export function mealReasons(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
  filter: ProfileFilter,
  meals: readonly (MealRef & { readonly locked: boolean })[],
  purchases: readonly IngredientPurchase[],
): string[] {
  const index = indexOf(catalogue);
  const sharing = findSharing(catalogue, purchases);
  const dishAt = new Map<string, string>();
  for (const meal of meals) {
    const r = index.recipeIndexById.get(meal.recipeId);
    const name = r === undefined ? undefined : catalogue.recipes[r]?.name;
    if (name !== undefined) {
      dishAt.set(
        mealKey(DAYS.indexOf(meal.day), meal.slot),
        `${meal.day}'s ${name}`,
      );
    }
  }
  return meals.map((meal) => {
    if (meal.locked) return LOCKED_REASON;
    const key = mealKey(DAYS.indexOf(meal.day), meal.slot);
    const r = index.recipeIndexById.get(meal.recipeId);
    const recipe = r === undefined ? undefined : catalogue.recipes[r];
    if (r === undefined || recipe === undefined) return 'kept from your plan';
    const from = strongest(sharing.usesFrom.get(key));
    if (from !== undefined) {
      const items = joinWords(from[1].slice(0, MAX_ITEMS));
      return `shares the ${items} bought for ${dishAt.get(from[0]) ?? 'an earlier meal'}`;
    }
    const feeds = strongest(sharing.feeds.get(key));
    if (feeds !== undefined) {
      const items = joinWords(feeds[1].slice(0, MAX_ITEMS));
      return `shares its ${items} with ${dishAt.get(feeds[0]) ?? 'a later meal'}`;
    }
    const factors: string[] = [];
    if (
      profile.proteinLevel !== null &&
      recipe.proteinLevel === profile.proteinLevel
    ) {
      factors.push(`${recipe.proteinLevel} protein`);
    }
    const liked = filter.likedAs[r];
    if (liked !== undefined) factors.push(`${liked} as you like`);
    if (recipe.rating !== null && recipe.rating >= HIGH_RATING) {
      factors.push(`rated ${recipe.rating.toFixed(1)}`);
    }
    const dayIndex = DAYS.indexOf(meal.day);
    if (
      dayIndex <= 4 &&
      recipe.totalCookingTime !== null &&
      recipe.totalCookingTime <= QUICK_MINUTES
    ) {
      factors.push(`quick for a weekday (${recipe.totalCookingTime} min)`);
    }
    if (factors.length === 0) {
      return index.freshStart[r + 1] === index.freshStart[r]
        ? 'no fresh items to waste'
        : 'fits your preferences';
    }
    return factors.slice(0, 2).join(', ');
  });
}
