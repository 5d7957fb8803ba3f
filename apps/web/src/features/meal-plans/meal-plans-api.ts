import {
  DeleteMealPlanResponseSchema,
  LockMealSchema,
  MealPlanSchema,
  PLAN_GENERATION_TIMEOUT_MS,
  PlanUserIdSchema,
  RegenerateMealSchema,
  RegeneratePlanSchema,
  type LockMeal,
  type MealPlan,
  type RegenerateMeal,
} from '@platewise/shared';
import type { z } from 'zod';

import { api, type ApiQueryError } from '../../lib/api';
import { env } from '../../lib/env';

const userQuery = (userId: string) =>
  new URLSearchParams({ user_id: userId }).toString();

/**
 * GET /generate-meal-plan's address: on the plan generator's own host when
 * VITE_PLAN_GENERATOR_URL is set (spec point 7: "absolute address on a
 * separate host"), else under the API base.
 */
export function generateMealPlanUrl(
  userId: string,
  generatorBase: string | undefined = env.VITE_PLAN_GENERATOR_URL,
): string {
  const path = `generate-meal-plan?${userQuery(userId)}`;
  if (!generatorBase) return path;
  const base = generatorBase.endsWith('/')
    ? generatorBase
    : `${generatorBase}/`;
  return new URL(path, base).href;
}

/**
 * Every call about the weekly plan (spec point 7 and issue 10): read,
 * generate, regenerate, regenerate one meal, lock and delete. The one cache
 * entry of the stored plan (getMealPlan) is the only copy on the client
 * (docs/decisions/011-server-data-in-rtk-query-only.md): every change answers
 * the whole new plan, which replaces the cached one in place (the cards keep
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
    /**
     * GET /generate-meal-plan: a new plan from the saved settings. A
     * mutation, as it replaces the stored plan; its answer becomes the cached
     * plan at once, so the dashboard shows it without reading it again.
     */
    generateMealPlan: build.mutation<MealPlan, string>({
      query: (userId) => ({
        url: generateMealPlanUrl(userId),
        // The spec's generator could take 2 minutes; ours answers in
        // milliseconds, but a slow network keeps the old bound.
        timeout: PLAN_GENERATION_TIMEOUT_MS,
      }),
      argSchema: PlanUserIdSchema,
      responseSchema: MealPlanSchema,
      onQueryStarted: async (userId, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            mealPlansApi.util.upsertQueryData('getMealPlan', userId, data),
          );
        } catch {
          // The caller shows the failure; the cached plan stays.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['ShoppingList']),
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
  useGenerateMealPlanMutation,
  useRegeneratePlanMutation,
  useRegenerateMealMutation,
  useLockMealMutation,
  useDeleteMealPlanMutation,
} = mealPlansApi;
