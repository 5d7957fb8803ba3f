import { PrivacyPage } from '../../features/info/components/privacy-page';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Privacy Policy' };

export function Component() {
  return <PrivacyPage />;
}
