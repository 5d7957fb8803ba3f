import {
  AddKitchenItemsSchema,
  KitchenItemsResponseSchema,
  KitchenSchema,
  PlanUserIdSchema,
  type AddKitchenItems,
  type Kitchen,
  type KitchenItemsResponse,
} from '@platewise/shared';
import type { z } from 'zod';

import { api } from '../../lib/api';

/**
 * The kitchen (issue 20): what the user has at home. Adding or removing an
 * item changes what the shopping list has left to buy, so both refetch.
 */
export const kitchenApi = api.injectEndpoints({
  endpoints: (build) => ({
    getKitchen: build.query<Kitchen, string>({
      query: (userId) =>
        `kitchen?${new URLSearchParams({ user_id: userId }).toString()}`,
      argSchema: PlanUserIdSchema,
      responseSchema: KitchenSchema,
      providesTags: ['Kitchen'],
    }),
    addKitchenItems: build.mutation<
      KitchenItemsResponse,
      z.input<typeof AddKitchenItemsSchema>
    >({
      query: (body: AddKitchenItems) => ({
        url: 'kitchen',
        method: 'POST',
        body,
      }),
      argSchema: AddKitchenItemsSchema,
      responseSchema: KitchenItemsResponseSchema,
      invalidatesTags: ['Kitchen', 'ShoppingList'],
    }),
    removeKitchenItem: build.mutation<null, { id: string; userId: string }>({
      query: ({ id, userId }) => ({
        url: `kitchen/${encodeURIComponent(id)}?${new URLSearchParams({ user_id: userId }).toString()}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Kitchen', 'ShoppingList'],
    }),
  }),
});

export const {
  useGetKitchenQuery,
  useAddKitchenItemsMutation,
  useRemoveKitchenItemMutation,
} = kitchenApi;
