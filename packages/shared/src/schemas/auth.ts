import { z } from 'zod';

import { ROLES } from '../constants.js';
import { messages } from '../messages.js';
import { text } from './text.js';

/** A user id: the API may answer numbers or strings (uuids). */
export const UserIdSchema = z.union([z.string().min(1), z.number()]);
export type UserId = z.infer<typeof UserIdSchema>;

/**
 * The signed-in user's data kept in client state (spec point 3, slice `user`).
 * Unknown fields are kept: the client stores what the login answer holds.
 */
export const UserDataSchema = z.looseObject({
  id: UserIdSchema,
  firstName: z.string(),
  lastName: z.string().nullish(),
  email: z.string(),
  role: z.enum(ROLES).optional(),
});
export type UserData = z.infer<typeof UserDataSchema>;

export const TokenPairSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;

/** POST /users/login body. Both fields are required ('Please fill in all fields!'). */
export const LoginRequestSchema = z.object({
  email: text().min(1, messages.validation.fillAllFields),
  password: text({ trim: false }).min(1, messages.validation.fillAllFields),
  rememberMe: z.boolean(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** POST /users/login answer: the user with both tokens (architecture point 5). */
export const LoginResponseSchema = z.object({
  message: z.string().optional(),
  user: UserDataSchema.extend(TokenPairSchema.shape),
  /** True when this login linked a waiting Google identity (security.md S29). */
  googleLinked: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /admin/login body: both fields required and a valid e-mail. */
export const AdminLoginRequestSchema = z.object({
  email: text()
    .min(1, messages.validation.fillAllFields)
    .pipe(z.email(messages.validation.invalidEmail)),
  password: text({ trim: false }).min(1, messages.validation.fillAllFields),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

export const AdminSchema = z.looseObject({
  id: UserIdSchema.optional(),
  firstName: z.string(),
  email: z.string(),
  role: z.enum(ROLES).optional(),
});
export type Admin = z.infer<typeof AdminSchema>;

/**
 * POST /admin/login answer. `refreshToken` is our addition (the spec shows only
 * the access token), so the admin area can refresh like the user side.
 */
export const AdminLoginResponseSchema = z.object({
  admin: AdminSchema.extend({
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1).optional(),
  }),
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

/** GET /admin/me answer. */
export const AdminMeResponseSchema = z.object({ admin: AdminSchema });
export type AdminMeResponse = z.infer<typeof AdminMeResponseSchema>;

/** GET /users/me answer. */
export const CurrentUserResponseSchema = z.object({ user: UserDataSchema });
export type CurrentUserResponse = z.infer<typeof CurrentUserResponseSchema>;

/**
 * What /auth/success stores after a Google sign-in (spec point 2): both
 * tokens and the user. The server answers it to POST /auth/google/exchange;
 * the spec's `data` query parameter in this shape is read only with the
 * `state` this browser's own sign-in started with (issue 16 point 1).
 */
export const AuthSuccessPayloadSchema = TokenPairSchema.extend({
  userData: UserDataSchema,
  state: z.string().optional(),
});

/** POST /auth/google/exchange: the one-time code of /auth/success. */
export const GoogleExchangeRequestSchema = z.object({
  code: z.string().regex(/^[\w-]{16,128}$/, 'Invalid sign-in code'),
  /**
   * The token of a household invitation link the sign-in started from
   * (issue 18): a Google sign-up joins that household.
   */
  invitationToken: z.string().min(1).max(128).optional(),
});
export type GoogleExchangeRequest = z.infer<typeof GoogleExchangeRequestSchema>;
export type AuthSuccessPayload = z.infer<typeof AuthSuccessPayloadSchema>;

/** The answer to POST /auth/google/exchange. */
export const GoogleExchangeResponseSchema = AuthSuccessPayloadSchema.extend({
  /**
   * Only with an `invitationToken`, for a sign-in that made the account:
   * whether the household was joined, and why not.
   */
  household: z.object({ joined: z.boolean(), message: z.string() }).optional(),
});
export type GoogleExchangeResponse = z.infer<
  typeof GoogleExchangeResponseSchema
>;
