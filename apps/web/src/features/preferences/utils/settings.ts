/**
 * Pure helpers of the settings screen: the entry rules of spec point 5
 * ("trimmed, blanks and duplicates dropped"), the seven-day schedule, and the
 * mapping between the settings form and the server's form (spec point 3).
 */
import {
  DAYS,
  MEAL_SLOTS,
  WEEKNIGHT_COOKING_TIME_DEFAULT,
  type Day,
  type Diet,
  type MealPlan,
  type MealSlot,
  type Preferences,
  type ProteinLevel,
  type SavePreferencesInput,
  type UserId,
  type WeeklyScheduleDay,
} from '@platewise/shared';

import { entryKey } from '../../../utils/entry-lists';

export interface NamedItem {
  name: string;
}

/**
 * The settings form's values: the fields of spec point 3's `preferences`
 * state, kept by the form itself (react-hook-form), never in Redux
 * (docs/decisions/011-server-data-in-rtk-query-only.md).
 */
export interface PreferenceSettings {
  weeklySchedule: WeeklyScheduleDay[];
  dietaryPreference: Diet;
  /** `null` once the user clicks the chosen protein tile again to clear it. */
  proteinLevel: ProteinLevel | null;
  servingSize: number;
  /** Most minutes a Monday-Friday lunch or dinner may take (issue 22). */
  weeknightCookingTime: number;
  /** Allergen ids from GET /allergens. */
  allergens: Array<number | string>;
  customAllergens: string[];
  preferences: { likes: NamedItem[]; dislikes: NamedItem[] };
}

/** The spec's defaults (point 3), shown until the saved settings load. */
export const DEFAULT_SETTINGS: PreferenceSettings = {
  weeklySchedule: [],
  dietaryPreference: 'none',
  proteinLevel: 'Medium Protein',
  servingSize: 1,
  weeknightCookingTime: WEEKNIGHT_COOKING_TIME_DEFAULT,
  allergens: [],
  customAllergens: [],
  preferences: { likes: [], dislikes: [] },
};

const noMeals = (): Record<MealSlot, boolean> => ({
  breakfast: false,
  lunch: false,
  dinner: false,
});

/**
 * The seven days, Monday first, whatever the stored list holds: a day it
 * lacks is off. An off day never keeps meals (spec point 4).
 */
export function normaliseSchedule(
  schedule: readonly WeeklyScheduleDay[],
): WeeklyScheduleDay[] {
  return DAYS.map((day) => {
    const stored = schedule.find((entry) => entry.day_name === day);
    if (!stored?.enabled) {
      return { day_name: day, enabled: false, meals: noMeals() };
    }
    return {
      day_name: day,
      enabled: true,
      meals: {
        breakfast: stored.meals.breakfast,
        lunch: stored.meals.lunch,
        dinner: stored.meals.dinner,
      },
    };
  });
}

/** Turns a day on or off; off clears its meals (spec point 4). */
export function withDayEnabled(
  schedule: readonly WeeklyScheduleDay[],
  day: Day,
  enabled: boolean,
): WeeklyScheduleDay[] {
  return normaliseSchedule(schedule).map((entry) =>
    entry.day_name !== day
      ? entry
      : { ...entry, enabled, meals: enabled ? entry.meals : noMeals() },
  );
}

/** Ticks or unticks one meal of an enabled day; an off day is left alone. */
export function withMeal(
  schedule: readonly WeeklyScheduleDay[],
  day: Day,
  slot: MealSlot,
  checked: boolean,
): WeeklyScheduleDay[] {
  return normaliseSchedule(schedule).map((entry) =>
    entry.day_name !== day || !entry.enabled
      ? entry
      : { ...entry, meals: { ...entry.meals, [slot]: checked } },
  );
}

/** The shortcuts above the seven day cards (issue 21: a new account starts all Off). */
export const SCHEDULE_PRESETS = [
  'everyDay',
  'weekdays',
  'dinnersOnly',
] as const;
export type SchedulePreset = (typeof SCHEDULE_PRESETS)[number];

export const SCHEDULE_PRESET_LABELS: Record<SchedulePreset, string> = {
  everyDay: 'Every day',
  weekdays: 'Weekdays',
  dinnersOnly: 'Dinners only',
};

const WEEKEND: readonly Day[] = ['Saturday', 'Sunday'];

/**
 * The schedule of a preset: "Every day" plans all three meals on all seven
 * days, "Weekdays" all three meals Monday to Friday, "Dinners only" a
 * dinner every day.
 */
export function presetSchedule(preset: SchedulePreset): WeeklyScheduleDay[] {
  return DAYS.map((day) => {
    const enabled = preset !== 'weekdays' || !WEEKEND.includes(day);
    const all = preset !== 'dinnersOnly';
    return {
      day_name: day,
      enabled,
      meals: enabled ? { breakfast: all, lunch: all, dinner: true } : noMeals(),
    };
  });
}

