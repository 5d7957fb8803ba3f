import { authMessages, messages } from '@platewise/shared';

import { AppError } from '../../errors.js';

/**
 * The account flows' typed errors. Texts are the spec's (point 8) where it
 * has one, otherwise ours; the `code` is what the web app switches on.
 */

export const accountTexts = {
  loginSuccess: 'Login successful',
  emailTaken:
    'An account with this email already exists. Please log in, or verify your email if you have not yet.',
  otpInvalid: 'Invalid OTP. Please check the code and try again.',
  otpBurned: 'Too many wrong codes. Please request a new code.',
  alreadyVerified: 'Email is already verified. Please log in.',
  verifiedSetPassword: authMessages.verify.setPasswordMailed,
  emailNotVerified:
    'Please verify your email before logging in. We can send you a new code.',
  accountDisabled: authMessages.reset[403],
  sessionExpired: 'Your session has expired. Please log in again.',
  loginRequired: 'Please log in to continue.',
  adminRequired: authMessages.adminLogin[403],
  currentPasswordIncorrect: 'Current password is incorrect.',
  samePassword: 'Your new password must be different from the current one.',
  passwordIncorrect: 'Password is incorrect.',
  emailMismatch: 'The email address does not match this account.',
  passwordNotSet:
    'Please set your password with the link we e-mailed you, or use Forgot password.',
  googleNoPassword:
    "This account signs in with Google and has no password yet. Use 'Forgot password' to add one.",
  lockedOut:
    'Too many failed attempts. Your account is locked for a while; please try again later or reset your password.',
  resendCooldown: 'Please wait before requesting another code.',
  tooManyAttempts:
    'Too many attempts. Please wait a few minutes and try again.',
  mailUnavailable:
    'We could not send the email right now. Please try again in a few minutes.',
  lastAdmin:
    'You are the only administrator. Make someone else an administrator first.',
  resetSuccess:
    'Password reset successfully! Please log in with your new password.',
  accountDeleted: 'Your account has been deleted.',
} as const;

export class EmailTakenError extends AppError {
  constructor() {
    super(409, 'CONFLICT', accountTexts.emailTaken);
  }
}

export class OtpInvalidError extends AppError {
  constructor() {
    super(400, 'OTP_INVALID', accountTexts.otpInvalid);
  }
}

export class OtpExpiredError extends AppError {
  constructor() {
    super(400, 'OTP_EXPIRED', authMessages.verify.expired);
  }
}

/** S03: after the last wrong try even the right code fails until a resend. */
export class CodeBurnedError extends AppError {
  constructor() {
    super(429, 'CODE_BURNED', accountTexts.otpBurned);
  }
}

export class AlreadyVerifiedError extends AppError {
  constructor() {
    super(400, 'ALREADY_VERIFIED', accountTexts.alreadyVerified);
  }
}

export class EmailNotVerifiedError extends AppError {
  constructor() {
    super(403, 'EMAIL_NOT_VERIFIED', accountTexts.emailNotVerified);
  }
}

/** 403 at login and reset; 401 from the guard and refresh (the token is dead). */
export class AccountDisabledError extends AppError {
  constructor(statusCode: 401 | 403 = 403) {
    super(statusCode, 'ACCOUNT_DISABLED', accountTexts.accountDisabled);
  }
}

export class GoogleAccountError extends AppError {
  constructor(message: string = messages.validation.loginWithGoogle) {
    super(403, 'GOOGLE_ACCOUNT', message);
  }
}

/**
 * Login to an account that has no password and no Google sign-in: its
 * password was dropped at verification (ADR 008) or an admin added it and
 * the set-password link is unused.
 */
export class PasswordNotSetError extends AppError {
  constructor() {
    super(403, 'PASSWORD_NOT_SET', accountTexts.passwordNotSet);
  }
}

export class InvalidResetLinkError extends AppError {
  constructor() {
    super(400, 'INVALID_RESET_LINK', authMessages.reset.invalidLink);
  }
}

/** A refresh token that is unknown, expired, revoked or replayed (S20). */
export class InvalidGrantError extends AppError {
  constructor() {
    super(401, 'INVALID_GRANT', accountTexts.sessionExpired);
  }
}
