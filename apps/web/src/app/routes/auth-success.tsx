import { AuthSuccess } from '../../features/auth/components/auth-success';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Signing in' };

export function Component() {
  return <AuthSuccess />;
}
