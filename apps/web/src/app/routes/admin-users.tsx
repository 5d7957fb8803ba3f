import { UserManagement } from '../../features/admin/components/users/user-management';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'User Management' };

export function Component() {
  return <UserManagement />;
}
