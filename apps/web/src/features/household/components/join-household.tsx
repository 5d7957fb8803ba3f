import GroupAddRounded from '@mui/icons-material/GroupAddRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { USER_TOAST_MS, householdMessages } from '@platewise/shared';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { isApiQueryError, serverTextOr } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useJoinHouseholdMutation } from '../household-api';

/**
 * The page of the mailed invitation link (issue 18): join with the signed-in
 * account. Joining leaves the current household, so it asks first.
 */
export function JoinHousehold({ token }: { token: string | null }) {
  const [join, joining] = useJoinHouseholdMutation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(
    token ? null : householdMessages.invitationInvalid,
  );

  const onJoin = async () => {
    if (!token) return;
    setError(null);
    try {
      await join({ token }).unwrap();
      notify(householdMessages.joined, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
      await navigate(paths.user.dashboard.getHref(), { replace: true });
    } catch (failure) {
      setError(
        isApiQueryError(failure)
          ? serverTextOr(failure, householdMessages.invitationInvalid)
          : householdMessages.invitationInvalid,
      );
    }
  };

  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <GroupAddRounded color="primary" aria-hidden />
            <Typography variant="h5" component="h1">
              Join a household
            </Typography>
          </Stack>
          <Typography color="text.secondary">
            You were invited to share a household: one weekly plan and one
            shopping list for everyone in it. Joining replaces your own plan
            with the household&apos;s; your settings stay yours and are combined
            with the others&apos;.
          </Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              onClick={() => void onJoin()}
              disabled={!token || joining.isLoading}
              aria-busy={joining.isLoading}
            >
              Join Household
            </Button>
            <Button component={RouterLink} to={paths.user.dashboard.getHref()}>
              Not Now
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
