import {
  USER_TOAST_MS,
  type Preferences,
  type UserId,
} from '@platewise/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { isApiQueryError } from '../../../lib/api';
import { notify } from '../../../lib/notifications';
import { paths } from '../../../lib/paths';
import { useThunkDispatch } from '../../../lib/redux-hooks';
import { preferencesApi } from '../preferences-api';
import { settingsMessages } from '../preferences-messages';
import {
  DEFAULT_SETTINGS,
  fromServer,
  type PreferenceSettings,
} from '../utils/settings';
import { isUnauthorized } from './use-settings-saver';

export type LoadState = 'loading' | 'ready' | 'failed';

/** Sends a signed-out visitor to /login with the spec's text (point 8). */
export function useLoginRedirect() {
  const navigate = useNavigate();
  return () => {
    notify(settingsMessages.loginRequired, {
      severity: 'warning',
      durationMs: USER_TOAST_MS,
    });
    void navigate(paths.login.getHref(), { replace: true });
  };
}

/**
 * Entering the settings page loads the saved settings from the server, once
 * per visit, and hands them to the form (`onLoaded`): later saves update the
 * cached copy, never the fields the user is editing. A 404 means nothing was
 * saved yet: the spec's defaults, silently. The stored plan is the
 * meal-plans feature's: the route reads it.
 */
export function useSavedSettings(
  userId: UserId | null,
  onLoaded: (settings: PreferenceSettings) => void,
): {
  loadState: LoadState;
  retry: () => void;
  saved: Preferences | undefined;
} {
  const dispatch = useThunkDispatch();
  const toLogin = useLoginRedirect();
  const id = userId === null ? null : String(userId);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const loaded = useRef(onLoaded);
  useEffect(() => {
    loaded.current = onLoaded;
  });

  useEffect(() => {
    if (id === null) return;
    let active = true;
    const request = dispatch(
      preferencesApi.endpoints.getPreferences.initiate(id, {
        forceRefetch: true,
      }),
    );
    request
      .unwrap()
      .then((saved) => {
        if (!active) return;
        loaded.current(fromServer(saved));
        setLoadState('ready');
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (isApiQueryError(error) && error.status === 404) {
          loaded.current(DEFAULT_SETTINGS);
          setLoadState('ready');
        } else if (isUnauthorized(error)) {
          toLogin();
        } else {
          notify(settingsMessages.loadFailed, {
            severity: 'error',
            durationMs: USER_TOAST_MS,
          });
          setLoadState('failed');
        }
      });
    return () => {
      active = false;
      request.unsubscribe();
    };
    // toLogin is a new function each render; the load runs per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, id, attempt]);

  const { data: saved } = preferencesApi.endpoints.getPreferences.useQueryState(
    id ?? skipToken,
  );
  return {
    loadState: id === null ? 'ready' : loadState,
    retry: () => {
      setLoadState('loading');
      setAttempt((count) => count + 1);
    },
    saved,
  };
}
