import { z } from 'zod';

/** The closed list of machine-readable error codes the API answers with. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  // Account flows: the client picks the spec's text by these.
  'OTP_INVALID',
  'OTP_EXPIRED',
  'CODE_BURNED',
  'ALREADY_VERIFIED',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DISABLED',
  'GOOGLE_ACCOUNT',
  // No password yet: dropped at verification (ADR 008) or an admin-added
  // account whose set-password link is unused.
  'PASSWORD_NOT_SET',
  'INVALID_GRANT',
  'INVALID_RESET_LINK',
  // A household invitation past its 72 hours (issue 18).
  'INVITATION_EXPIRED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ApiIssue = z.infer<typeof ApiIssueSchema>;

/** Every error the API sends: `{ error, code, issues? }` (architecture point 5). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  issues: z.array(ApiIssueSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** A readable text for any thrown value, for UI and logs. */
export function getErrorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  const parsed = ApiErrorSchema.safeParse(error);
  if (parsed.success) return parsed.data.error;
  return 'Unknown error';
}
