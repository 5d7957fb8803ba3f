import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import {
  authMessages,
  UpdatePasswordFormSchema,
  USER_TOAST_MS,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { FormTextField } from '../../../components/form-text-field';
import { isApiQueryError, serverTextOr } from '../../../lib/api';
import { setTokens } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { useUpdatePasswordMutation } from '../account-api';
import { SectionCard } from './section-card';

const emptyForm = { currentPassword: '', newPassword: '', repeatPassword: '' };

function updateFailedMessage(error: unknown): string {
  const fallback = authMessages.profile.updatePasswordFailed;
  if (!isApiQueryError(error) || typeof error.status !== 'number') {
    return fallback;
  }
  return error.status >= 500 ? fallback : serverTextOr(error, fallback);
}

/**
 * Update Password (spec "User Profile" and point 5): current, new and repeat,
 * each with show/hide. An account without a password (Google only) has
 * nothing to change here.
 */
export function UpdatePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const [updatePassword, { isLoading }] = useUpdatePasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(UpdatePasswordFormSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await updatePassword({
        password: values.newPassword,
        currentPassword: values.currentPassword,
      }).unwrap();
      // The server renewed this session's tokens; the ones stored before the
      // change would now count as refresh-token reuse (S20, S26).
      setTokens(answer.data);
      reset(emptyForm);
      notify(authMessages.profile.updatePasswordSuccess, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      // The server's strength rule speaks about the new password.
      const issue =
        isApiQueryError(error) && error.status === 400
          ? error.issues?.find(
              (item) => item.path.split('.').at(-1) === 'password',
            )
          : undefined;
      if (issue) {
        setError(
          'newPassword',
          { message: issue.message },
          { shouldFocus: true },
        );
        return;
      }
      setServerError(updateFailedMessage(error));
    }
  });

  return (
    <SectionCard
      title="Update Password"
      summary="Use a long password you do not use anywhere else."
    >
      {hasPassword ? (
        <Box component="form" noValidate onSubmit={onSubmit}>
          {serverError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="currentPassword"
                label="Current Password"
                password
                autoComplete="current-password"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="newPassword"
                label="New Password"
                password
                autoComplete="new-password"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="repeatPassword"
                label="Repeat Password"
                password
                autoComplete="new-password"
              />
            </Grid>
          </Grid>
          <Box sx={{ mt: 2.5, display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={isLoading}
              aria-busy={isLoading}
            >
              {isLoading ? 'Updating…' : 'Update Password'}
            </Button>
          </Box>
        </Box>
      ) : (
        <Typography color="text.secondary">
          You sign in with Google, so this account has no password to change.
        </Typography>
      )}
    </SectionCard>
  );
}
