import { authMessages, messages } from '@platewise/shared';

import { isApiQueryError, serverTextOr } from '../../../lib/api';

/** The 'User login' text of spec point 8 for a failed login call. */
export function loginErrorMessage(error: unknown): string {
  const text = authMessages.userLogin;
  if (!isApiQueryError(error)) return text.network;
  if (error.code === 'GOOGLE_ACCOUNT')
    return messages.validation.loginWithGoogle;
  // No password yet (ADR 008, admin-added accounts): the server says how to
  // set one.
  if (error.code === 'PASSWORD_NOT_SET') {
    return serverTextOr(error, authMessages.userLogin.fallback);
  }
  switch (error.status) {
    case 400:
      return text[400];
    case 401:
      return text[401];
    case 403:
      return serverTextOr(error, text[403]);
    case 404:
      return text[404];
    case 500:
      return text[500];
    case 'INVALID_RESPONSE':
      return text.invalidStructure;
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return text.network;
    default:
      return serverTextOr(error, text.fallback);
  }
}
