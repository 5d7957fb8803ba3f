import {
  AdminUsersPageSchema,
  ChangeRoleSchema,
  CreateUserResponseSchema,
  CreateUserSchema,
  MessageResponseSchema,
  ResendInvitationResponseSchema,
  ToggleStatusSchema,
  UpdateUserSchema,
  type AdminUsersPage,
  type ChangeRole,
  type CreateUserInput,
  type CreateUserResponse,
  type MessageResponse,
  type ResendInvitationResponse,
  type ToggleStatus,
  type UpdateUserInput,
} from '@platewise/shared';
import { z } from 'zod';

import { api } from '../../lib/api';

/** The list's arguments as the page holds them; empty strings mean "all". */
export interface ListAdminUsersArgs {
  page: number;
  limit: number;
  search?: string;
  role?: '' | 'admin' | 'user';
}

const toQueryString = (args: ListAdminUsersArgs) => {
  const params = new URLSearchParams({
    page: String(args.page),
    limit: String(args.limit),
  });
  const search = args.search?.trim();
  if (search) params.set('search', search);
  if (args.role) params.set('role', args.role);
  return params.toString();
};

/** User management (spec points 2, 5 and 7): list, edit, role, status, add. */
export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAdminUsers: build.query<AdminUsersPage, ListAdminUsersArgs>({
      // The page builds these from its own controls: no argSchema needed.
      query: (args) => `admin/users?${toQueryString(args)}`,
      responseSchema: AdminUsersPageSchema,
      providesTags: ['AdminUsers'],
    }),
    updateAdminUser: build.mutation<
      MessageResponse,
      { id: string; body: UpdateUserInput }
    >({
      query: ({ id, body }) => ({
        url: `admin/users/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      argSchema: z.object({ id: z.string().min(1), body: UpdateUserSchema }),
      responseSchema: MessageResponseSchema,
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
    changeAdminUserRole: build.mutation<
      MessageResponse,
      { id: string; body: ChangeRole }
    >({
      query: ({ id, body }) => ({
        url: `admin/users/${encodeURIComponent(id)}/change-role`,
        method: 'PATCH',
        body,
      }),
      argSchema: z.object({ id: z.string().min(1), body: ChangeRoleSchema }),
      responseSchema: MessageResponseSchema,
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
    toggleAdminUserStatus: build.mutation<
      MessageResponse,
      { id: string; body: ToggleStatus }
    >({
      query: ({ id, body }) => ({
        url: `admin/users/${encodeURIComponent(id)}/toggle-status`,
        method: 'PATCH',
        body,
      }),
      argSchema: z.object({ id: z.string().min(1), body: ToggleStatusSchema }),
      responseSchema: MessageResponseSchema,
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
    resendAdminUserInvitation: build.mutation<ResendInvitationResponse, string>(
      {
        query: (id) => ({
          url: `admin/users/${encodeURIComponent(id)}/invitation`,
          method: 'POST',
        }),
        argSchema: z.string().min(1),
        responseSchema: ResendInvitationResponseSchema,
        invalidatesTags: ['AdminAudit'],
      },
    ),
    createAdminUser: build.mutation<CreateUserResponse, CreateUserInput>({
      query: (body) => ({ url: 'admin/users', method: 'POST', body }),
      argSchema: CreateUserSchema,
      responseSchema: CreateUserResponseSchema,
      invalidatesTags: ['AdminUsers', 'AdminAudit'],
    }),
  }),
});

export const {
  useListAdminUsersQuery,
  useUpdateAdminUserMutation,
  useChangeAdminUserRoleMutation,
  useToggleAdminUserStatusMutation,
  useCreateAdminUserMutation,
  useResendAdminUserInvitationMutation,
} = adminUsersApi;
