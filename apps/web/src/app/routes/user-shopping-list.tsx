import { useSelector } from 'react-redux';

import { selectUserData } from '../../features/auth/auth-slice';
import { ShoppingList } from '../../features/shopping-list/components/shopping-list';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Smart Shopping List' };

export function Component() {
  const user = useSelector(selectUserData);
  return <ShoppingList userId={String(user?.id ?? '')} />;
}
