import {
  KitchenItemsResponseSchema,
  PlanUserIdSchema,
  ShoppingSummarySchema,
  ShoppingTicksResponseSchema,
  ShoppingTicksSchema,
  type KitchenItemsResponse,
  type ShoppingSummary,
  type ShoppingTicks,
  type ShoppingTicksResponse,
} from '@platewise/shared';
import type { z } from 'zod';

import { api } from '../../lib/api';

/**
 * The shopping summary of the stored plan (spec point 7) and its ticks,
 * kept on the server with the plan so every device shows the same list.
 */
export const shoppingListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShoppingList: build.query<ShoppingSummary, string>({
      query: (userId) =>
        `user-ingredients-summary?${new URLSearchParams({ user_id: userId }).toString()}`,
      argSchema: PlanUserIdSchema,
      responseSchema: ShoppingSummarySchema,
      providesTags: ['ShoppingList'],
    }),
    /** Sends every ticked key; the list in the cache is already ticked. */
    setShoppingTicks: build.mutation<
      ShoppingTicksResponse,
      z.input<typeof ShoppingTicksSchema>
    >({
      query: (body: ShoppingTicks) => ({
        url: 'shopping-list/ticks',
        method: 'PUT',
        body,
      }),
      argSchema: ShoppingTicksSchema,
      responseSchema: ShoppingTicksResponseSchema,
      // A stale version means a new plan: its list is another list.
      invalidatesTags: (_result, error) =>
        error?.status === 409 ? ['ShoppingList'] : [],
    }),
    /** "Bought" (issue 20): the ticked lines go into the kitchen. */
    markListBought: build.mutation<KitchenItemsResponse, string>({
      query: (userId) => ({
        url: 'kitchen/from-shopping-list',
        method: 'POST',
        body: { user_id: userId },
      }),
      argSchema: PlanUserIdSchema,
      responseSchema: KitchenItemsResponseSchema,
      invalidatesTags: ['ShoppingList', 'Kitchen'],
    }),
  }),
});

export const {
  useGetShoppingListQuery,
  useSetShoppingTicksMutation,
  useMarkListBoughtMutation,
} = shoppingListApi;
