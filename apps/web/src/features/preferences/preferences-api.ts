import {
  MealPlanSchema,
  PLAN_GENERATION_TIMEOUT_MS,
  PreferencesSchema,
  type MealPlan,
  type Preferences,
  type SavePreferencesInput,
} from '@platewise/shared';

import { api } from '../../lib/api';
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

/** The planner settings of spec point 7 and the plan they generate. */
export const preferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /preferences/preferences: 404 until the user saves once. */
    getPreferences: build.query<Preferences, string>({
      query: (userId) => `preferences/preferences?${userQuery(userId)}`,
      responseSchema: PreferencesSchema,
      providesTags: ['Preferences'],
    }),
    /**
     * POST /preferences/save with the whole settings object. The answer is
     * the stored copy: it becomes the cached one, without a refetch that
     * could overwrite what the user is typing meanwhile.
     */
    savePreferences: build.mutation<Preferences, SavePreferencesInput>({
      query: (body) => ({ url: 'preferences/save', method: 'POST', body }),
      responseSchema: PreferencesSchema,
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data || body.user_id === undefined) return;
        dispatch(
          preferencesApi.util.upsertQueryData(
            'getPreferences',
            body.user_id,
            data,
          ),
        );
      },
    }),
    /**
     * GET /generate-meal-plan: a new plan from the saved settings. A
     * mutation, as it replaces the stored plan, and so the dashboard and the
     * shopping list load the new one. The stored plan itself is read by the
     * meal-plans feature (getMealPlan), the one cache entry of that URL.
     */
    generateMealPlan: build.mutation<MealPlan, string>({
      query: (userId) => ({
        url: generateMealPlanUrl(userId),
        // The spec's generator could take 2 minutes; ours answers in
        // milliseconds, but a slow network keeps the old bound.
        timeout: PLAN_GENERATION_TIMEOUT_MS,
      }),
      responseSchema: MealPlanSchema,
      invalidatesTags: ['MealPlan', 'ShoppingList'],
    }),
  }),
});

export const {
  useGetPreferencesQuery,
  useSavePreferencesMutation,
  useGenerateMealPlanMutation,
} = preferencesApi;
