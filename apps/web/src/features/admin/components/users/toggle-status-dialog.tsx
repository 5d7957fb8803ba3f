import type { AdminUser } from '@platewise/shared';

import { useToggleAdminUserStatusMutation } from '../../admin-users-api';
import { userManagementMessages } from '../../utils/admin-messages';
import { ConfirmDialog } from '../confirm-dialog';

/** Disable User / Enable User, after a confirmation (spec points 2 and 4). */
export function ToggleStatusDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const [toggleStatus, { isLoading }] = useToggleAdminUserStatusMutation();
  const disabling = user.isActive;
  return (
    <ConfirmDialog
      title={disabling ? 'Disable User' : 'Enable User'}
      description={
        disabling
          ? `Disable ${user.name} (${user.email})? They are signed out everywhere at once and cannot log in until an admin enables the account again.`
          : `Enable ${user.name} (${user.email})? They can log in again; sessions ended when the account was disabled stay ended.`
      }
      submitLabel={disabling ? 'Disable User' : 'Enable User'}
      busyLabel={disabling ? 'Disabling…' : 'Enabling…'}
      busy={isLoading}
      destructive={disabling}
      onConfirm={async () => {
        const { message } = await toggleStatus({
          id: user.id,
          body: { isActive: !user.isActive },
        }).unwrap();
        return message;
      }}
      failure={userManagementMessages.toggleFailed}
      onClose={onClose}
    />
  );
}
