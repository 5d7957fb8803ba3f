import { ContactPage } from '../../features/info/components/contact-page';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Contact support' };

export function Component() {
  return <ContactPage />;
}
