/**
 * The settings page as its tests see it: the saved settings, plan and
 * allergen catalogue the fake API answers, what the page sends, and the
 * controls the tests use. The page's tests are split over three files
 * (loading and fields, Save All Settings, the dialogs) so that they run in
 * parallel (docs/ci.md).
 */
import {
  DAYS,
  WASTE_BASELINE_DESCRIPTION,
  type MealPlan,
  type PlanMeal,
  type Preferences,
  type WeeklyScheduleDay,
} from '@platewise/shared';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { server } from '../../../testing/msw/server';
import { renderRoutes } from '../../../testing/render';
import { Component as SettingsRoute } from '../user-settings';

export const USER_ID = '6f1c2b1e-2a4b-4c3d-9e8f-0a1b2c3d4e5f';
export const userData = {
  id: USER_ID,
  firstName: 'Ada',
  email: 'ada@example.com',
};

export const catalogue = {
  data: [
    {
      name: 'Nuts',
      allergens: [
        { id: 'peanuts', name: 'Peanuts' },
        { id: 'tree-nuts', name: 'Tree nuts' },
      ],
    },
    { name: 'Dairy', allergens: [{ id: 'milk', name: 'Milk' }] },
  ],
};

export const off = { breakfast: false, lunch: false, dinner: false };

export function schedule(
  on: Partial<Record<string, Partial<typeof off>>>,
): WeeklyScheduleDay[] {
  return DAYS.map((day) => {
    const meals = on[day];
    return meals
      ? { day_name: day, enabled: true, meals: { ...off, ...meals } }
      : { day_name: day, enabled: false, meals: off };
  });
}

export function savedPreferences(
  overrides: Partial<Preferences> = {},
): Preferences {
  return {
    user_id: USER_ID,
    weekly_schedule: schedule({ Monday: { dinner: true } }),
    dietary_preference: 'vegan',
    protein_level: 'Medium Protein',
    allergens: ['milk'],
    customAllergens: ['kiwi'],
    custom_allergens: ['kiwi'],
    preferences: { likes: [{ name: 'Thai' }], dislikes: [] },
    serving_size: 2,
    weeknight_cooking_time: 45,
    updated_at: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export function meal(name: string): PlanMeal {
  return {
    id: name.toLowerCase(),
    name,
    images: [],
    total_cooking_time: 20,
    rating: 4,
    directions: 'Cook####Eat',
    ingredients: [{ ingredient: 'rice', quantity: 100, unit: 'g' }],
    cuisine: null,
    serving_size: 2,
    reason: 'Shares the rice',
    locked: false,
  };
}

export function mealPlan(overrides: Partial<MealPlan> = {}): MealPlan {
  return {
    meals: [
      { day: 'Monday', dinner: meal('Curry') },
      { day: 'Wednesday', lunch: meal('Salad'), dinner: meal('Stew') },
    ],
    version: 1,
    serving_size: 2,
    waste: {
      boughtGrams: 1000,
      usedGrams: 900,
      wasteGrams: 100,
      wasteShare: 0.1,
      freshItemsBought: 5,
      freshItemsShared: 3,
      mealsPerFreshItem: 2,
      baselineWasteGrams: 400,
      fromKitchenGrams: 0,
      keptGrams: 0,
      baselineDescription: WASTE_BASELINE_DESCRIPTION,
    },
    unfilled: [],
    notes: [],
    created_at: '2026-03-02T10:00:05.000Z',
    updated_at: '2026-03-02T10:00:05.000Z',
    ...overrides,
  };
}

export type Answer = () => Response | Promise<Response>;

/** The API as one test sees it; records what the page sends. */
export function serve({
  preferences = () => HttpResponse.json(savedPreferences()),
  plan = () => HttpResponse.json({ error: 'No plan' }, { status: 404 }),
  allergens = () => HttpResponse.json(catalogue),
  save,
  generate = () => HttpResponse.json(mealPlan()),
}: {
  preferences?: Answer;
  plan?: Answer;
  allergens?: Answer;
  save?: (body: Record<string, unknown>) => Response | Promise<Response>;
  generate?: Answer;
} = {}) {
  const sent = {
    saves: [] as Array<Record<string, unknown>>,
    generated: [] as string[],
  };
  server.use(
    http.get('*/api/preferences/preferences', preferences),
    http.get('*/api/preferences/user-meal-plan', plan),
    http.get('*/api/allergens', allergens),
    http.post('*/api/preferences/save', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.saves.push(body);
      if (save) return save(body);
      // The server's answer: the stored copy.
      return HttpResponse.json({
        ...savedPreferences(),
        ...body,
        custom_allergens: body.customAllergens,
        updated_at: new Date().toISOString(),
      });
    }),
    // The calendar card below the form (issue 18): no link yet.
    http.get('*/api/calendar/token', () => HttpResponse.json({ feed: null })),
    http.get('*/api/household', () =>
      HttpResponse.json({
        id: 'b3f1c2d4-0000-4000-8000-000000000001',
        role: 'owner',
        members: [
          {
            userId: USER_ID,
            firstName: 'Ada',
            lastName: null,
            email: 'ada@example.com',
            role: 'owner',
            joinedAt: '2026-03-01T10:00:00.000Z',
          },
        ],
        invitations: [],
        servingSize: 1,
        servingSizeSet: false,
        planUserId: USER_ID,
      }),
    ),
    http.get('*/api/generate-meal-plan', ({ request }) => {
      sent.generated.push(
        new URL(request.url).searchParams.get('user_id') ?? '',
      );
      return generate();
    }),
  );
  return sent;
}

export function renderSettings({ signedIn = true } = {}) {
  return renderRoutes(
    [
      { path: '/user/setting', Component: SettingsRoute },
      { path: '/user/dashboard', element: <h1>Your Dashboard</h1> },
      { path: '/login', element: <h1>Log in</h1> },
    ],
    {
      route: '/user/setting',
      preloadedState: signedIn ? { user: { userData } } : undefined,
    },
  );
}

export async function openSettings(options?: { signedIn?: boolean }) {
  const rendered = renderSettings(options);
  // A cold import of the page's lazy chunks can pass the default 1 s.
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Manage Setting' },
    { timeout: 5_000 },
  );
  // The schedule shows once the saved settings have been read.
  await screen.findByRole('switch', { name: 'Monday' });
  return rendered;
}

export const switchOf = (day: string) =>
  screen.getByRole('switch', { name: day });
export const mealBox = (name: string) => screen.getByRole('checkbox', { name });
export const saveAllButton = () =>
  screen.getByRole('button', { name: 'Save All Settings' });
