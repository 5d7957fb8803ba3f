import { AUTH_TOAST_MS } from '@platewise/shared';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import {
  forgetGoogleLogin,
  getAccessToken,
  rememberGoogleLogin,
  setTokens,
} from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { userDataReceived } from '../auth-slice';
import { parseAuthSuccessData } from '../utils/auth-success-data';

/**
 * /auth/success, where a Google sign-in lands (spec point 2). The tokens
 * arrive in the address, so every way out replaces this history entry: Back
 * never returns to an address that holds them.
 */
export function AuthSuccess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const raw = params.get('data');
  // Once per visit, also when development mode runs effects twice.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const go = (to: string) => void navigate(to, { replace: true });
    if (raw === null) {
      go(
        getAccessToken()
          ? paths.user.dashboard.getHref()
          : paths.login.getHref(),
      );
      return;
    }
    const payload = parseAuthSuccessData(raw);
    if (!payload) {
      notify('Google sign-in failed. Please try again.', {
        severity: 'error',
        durationMs: AUTH_TOAST_MS,
      });
      go(paths.login.getHref());
      return;
    }
    setTokens(payload);
    // The login form then sends this e-mail to Google (spec point 5), unless
    // the account also has a password.
    if (payload.userData.hasPassword === true) forgetGoogleLogin();
    else rememberGoogleLogin(payload.userData.email);
    dispatch(userDataReceived(payload.userData));
    go(paths.user.dashboard.getHref());
  }, [dispatch, navigate, raw]);

  return <PageLoader label="Signing you in…" />;
}
