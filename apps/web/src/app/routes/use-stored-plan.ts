import type { MealPlan } from '@platewise/shared';
import { skipToken } from '@reduxjs/toolkit/query';

import { useGetMealPlanQuery } from '../../features/meal-plans/meal-plans-api';

/**
 * The user's stored plan for the pages that show it (dashboard, settings),
 * read through the meal-plans feature's one cache entry: every change the
 * dashboard makes is seen by the settings page too, and a deleted plan is
 * gone from both ("Meal plan deletion clears the stored plan", spec point 4).
 * That cache entry is the only copy of the plan on the client
 * (docs/decisions/011-server-data-in-rtk-query-only.md).
 *
 * `plan` is undefined while loading (or after a failed load), null when the
 * user has no plan.
 */
export function useStoredPlan(
  userId: string | null,
  options: { refetchOnMount?: boolean } = {},
): { plan: MealPlan | null | undefined; hasPlan: boolean } {
  const { data, isSuccess } = useGetMealPlanQuery(userId ?? skipToken, {
    refetchOnMountOrArgChange: options.refetchOnMount ?? false,
  });
  return {
    plan: isSuccess ? data : undefined,
    hasPlan: isSuccess && data !== null && data.meals.length > 0,
  };
}
