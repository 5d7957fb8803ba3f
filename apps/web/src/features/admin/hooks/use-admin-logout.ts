import { AUTH_TOAST_MS, authMessages } from '@platewise/shared';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { clearTokens } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { sessionEnded } from '../../../lib/session-actions';
import { useAdminLogoutMutation } from '../admin-api';

/**
 * Admin logout (spec points 4 and 8): tell the server, then clear tokens and
 * persisted state whatever it answered (a 401 'no admin token' counts as
 * done), and end at /admin.
 */
export function useAdminLogout() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useAdminLogoutMutation();
  const run = useCallback(async () => {
    await logout(undefined)
      .unwrap()
      .catch(() => undefined);
    clearTokens();
    dispatch(sessionEnded());
    notify(authMessages.loggedOut, {
      severity: 'success',
      durationMs: AUTH_TOAST_MS,
    });
    await navigate(paths.admin.login.getHref(), { replace: true });
  }, [dispatch, logout, navigate]);
  return [run, isLoading] as const;
}
