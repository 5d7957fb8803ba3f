import { AUTH_TOAST_MS, authMessages } from '@platewise/shared';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { useSingleFlight } from '../../../hooks/use-single-flight';
import { isApiQueryError } from '../../../lib/api';
import { getAccessToken } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { endSession } from '../../../lib/session-actions';
import { useLogoutMutation } from '../auth-api';

/**
 * User logout (spec points 4 and 8): POST /users/logout ends the session on
 * the server, then the browser clears its tokens and state whatever the
 * answer (security S47) and goes to /login. A 401 means the session was over
 * already; any other failure says 'Logout failed', because the server may
 * still hold the session until it expires. A second click meanwhile sends
 * nothing (issue 21).
 */
export function useLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const [run] = useSingleFlight(async () => {
    let ended = true;
    if (getAccessToken() !== null) {
      ended = await logout(undefined)
        .unwrap()
        .then(
          () => true,
          (error: unknown) => isApiQueryError(error) && error.status === 401,
        );
    }
    endSession(dispatch);
    notify(ended ? authMessages.loggedOut : authMessages.logoutFailed, {
      severity: ended ? 'success' : 'warning',
      durationMs: AUTH_TOAST_MS,
    });
    await navigate(paths.login.getHref(), { replace: true });
  });
  return run;
}
