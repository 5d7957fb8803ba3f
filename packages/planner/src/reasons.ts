/**
 * A short sentence per meal from its strongest true factors: locked; a rule
 * it had to break, said plainly ("repeats Monday's porridge: no other
 * breakfast fits your preferences"); else the like it serves, the protein
 * level, fresh items shared with another meal (named by day and dish),
 * rating and quick weekday cooking, two at most, plus the food at home it
 * uses ("uses up your spinach") when it uses some.
 */
import { DAYS } from '@platewise/shared';
import type { MealSlot } from '@platewise/shared';

import { indexOf } from './catalogue.js';
import { joinWords } from './constraints.js';
import type { ProfileFilter } from './constraints.js';
import { LAST_WEEKDAY } from './objective.js';
import type {
  IngredientPurchase,
  MealRef,
  PlannerCatalogue,
  PlannerIngredient,
  PlannerProfile,
  PlanNote,
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

/**
 * Per meal, the food at home it uses (issue 22: "uses up your spinach"):
 * what the waste model takes from the kitchen for an ingredient goes to its
 * uses in time order, the kitchen being used first.
 */
function kitchenUses(
  catalogue: PlannerCatalogue,
  purchases: readonly IngredientPurchase[],
): Map<string, { perishable: string[]; other: string[] }> {
  const index = indexOf(catalogue);
  const byMeal = new Map<string, { perishable: string[]; other: string[] }>();
  for (const purchase of purchases) {
    let left = purchase.fromKitchenGrams;
    if (!(left > 1e-6)) continue;
    const i = index.ingredientIndexById.get(purchase.ingredientId);
    const ingredient = i === undefined ? undefined : catalogue.ingredients[i];
    if (ingredient === undefined) continue;
    const item = itemName(ingredient);
    for (const use of purchase.uses) {
      if (left <= 1e-6) break;
      if (use.grams <= 0) continue;
      left -= use.grams;
      const key = mealKey(use.dayIndex, use.slot);
      let entry = byMeal.get(key);
      if (entry === undefined) {
        entry = { perishable: [], other: [] };
        byMeal.set(key, entry);
      }
      const list = purchase.perishable ? entry.perishable : entry.other;
      if (!list.includes(item)) list.push(item);
    }
  }
  return byMeal;
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

/**
 * Why meal i breaks rule `code` (PlanState.brokenRules), in the words of an
 * unfilled slot's reason; `capMinutes` is its slot's cooking-time cap and
 * `quicker` whether a recipe of its slot that fits the user's preferences
 * keeps that cap (then the time was traded for another rule of the week).
 * '' for a near-duplicate that is only the meal's own repeat (said by
 * 'repeat').
 */
export function brokenReason(
  catalogue: PlannerCatalogue,
  meals: readonly MealRef[],
  i: number,
  code: string,
  capMinutes: number,
  quicker: boolean,
): string {
  const index = indexOf(catalogue);
  const meal = meals[i];
  if (meal === undefined) return 'breaks a rule: nothing else fits';
  const r = index.recipeIndexById.get(meal.recipeId) ?? -1;
  const recipe = catalogue.recipes[r];
  const slot = meal.slot;
  const others = `no other ${slot} fits your preferences`;
  const dishOf = (m: MealRef): string => {
    const o = index.recipeIndexById.get(m.recipeId) ?? -1;
    return `${m.day}'s ${catalogue.recipes[o]?.name ?? 'meal'}`;
  };
  const other = (test: (o: number) => boolean): MealRef | undefined =>
    meals.find((m, k) => {
      if (k === i) return false;
      const o = index.recipeIndexById.get(m.recipeId) ?? -1;
      return o >= 0 && test(o);
    });
  switch (code) {
    case 'repeat': {
      const count = meals.filter((m) => m.recipeId === meal.recipeId).length;
      return `repeated (${count} times this week): too few ${slot}s fit your preferences`;
    }
    case 'reuse':
      return `kept from the previous plan: too few other ${slot}s fit your preferences`;
    case 'time': {
      const over =
        DAYS.indexOf(meal.day) > LAST_WEEKDAY
          ? `over ${capMinutes} minutes at the weekend`
          : `over your ${capMinutes} minutes on a weekday`;
      // The fresh-food floor, the meat floor and the variety rules can cost
      // more than one slow meal: then quicker dishes exist and saying that
      // none fits would be false.
      const why = quicker
        ? `each quicker ${slot} that fits your preferences would leave the week short of fresh food, meat or variety`
        : `no quicker ${slot} fits your preferences`;
      return `takes ${recipe?.totalCookingTime ?? '?'} min, ${over}: ${why}`;
    }
    case 'near-duplicate': {
      const kind = index.proteinKindKey[r] ?? -1;
      const head = index.headKey[r] ?? -1;
      const twin = other(
        (o) =>
          o !== r &&
          ((kind >= 0 && index.proteinKindKey[o] === kind) ||
            (head >= 0 && index.headKey[o] === head)),
      );
      // A recipe served twice counts its own name twice: no other dish.
      return twin === undefined ? '' : `much like ${dishOf(twin)}: ${others}`;
    }
    case 'protein-day':
    case 'protein-week': {
      const family = index.families.ids[index.mainAnimal[r] ?? -1] ?? 'meat';
      return code === 'protein-day'
        ? `a second ${family} dish on ${meal.day}: ${others}`
        : `${family} once more than about three times a week: ${others}`;
    }
    default:
      return `breaks a rule of your preferences: ${others}`;
  }
}

/** Grams as a note says them: whole grams, a tenth where two would read alike. */
function gramPair(value: number, against: number): [string, string] {
  const digits = Math.round(value) === Math.round(against) ? 1 : 0;
  return [value.toFixed(digits), against.toFixed(digits)];
}

/**
 * The plan-wide note when a week's fresh food is short of the floor the
 * planner aimed at (issue 22's rule: at least a typical random week's),
 * which then no week it found keeping the rules reaches; undefined when the
 * week reaches it. Grams are over the week at the user's servings, as the
 * search counts them, for `meals` planned meals.
 */
export function freshNote(
  freshGrams: number,
  floorGrams: number,
  meals: number,
  servings: number,
): PlanNote | undefined {
  // The search sums and takes away grams as it moves: a floor met exactly
  // may read a hair under it.
  const tolerance = 1e-6 * Math.max(1, floorGrams);
  if (meals <= 0 || !(freshGrams < floorGrams - tolerance)) return undefined;
  const per = meals * Math.max(1, servings);
  const [plan, typical] = gramPair(freshGrams / per, floorGrams / per);
  return {
    code: 'fresh-below-typical',
    reason: `This week has less fresh food than a typical week for your settings (${plan} g a serving against ${typical} g): no week the planner found that keeps your preferences has more.`,
  };
}

/**
 * Reasons for the meals, in their order; `locked` tells which are locked,
 * `broken` the words of the rules each had to break (first said).
 */
export function mealReasons(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
  filter: ProfileFilter,
  meals: readonly (MealRef & { readonly locked: boolean })[],
  purchases: readonly IngredientPurchase[],
  broken: readonly (readonly string[])[] = [],
): string[] {
  const index = indexOf(catalogue);
  const sharing = findSharing(catalogue, purchases);
  const atHome = kitchenUses(catalogue, purchases);
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
  return meals.map((meal, m) => {
    if (meal.locked) return LOCKED_REASON;
    const rules = broken[m] ?? [];
    if (rules.length > 0) return rules.join('; ');
    const key = mealKey(DAYS.indexOf(meal.day), meal.slot);
    const r = index.recipeIndexById.get(meal.recipeId);
    const recipe = r === undefined ? undefined : catalogue.recipes[r];
    if (r === undefined || recipe === undefined) return 'kept from your plan';
    const factors: string[] = [];
    const liked = filter.likedAs[r];
    if (liked !== undefined) factors.push(`${liked} as you like`);
    // Food at home the meal uses is said whenever there is some: a third
    // factor then, so the like or protein level served is still named.
    const home = atHome.get(key);
    let limit = 2;
    if (home !== undefined) {
      const parts: string[] = [];
      if (home.perishable.length > 0) {
        parts.push(
          `uses up your ${joinWords(home.perishable.slice(0, MAX_ITEMS))}`,
        );
      }
      if (home.other.length > 0 && parts.length === 0) {
        parts.push(
          `uses your ${joinWords(home.other.slice(0, MAX_ITEMS))} at home`,
        );
      }
      factors.push(...parts);
      limit += parts.length;
    }
    if (
      profile.proteinLevel !== null &&
      recipe.proteinLevel === profile.proteinLevel
    ) {
      factors.push(
        `${recipe.proteinLevel} protein (${Math.round(recipe.proteinPerServingG)} g a serving)`,
      );
    }
    const from = strongest(sharing.usesFrom.get(key));
    const feeds = strongest(sharing.feeds.get(key));
    if (from !== undefined) {
      const items = joinWords(from[1].slice(0, MAX_ITEMS));
      factors.push(
        `shares the ${items} bought for ${dishAt.get(from[0]) ?? 'an earlier meal'}`,
      );
    } else if (feeds !== undefined) {
      const items = joinWords(feeds[1].slice(0, MAX_ITEMS));
      factors.push(
        `shares its ${items} with ${dishAt.get(feeds[0]) ?? 'a later meal'}`,
      );
    }
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
    return factors.slice(0, limit).join('; ');
  });
}
