import {
  DeleteMealPlanResponseSchema,
  LockMealSchema,
  MealPlanSchema,
  PlanUserIdSchema,
  RegenerateMealSchema,
  RegeneratePlanSchema,
  type LockMeal,
  type MealPlan,
  type RegenerateMeal,
} from '@platewise/shared';
import type { z } from 'zod';

import { api, type ApiQueryError } from '../../lib/api';

const userQuery = (userId: string) =>
  new URLSearchParams({ user_id: userId }).toString();

/**
 * The weekly plan (spec point 7 and issue 10). Every change answers the
 * whole new plan, which replaces the cached one in place (the cards keep
 * their places) and invalidates the shopping list, which is derived from it.
 */
export const mealPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The stored plan, or null when there is none (the API's 404). */
    getMealPlan: build.query<MealPlan | null, string>({
      queryFn: async (userId, _api, _extra, baseQuery) => {
        const result = await baseQuery(
          `preferences/user-meal-plan?${userQuery(userId)}`,
        );
        if (result.error) {
          return result.error.status === 404
            ? { data: null }
            : { error: result.error };
        }
        return { data: result.data as MealPlan };
      },
      argSchema: PlanUserIdSchema,
      responseSchema: MealPlanSchema.nullable(),
      providesTags: ['MealPlan'],
    }),
    regeneratePlan: build.mutation<
      MealPlan,
      z.input<typeof RegeneratePlanSchema>
    >({
      query: (body) => ({ url: 'meal-plans/regenerate', method: 'POST', body }),
      argSchema: RegeneratePlanSchema,
      responseSchema: MealPlanSchema,
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        if (!arg.user_id) return;
        try {
          const { data } = await queryFulfilled;
          dispatch(
            mealPlansApi.util.upsertQueryData('getMealPlan', arg.user_id, data),
          );
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_result, error) => invalidatedBy(error),
    }),
    regenerateMeal: build.mutation<MealPlan, RegenerateMeal>({
      query: (body) => ({
        url: 'meal-plans/regenerate-meal',
        method: 'POST',
        body,
      }),
      argSchema: RegenerateMealSchema,
      responseSchema: MealPlanSchema,
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        if (!arg.user_id) return;
        try {
          const { data } = await queryFulfilled;
          dispatch(
            mealPlansApi.util.upsertQueryData('getMealPlan', arg.user_id, data),
          );
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (_result, error) => invalidatedBy(error),
    }),
    /** Shown at once (optimistic), undone when the server refuses. */
    lockMeal: build.mutation<MealPlan, LockMeal>({
      query: (body) => ({ url: 'meal-plans/lock', method: 'POST', body }),
      argSchema: LockMealSchema,
      responseSchema: MealPlanSchema,
      onQueryStarted: async (arg, { dispatch, queryFulfilled }) => {
        if (!arg.user_id) return;
        const patch = dispatch(
          mealPlansApi.util.updateQueryData(
            'getMealPlan',
            arg.user_id,
            (plan) => {
              const meal = plan?.meals.find((entry) => entry.day === arg.day)?.[
                arg.slot
              ];
              if (meal) meal.locked = arg.locked;
            },
          ),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            mealPlansApi.util.upsertQueryData('getMealPlan', arg.user_id, data),
          );
        } catch {
          patch.undo();
        }
      },
      // A lock changes no ingredient: the shopping list stays as it is.
      invalidatesTags: (_result, error) =>
        error?.status === 409 ? ['MealPlan', 'ShoppingList'] : [],
    }),
    /** PATCH /recipes/{userId} (spec point 7): deletes the user's plan. */
    deleteMealPlan: build.mutation<{ success: boolean }, string>({
      query: (userId) => ({
        url: `recipes/${encodeURIComponent(userId)}`,
        method: 'PATCH',
      }),
      argSchema: PlanUserIdSchema,
      responseSchema: DeleteMealPlanResponseSchema,
      onQueryStarted: async (userId, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          if (data.success) {
            dispatch(
              mealPlansApi.util.upsertQueryData('getMealPlan', userId, null),
            );
          }
        } catch {
          // The caller shows the failure; the cached plan stays.
        }
      },
      invalidatesTags: ['ShoppingList'],
    }),
  }),
});

/** A stale version (409: another tab changed the plan) reloads the plan. */
function invalidatedBy(error: ApiQueryError | undefined) {
  if (error?.status === 409)
    return ['MealPlan' as const, 'ShoppingList' as const];
  return error ? [] : ['ShoppingList' as const];
}

export const {
  useGetMealPlanQuery,
  useRegeneratePlanMutation,
  useRegenerateMealMutation,
  useLockMealMutation,
  useDeleteMealPlanMutation,
} = mealPlansApi;
