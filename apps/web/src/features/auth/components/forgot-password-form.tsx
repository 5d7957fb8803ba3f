import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages, EmailRequestSchema } from '@platewise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';

import { FormTextField } from '../../../components/form-text-field';
import { paths } from '../../../lib/paths';
import { useForgotPasswordMutation } from '../auth-api';
import { forgotErrorMessage } from '../utils/account-error-messages';

type Status =
  { severity: 'success'; text: string } | { severity: 'error'; text: string };

/** Forgot password (spec points 2, 5 and 8): e-mail and Send Request. */
export function ForgotPasswordForm() {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [status, setStatus] = useState<Status | null>(null);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(EmailRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await forgotPassword(values).unwrap();
      setStatus({ severity: 'success', text: authMessages.forgot.success });
    } catch (error) {
      setStatus({ severity: 'error', text: forgotErrorMessage(error) });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        {status ? (
          <Alert
            severity={status.severity}
            role={status.severity === 'error' ? 'alert' : 'status'}
          >
            {status.text}
          </Alert>
        ) : null}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? 'Sending…' : 'Send Request'}
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
