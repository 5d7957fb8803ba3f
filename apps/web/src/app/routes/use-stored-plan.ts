import type { MealPlan } from '@platewise/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';

import { useGetMealPlanQuery } from '../../features/meal-plans/meal-plans-api';
import { preferenceChanged } from '../../features/preferences/preferences-slice';

/**
 * The user's stored plan for the pages that show it (dashboard, settings),
 * read through the meal-plans feature's one cache entry: every change the
 * dashboard makes is seen by the settings page too. It also keeps the
 * persisted `preferences.generatedMealPlan` (spec point 3) in step with the
 * server: set when a plan loads or changes, emptied when there is none
 * ("Meal plan deletion clears the stored plan").
 *
 * `plan` is undefined while loading (or after a failed load), null when the
 * user has no plan.
 */
export function useStoredPlan(
  userId: string | null,
  options: { refetchOnMount?: boolean } = {},
): { plan: MealPlan | null | undefined; hasPlan: boolean } {
  const dispatch = useDispatch();
  const { data, isSuccess } = useGetMealPlanQuery(userId ?? skipToken, {
    refetchOnMountOrArgChange: options.refetchOnMount ?? false,
  });
  useEffect(() => {
    if (!isSuccess) return;
    dispatch(
      preferenceChanged({
        key: 'generatedMealPlan',
        value: data ? data.meals : [],
      }),
    );
  }, [data, isSuccess, dispatch]);
  return {
    plan: isSuccess ? data : undefined,
    hasPlan: isSuccess && data !== null && data.meals.length > 0,
  };
}
