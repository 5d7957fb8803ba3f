import { AuditPageSchema, type AuditPage } from '@platewise/shared';

import { api } from '../../lib/api';

/** The list's arguments as the page holds them; empty strings mean "all". */
export interface ListAuditArgs {
  page: number;
  limit: number;
  actor?: string;
  action?: string;
}

const toQueryString = (args: ListAuditArgs) => {
  const params = new URLSearchParams({
    page: String(args.page),
    limit: String(args.limit),
  });
  const actor = args.actor?.trim();
  const action = args.action?.trim();
  if (actor) params.set('actor', actor);
  if (action) params.set('action', action);
  return params.toString();
};

/** The audit log (issue 12): who changed what, newest first. */
export const adminAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAuditEntries: build.query<AuditPage, ListAuditArgs>({
      // The filter form has checked actor and action with AuditListQuerySchema.
      query: (args) => `admin/audit?${toQueryString(args)}`,
      responseSchema: AuditPageSchema,
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useListAuditEntriesQuery } = adminAuditApi;
