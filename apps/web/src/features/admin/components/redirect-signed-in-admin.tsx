import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import { getAccessToken } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { useGetAdminMeQuery } from '../admin-api';

/**
 * The admin login for someone already signed in as an admin: straight to the
 * admin area. A stored token is only an admin's if GET /admin/me accepts it,
 * so a user's token (403) still gets the form.
 */
export function RedirectSignedInAdmin({ children }: { children: ReactNode }) {
  const hasToken = getAccessToken() !== null;
  const { data, isError } = useGetAdminMeQuery(undefined, {
    skip: !hasToken,
  });
  if (!hasToken || isError) return children;
  if (data) return <Navigate to={paths.admin.users.getHref()} replace />;
  return <PageLoader label="Checking access…" />;
}
