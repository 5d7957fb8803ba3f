import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangeRoleSchema,
  USER_TOAST_MS,
  type AdminUser,
  type ChangeRole,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { notify } from '../../../../lib/notifications';
import { useChangeAdminUserRoleMutation } from '../../admin-users-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import { roleUpdateErrorMessage } from '../../utils/admin-messages';
import { AdminFormDialog } from '../admin-form-dialog';
import { FormSelectField } from '../form-select-field';
import { ROLE_LABELS, ROLE_OPTIONS } from './role-options';

/**
 * Change Role (spec point 5): a role must be chosen, else 'Please select a
 * role'. The choice starts empty, so the admin picks deliberately.
 */
export function ChangeRoleDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const [changeRole, { isLoading }] = useChangeAdminUserRoleMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);
  // No role until one is picked: the schema then answers 'Please select a role'.
  const { control, handleSubmit } = useForm<ChangeRole>({
    resolver: zodResolver(ChangeRoleSchema),
    defaultValues: {},
  });

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const { message } = await changeRole({ id: user.id, body }).unwrap();
      notify(message, { severity: 'success', durationMs: USER_TOAST_MS });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      const text = roleUpdateErrorMessage(error);
      setServerError(text);
      notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
    }
  });

  return (
    <AdminFormDialog
      open
      title="Change Role"
      description={
        <>
          {/* Says what the role is before the change, never as if the
              change had happened (issue 21). */}
          {user.name}&rsquo;s role is currently{' '}
          <strong>{ROLE_LABELS[user.role].toLowerCase()}</strong>. Choose the
          new role below; admins can manage users and recipes.
        </>
      }
      error={serverError}
      submitLabel="Change role"
      busyLabel="Saving…"
      busy={isLoading}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <FormSelectField
        control={control}
        name="role"
        label="Role"
        options={ROLE_OPTIONS}
      />
    </AdminFormDialog>
  );
}