/** The preset the schedule is exactly, or null. */
export function matchingPreset(
  schedule: readonly WeeklyScheduleDay[],
): SchedulePreset | null {
  const current = JSON.stringify(normaliseSchedule(schedule));
  return (
    SCHEDULE_PRESETS.find(
      (preset) => JSON.stringify(presetSchedule(preset)) === current,
    ) ?? null
  );
}

/** Meals the schedule asks for in a week. */
export function countScheduledMeals(
  schedule: readonly WeeklyScheduleDay[],
): number {
  return normaliseSchedule(schedule).reduce(
    (sum, entry) => sum + MEAL_SLOTS.filter((slot) => entry.meals[slot]).length,
    0,
  );
}

/** The form's values from the settings as the server stores them. */
export function fromServer(saved: Preferences): PreferenceSettings {
  return {
    weeklySchedule: normaliseSchedule(saved.weekly_schedule),
    dietaryPreference: saved.dietary_preference,
    proteinLevel: saved.protein_level,
    servingSize: saved.serving_size,
    weeknightCookingTime: saved.weeknight_cooking_time,
    allergens: [...saved.allergens],
    customAllergens: [...saved.customAllergens],
    preferences: {
      likes: saved.preferences.likes.map(({ name }) => ({ name })),
      dislikes: saved.preferences.dislikes.map(({ name }) => ({ name })),
    },
  };
}

/** POST /preferences/save's body from the form: the whole object, always. */
export function toSaveBody(
  state: PreferenceSettings,
  userId: UserId,
): SavePreferencesInput {
  return {
    user_id: String(userId),
    weekly_schedule: normaliseSchedule(state.weeklySchedule),
    dietary_preference: state.dietaryPreference,
    protein_level: state.proteinLevel,
    allergens: state.allergens.map(String),
    customAllergens: [...state.customAllergens],
    preferences: {
      likes: state.preferences.likes.map(({ name }) => ({ name })),
      dislikes: state.preferences.dislikes.map(({ name }) => ({ name })),
    },
    serving_size: state.servingSize,
    weeknight_cooking_time: state.weeknightCookingTime,
  };
}

/** A comparable form of the settings: order of allergen ids does not matter. */
function fingerprint(state: PreferenceSettings) {
  return JSON.stringify({
    schedule: normaliseSchedule(state.weeklySchedule),
    diet: state.dietaryPreference,
    protein: state.proteinLevel,
    serving: state.servingSize,
    weeknight: state.weeknightCookingTime,
    allergens: state.allergens.map(String).sort(),
    custom: state.customAllergens.map(entryKey),
    likes: state.preferences.likes.map(({ name }) => entryKey(name)),
    dislikes: state.preferences.dislikes.map(({ name }) => entryKey(name)),
  });
}

/**
 * Whether "Save All Settings" has something to do (spec point 5: "If nothing
 * changed and a plan exists: 'No changes detected. Nothing to save.'").
 * Nothing has changed only when the screen shows the saved settings and the
 * stored plan was generated after they were saved: the dialogs save on their
 * own, and a plan made before such a save does not reflect it.
 */
export function hasUnplannedChanges(
  state: PreferenceSettings,
  saved: Preferences | undefined,
  plan: Pick<MealPlan, 'created_at'> | undefined,
): boolean {
  if (!saved || !plan) return true;
  if (fingerprint(state) !== fingerprint(fromServer(saved))) return true;
  return Date.parse(plan.created_at) < Date.parse(saved.updated_at);
}

/** N of 'N days of recipes generated': days with at least one meal. */
export function countPlannedDays(
  meals: ReadonlyArray<Partial<Record<MealSlot, unknown>>>,
): number {
  return meals.filter((day) => MEAL_SLOTS.some((slot) => day[slot] != null))
    .length;
}

/** Where on the screen a field of the save body is shown. */
export type SettingsSection =
  | 'schedule'
  | 'diet'
  | 'servingSize'
  | 'cookingTime'
  | 'allergens'
  | 'preferences';

/**
 * The section a validation issue's path names (`serving_size`,
 * `preferences.likes.0`, `customAllergens.2` …), or null when it names none.
 */
export function sectionOfIssue(path: string): SettingsSection | null {
  const head = path.split('.')[0] ?? '';
  switch (head) {
    case 'weekly_schedule':
      return 'schedule';
    case 'dietary_preference':
      return 'diet';
    case 'serving_size':
      return 'servingSize';
    case 'weeknight_cooking_time':
      return 'cookingTime';
    case 'allergens':
    case 'customAllergens':
    case 'custom_allergens':
      return 'allergens';
    case 'preferences':
    case 'protein_level':
      return 'preferences';
    default:
      return null;
  }
}

/** The first message per section, in the order the issues came. */
export function issuesBySection(
  issues: ReadonlyArray<{ path: string; message: string }>,
): Partial<Record<SettingsSection, string>> {
  const out: Partial<Record<SettingsSection, string>> = {};
  for (const issue of issues) {
    const section = sectionOfIssue(issue.path);
    if (section && out[section] === undefined) out[section] = issue.message;
  }
  return out;
}
