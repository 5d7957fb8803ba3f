/**
 * Slice `preferences` (spec point 3), persisted under `persist:root`: the
 * user's settings as last loaded or saved, and the generated plan.
 */
import {
  WEEKNIGHT_COOKING_TIME_DEFAULT,
  type Day,
  type Diet,
  type MealSlot,
  type Preferences,
  type ProteinLevel,
} from '@platewise/shared';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import { sessionEnded } from '../../lib/session-actions';
import { mergeEntries, removeEntry } from '../../utils/entry-lists';
import {
  fromServer,
  presetSchedule,
  withDayEnabled,
  type SchedulePreset,
  withMeal,
  type PreferenceSettings,
} from './utils/settings';

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

export type { NamedItem } from './utils/settings';

export interface PreferencesState extends PreferenceSettings {
  generatedMealPlan: MealPlanDay[];
}

/** The spec's defaults. */
export const initialPreferencesState: PreferencesState = {
  generatedMealPlan: [],
  weeklySchedule: [],
  dietaryPreference: 'none',
  proteinLevel: 'Medium Protein',
  servingSize: 1,
  weeknightCookingTime: WEEKNIGHT_COOKING_TIME_DEFAULT,
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

    // Events of the settings screen (style guide: actions are events).
    /** The saved settings arrived from the server (entering the page). */
    savedPreferencesLoaded(state, action: PayloadAction<Preferences>) {
      Object.assign(state, fromServer(action.payload));
    },
    /** The server has no settings for this user yet: the spec's defaults. */
    savedPreferencesMissing: () => initialPreferencesState,
    scheduleDaySwitched(
      state,
      action: PayloadAction<{ day: Day; enabled: boolean }>,
    ) {
      const { day, enabled } = action.payload;
      state.weeklySchedule = withDayEnabled(state.weeklySchedule, day, enabled);
    },
    scheduleMealToggled(
      state,
      action: PayloadAction<{ day: Day; slot: MealSlot; checked: boolean }>,
    ) {
      const { day, slot, checked } = action.payload;
      state.weeklySchedule = withMeal(state.weeklySchedule, day, slot, checked);
    },
    schedulePresetChosen(state, action: PayloadAction<SchedulePreset>) {
      state.weeklySchedule = presetSchedule(action.payload);
    },
    dietChosen(state, action: PayloadAction<Diet>) {
      state.dietaryPreference = action.payload;
    },
    servingSizeEntered(state, action: PayloadAction<number>) {
      state.servingSize = action.payload;
    },
    weeknightCookingTimeChosen(state, action: PayloadAction<number>) {
      state.weeknightCookingTime = action.payload;
    },
    allergensConfirmed(
      state,
      action: PayloadAction<{
        allergens: Array<number | string>;
        customAllergens: string[];
      }>,
    ) {
      state.allergens = action.payload.allergens;
      state.customAllergens = action.payload.customAllergens;
    },
    likesAdded(state, action: PayloadAction<string[]>) {
      state.preferences.likes = mergeEntries(
        state.preferences.likes.map(({ name }) => name),
        action.payload,
      ).map((name) => ({ name }));
    },
    likeRemoved(state, action: PayloadAction<string>) {
      state.preferences.likes = removeEntry(
        state.preferences.likes.map(({ name }) => name),
        action.payload,
      ).map((name) => ({ name }));
    },
    dislikeAdded(state, action: PayloadAction<string>) {
      state.preferences.dislikes = mergeEntries(
        state.preferences.dislikes.map(({ name }) => name),
        [action.payload],
      ).map((name) => ({ name }));
    },
    dislikeRemoved(state, action: PayloadAction<string>) {
      state.preferences.dislikes = removeEntry(
        state.preferences.dislikes.map(({ name }) => name),
        action.payload,
      ).map((name) => ({ name }));
    },
    /** `null` when the chosen tile is clicked again (spec: "click again to clear"). */
    proteinLevelChosen(state, action: PayloadAction<ProteinLevel | null>) {
      state.proteinLevel = action.payload;
    },
    mealPlanGenerated(state, action: PayloadAction<MealPlanDay[]>) {
      state.generatedMealPlan = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionEnded, () => initialPreferencesState);
  },
  selectors: {
    selectPreferences: (state) => state,
    selectGeneratedMealPlan: (state) => state.generatedMealPlan,
    selectWeeklySchedule: (state) => state.weeklySchedule,
    selectServingSize: (state) => state.servingSize,
  },
});

export const {
  preferenceChanged,
  preferencesChanged,
  preferencesReset,
  savedPreferencesLoaded,
  savedPreferencesMissing,
  scheduleDaySwitched,
  scheduleMealToggled,
  schedulePresetChosen,
  dietChosen,
  servingSizeEntered,
  weeknightCookingTimeChosen,
  allergensConfirmed,
  likesAdded,
  likeRemoved,
  dislikeAdded,
  dislikeRemoved,
  proteinLevelChosen,
  mealPlanGenerated,
} = preferencesSlice.actions;
export const {
  selectPreferences,
  selectGeneratedMealPlan,
  selectWeeklySchedule,
  selectServingSize,
} = preferencesSlice.selectors;
