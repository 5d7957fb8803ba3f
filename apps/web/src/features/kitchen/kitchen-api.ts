import type {
  UpdateKitchenItemSchema,
  AddKitchenItems,
  Kitchen,
  KitchenCooked,
  KitchenItem,
  KitchenItemsResponse,
  KitchenStaples,
  UpdateKitchenItem,
} from '@platewise/shared';
import {
  AddKitchenItemsSchema,
  KitchenCookedSchema,
  KitchenItemSchema,
  KitchenItemsResponseSchema,
  KitchenSchema,
  KitchenStaplesSchema,
  ParseIngredientsResponseSchema,
  PlanUserIdSchema,
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
    /** Correct an item: here, where it is kept (the freezer keeps meat, fish and bread longer). */
    updateKitchenItem: build.mutation<
      KitchenItem,
      { id: string; patch: z.input<typeof UpdateKitchenItemSchema> }
    >({
      query: ({ id, patch }: { id: string; patch: UpdateKitchenItem }) => ({
        url: `kitchen/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: patch,
      }),
      responseSchema: KitchenItemSchema,
      invalidatesTags: ['Kitchen', 'ShoppingList'],
    }),
    /** Replace the staples: never on the list to buy. */
    setKitchenStaples: build.mutation<
      Kitchen,
      z.input<typeof KitchenStaplesSchema>
    >({
      query: (body: KitchenStaples) => ({
        url: 'kitchen/staples',
        method: 'PUT',
        body,
      }),
      argSchema: KitchenStaplesSchema,
      responseSchema: KitchenSchema,
      invalidatesTags: ['Kitchen', 'ShoppingList'],
    }),
    /** "Cooked": the plan's meals of these days (all when absent) come out of the kitchen. */
    markCooked: build.mutation<Kitchen, z.input<typeof KitchenCookedSchema>>({
      query: (body: KitchenCooked) => ({
        url: 'kitchen/cooked',
        method: 'POST',
        body,
      }),
      argSchema: KitchenCookedSchema,
      responseSchema: KitchenSchema,
      invalidatesTags: ['Kitchen', 'ShoppingList'],
    }),
    /** Which catalogue ingredient a typed name is ("cumin seeds"). */
    parseStapleName: build.mutation<
      z.infer<typeof ParseIngredientsResponseSchema>,
      string
    >({
      query: (name) => ({
        url: 'ingredients/parse',
        method: 'POST',
        body: { lines: [name] },
      }),
      responseSchema: ParseIngredientsResponseSchema,
    }),
  }),
});

export const {
  useGetKitchenQuery,
  useAddKitchenItemsMutation,
  useRemoveKitchenItemMutation,
  useUpdateKitchenItemMutation,
  useSetKitchenStaplesMutation,
  useParseStapleNameMutation,
  useMarkCookedMutation,
} = kitchenApi;
