import { createAction, type Dispatch } from '@reduxjs/toolkit';

import { clearTokens } from './auth-storage';
import { clearOfflineData } from './offline-storage';

/**
 * Dispatched on logout and when a session ends (failed refresh): every slice
 * returns to its initial state (spec point 4: the user state is empty again).
 */
export const sessionEnded = createAction('session/ended');

/**
 * Ends the session in this browser (security S47): the tokens leave
 * localStorage, every slice returns to its defaults and the store's listener
 * removes the persisted copy and the cached answers.
 */
export function endSession(dispatch: Dispatch): void {
  clearTokens();
  // The offline copies of the plan and list, and queued ticks (issue 18).
  void clearOfflineData();
  dispatch(sessionEnded());
}
