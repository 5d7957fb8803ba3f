import {
  AUTH_TOAST_MS,
  USER_TOAST_MS,
  type GoogleExchangeResponse,
} from '@platewise/shared';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import {
  forgetGoogleLogin,
  forgetGoogleSignInInvitation,
  getAccessToken,
  googleSignInInvitation,
  rememberGoogleLogin,
  setTokens,
  takeGoogleSignInState,
} from '../../../lib/auth-storage';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useExchangeGoogleCodeMutation } from '../auth-api';
import { userDataReceived } from '../auth-slice';
import { parseAuthSuccessData } from '../utils/auth-success-data';
import { invitationFrom, invitationTokenOf } from '../utils/invitation-return';

/**
 * /auth/success, where a Google sign-in lands (spec point 2). Our server
 * sends a one-time `code`, traded by POST (with an HttpOnly cookie of this
 * browser) for the tokens, so no token is ever in an address. The spec's
 * `data` shape is still read, but only with the state of a sign-in this tab
 * started (issue 16 point 1): an attacker's link cannot sign the browser
 * into his account. Every way out replaces this history entry.
 */
export function AuthSuccess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [exchange] = useExchangeGoogleCodeMutation();
  const code = params.get('code');
  const raw = params.get('data');
  // Once per visit, also when development mode runs effects twice.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const go = (to: string) => void navigate(to, { replace: true });
    const failed = () => {
      notify('Google sign-in failed. Please try again.', {
        severity: 'error',
        durationMs: AUTH_TOAST_MS,
      });
      go(paths.login.getHref());
    };
    // The household invitation link the sign-in started from (issue 18).
    const invitation = invitationFrom({ from: googleSignInInvitation() });
    forgetGoogleSignInInvitation();
    const signIn = (payload: GoogleExchangeResponse) => {
      setTokens(payload);
      // The login form then sends this e-mail to Google (spec point 5),
      // unless the account also has a password.
      if (payload.userData.hasPassword === true) forgetGoogleLogin();
      else rememberGoogleLogin(payload.userData.email);
      dispatch(userDataReceived(payload.userData));
      const { household } = payload;
      if (household) {
        // A Google sign-up: joined, or why not.
        notify(household.message, {
          severity: household.joined ? 'success' : 'warning',
          durationMs: USER_TOAST_MS,
        });
      }
      // An account that existed confirms on the invitation's page, as
      // after a password login.
      go(
        invitation && !household ? invitation : paths.user.dashboard.getHref(),
      );
    };

    if (code !== null) {
      takeGoogleSignInState();
      const invitationToken = invitationTokenOf(invitation);
      exchange(invitationToken ? { code, invitationToken } : { code })
        .unwrap()
        .then(signIn, failed);
      return;
    }
    if (raw === null) {
      go(
        getAccessToken()
          ? paths.user.dashboard.getHref()
          : paths.login.getHref(),
      );
      return;
    }
    const started = takeGoogleSignInState();
    const payload = parseAuthSuccessData(raw);
    if (!payload || started === null || payload.state !== started) {
      failed();
      return;
    }
    signIn(payload);
  }, [code, dispatch, exchange, navigate, raw]);

  return <PageLoader label="Signing you in…" />;
}
