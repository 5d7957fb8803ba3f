import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_TOAST_MS,
  authMessages,
  PASSWORD_RULE_HINT,
  SignupFormSchema,
  type SignupForm as SignupFormValues,
} from '@platewise/shared';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';

import { FormTextField } from '../../../components/form-text-field';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useSignupMutation } from '../auth-api';
import {
  errorIssues,
  signupErrorMessage,
} from '../utils/account-error-messages';
import { invitationFrom } from '../utils/invitation-return';
import { GoogleSignInButton } from './google-sign-in-button';

const defaultValues: SignupFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  state: '',
  zipCode: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

const fieldNames = new Set(Object.keys(defaultValues));

function isSignupField(name: string): name is keyof SignupFormValues {
  return fieldNames.has(name);
}

/**
 * Sign-up (spec points 2, 3, 5 and 8): the payload's fields, password and
 * confirmation, the terms box; on success the e-mail goes along to the code
 * entry, in the address and in router state.
 */
export function SignupForm() {
  const navigate = useNavigate();
  // A sign-up from a household invitation link (issue 18): the link goes
  // along to the code entry, which joins once the address is verified.
  const invitation = invitationFrom(useLocation().state);
  const [signup, { isLoading }] = useSignupMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(SignupFormSchema),
    defaultValues,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const { confirmPassword: _confirm, acceptTerms: _terms, ...body } = values;
    try {
      const { email } = await signup(body).unwrap();
      notify(authMessages.signup.success, {
        severity: 'success',
        durationMs: AUTH_TOAST_MS,
      });
      const sentTo = email || body.email;
      await navigate(paths.verifyEmail.getHref(sentTo), {
        state: invitation
          ? { email: sentTo, from: invitation }
          : { email: sentTo },
      });
    } catch (error) {
      // A 400 names its fields: show each message where it belongs.
      for (const issue of errorIssues(error)) {
        const field = issue.path.split('.').at(-1) ?? '';
        if (isSignupField(field)) {
          setError(field, { message: issue.message }, { shouldFocus: true });
        }
      }
      setServerError(signupErrorMessage(error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        {invitation ? (
          <Alert severity="info">
            Sign up with the address the invitation was sent to: you join the
            household once it is verified.
          </Alert>
        ) : null}
        {serverError ? (
          <Alert severity="error" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="firstName"
              label="First Name"
              autoComplete="given-name"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="lastName"
              label="Last Name (optional)"
              autoComplete="family-name"
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="phoneNumber"
              label="Phone Number"
              type="tel"
              autoComplete="tel-national"
              helperText="10 digits, e.g. 555-123-4567"
              // 'tel', not 'numeric': phone keypads keep ( ) - and +.
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 7 }}>
            <FormTextField
              control={control}
              name="state"
              label="State"
              autoComplete="address-level1"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <FormTextField
              control={control}
              name="zipCode"
              label="Zip Code (optional)"
              autoComplete="postal-code"
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="password"
              label="Password"
              password
              autoComplete="new-password"
              // The rule shows before the first failure (issue 11); a
              // failure shows the spec's text in its place.
              helperText={PASSWORD_RULE_HINT}
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="confirmPassword"
              label="Confirm Password"
              password
              autoComplete="new-password"
            />
          </Grid>
        </Grid>
        <Controller
          name="acceptTerms"
          control={control}
          render={({ field, fieldState }) => (
            <FormControl error={fieldState.invalid}>
              <FormControlLabel
                sx={{ alignItems: 'flex-start', mr: 0 }}
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    sx={{ mt: -0.75 }}
                    slotProps={{
                      input: {
                        'aria-describedby': fieldState.error
                          ? 'accept-terms-error'
                          : undefined,
                      },
                    }}
                  />
                }
                label={
                  <Typography variant="body2" component="span">
                    I accept the{' '}
                    <Link
                      component={RouterLink}
                      to={paths.terms.getHref()}
                      target="_blank"
                    >
                      Terms &amp; Conditions
                    </Link>{' '}
                    and{' '}
                    <Link
                      component={RouterLink}
                      to={paths.privacy.getHref()}
                      target="_blank"
                    >
                      Privacy Policy
                    </Link>
                    .
                  </Typography>
                }
              />
              {fieldState.error ? (
                <FormHelperText id="accept-terms-error" sx={{ mx: 0 }}>
                  {fieldState.error.message}
                </FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? 'Signing up…' : 'Sign up'}
        </Button>
        <GoogleSignInButton invitation={invitation} />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center' }}
        >
          Already have an account?{' '}
          <Link
            component={RouterLink}
            to={paths.login.getHref()}
            sx={{ fontWeight: 600 }}
          >
            Log in
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
