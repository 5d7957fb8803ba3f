import { useSelector } from 'react-redux';
import { Outlet } from 'react-router';

import { UserShell } from '../../components/layouts/user-shell';
import { selectUserData } from '../../features/auth/auth-slice';
import { RequireUser } from '../../features/auth/components/require-user';
import { useLogout } from '../../features/auth/hooks/use-logout';

function UserArea() {
  const user = useSelector(selectUserData);
  const logout = useLogout();
  return (
    <UserShell userName={user?.firstName ?? ''} onLogout={() => void logout()}>
      <Outlet />
    </UserShell>
  );
}

/** Every /user page: the user check, then the user shell. */
export function Component() {
  return (
    <RequireUser>
      <UserArea />
    </RequireUser>
  );
}
