/**
 * Slice `preferences` (spec point 3), persisted under `persist:root`: the
 * user's settings as last loaded or saved, and the generated plan.
 */
import type {
  Day,
  Diet,
  ProteinLevel,
  WeeklyScheduleDay,
} from '@platewise/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { sessionEnded } from '../../lib/session-actions';

export interface PlannedIngredient {
  ingredient: string;
  quantity?: number | string | null;
  unit?: string | null;
}

/** A recipe as the meal plan carries it (spec point 3, "Meal plan"). */
export interface PlannedRecipe {
  id?: number | string;
  name: string;
  images?: string[];
  total_cooking_time?: number | string | null;
  rating?: number | null;
  directions?: string;
  ingredients?: PlannedIngredient[];
}

export interface MealPlanDay {
  day: Day;
  breakfast?: PlannedRecipe | null;
  lunch?: PlannedRecipe | null;
  dinner?: PlannedRecipe | null;
}

export interface NamedItem {
  name: string;
}

export interface PreferencesState {
  generatedMealPlan: MealPlanDay[];
  weeklySchedule: WeeklyScheduleDay[];
  dietaryPreference: Diet;
  /** `null` once the user clicks the chosen protein tile again to clear it. */
  proteinLevel: ProteinLevel | null;
  servingSize: number;
  /** Allergen ids from GET /allergens. */
  allergens: Array<number | string>;
  customAllergens: string[];
  preferences: { likes: NamedItem[]; dislikes: NamedItem[] };
}

/** The spec's defaults. */
export const initialPreferencesState: PreferencesState = {
  generatedMealPlan: [],
  weeklySchedule: [],
  dietaryPreference: 'none',
  proteinLevel: 'Medium Protein',
  servingSize: 1,
  allergens: [],
  customAllergens: [],
  preferences: { likes: [], dislikes: [] },
};

/** One field and its value, type-checked against each other. */
export type PreferenceChange = {
  [K in keyof PreferencesState]: { key: K; value: PreferencesState[K] };
}[keyof PreferencesState];

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferencesState,
  reducers: {
    preferenceChanged(state, action: PayloadAction<PreferenceChange>) {
      const { key, value } = action.payload;
      (state as Record<keyof PreferencesState, unknown>)[key] = value;
    },
    preferencesChanged(
      state,
      action: PayloadAction<Partial<PreferencesState>>,
    ) {
      Object.assign(state, action.payload);
    },
    preferencesReset: () => initialPreferencesState,
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialPreferencesState);
  },
  selectors: {
    selectPreferences: (state) => state,
    selectGeneratedMealPlan: (state) => state.generatedMealPlan,
  },
});

export const { preferenceChanged, preferencesChanged, preferencesReset } =
  preferencesSlice.actions;
export const { selectPreferences, selectGeneratedMealPlan } =
  preferencesSlice.selectors;
