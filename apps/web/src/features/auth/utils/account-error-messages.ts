/**
 * The texts of spec point 8 for sign-up, verification, resend, forgot and
 * reset, picked by the failed call's status and code.
 */
import { authMessages, type ApiIssue } from '@platewise/shared';

import { isApiQueryError, serverTextOr } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/** What a screen does with a failed call: show `text`, maybe then go on. */
export interface ErrorOutcome {
  text: string;
  /** Where to go after saying so (spec: "then go to …"). */
  redirectTo?: string;
}

export function signupErrorMessage(error: unknown): string {
  const fallback = authMessages.signup.fallback;
  if (!isApiQueryError(error)) return fallback;
  if (typeof error.status !== 'number') return fallback;
  if (error.status >= 500) return fallback;
  return serverTextOr(error, fallback);
}

/** The issues of a 400 answer, for the form to put under its fields. */
export function errorIssues(error: unknown): ApiIssue[] {
  return isApiQueryError(error) && error.status === 400
    ? (error.issues ?? [])
    : [];
}

export function verifyErrorOutcome(error: unknown): ErrorOutcome & {
  /** The code can no longer be used: resend becomes available. */
  codeUsedUp?: boolean;
} {
  const text = authMessages.verify;
  if (!isApiQueryError(error)) return { text: text.fallback };
  switch (error.code) {
    case 'OTP_EXPIRED':
      return { text: text.expired, codeUsedUp: true };
    case 'CODE_BURNED':
      return { text: serverTextOr(error, text.fallback), codeUsedUp: true };
    case 'ALREADY_VERIFIED':
      return {
        text: authMessages.resend.alreadyVerified,
        redirectTo: paths.login.getHref(),
      };
    default:
      break;
  }
  if (typeof error.status !== 'number' || error.status >= 500) {
    return { text: text.fallback };
  }
  return { text: serverTextOr(error, text.fallback) };
}

export function resendErrorOutcome(error: unknown): ErrorOutcome {
  const text = authMessages.resend;
  if (!isApiQueryError(error)) return { text: text.fallback };
  if (error.status === 404) {
    return { text: text[404], redirectTo: paths.signup.getHref() };
  }
  if (
    error.code === 'ALREADY_VERIFIED' ||
    (error.status === 400 && /already verified/i.test(error.error))
  ) {
    return { text: text.alreadyVerified, redirectTo: paths.login.getHref() };
  }
  switch (error.status) {
    case 'TIMEOUT_ERROR':
      return { text: text.timeout };
    case 'FETCH_ERROR':
      return { text: text.unreachable };
    case 429:
      // The cooldown's own words ("try again in …") help more than ours.
      return { text: serverTextOr(error, text.fallback) };
    default:
      return { text: text.fallback };
  }
}

export function forgotErrorMessage(error: unknown): string {
  const text = authMessages.forgot;
  if (isApiQueryError(error) && error.status === 404) return text[404];
  if (isApiQueryError(error) && error.status === 429) {
    return serverTextOr(error, text.fallback);
  }
  return text.fallback;
}

const linkFields = new Set(['email', 'token']);

export function resetErrorOutcome(
  error: unknown,
): ErrorOutcome & { field?: 'newPassword' | 'confirmPassword' } {
  const text = authMessages.reset;
  if (!isApiQueryError(error)) return { text: text.fallback };
  switch (error.status) {
    case 400: {
      const issues = error.issues ?? [];
      const fields = issues.map((issue) => issue.path.split('.').at(-1));
      if (
        error.code === 'INVALID_RESET_LINK' ||
        fields.some((field) => field !== undefined && linkFields.has(field))
      ) {
        return {
          text: text.invalidLink,
          redirectTo: paths.forgotPasswordAlias.getHref(),
        };
      }
      if (fields.includes('confirmPassword') || /match/i.test(error.error)) {
        return { text: text.mismatch, field: 'confirmPassword' };
      }
      const passwordIssue = issues.find(
        (issue) => issue.path.split('.').at(-1) === 'newPassword',
      );
      if (passwordIssue) {
        return { text: passwordIssue.message, field: 'newPassword' };
      }
      return { text: text.fallback };
    }
    case 403:
      return { text: text[403] };
    case 404:
      return { text: text[404], redirectTo: paths.signup.getHref() };
    default:
      return { text: text.fallback };
  }
}
