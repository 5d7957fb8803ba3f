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

/** The 'Admin calls' texts of spec point 8 for user management. */
export const userManagementMessages = {
  fetchFailed: 'Failed to fetch users',
  roleFailed: 'Failed to update role',
  updateFailed: (error: string) => `Failed to update user: ${error}`,
  toggleFailed: (error: string) => `Failed to toggle user status: ${error}`,
  createFailed: (error: string) => `Failed to add user: ${error}`,
  resendFailed: (error: string) => `Failed to re-send the invitation: ${error}`,
} as const;

interface IssueLike {
  message: unknown;
  path?: unknown;
}

const isIssueLike = (value: unknown): value is IssueLike =>
  typeof value === 'object' && value !== null && 'message' in value;

function describeIssue(issue: IssueLike): string {
  const message = String(issue.message);
  const path = Array.isArray(issue.path)
    ? issue.path.join('.')
    : typeof issue.path === 'string'
      ? issue.path
      : '';
  return path ? `${path}: ${message}` : message;
}

/**
 * The `{error}` of spec point 8's admin texts: the error may be a string, a
 * list of items with message and path (joined), or an object.
 */
export function describeAdminError(error: unknown): string {
  if (typeof error === 'string') return error;
  if (Array.isArray(error)) {
    const parts = error.filter(isIssueLike).map(describeIssue);
    return parts.length > 0 ? parts.join(', ') : JSON.stringify(error);
  }
  if (isApiQueryError(error)) {
    // Field issues say more than the summary ('Validation failed').
    if (error.issues && error.issues.length > 0) {
      return describeAdminError(error.issues);
    }
    switch (error.status) {
      case 'FETCH_ERROR':
      case 'TIMEOUT_ERROR':
        return 'Network error. Please check your connection.';
      case 'INVALID_RESPONSE':
        return 'Unexpected answer from the server.';
      default:
        return error.error;
    }
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { error: inner, message } = error as {
      error?: unknown;
      message?: unknown;
    };
    if (inner !== undefined) return describeAdminError(inner);
    if (typeof message === 'string') return message;
    return JSON.stringify(error);
  }
  return String(error);
}

/** Role update (spec point 8): the server's error, else the fallback. */
export function roleUpdateErrorMessage(error: unknown): string {
  return isApiQueryError(error)
    ? serverTextOr(error, userManagementMessages.roleFailed)
    : userManagementMessages.roleFailed;
}
