import { zodResolver } from '@hookform/resolvers/zod';
import {
  UpdateUserSchema,
  USER_TOAST_MS,
  type AdminUser,
  type UpdateUser,
  type UpdateUserInput,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormTextField } from '../../../../components/form-text-field';
import { isApiQueryError } from '../../../../lib/api';
import { notify } from '../../../../lib/notifications';
import { useUpdateAdminUserMutation } from '../../admin-users-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import {
  describeAdminError,
  userManagementMessages,
} from '../../utils/admin-messages';
import { AdminFormDialog } from '../admin-form-dialog';

const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'state'];

/**
 * Edit User (spec point 5): first name, last name and e-mail required; phone
 * number and location optional. The dialog stays open with what was typed
 * when the server refuses.
 */
export function EditUserDialog({
  user,
  onClose,
}: {
  user: AdminUser;
  onClose: () => void;
}) {
  const [updateUser, { isLoading }] = useUpdateAdminUserMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<
    UpdateUserInput,
    unknown,
    UpdateUser
  >({
    resolver: zodResolver(UpdateUserSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName ?? '',
      email: user.email,
      phoneNumber: user.phoneNumber ?? '',
      state: user.state ?? '',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const { message } = await updateUser({ id: user.id, body }).unwrap();
      notify(message, { severity: 'success', durationMs: USER_TOAST_MS });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      if (isApiQueryError(error)) {
        for (const issue of error.issues ?? []) {
          if (FIELDS.includes(issue.path)) {
            setError(issue.path as keyof UpdateUserInput, {
              message: issue.message,
            });
          }
        }
        // A taken e-mail (409) belongs under the e-mail field too.
        if (error.status === 409) setError('email', { message: error.error });
      }
      const text = userManagementMessages.updateFailed(
        describeAdminError(error),
      );
      setServerError(text);
      notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
    }
  });

  return (
    <AdminFormDialog
      open
      title="Edit User"
      error={serverError}
      submitLabel="Save changes"
      busyLabel="Saving…"
      busy={isLoading}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="firstName"
        label="First Name"
        required
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="lastName"
        label="Last Name"
        required
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="off"
      />
      <FormTextField
        control={control}
        name="phoneNumber"
        label="Phone Number"
        type="tel"
        autoComplete="off"
        helperText="Optional, 10 digits"
      />
      <FormTextField
        control={control}
        name="state"
        label="Location"
        autoComplete="off"
        helperText="Optional"
      />
    </AdminFormDialog>
  );
}
