import { AdminSettingsPanel } from '../../features/admin/components/settings/admin-settings-panel';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Settings' };

export function Component() {
  return <AdminSettingsPanel />;
}
