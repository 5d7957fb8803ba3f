import { Outlet, useMatches } from 'react-router';

import { AdminShell } from '../../components/layouts/admin-shell';
import { useGetAdminMeQuery } from '../../features/admin/admin-api';
import { RequireAdmin } from '../../features/admin/components/require-admin';
import { useAdminLogout } from '../../features/admin/hooks/use-admin-logout';
import { handleTitle } from '../route-handle';

function AdminArea() {
  const { data } = useGetAdminMeQuery(undefined);
  const [logout] = useAdminLogout();
  const pageTitle =
    useMatches()
      .map((match) => handleTitle(match.handle))
      .filter(Boolean)
      .at(-1) ?? 'User Management';
  return (
    <AdminShell
      pageTitle={pageTitle}
      adminName={data?.admin.firstName ?? ''}
      onLogout={() => void logout()}
    >
      <Outlet />
    </AdminShell>
  );
}

/** Every /admin/* page: the admin check, then the admin shell. */
export function Component() {
  return (
    <RequireAdmin>
      <AdminArea />
    </RequireAdmin>
  );
}
