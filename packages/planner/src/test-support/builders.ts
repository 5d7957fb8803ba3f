/** Small hand-made catalogues for the planner's tests. */
import { DAYS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';

import { compileCatalogue } from '../catalogue.js';
import type {
  PlannerAllergen,
  PlannerCatalogue,
  PlannerIngredient,
  PlannerProfile,
  PlannerRecipe,
  PlannerScheduleDay,
} from '../plan-types.js';

/** A fresh ingredient sold in grams; override what a test needs. */
export function ingredient(
  id: string,
  overrides: Partial<PlannerIngredient> = {},
): PlannerIngredient {
  return {
    id,
    name: id.replace(/-/g, ' '),
    synonyms: [],
    category: 'produce',
    perishable: true,
    package: { size: 100, unit: 'g', label: 'bag' },
    shelfLifeDays: 7,
    proteinPer100g: 1,
    flags: [],
    allergens: [],
    ...overrides,
  };
}

/** A recipe for one serving using `uses` (ingredient id → grams). */
export function recipe(
  id: string,
  uses: Readonly<Record<string, number>>,
  overrides: Partial<PlannerRecipe> = {},
): PlannerRecipe {
  return {
    id,
    name: id.replace(/-/g, ' '),
    cuisine: null,
    mealTypes: ['breakfast', 'lunch', 'dinner'],
    diets: ['vegan', 'vegetarian', 'gluten-free'],
    allergens: [],
    proteinLevel: 'medium',
    proteinPerServingG: 15,
    rating: null,
    totalCookingTime: 30,
    servingSize: 1,
    tags: [],
    lines: Object.entries(uses).map(([ingredientId, grams]) => ({
      ingredientId,
      name: ingredientId.replace(/-/g, ' '),
      quantity: grams,
      unit: 'g',
    })),
    ...overrides,
  };
}

export function catalogueOf(
  ingredients: readonly PlannerIngredient[],
  recipes: readonly PlannerRecipe[],
  allergens: readonly PlannerAllergen[] = [],
): PlannerCatalogue {
  return compileCatalogue(ingredients, recipes, allergens);
}

/** A schedule with `slots` on the given days (default: every day). */
export function schedule(
  slots: readonly MealSlot[],
  days: readonly Day[] = DAYS,
): PlannerScheduleDay[] {
  return DAYS.map((day) => ({
    day,
    breakfast: days.includes(day) && slots.includes('breakfast'),
    lunch: days.includes(day) && slots.includes('lunch'),
    dinner: days.includes(day) && slots.includes('dinner'),
  }));
}

export function profile(
  overrides: Partial<PlannerProfile> = {},
): PlannerProfile {
  return {
    schedule: schedule(['dinner']),
    diet: 'none',
    allergenIds: [],
    customAllergens: [],
    likes: [],
    dislikes: [],
    proteinLevel: null,
    servingSize: 1,
    ...overrides,
  };
}
