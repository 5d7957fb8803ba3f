import { USER_TOAST_MS } from '@platewise/shared';
import { useState } from 'react';

import { notify, type NotificationSeverity } from '../../../lib/notifications';
import { useAdminSessionExpiry } from '../hooks/use-admin-session-expiry';
import { describeAdminError } from '../utils/admin-messages';

export interface DialogSubmitOptions {
  /** Sends the change; resolves to the success toast's text. */
  run: () => Promise<
    string | { message: string; severity: NotificationSeverity }
  >;
  /** The failure's text, from the server's reason. */
  failure: (reason: string) => string;
  /** Whether the failure is toasted as well as shown in the dialog. */
  toastFailure?: boolean;
  /** Runs on a failure other than an expired session (field errors). */
  onFailure?: (error: unknown) => void;
}

/**
 * The submit of an admin dialog: a success is toasted and closes the
 * dialog; a 401 ends the session; any other failure stays in the dialog
 * (with what was typed) as `serverError`.
 */
export function useDialogSubmit(onClose: () => void) {
  const sessionExpired = useAdminSessionExpiry();
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async ({
    run,
    failure,
    toastFailure = true,
    onFailure,
  }: DialogSubmitOptions) => {
    setServerError(null);
    try {
      const result = await run();
      const { message, severity } =
        typeof result === 'string'
          ? { message: result, severity: 'success' as const }
          : result;
      notify(message, { severity, durationMs: USER_TOAST_MS });
      onClose();
    } catch (error) {
      if (sessionExpired(error)) return;
      onFailure?.(error);
      const text = failure(describeAdminError(error));
      setServerError(text);
      if (toastFailure) {
        notify(text, { severity: 'error', durationMs: USER_TOAST_MS });
      }
    }
  };

  return { serverError, submit };
}
