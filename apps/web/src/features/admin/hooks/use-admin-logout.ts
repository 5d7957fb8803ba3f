import { AUTH_TOAST_MS, authMessages } from '@platewise/shared';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { useSingleFlight } from '../../../hooks/use-single-flight';
import { isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { endSession } from '../../../lib/session-actions';
import { useAdminLogoutMutation } from '../admin-api';

/**
 * Admin logout (spec points 4 and 8): tell the server, then clear tokens and
 * persisted state whatever it answered, and end at /admin. A 401 ('no admin
 * token') counts as logged out; any other failure says 'Logout failed',
 * because the server may hold the session until it expires. A second click
 * meanwhile sends nothing (issue 21).
 */
export function useAdminLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout] = useAdminLogoutMutation();
  const [run, pending] = useSingleFlight(async () => {
    const ended = await logout(undefined)
      .unwrap()
      .then(
        () => true,
        (error: unknown) => isApiQueryError(error) && error.status === 401,
      );
    endSession(dispatch);
    notify(ended ? authMessages.loggedOut : authMessages.logoutFailed, {
      severity: ended ? 'success' : 'warning',
      durationMs: AUTH_TOAST_MS,
    });
    await navigate(paths.admin.login.getHref(), { replace: true });
  });
  return [run, pending] as const;
}
