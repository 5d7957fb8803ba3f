import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { USER_TOAST_MS } from '@platewise/shared';
import { useId, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { PasswordField } from '../../../components/password-field';
import { isApiQueryError, serverTextOr } from '../../../lib/api';
import { forgetGoogleLogin } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { endSession } from '../../../lib/session-actions';
import { useDeleteAccountMutation } from '../account-api';
import { SectionCard } from './section-card';

export const deleteAccountMessages = {
  passwordMissing: 'Enter your password to confirm.',
  emailMissing: 'Type your e-mail address to confirm.',
  wrongPassword: 'That password is not correct.',
  wrongEmail: 'That is not the e-mail address of this account.',
  failed: 'Failed to delete account. Please try again.',
  deleted: 'Your account and all its data have been deleted.',
} as const;

const sameEmail = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

function deleteFailedMessage(error: unknown, withPassword: boolean): string {
  const text = deleteAccountMessages;
  if (!isApiQueryError(error)) return text.failed;
  switch (error.status) {
    case 400:
    case 401:
      // The server names what did not match ('Password is incorrect.').
      return serverTextOr(
        error,
        withPassword ? text.wrongPassword : text.wrongEmail,
      );
    case 409:
    case 429:
      return serverTextOr(error, text.failed);
    default:
      return text.failed;
  }
}

/**
 * Delete Account (security S27): a confirmation that asks for the password,
 * or for an account without one (Google only) the typed e-mail address. The
 * server deletes the account and all its data; this browser then logs out.
 */
export function DeleteAccountCard({
  email,
  hasPassword,
}: {
  email: string;
  hasPassword: boolean;
}) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const titleId = useId();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (isLoading) return;
    setOpen(false);
    setConfirmation('');
    setError(null);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!confirmation.trim()) {
      setError(
        hasPassword
          ? deleteAccountMessages.passwordMissing
          : deleteAccountMessages.emailMissing,
      );
      return;
    }
    if (!hasPassword && !sameEmail(confirmation, email)) {
      setError(deleteAccountMessages.wrongEmail);
      return;
    }
    try {
      await deleteAccount(
        hasPassword
          ? { password: confirmation }
          : { email: confirmation.trim() },
      ).unwrap();
    } catch (failure) {
      setError(deleteFailedMessage(failure, hasPassword));
      return;
    }
    forgetGoogleLogin();
    endSession(dispatch);
    notify(deleteAccountMessages.deleted, {
      severity: 'success',
      durationMs: USER_TOAST_MS,
    });
    await navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <SectionCard
      title="Delete Account"
      summary="Deleting your account removes your settings, meal plans, shopping lists and recipes for good, and signs you out everywhere."
    >
      <Button variant="contained" color="error" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent) => void onConfirm(event)}
        >
          <DialogContent>
            <DialogContentText sx={{ mb: 2.5 }}>
              This cannot be undone.{' '}
              {hasPassword ? (
                'Enter your password to confirm.'
              ) : (
                <>
                  Type{' '}
                  <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
                    {email}
                  </Box>{' '}
                  to confirm.
                </>
              )}
            </DialogContentText>
            {error ? (
              <Alert severity="error" role="alert" sx={{ mb: 2 }}>
                {error}
              </Alert>
            ) : null}
            {hasPassword ? (
              <PasswordField
                label="Password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                autoComplete="current-password"
                error={Boolean(error)}
              />
            ) : (
              <TextField
                label="Email"
                type="email"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
                autoComplete="off"
                error={Boolean(error)}
              />
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
            <Button onClick={close} disabled={isLoading}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={isLoading}
              aria-busy={isLoading}
            >
              {isLoading ? 'Deleting…' : 'Delete my account'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </SectionCard>
  );
}
