import { authMessages } from '@platewise/shared';

import { isApiQueryError, serverTextOr } from '../../../lib/api';

/** The 'Admin login' texts of spec point 8. */
export function adminLoginErrorMessage(error: unknown): string {
  const text = authMessages.adminLogin;
  if (!isApiQueryError(error)) return text.network;
  switch (error.status) {
    case 400:
    case 401:
    case 403:
    case 404:
    case 500:
      return text[error.status];
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return text.network;
    default:
      return serverTextOr(error, text.fallback);
  }
}

/** The 'Admin profile' texts of spec point 8. */
export function adminProfileErrorMessage(error: unknown): string {
  const text = authMessages.adminProfile;
  if (!isApiQueryError(error)) return text.fallback;
  switch (error.status) {
    case 401:
    case 404:
    case 500:
      return text[error.status];
    case 'FETCH_ERROR':
    case 'TIMEOUT_ERROR':
      return text.network;
    default:
      return text.fallback;
  }
}
