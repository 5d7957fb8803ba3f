import { AUTH_TOAST_MS, authMessages } from '@platewise/shared';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';

import { isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { endSession } from '../../../lib/session-actions';

/**
 * Spec point 8, "Admin calls": a 401 gives 'Session expired. Please login
 * again.' and goes to /admin. The API client already does this when the
 * refresh is refused; this covers a 401 that survives a successful refresh
 * (the account was demoted or disabled meanwhile). Returns whether `error`
 * was such a 401, so the caller shows nothing else.
 */
export function useAdminSessionExpiry() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      if (!isApiQueryError(error) || error.status !== 401) return false;
      endSession(dispatch);
      notify(authMessages.adminSessionExpired, {
        severity: 'warning',
        durationMs: AUTH_TOAST_MS,
      });
      void navigate(paths.admin.login.getHref(), { replace: true });
      return true;
    },
    [dispatch, navigate],
  );
}
