import GroupRounded from '@mui/icons-material/GroupRounded';

import { ComingSoon } from '../../components/coming-soon';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'User Management' };

export function Component() {
  return (
    <ComingSoon
      title="User Management"
      icon={<GroupRounded />}
      summary="Everyone with an account on this Platewise."
      upcoming={[
        'Search users by name, filter by role, page through 5, 10 or 25 at a time.',
        'Edit a user, change their role, disable or enable their account.',
        'Add a user directly from here.',
      ]}
    />
  );
}
