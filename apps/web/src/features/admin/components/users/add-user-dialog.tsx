import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADD_USER_COUNTRIES,
  ADD_USER_DIETS,
  CreateUserSchema,
  USER_TOAST_MS,
  type CreateUser,
  type CreateUserInput,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormTextField } from '../../../../components/form-text-field';
import { isApiQueryError } from '../../../../lib/api';
import { notify } from '../../../../lib/notifications';
import { useCreateAdminUserMutation } from '../../admin-users-api';
import { useAdminSessionExpiry } from '../../hooks/use-admin-session-expiry';
import {
  describeAdminError,
  userManagementMessages,
} from '../../utils/admin-messages';
import { AdminFormDialog } from '../admin-form-dialog';
import { FormSelectField } from '../form-select-field';
import { ROLE_OPTIONS } from './role-options';

const FIELDS = ['name', 'email', 'phoneNumber', 'role'];
const asOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value }));

/**
 * The spec's Add User dialog, made real: the server creates the account and
 * mails the person a link to set their password.
 */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const [createUser, { isLoading }] = useCreateAdminUserMutation();
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<
    CreateUserInput,
    unknown,
    CreateUser
  >({
    resolver: zodResolver(CreateUserSchema),
    defaultValues: {
      name: '',
      email: '',
      phoneNumber: '',
      dietaryPreference: null,
      country: null,
      role: 'user',
    },
  });

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const { message, invitation } = await createUser(body).unwrap();
      // The account exists either way; a mail that did not go out is the
      // admin's to follow up, so it stays a warning, not a failure.
      notify(message, {
        severity: invitation === 'failed' ? 'warning' : 'success',
        durationMs: USER_TOAST_MS,
      });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      if (isApiQueryError(error)) {
        for (const issue of error.issues ?? []) {
          if (FIELDS.includes(issue.path)) {
            setError(issue.path as keyof CreateUserInput, {
              message: issue.message,
            });
          }
        }
        if (error.status === 409) setError('email', { message: error.error });
      }
      setServerError(
        userManagementMessages.createFailed(describeAdminError(error)),
      );
    }
  });

  return (
    <AdminFormDialog
      open
      title="Add User"
      description="The new user gets an e-mail with a link to set their password; the account works once they have."
      error={serverError}
      submitLabel="Add User"
      busyLabel="Adding…"
      busy={isLoading}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="name"
        label="Name"
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
      <FormSelectField
        control={control}
        name="dietaryPreference"
        label="Dietary Preference"
        options={asOptions(ADD_USER_DIETS)}
        emptyValue={null}
        emptyLabel="Not set"
      />
      <FormSelectField
        control={control}
        name="country"
        label="Country"
        options={asOptions(ADD_USER_COUNTRIES)}
        emptyValue={null}
        emptyLabel="Not set"
      />
      <FormSelectField
        control={control}
        name="role"
        label="Role"
        options={ROLE_OPTIONS}
        required
      />
    </AdminFormDialog>
  );
}
