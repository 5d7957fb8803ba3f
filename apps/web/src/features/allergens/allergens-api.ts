import { AllergenListSchema, type AllergenList } from '@platewise/shared';

import { api } from '../../lib/api';

/** GET /allergens (spec point 7): the catalogue, categories with allergens. */
export const allergensApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAllergens: build.query<AllergenList, undefined>({
      query: () => 'allergens',
      responseSchema: AllergenListSchema,
      providesTags: ['Allergens'],
    }),
  }),
});

export const { useListAllergensQuery } = allergensApi;
