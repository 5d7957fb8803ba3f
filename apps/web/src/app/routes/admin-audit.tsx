import { AuditLog } from '../../features/admin/components/audit/audit-log';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'Audit Log' };

export function Component() {
  return <AuditLog />;
}
