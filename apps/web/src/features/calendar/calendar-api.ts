import {
  CalendarStatusSchema,
  CalendarTokenResponseSchema,
  type CalendarStatus,
  type CalendarTokenInput,
  type CalendarTokenResponse,
} from '@platewise/shared';

import { api } from '../../lib/api';

/**
 * The calendar feed (issue 18). The server keeps only a hash of the secret
 * address, so the address itself is in the answer of the create call only:
 * the card reads it from that mutation's result.
 */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalendarFeed: build.query<CalendarStatus, undefined>({
      query: () => 'calendar/token',
      responseSchema: CalendarStatusSchema,
      providesTags: ['CalendarFeed'],
    }),
    createCalendarFeed: build.mutation<
      CalendarTokenResponse,
      CalendarTokenInput
    >({
      query: (body) => ({ url: 'calendar/token', method: 'POST', body }),
      responseSchema: CalendarTokenResponseSchema,
      invalidatesTags: ['CalendarFeed'],
    }),
    revokeCalendarFeed: build.mutation<null, undefined>({
      query: () => ({ url: 'calendar/token', method: 'DELETE' }),
      invalidatesTags: ['CalendarFeed'],
    }),
  }),
});

export const {
  useGetCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = calendarApi;
