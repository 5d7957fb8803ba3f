import { useSelector } from 'react-redux';

import { selectUserData } from '../../features/auth/auth-slice';
import { KitchenPage } from '../../features/kitchen/components/kitchen-page';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Kitchen' };

export function Component() {
  const user = useSelector(selectUserData);
  return <KitchenPage userId={String(user?.id ?? '')} />;
}
