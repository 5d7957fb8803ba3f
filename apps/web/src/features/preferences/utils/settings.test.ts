import { DAYS, type Preferences } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import {
  countPlannedDays,
  DEFAULT_SETTINGS,
  countScheduledMeals,
  fromServer,
  hasUnplannedChanges,
  issuesBySection,
  normaliseSchedule,
  toSaveBody,
  withDayEnabled,
  withMeal,
} from './settings';

const allMeals = { breakfast: true, lunch: true, dinner: true };

function savedCopy(overrides: Partial<Preferences> = {}): Preferences {
  return {
    user_id: 'u1',
    weekly_schedule: normaliseSchedule([
      { day_name: 'Monday', enabled: true, meals: allMeals },
    ]),
    dietary_preference: 'vegan',
    protein_level: 'High Protein',
    allergens: ['peanuts', 'milk'],
    customAllergens: ['mango'],
    custom_allergens: ['mango'],
    preferences: { likes: [{ name: 'Thai' }], dislikes: [] },
    serving_size: 2,
    weeknight_cooking_time: 45,
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('the weekly schedule', () => {
  it('always lists the seven days, Monday first, missing days off', () => {
    const schedule = normaliseSchedule([
      { day_name: 'Sunday', enabled: true, meals: allMeals },
    ]);
    expect(schedule.map((day) => day.day_name)).toEqual([...DAYS]);
    expect(schedule[6]).toEqual({
      day_name: 'Sunday',
      enabled: true,
      meals: allMeals,
    });
    expect(schedule[0]?.enabled).toBe(false);
  });

  it('clears the meals of a day switched off, and ignores meals of an off day', () => {
    const on = withMeal(
      withDayEnabled([], 'Tuesday', true),
      'Tuesday',
      'lunch',
      true,
    );
    expect(countScheduledMeals(on)).toBe(1);
    const off = withDayEnabled(on, 'Tuesday', false);
    expect(off[1]).toEqual({
      day_name: 'Tuesday',
      enabled: false,
      meals: { breakfast: false, lunch: false, dinner: false },
    });
    expect(countScheduledMeals(withMeal(off, 'Tuesday', 'dinner', true))).toBe(
      0,
    );
    // Back on, the day starts without meals.
    expect(countScheduledMeals(withDayEnabled(off, 'Tuesday', true))).toBe(0);
  });
});

describe('hasUnplannedChanges', () => {
  const saved = savedCopy();
  const state = fromServer(saved);
  const laterPlan = { created_at: '2026-03-01T10:00:01.000Z' };

  it('is false when the screen shows the saved settings and the plan is newer', () => {
    expect(hasUnplannedChanges(state, saved, laterPlan)).toBe(false);
    // The order of allergen ids is not a change.
    expect(
      hasUnplannedChanges(
        { ...state, allergens: ['milk', 'peanuts'] },
        saved,
        laterPlan,
      ),
    ).toBe(false);
  });

  it('is true without a plan, without a saved copy, or after an edit', () => {
    expect(hasUnplannedChanges(state, saved, undefined)).toBe(true);
    expect(hasUnplannedChanges(state, undefined, laterPlan)).toBe(true);
    expect(
      hasUnplannedChanges({ ...state, servingSize: 3 }, saved, laterPlan),
    ).toBe(true);
    expect(
      hasUnplannedChanges(
        {
          ...state,
          weeklySchedule: withDayEnabled(state.weeklySchedule, 'Monday', false),
        },
        saved,
        laterPlan,
      ),
    ).toBe(true);
  });

  it('is true when the settings were saved (by a dialog) after the plan was made', () => {
    expect(
      hasUnplannedChanges(state, saved, {
        created_at: '2026-03-01T09:59:59.000Z',
      }),
    ).toBe(true);
  });
});

describe('toSaveBody', () => {
  it('sends the whole object with seven days, even before any edit', () => {
    const body = toSaveBody(DEFAULT_SETTINGS, 'u1');
    expect(body).toMatchObject({
      user_id: 'u1',
      dietary_preference: 'none',
      protein_level: 'Medium Protein',
      allergens: [],
      customAllergens: [],
      preferences: { likes: [], dislikes: [] },
      serving_size: 1,
    });
    expect(body.weekly_schedule).toHaveLength(7);
  });
});

describe('countPlannedDays', () => {
  it('counts days with at least one meal', () => {
    expect(
      countPlannedDays([
        { breakfast: { name: 'Oats' } },
        {},
        { lunch: null, dinner: { name: 'Curry' } },
      ]),
    ).toBe(2);
  });
});

describe('issuesBySection', () => {
  it('puts the first issue of each field on its section', () => {
    expect(
      issuesBySection([
        { path: 'serving_size', message: 'Too many' },
        { path: 'preferences.likes.0', message: 'Too long' },
        { path: 'customAllergens.2', message: 'Bad' },
        { path: 'weekly_schedule.0.day_name', message: 'Order' },
        { path: 'preferences.likes.1', message: 'second' },
        { path: 'unknown', message: 'ignored' },
      ]),
    ).toEqual({
      servingSize: 'Too many',
      preferences: 'Too long',
      allergens: 'Bad',
      schedule: 'Order',
    });
  });
});
