import { WASTE_BASELINE_DESCRIPTION } from '@platewise/shared';
import type {
  Day,
  MealPlan,
  MealSlot,
  PlanDay,
  PlanMeal,
} from '@platewise/shared';

export const TEST_USER_ID = '6f1c2a4e-8b7d-4c3e-9a21-5d0e7f3b9c10';

let nextRecipe = 1;

/** A planned meal; `name` is all most tests care about. */
export function fakeMeal(
  name: string,
  overrides: Partial<PlanMeal> = {},
): PlanMeal {
  const id = `recipe-${String(nextRecipe++)}`;
  return {
    id,
    name,
    images: [`/api/recipes/${id}/images/art`],
    total_cooking_time: 30,
    rating: 4.2,
    directions: 'Chop.####Cook.',
    ingredients: [{ ingredient: 'onion', quantity: 1, unit: null }],
    cuisine: null,
    serving_size: 2,
    reason: 'Uses the coriander bought for Monday.',
    locked: false,
    ...overrides,
  };
}

/**
 * A plan from `{ Monday: { dinner: 'Lentil soup' } }`, days in the order
 * given (so tests can hand the dashboard an unsorted week).
 */
export function fakePlan(
  week: Partial<Record<Day, Partial<Record<MealSlot, string | PlanMeal>>>>,
  overrides: Partial<MealPlan> = {},
): MealPlan {
  const meals: PlanDay[] = Object.entries(week).map(([day, slots]) => {
    const entry: PlanDay = { day: day as Day };
    for (const [slot, meal] of Object.entries(slots)) {
      entry[slot as MealSlot] =
        typeof meal === 'string' ? fakeMeal(meal) : meal;
    }
    return entry;
  });
  return {
    meals,
    version: 1,
    serving_size: 2,
    waste: {
      boughtGrams: 2400,
      usedGrams: 2160,
      wasteGrams: 240,
      wasteShare: 0.1,
      freshItemsBought: 14,
      freshItemsShared: 9,
      mealsPerFreshItem: 2.1,
      baselineWasteGrams: 800,
      fromKitchenGrams: 0,
      keptGrams: 0,
      baselineDescription: WASTE_BASELINE_DESCRIPTION,
    },
    unfilled: [],
    notes: [],
    created_at: '2026-03-02T08:00:00.000Z',
    updated_at: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}
