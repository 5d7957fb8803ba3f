/**
 * Account payloads of spec points 3, 5 and 7: one schema for the form and the
 * route. Messages are the spec's own texts (messages.ts, auth-messages.ts).
 */
import { z } from 'zod';

import { authMessages } from '../auth-messages.js';
import { OTP_LENGTH, PHONE_DIGITS } from '../constants.js';
import { messages } from '../messages.js';
import { TokenPairSchema } from './auth.js';
import { text } from './text.js';

const v = messages.validation;

/** Longer passwords are refused before hashing (security.md S08). */
export const PASSWORD_MAX_LENGTH = 1024;

const required = (label: string) => text().min(1, v.required(label));

/** An e-mail that looks like x@y.z, compared case-insensitively. */
export const EmailSchema = text()
  .min(1, v.required('Email'))
  .max(254, v.invalidEmail)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, v.invalidEmail)
  .transform((email) => email.toLowerCase());

/**
 * The spec's strength rule (decision 005): at least 8 characters with a
 * lowercase and an uppercase letter, a digit and one of @$!%*?&. Other
 * characters, spaces and Unicode are allowed; nothing is truncated.
 */
export function strongPassword(message: string = v.weakPassword) {
  // Not trimmed: spaces are part of a password (S08).
  return text({ trim: false })
    .min(1, v.required('Password'))
    .max(
      PASSWORD_MAX_LENGTH,
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    )
    .refine(
      (password) =>
        password.length >= 8 &&
        /[a-z]/.test(password) &&
        /[A-Z]/.test(password) &&
        /\d/.test(password) &&
        /[@$!%*?&]/.test(password),
      message,
    );
}

/**
 * The rule as the sign-up form shows it before anyone fails it (issue 11):
 * the spec's failure text does not name the special characters.
 */
export const PASSWORD_RULE_HINT =
  'At least 8 characters, with an uppercase letter, a lowercase letter, a number and one of these special characters: @ $ ! % * ? &';

/** Longest phone input looked at: enough for "+1 (555) 123-4567" and spaces. */
export const PHONE_INPUT_MAX_LENGTH = 32;

/**
 * A US phone number as people type it, reduced to its 10 digits (issue 11):
 * "555-123-4567", "(555) 123-4567", "555.123.4567", "555 123 4567" and a
 * leading "+1" or "1" all become "5551234567". Anything else (letters,
 * other country codes, too few or too many digits) is left as typed, so the
 * 10-digit rule refuses it.
 */
export function normalizePhoneNumber(value: string): string {
  const compact = value.replace(/[\s().-]/g, '');
  return compact.replace(/^\+?1(?=\d{10}$)/, '');
}

/** The spec's phone rule (exactly 10 digits) over a normalised number. */
export const PhoneNumberSchema = required('Phone Number')
  .max(PHONE_INPUT_MAX_LENGTH, v.phoneDigits)
  .transform(normalizePhoneNumber)
  .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), v.phoneDigits));

export const RESET_PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters and include 1 uppercase, 1 lowercase, 1 number and 1 special character (@$!%*?&).';

const optionalText = text()
  .max(100)
  .optional()
  .transform((value) => (value ? value : undefined));

