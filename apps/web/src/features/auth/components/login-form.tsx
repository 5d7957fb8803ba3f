import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUTH_TOAST_MS,
  LoginRequestSchema,
  messages,
  type LoginRequest,
} from '@platewise/shared';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import {
  Link as RouterLink,
  useLocation,
  useNavigate,
  useSearchParams,
} from 'react-router';

import { FormTextField } from '../../../components/form-text-field';
import { isApiQueryError } from '../../../lib/api';
import {
  forgetGoogleSignInInvitation,
  googleSignInInvitation,
  isGoogleLoginEmail,
  setTokens,
} from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useLoginMutation } from '../auth-api';
import { userDataReceived } from '../auth-slice';
import { googleErrorMessage } from '../utils/google-error-message';
import { invitationFrom } from '../utils/invitation-return';
import { loginErrorMessage } from '../utils/login-error-message';
import { GoogleSignInButton } from './google-sign-in-button';

/**
 * The one login form (spec point 2): on the /login page and in the landing
 * page's Login dialog. On success it stores the tokens and the user and goes
 * to the dashboard. An e-mail last used for a Google sign-in on this browser
 * is sent to Google instead (spec point 5), as is the server's GOOGLE_ACCOUNT
 * answer.
 */
/** After a login that linked a waiting Google sign-in (security.md S29). */
const GOOGLE_LINKED_TEXT =
  'Your Google account is now linked: next time you can sign in with Google.';

function emailFromState(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state) {
    const { email } = state as { email: unknown };
    if (typeof email === 'string') return email;
  }
  return '';
}

export function LoginForm() {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [login, { isLoading }] = useLoginMutation();
  const [params] = useSearchParams();
  const location = useLocation();
  // Sent here by a household invitation link (issue 18): back there after
  // the login, and along through a sign-up.
  // A Google sign-in from that link that came back here (e.g. to link an
  // account by its password) still has it in this tab.
  const [invitation] = useState(
    () =>
      invitationFrom(location.state) ??
      (params.has('error')
        ? invitationFrom({ from: googleSignInInvitation() })
        : null),
  );
  // A Google sign-in that could not finish comes back as /login?error=….
  const [serverError, setServerError] = useState<string | null>(() =>
    googleErrorMessage(params.get('error')),
  );
  // An unverified account gets a way to the code entry.
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    // Coming from the e-mail verification, the address is already known.
    defaultValues: {
      email: emailFromState(location.state),
      password: '',
      rememberMe: false,
    },
  });
  const rememberMe = useWatch({ control, name: 'rememberMe' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    setUnverifiedEmail(null);
    if (isGoogleLoginEmail(values.email)) {
      setServerError(messages.validation.loginWithGoogle);
      return;
    }
    try {
      const { user, googleLinked } = await login(values).unwrap();
      const { accessToken, refreshToken, ...userData } = user;
      setTokens({ accessToken, refreshToken });
      dispatch(userDataReceived(userData));
      const welcome = `Welcome back, ${userData.firstName}!`;
      notify(googleLinked ? `${welcome} ${GOOGLE_LINKED_TEXT}` : welcome, {
        severity: 'success',
        durationMs: AUTH_TOAST_MS,
      });
      forgetGoogleSignInInvitation();
      await navigate(invitation ?? paths.user.dashboard.getHref(), {
        replace: true,
      });
    } catch (error) {
      setServerError(loginErrorMessage(error));
      if (isApiQueryError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(values.email);
      }
    }
  });

  // One message for both fields, as the spec words it.
  const missingField = Boolean(errors.email || errors.password);
  const alert = missingField ? messages.validation.fillAllFields : serverError;

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.25}>
        {invitation && !alert ? (
          <Alert severity="info">
            Log in to accept the household invitation. New to Platewise? Create
            an account with the invited address: you join the household once it
            is verified.
          </Alert>
        ) : null}
        {alert ? (
          <Alert
            severity="error"
            role="alert"
            action={
              unverifiedEmail && !missingField ? (
                <Button
                  component={RouterLink}
                  to={paths.verifyEmail.getHref(unverifiedEmail)}
                  state={{ email: unverifiedEmail }}
                  color="inherit"
                  size="small"
                >
                  Enter code
                </Button>
              ) : undefined
            }
          >
            {alert}
          </Alert>
        ) : null}
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
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
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            gap: 1,
          }}
        >
          <Controller
            name="rememberMe"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  />
                }
                label="Remember me"
              />
            )}
          />
          <Link
            component={RouterLink}
            to={paths.forgotPassword.getHref()}
            variant="body2"
            sx={{ fontWeight: 600 }}
          >
            Forgot password?
          </Link>
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={isLoading}
          aria-busy={isLoading}
        >
          {isLoading ? 'Logging in…' : 'Log in'}
        </Button>
        <GoogleSignInButton remember={rememberMe} invitation={invitation} />
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center' }}
        >
          New to Platewise?{' '}
          <Link
            component={RouterLink}
            to={paths.signup.getHref()}
            state={invitation ? { from: invitation } : undefined}
            sx={{ fontWeight: 600 }}
          >
            Create an account
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
