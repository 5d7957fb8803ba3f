import {
  AdminLoginResponseSchema,
  AdminMeResponseSchema,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type AdminMeResponse,
} from '@platewise/shared';

import { api } from '../../lib/api';

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminLogin: build.mutation<AdminLoginResponse, AdminLoginRequest>({
      query: (body) => ({ url: 'admin/login', method: 'POST', body }),
      // A 401 here means a wrong password, not an expired token.
      extraOptions: { anonymous: true },
      responseSchema: AdminLoginResponseSchema,
    }),
    adminLogout: build.mutation<unknown, undefined>({
      query: () => ({ url: 'admin/logout', method: 'POST' }),
      // A 401 ('no admin token') counts as logged out: nothing to refresh.
      extraOptions: { skipRefresh: true },
    }),
    /** The admin area's gate (spec point 6) and the profile page's data. */
    getAdminMe: build.query<AdminMeResponse, undefined>({
      query: () => 'admin/me',
      responseSchema: AdminMeResponseSchema,
      providesTags: ['Admin'],
    }),
  }),
});

export const {
  useAdminLoginMutation,
  useAdminLogoutMutation,
  useGetAdminMeQuery,
} = adminApi;
