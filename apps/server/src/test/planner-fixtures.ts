import { DAYS, type SavePreferencesInput } from '@platewise/shared';

import type { App } from '../app.js';

/** A weekly schedule with `meals` on every enabled day (default: all). */
export function weekSchedule(
  meals: Partial<Record<'breakfast' | 'lunch' | 'dinner', boolean>> = {},
  enabledDays: readonly string[] = DAYS,
) {
  return DAYS.map((day) => ({
    day_name: day,
    meals: {
      breakfast: meals.breakfast ?? true,
      lunch: meals.lunch ?? true,
      dinner: meals.dinner ?? true,
    },
    enabled: enabledDays.includes(day),
  }));
}

/** A valid save body; override any field. */
export function preferencesBody(
  overrides: Partial<Record<keyof SavePreferencesInput, unknown>> = {},
) {
  return {
    weekly_schedule: weekSchedule(),
    dietary_preference: 'none',
    protein_level: 'Medium Protein',
    allergens: [],
    customAllergens: [],
    preferences: { likes: [], dislikes: [] },
    serving_size: 2,
    ...overrides,
  };
}

export async function savePreferences(
  app: App,
  headers: Record<string, string>,
  overrides: Parameters<typeof preferencesBody>[0] = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/preferences/save',
    headers,
    payload: preferencesBody(overrides),
  });
  if (response.statusCode !== 200) {
    throw new Error(`save failed: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}
