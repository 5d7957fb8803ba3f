import {
  AdminSettingsSchema,
  TestEmailResponseSchema,
  UpdateAdminSettingsSchema,
  type AdminSettings,
  type TestEmailResponse,
  type UpdateAdminSettings,
} from '@platewise/shared';

import { api } from '../../lib/api';

/** The admin settings stored on the server (issue 12). */
export const adminSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminSettings: build.query<AdminSettings, undefined>({
      query: () => 'admin/settings',
      responseSchema: AdminSettingsSchema,
      providesTags: ['AdminSettings'],
    }),
    updateAdminSettings: build.mutation<AdminSettings, UpdateAdminSettings>({
      query: (body) => ({ url: 'admin/settings', method: 'PATCH', body }),
      argSchema: UpdateAdminSettingsSchema,
      responseSchema: AdminSettingsSchema,
      invalidatesTags: ['AdminSettings', 'AdminAudit'],
    }),
    resetPlannerWeights: build.mutation<AdminSettings, undefined>({
      query: () => ({
        url: 'admin/settings/reset-planner-weights',
        method: 'POST',
      }),
      responseSchema: AdminSettingsSchema,
      invalidatesTags: ['AdminSettings', 'AdminAudit'],
    }),
    sendTestEmail: build.mutation<TestEmailResponse, undefined>({
      query: () => ({ url: 'admin/settings/test-email', method: 'POST' }),
      responseSchema: TestEmailResponseSchema,
      invalidatesTags: ['AdminAudit'],
    }),
  }),
});

export const {
  useGetAdminSettingsQuery,
  useUpdateAdminSettingsMutation,
  useResetPlannerWeightsMutation,
  useSendTestEmailMutation,
} = adminSettingsApi;
