import ComputerRounded from '@mui/icons-material/ComputerRounded';
import SmartphoneRounded from '@mui/icons-material/SmartphoneRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { authMessages, USER_TOAST_MS, type Session } from '@platewise/shared';
import { useId, useState } from 'react';

import { failureText } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import {
  useListSessionsQuery,
  useLogoutOtherSessionsMutation,
} from '../account-api';
import { SectionCard } from './section-card';

const lastActiveFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** The date and time a session was last used, in the browser's locale. */
export function formatLastActive(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : lastActiveFormat.format(date);
}

const MOBILE = /android|iphone|ipad|mobile/i;

function SessionItem({ session }: { session: Session }) {
  const name = `${session.deviceInfo}${session.current ? ' (Current)' : ''}`;
  return (
    <MenuItem sx={{ alignItems: 'flex-start', whiteSpace: 'normal' }}>
      <ListItemIcon sx={{ mt: 0.5 }}>
        {MOBILE.test(session.deviceInfo) ? (
          <SmartphoneRounded fontSize="small" />
        ) : (
          <ComputerRounded fontSize="small" />
        )}
      </ListItemIcon>
      <ListItemText
        primary={name}
        secondary={`Last active ${formatLastActive(session.lastActive)}`}
        slotProps={{
          primary: { sx: { fontWeight: session.current ? 700 : 500 } },
        }}
      />
    </MenuItem>
  );
}

/**
 * Browser Sessions (spec "User Profile", security S25): log out every other
 * session, and a menu listing each one with its last use.
 */
export function BrowserSessionsCard() {
  const menuId = useId();
  const { data, isError } = useListSessionsQuery(undefined);
  const [logoutOthers, { isLoading: loggingOut }] =
    useLogoutOtherSessionsMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current).length;

  const onLogoutOthers = async () => {
    try {
      await logoutOthers(undefined).unwrap();
      notify(authMessages.profile.logoutOthersSuccess, {
        severity: 'success',
        durationMs: USER_TOAST_MS,
      });
    } catch (error) {
      notify(failureText(error, authMessages.profile.logoutOthersFailed), {
        severity: 'error',
        durationMs: USER_TOAST_MS,
      });
    }
  };

  return (
    <SectionCard
      title="Browser Sessions"
      summary="Where you are signed in. If a browser or device looks unfamiliar, log out everywhere else and change your password."
    >
      {isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {authMessages.profile.loadSessionsFailed}
        </Alert>
      ) : null}
      {data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {others === 0
            ? 'This is your only session.'
            : `You are signed in on ${others} other ${others === 1 ? 'browser' : 'browsers'} too.`}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="contained"
          onClick={() => void onLogoutOthers()}
          disabled={loggingOut}
          aria-busy={loggingOut}
        >
          Log Out Other Browser Sessions
        </Button>
        <Button
          variant="outlined"
          aria-haspopup="true"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          View Session
        </Button>
      </Box>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          paper: { sx: { maxWidth: 'min(420px, calc(100vw - 32px))' } },
          list: { 'aria-label': 'Browser sessions', dense: true },
        }}
      >
        {sessions.length > 0 ? (
          sessions.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))
        ) : (
          <MenuItem disabled>
            {isError
              ? authMessages.profile.loadSessionsFailed
              : 'No sessions to show.'}
          </MenuItem>
        )}
      </Menu>
    </SectionCard>
  );
}
