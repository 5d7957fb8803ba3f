import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authMessages } from '@platewise/shared';
import { useSelector } from 'react-redux';

import { BrowserSessionsCard } from '../../features/account/components/browser-sessions-card';
import { DeleteAccountCard } from '../../features/account/components/delete-account-card';
import { ProfileDetailsCard } from '../../features/account/components/profile-details-card';
import { UpdatePasswordCard } from '../../features/account/components/update-password-card';
import { useGetCurrentUserQuery } from '../../features/auth/auth-api';
import { selectUserData } from '../../features/auth/auth-slice';
import { isGoogleLoginEmail } from '../../lib/auth-storage';
import type { RouteHandle } from '../route-handle';

export const handle: RouteHandle = { title: 'User Profile' };

/**
 * The user's profile (spec "User Profile"): fresh data from GET /users/me,
 * the stored copy while it loads or when it fails.
 */
export function Component() {
  const stored = useSelector(selectUserData);
  const { data, isError } = useGetCurrentUserQuery(undefined);
  const user = data?.user ?? stored;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const email = user?.email ?? '';
  // GET /users/me may say whether the account has a password; without that,
  // an account last signed in with Google on this browser counts as
  // Google-only (the e-mail is forgotten for accounts with a password).
  const hasPassword =
    typeof data?.user.hasPassword === 'boolean'
      ? data.user.hasPassword
      : !(email && isGoogleLoginEmail(email));

  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <div>
        <Typography variant="h4" component="h1" gutterBottom>
          User Profile
        </Typography>
        <Typography color="text.secondary">
          Your account details, password and the browsers you are signed in on.
        </Typography>
      </div>
      {isError ? (
        <Alert severity="error">{authMessages.profile.loadUserFailed}</Alert>
      ) : null}
      <ProfileDetailsCard name={name} email={email} />
      <UpdatePasswordCard hasPassword={hasPassword} />
      <BrowserSessionsCard />
      <DeleteAccountCard email={email} hasPassword={hasPassword} />
    </Stack>
  );
}
