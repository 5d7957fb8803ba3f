import { useEffect, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useLocation } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import { clearTokens, getAccessToken } from '../../../lib/auth-storage';
import { paths } from '../../../lib/paths';
import { useThunkDispatch } from '../../../lib/redux-hooks';
import { authApi } from '../auth-api';
import { selectUserId, userDataReceived } from '../auth-slice';

/**
 * The user-route check of spec point 4: authenticated when a user id is in
 * stored state, otherwise to /login. A stored token without user data (left
 * by an older version, say) is checked with GET /users/me first; if that
 * fails the token is dropped, so /login does not bounce straight back here.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const dispatch = useThunkDispatch();
  const location = useLocation();
  const userId = useSelector(selectUserId);
  const [restoreFailed, setRestoreFailed] = useState(false);
  const restoring =
    userId === null && !restoreFailed && getAccessToken() !== null;

  useEffect(() => {
    if (!restoring) return;
    const request = dispatch(
      authApi.endpoints.getCurrentUser.initiate(undefined),
    );
    request
      .unwrap()
      .then(({ user }) => dispatch(userDataReceived(user)))
      .catch(() => {
        clearTokens();
        setRestoreFailed(true);
      });
    return () => request.unsubscribe();
  }, [dispatch, restoring]);

  if (userId !== null) return children;
  if (restoring) return <PageLoader label="Checking your session…" />;
  return (
    <Navigate
      to={paths.login.getHref()}
      replace
      state={{ from: `${location.pathname}${location.search}` }}
    />
  );
}