/** POST /users/signup */
export const SignupRequestSchema = z.object({
  firstName: required('First Name').max(100),
  lastName: optionalText,
  email: EmailSchema,
  phoneNumber: PhoneNumberSchema,
  state: required('State').max(100),
  zipCode: optionalText,
  password: strongPassword(),
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

/** The sign-up form: the request plus confirmation and the terms box. */
export const SignupFormSchema = SignupRequestSchema.extend({
  confirmPassword: text({ trim: false }).min(1, v.required('Confirm Password')),
  acceptTerms: z.boolean().refine((accepted) => accepted, v.acceptTerms),
}).refine((form) => form.password === form.confirmPassword, {
  message: v.passwordsDoNotMatch,
  path: ['confirmPassword'],
});
export type SignupForm = z.input<typeof SignupFormSchema>;

export const SignupResponseSchema = z.object({
  message: z.string(),
  email: z.string(),
});
export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** POST /users/verify-email */
export const VerifyEmailRequestSchema = z.object({
  otp: text().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), v.otpLength),
  email: text().min(1, v.otpEmailMissing).pipe(EmailSchema),
  /**
   * The token of a household invitation link the sign-up started from
   * (issue 18): joined once the address is verified, if it is the invited
   * one and the browser is the one that signed up.
   */
  invitationToken: z.string().min(1).max(128).optional(),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** The answer to POST /users/verify-email. */
export const VerifyEmailResponseSchema = z.object({
  message: z.string(),
  /** Only with an `invitationToken`: whether the household was joined. */
  household: z.object({ joined: z.boolean(), message: z.string() }).optional(),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** POST /users/resend-otp and POST /users/forgot-password */
export const EmailRequestSchema = z.object({ email: EmailSchema });
export type EmailRequest = z.infer<typeof EmailRequestSchema>;

/** POST /users/reset-password */
export const ResetPasswordRequestSchema = z
  .object({
    email: EmailSchema,
    token: text().min(1, authMessages.reset.missingLink).max(512),
    newPassword: strongPassword(RESET_PASSWORD_RULE_MESSAGE),
    confirmPassword: text({ trim: false }).min(
      1,
      v.required('Confirm Password'),
    ),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    message: authMessages.reset.mismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** POST /users/refresh-token */
export const RefreshRequestSchema = z.object({
  refreshToken: text({ trim: false }).min(1).max(512),
});
export const RefreshResponseSchema = z.object({ data: TokenPairSchema });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

/** PATCH /users/edit-info: `password` is the new one. */
export const EditInfoRequestSchema = z.object({
  password: strongPassword(),
  currentPassword: text({ trim: false })
    .min(1, v.required('Current Password'))
    .max(PASSWORD_MAX_LENGTH),
});
export type EditInfoRequest = z.infer<typeof EditInfoRequestSchema>;

/**
 * The answer to a password change: the current session's fresh tokens, in
 * the refresh answer's `data` shape (security.md S26).
 */
export const EditInfoResponseSchema = z.object({
  message: z.string(),
  data: TokenPairSchema,
});
export type EditInfoResponse = z.infer<typeof EditInfoResponseSchema>;

/** The profile's password form: the spec shows only the match rule. */
export const UpdatePasswordFormSchema = z
  .object({
    currentPassword: text({ trim: false }).min(
      1,
      v.required('Current Password'),
    ),
    newPassword: text({ trim: false }).min(1, v.required('New Password')),
    repeatPassword: text({ trim: false }).min(1, v.required('Repeat Password')),
  })
  .refine((form) => form.newPassword === form.repeatPassword, {
    message: v.newPasswordMismatch,
    path: ['repeatPassword'],
  });
export type UpdatePasswordForm = z.infer<typeof UpdatePasswordFormSchema>;

/**
 * DELETE /users/me: re-authentication with the password, or for an account
 * without one (Google only) the typed e-mail address.
 */
export const DeleteAccountRequestSchema = z
  .object({
    password: text({ trim: false }).min(1).max(PASSWORD_MAX_LENGTH).optional(),
    email: text().max(254).optional(),
  })
  .refine((body) => body.password !== undefined || body.email !== undefined, {
    message: 'Confirm with your password, or type your e-mail address.',
    path: ['password'],
  });
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/** One browser session (spec: id, sessionToken, deviceInfo, lastActive); no token material. */
export const SessionSchema = z.object({
  id: z.string(),
  deviceInfo: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastActive: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SessionsResponseSchema = z.object({
  sessions: z.array(SessionSchema),
});
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** GET /auth/providers: which third-party sign-ins this deployment offers. */
export const AuthProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;
