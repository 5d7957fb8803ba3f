import { USER_TOAST_MS, type AdminUser } from '@platewise/shared';
import { useState, type FormEvent } from 'react';

import { notify } from '../../../../lib/notifications';
import { useToggleAdminUserStatusMutation } from '../../admin-users-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import {
  describeAdminError,
  userManagementMessages,
} from '../../utils/admin-messages';
import { AdminFormDialog } from '../admin-form-dialog';

/** Disable User / Enable User, after a confirmation (spec points 2 and 4). */
export function ToggleStatusDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const [toggleStatus, { isLoading }] = useToggleAdminUserStatusMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);
  const disabling = user.isActive;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    try {
      const { message } = await toggleStatus({
        id: user.id,
        body: { isActive: !user.isActive },
      }).unwrap();
      notify(message, { severity: 'success', durationMs: USER_TOAST_MS });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      const text = userManagementMessages.toggleFailed(
        describeAdminError(error),
      );
      setServerError(text);
      notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
    }
  };

  return (
    <AdminFormDialog
      open
      title={disabling ? 'Disable User' : 'Enable User'}
      description={
        disabling
          ? `Disable ${user.name} (${user.email})? They are signed out everywhere at once and cannot log in until an admin enables the account again.`
          : `Enable ${user.name} (${user.email})? They can log in again; sessions ended when the account was disabled stay ended.`
      }
      error={serverError}
      submitLabel={disabling ? 'Disable User' : 'Enable User'}
      busyLabel={disabling ? 'Disabling…' : 'Enabling…'}
      busy={isLoading}
      destructive={disabling}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    />
  );
}
