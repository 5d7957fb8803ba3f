import {
  HouseholdInviteResponseSchema,
  HouseholdSchema,
  type Household,
  type HouseholdInviteResponse,
} from '@platewise/shared';

import { api } from '../../lib/api';

/**
 * The caller's household (issue 18). Joining, leaving, removing and handing
 * over change whose plan and list the caller sees, so they refetch those.
 */
const SHARED = [
  'Household',
  'MealPlan',
  'ShoppingList',
  'Preferences',
] as const;

export const householdApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHousehold: build.query<Household, undefined>({
      query: () => 'household',
      responseSchema: HouseholdSchema,
      providesTags: ['Household'],
    }),
    updateHousehold: build.mutation<Household, { servingSize: number | null }>({
      query: (body) => ({ url: 'household', method: 'PATCH', body }),
      responseSchema: HouseholdSchema,
      invalidatesTags: ['Household'],
    }),
    inviteToHousehold: build.mutation<
      HouseholdInviteResponse,
      { email: string }
    >({
      query: (body) => ({
        url: 'household/invitations',
        method: 'POST',
        body,
      }),
      responseSchema: HouseholdInviteResponseSchema,
      invalidatesTags: ['Household'],
    }),
    /** Expired or not: the link stops working (issue 18). */
    cancelHouseholdInvitation: build.mutation<null, string>({
      query: (email) => ({
        url: `household/invitations/${encodeURIComponent(email)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Household'],
    }),
    joinHousehold: build.mutation<Household, { token: string }>({
      query: (body) => ({ url: 'household/join', method: 'POST', body }),
      responseSchema: HouseholdSchema,
      invalidatesTags: [...SHARED],
    }),
    removeHouseholdMember: build.mutation<null, string>({
      query: (userId) => ({
        url: `household/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [...SHARED],
    }),
    transferHousehold: build.mutation<Household, string>({
      query: (userId) => ({
        url: 'household/owner',
        method: 'POST',
        body: { userId },
      }),
      responseSchema: HouseholdSchema,
      invalidatesTags: [...SHARED],
    }),
  }),
});

export const {
  useGetHouseholdQuery,
  useUpdateHouseholdMutation,
  useInviteToHouseholdMutation,
  useCancelHouseholdInvitationMutation,
  useJoinHouseholdMutation,
  useRemoveHouseholdMemberMutation,
  useTransferHouseholdMutation,
} = householdApi;
