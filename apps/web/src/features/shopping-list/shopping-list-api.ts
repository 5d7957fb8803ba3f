import {
  KitchenItemsResponseSchema,
  PlanUserIdSchema,
  ShoppingSummarySchema,
  ShoppingTicksResponseSchema,
  ShoppingTicksSchema,
  type KitchenItemsResponse,
  type ShoppingSummary,
  type ShoppingTickChanges,
  type ShoppingTicks,
  type ShoppingTicksResponse,
} from '@platewise/shared';
import type { z } from 'zod';

import { api } from '../../lib/api';

/** The list and when the server answered it (null when unknown). */
export type SyncedShoppingSummary = ShoppingSummary & {
  syncedAt: string | null;
};

/**
 * The shopping summary of the stored plan (spec point 7) and its ticks,
 * kept on the server with the plan so every device shows the same list.
 */
export const shoppingListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getShoppingList: build.query<SyncedShoppingSummary, string>({
      query: (userId) =>
        `user-ingredients-summary?${new URLSearchParams({ user_id: userId }).toString()}`,
      argSchema: PlanUserIdSchema,
      rawResponseSchema: ShoppingSummarySchema,
      // The server's Date header says when the list was read from it; an
      // answer the service worker kept (offline) carries the old one.
      transformResponse: (summary: ShoppingSummary, meta) => ({
        ...summary,
        syncedAt:
          (meta as { response?: Response } | undefined)?.response?.headers.get(
            'date',
          ) ?? null,
      }),
      providesTags: ['ShoppingList'],
    }),
    /** Ticks queued offline, merged per key on the server (issue 18). */
    mergeShoppingTicks: build.mutation<
      ShoppingTicksResponse,
      ShoppingTickChanges
    >({
      query: (body) => ({
        url: 'shopping-list/ticks',
        method: 'PATCH',
        body,
      }),
      responseSchema: ShoppingTicksResponseSchema,
      invalidatesTags: (_result, error) =>
        error?.status === 409 ? ['ShoppingList'] : [],
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
  useMergeShoppingTicksMutation,
} = shoppingListApi;
