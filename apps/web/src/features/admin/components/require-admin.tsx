import { AUTH_TOAST_MS, authMessages } from '@platewise/shared';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import { isApiQueryError } from '../../../lib/api';
import { getAccessToken } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useGetAdminMeQuery } from '../admin-api';
import { adminProfileErrorMessage } from '../utils/admin-messages';

/** What the admin is told on the way back to the admin login. */
function refusalMessage(error: unknown): string {
  if (!isApiQueryError(error)) return adminProfileErrorMessage(error);
  switch (error.status) {
    case 401:
      return authMessages.adminSessionExpired;
    case 403:
      return authMessages.adminLogin[403];
    default:
      // The 'Admin profile' texts of spec point 8: the gate is that call.
      return adminProfileErrorMessage(error);
  }
}

/**
 * The admin area's gate (spec points 4 and 6): unknown while GET /admin/me
 * runs, then allowed, or back to the admin login with the reason.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const hasToken = getAccessToken() !== null;
  const { data, error, isError } = useGetAdminMeQuery(undefined, {
    skip: !hasToken,
  });

  useEffect(() => {
    if (error) {
      notify(refusalMessage(error), {
        severity: 'warning',
        durationMs: AUTH_TOAST_MS,
      });
    }
  }, [error]);

  if (!hasToken || isError) {
    return <Navigate to={paths.admin.login.getHref()} replace />;
  }
  if (!data) return <PageLoader label="Checking access…" />;
  return children;
}
