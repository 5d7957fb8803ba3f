import {
  EditInfoResponseSchema,
  MessageResponseSchema,
  SessionsResponseSchema,
  type DeleteAccountRequest,
  type EditInfoRequest,
  type EditInfoResponse,
  type MessageResponse,
  type SessionsResponse,
} from '@platewise/shared';

import { api } from '../../lib/api';

/** The signed-in user's own account: password, browser sessions, deletion. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<SessionsResponse, undefined>({
      query: () => 'users/sessions',
      responseSchema: SessionsResponseSchema,
      providesTags: ['Sessions'],
    }),
    logoutOtherSessions: build.mutation<MessageResponse, undefined>({
      query: () => ({ url: 'users/sessions/logout-others', method: 'POST' }),
      responseSchema: MessageResponseSchema,
      invalidatesTags: ['Sessions'],
    }),
    /**
     * PATCH /users/edit-info: `password` is the new one. The answer carries
     * fresh tokens for this session (S26).
     */
    updatePassword: build.mutation<EditInfoResponse, EditInfoRequest>({
      query: (body) => ({ url: 'users/edit-info', method: 'PATCH', body }),
      // A 401 is a wrong current password: never retried (lockout counts).
      extraOptions: { reauthenticates: true },
      responseSchema: EditInfoResponseSchema,
      // The server ends the other sessions on a password change (S26).
      invalidatesTags: ['Sessions'],
    }),
    /** DELETE /users/me: 204, the account and all its data are gone. */
    deleteAccount: build.mutation<null, DeleteAccountRequest>({
      query: (body) => ({ url: 'users/me', method: 'DELETE', body }),
      extraOptions: { reauthenticates: true },
    }),
  }),
});

export const {
  useListSessionsQuery,
  useLogoutOtherSessionsMutation,
  useUpdatePasswordMutation,
  useDeleteAccountMutation,
} = accountApi;
