import { zodResolver } from '@hookform/resolvers/zod';
import {
  ADD_USER_COUNTRIES,
  ADD_USER_DIETS,
  CreateUserSchema,
  type CreateUser,
  type CreateUserInput,
} from '@platewise/shared';
import { useForm, type Path } from 'react-hook-form';

import { FormTextField } from '../../../../components/form-text-field';
import { useCreateAdminUserMutation } from '../../admin-users-api';
import { userManagementMessages } from '../../utils/admin-messages';
import { AdminFormDialog } from '../admin-form-dialog';
import { FormSelectField } from '../form-select-field';
import { useDialogSubmit } from '../use-dialog-submit';
import { ROLE_OPTIONS } from './role-options';
import { setUserFieldErrors } from './user-field-errors';

const FIELDS: Path<CreateUserInput>[] = [
  'name',
  'email',
  'phoneNumber',
  'role',
];
const asOptions = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value }));

/**
 * The spec's Add User dialog, made real: the server creates the account and
 * mails the person a link to set their password.
 */
export function AddUserDialog({ onClose }: { onClose: () => void }) {
  const [createUser, { isLoading }] = useCreateAdminUserMutation();
  const { serverError, submit } = useDialogSubmit(onClose);
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

  const onSubmit = handleSubmit((body) =>
    submit({
      run: async () => {
        const { message, invitation } = await createUser(body).unwrap();
        // The account exists either way; a mail that did not go out is the
        // admin's to follow up, so it stays a warning, not a failure.
        return {
          message,
          severity: invitation === 'failed' ? 'warning' : 'success',
        };
      },
      failure: userManagementMessages.createFailed,
      // Shown in the dialog only: the form stays open to fix it.
      toastFailure: false,
      onFailure: (error) => setUserFieldErrors(error, FIELDS, setError),
    }),
  );

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
