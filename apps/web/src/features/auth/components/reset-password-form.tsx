import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_TOAST_MS,
  authMessages,
  RESET_REDIRECT_DELAY_MS,
  ResetPasswordRequestSchema,
} from '@platewise/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';

import { FormTextField } from '../../../components/form-text-field';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useResetPasswordMutation } from '../auth-api';
import { resetErrorOutcome } from '../utils/account-error-messages';

/**
 * Reset password (spec points 2, 4, 5 and 8): the e-mail and token come from
 * the link; on success, to /login after 2 s. A dead link goes back to
 * /forgot-password, an unknown account to /signup.
 */
export function ResetPasswordForm({
  email,
  token,
}: {
  email: string;
  token: string;
}) {
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordRequestSchema),
    defaultValues: { email, token, newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      void navigate(paths.login.getHref(), { replace: true });
    }, RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await resetPassword(values).unwrap();
      setDone(true);
    } catch (error) {
      const outcome = resetErrorOutcome(error);
      if (outcome.redirectTo) {
        notify(outcome.text, { severity: 'error', durationMs: AUTH_TOAST_MS });
        await navigate(outcome.redirectTo, { replace: true });
        return;
      }
      if (outcome.field) {
        setError(
          outcome.field,
          { message: outcome.text },
          { shouldFocus: true },
        );
        return;
      }
      setServerError(outcome.text);
    }
  });

  // The link's own parts have no field: a bad one is one message.
  const badLink = Boolean(errors.email || errors.token);
  const alert = badLink ? authMessages.reset.missingLink : serverError;

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        {done ? (
          <Alert severity="success" role="status">
            {authMessages.reset.success}
          </Alert>
        ) : null}
        {alert ? (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        ) : null}
        <FormTextField
          control={control}
          name="newPassword"
          label="New Password"
          password
          autoComplete="new-password"
          disabled={done}
        />
        <FormTextField
          control={control}
          name="confirmPassword"
          label="Confirm Password"
          password
          autoComplete="new-password"
          disabled={done}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading || done}
          aria-busy={isLoading}
        >
          {isLoading ? 'Saving…' : 'Reset Password'}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          <Link
            component={RouterLink}
            to={paths.login.getHref()}
            sx={{ fontWeight: 600 }}
          >
            Back to login
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
