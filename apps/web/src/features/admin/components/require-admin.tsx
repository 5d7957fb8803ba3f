import { AUTH_TOAST_MS, authMessages } from '@platewise/shared';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import { isApiQueryError } from '../../../lib/api';
import { getAccessToken } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useGetAdminMeQuery } from '../admin-api';

/**
 * The admin area's gate (spec points 4 and 6): unknown while GET /admin/me
 * runs, then allowed, or back to the admin login.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const hasToken = getAccessToken() !== null;
  const { data, error, isError } = useGetAdminMeQuery(undefined, {
    skip: !hasToken,
  });
  const expired = isApiQueryError(error) && error.status === 401;

  useEffect(() => {
    if (expired) {
      notify(authMessages.adminSessionExpired, {
        severity: 'warning',
        durationMs: AUTH_TOAST_MS,
      });
    }
  }, [expired]);

  if (!hasToken || isError) {
    return <Navigate to={paths.admin.login.getHref()} replace />;
  }
  if (!data) return <PageLoader label="Checking access…" />;
  return children;
}
