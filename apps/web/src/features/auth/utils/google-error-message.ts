import { adminMessages } from '@platewise/shared';

/**
 * Texts for /login?error=…, where a Google sign-in that could not finish
 * sends the browser (apps/server/src/domains/google). Unknown reasons show
 * nothing.
 */
const GOOGLE_ERRORS: Record<string, string> = {
  'google-cancelled': 'Google sign-in was cancelled. Please try again.',
  'google-link':
    'An account with this e-mail already exists. Log in with your password to link your Google account to it.',
  'google-taken':
    'Another Google account already uses this e-mail address. Sign in with that one.',
  'google-unverified':
    'Your Google e-mail address is not verified, so it cannot be used to sign in.',
  'google-disabled': 'Your account is disabled. Contact support.',
  // An admin closed sign-up (issue 12): the same text as a closed sign-up form.
  'signup-closed': adminMessages.signupClosed,
};

export function googleErrorMessage(reason: string | null): string | null {
  return reason !== null && Object.hasOwn(GOOGLE_ERRORS, reason)
    ? (GOOGLE_ERRORS[reason] ?? null)
    : null;
}
