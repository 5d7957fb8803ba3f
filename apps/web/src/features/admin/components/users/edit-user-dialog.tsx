import { zodResolver } from '@hookform/resolvers/zod';
import {
  UpdateUserSchema,
  type AdminUser,
  type UpdateUser,
  type UpdateUserInput,
} from '@platewise/shared';
import { useForm, type Path } from 'react-hook-form';

import { FormTextField } from '../../../../components/form-text-field';
import { useUpdateAdminUserMutation } from '../../admin-users-api';
import { userManagementMessages } from '../../utils/admin-messages';
import { AdminFormDialog } from '../admin-form-dialog';
import { useDialogSubmit } from '../use-dialog-submit';
import { setUserFieldErrors } from './user-field-errors';

const FIELDS: Path<UpdateUserInput>[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'state',
];

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
  const { serverError, submit } = useDialogSubmit(onClose);
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

  const onSubmit = handleSubmit((body) =>
    submit({
      run: async () =>
        (await updateUser({ id: user.id, body }).unwrap()).message,
      failure: userManagementMessages.updateFailed,
      onFailure: (error) => setUserFieldErrors(error, FIELDS, setError),
    }),
  );

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
