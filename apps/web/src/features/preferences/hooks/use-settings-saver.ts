import type { UserId } from '@platewise/shared';
import { useCallback, useRef } from 'react';

import { isApiQueryError, serverTextOr } from '../../../lib/api';
import { useSavePreferencesMutation } from '../preferences-api';
import { settingsMessages } from '../preferences-messages';
import { toSaveBody, type PreferenceSettings } from '../utils/settings';

/** Thrown when there is no user to save for (spec point 5). */
export class MissingUserError extends Error {
  constructor() {
    super('No user id');
    this.name = 'MissingUserError';
  }
}

/** True for an answer that means the session is gone. */
export function isUnauthorized(error: unknown): boolean {
  return isApiQueryError(error) && error.status === 401;
}

/**
 * The text of a failed save (spec point 8: "server message, else 'Failed to
 * save settings or fetch meal plan.'"). A 500 says nothing about the request
 * (the server never sends its internals), and a network failure has no
 * text; a 503 says the planner is busy, which the user can act on.
 */
export function saveErrorMessage(error: unknown): string {
  const fallback = settingsMessages.saveFailed;
  if (!isApiQueryError(error) || typeof error.status !== 'number') {
    return fallback;
  }
  return error.status === 500 ? fallback : serverTextOr(error, fallback);
}

/**
 * Saves the whole settings form with POST /preferences/save, as it is when
 * the save starts. Saves run one after another, so a quick series of chip
 * changes reaches the server in order and the last one wins.
 */
export function useSettingsSaver(
  userId: UserId | null,
  getSettings: () => PreferenceSettings,
) {
  const [save, { isLoading }] = useSavePreferencesMutation();
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const saveCurrent = useCallback(() => {
    const run = () => {
      if (userId === null) return Promise.reject(new MissingUserError());
      return save(toSaveBody(getSettings(), userId)).unwrap();
    };
    const next = queue.current.then(run, run);
    queue.current = next.catch(() => undefined);
    return next;
  }, [save, getSettings, userId]);

  return { saveCurrent, isSaving: isLoading };
}
