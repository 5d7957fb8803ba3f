import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  AdminLoginRequestSchema,
  AUTH_TOAST_MS,
  messages,
  type AdminLoginRequest,
} from '@platewise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { FormTextField } from '../../../components/form-text-field';
import { api } from '../../../lib/api';
import { clearTokens, setTokens } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useAdminLoginMutation } from '../admin-api';
import { adminLoginErrorMessage } from '../utils/admin-messages';

/** Admin login (spec points 2, 5 and 8). */
export function AdminLoginForm() {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [adminLogin, { isLoading }] = useAdminLoginMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginRequest>({
    resolver: zodResolver(AdminLoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { admin } = await adminLogin(values).unwrap();
      // A fresh pair: no refresh token of an earlier session may outlive it.
      clearTokens();
      setTokens({
        accessToken: admin.accessToken,
        refreshToken:
          typeof admin.refreshToken === 'string' ? admin.refreshToken : null,
      });
      // Answers cached for the earlier token (a refused /admin/me) would
      // send the new admin straight back here.
      dispatch(api.util.resetApiState());
      notify(`Welcome, ${admin.firstName}.`, {
        severity: 'success',
        durationMs: AUTH_TOAST_MS,
      });
      await navigate(paths.admin.users.getHref(), { replace: true });
    } catch (error) {
      setServerError(adminLoginErrorMessage(error));
    }
  });

  const fill = messages.validation.fillAllFields;
  const missing =
    errors.email?.message === fill || errors.password?.message === fill;
  const alert = missing
    ? fill
    : (errors.email?.message ?? errors.password?.message ?? serverError);

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        {alert ? (
          <Alert severity="error" role="alert">
            {alert}
          </Alert>
        ) : null}
        <FormTextField
          control={control}
          name="email"
          label="Admin email"
          type="email"
          autoComplete="username"
          hideErrorText
        />
        <FormTextField
          control={control}
          name="password"
          label="Password"
          autoComplete="current-password"
          password
          hideErrorText
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? 'Signing in…' : 'Sign in as admin'}
        </Button>
      </Stack>
    </Box>
  );
}
