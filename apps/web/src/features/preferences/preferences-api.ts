import {
  PreferencesSchema,
  type Preferences,
  type SavePreferencesInput,
} from '@platewise/shared';

import { api } from '../../lib/api';

const userQuery = (userId: string) =>
  new URLSearchParams({ user_id: userId }).toString();

/**
 * The saved planner settings of spec point 7. This cache entry is the only
 * copy of them on the client; the settings form edits a draft of its own
 * (docs/decisions/011-server-data-in-rtk-query-only.md). The plan they
 * generate is the meal-plans feature's.
 */
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
     * the stored copy: it becomes the cached one, without a refetch.
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
  }),
});

export const { useGetPreferencesQuery, useSavePreferencesMutation } =
  preferencesApi;
