import { DAYS } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import type { UserPreferencesRow } from '../../db/schema/index.js';
import { toProfile } from './meal-plans-service.js';

function row(overrides: Partial<UserPreferencesRow> = {}): UserPreferencesRow {
  return {
    userId: '00000000-0000-4000-8000-000000000001',
    weeklySchedule: DAYS.map((day_name) => ({
      day_name,
      enabled: true,
      meals: { breakfast: false, lunch: false, dinner: true },
    })),
    dietaryPreference: 'none',
    proteinLevel: 'High Protein',
    allergens: [],
    customAllergens: [],
    likes: [],
    dislikes: [],
    servingSize: 2,
    weeknightCookingTime: 45,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

describe('toProfile', () => {
  it('passes the weeknight cooking time to the planner in minutes', () => {
    expect(toProfile(row({ weeknightCookingTime: 25 }))).toMatchObject({
      weeknightCookingMinutes: 25,
      proteinLevel: 'high',
      servingSize: 2,
    });
  });
});
