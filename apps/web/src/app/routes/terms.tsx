import { TermsPage } from '../../features/info/components/terms-page';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Terms of Service' };

export function Component() {
  return <TermsPage />;
}
