/**
 * The admin area's API shapes (spec points 2, 3, 5, 7 and 8; issue 12):
 * user management, the audit log and the admin settings. One schema for the
 * dialog's `zodResolver`, the RTK endpoint and the server route.
 */
import { z } from 'zod';

import {
  ADD_USER_COUNTRIES,
  ADD_USER_DIETS,
  ADMIN_USER_PAGE_SIZE_DEFAULT,
  PHONE_DIGITS,
  ROLES,
} from '../constants.js';
import { messages } from '../messages.js';
import {
  EmailSchema,
  normalizePhoneNumber,
  PHONE_INPUT_MAX_LENGTH,
} from './account.js';
import { text, uuidId } from './text.js';

const v = messages.validation;

/** Texts of the admin API that the spec does not quote. */
export const adminMessages = {
  page: 'Page must be a whole number from 1.',
  limit: 'Limit must be a whole number from 1 to 100.',
  role: 'Role must be admin or user.',
  actor: 'Actor must be a user id or an e-mail address.',
  action: 'Action must be an event name such as user_modified.',
  emailTaken: 'Another account already uses this e-mail address.',
  selfDemote: 'You cannot change your own role.',
  selfDisable: 'You cannot disable your own account.',
  lastAdmin: 'This is the last active admin: make another user an admin first.',
  userNotFound: 'User not found.',
  userUpdated: 'User updated successfully',
  roleUpdated: 'Role updated successfully',
  userEnabled: 'User enabled successfully',
  userDisabled: 'User disabled successfully',
  userCreated:
    'User created. They will receive an e-mail with a link to set their password.',
  signupClosed:
    'Sign-up is closed at the moment. Please contact the administrator.',
  unknownWeight: (name: string) => `Unknown planner weight: ${name}.`,
  weightRange: 'Each planner weight must be a number from 0 to 100000.',
  testEmailSent: (to: string) => `Test e-mail sent to ${to}.`,
  testEmailFailed: (reason: string) => `The test e-mail failed: ${reason}`,
  testEmailTimeout: (seconds: number) =>
    `The SMTP server did not answer within ${seconds} seconds; the test e-mail may still arrive.`,
  invitationFailed:
    'User created, but the invitation e-mail could not be sent. They can use "Forgot password" on the login page.',
  invitationResent: (email: string) =>
    `Invitation sent to ${email}: the new link replaces the old one.`,
  invitationResendFailed:
    'The invitation e-mail could not be sent. Please try again later.',
  passwordAlreadySet:
    'This person has already chosen a password: they can use "Forgot password" on the login page.',
  mailNotConfigured:
    'No SMTP server is configured (SMTP_URL): mails are written to the server log.',
} as const;

/** The largest page the admin lists serve. */
export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_AUDIT_PAGE_SIZE_DEFAULT = 25;
/** Planner weights are finite numbers in this range (the defaults go up to 10,000). */
export const PLANNER_WEIGHT_MIN = 0;
export const PLANNER_WEIGHT_MAX = 100_000;

const page = z.coerce
  .number({ error: adminMessages.page })
  .int(adminMessages.page)
  .min(1, adminMessages.page)
  .max(1_000_000, adminMessages.page)
  .default(1);

const limit = (fallback: number) =>
  z.coerce
    .number({ error: adminMessages.limit })
    .int(adminMessages.limit)
    .min(1, adminMessages.limit)
    .max(ADMIN_PAGE_SIZE_MAX, adminMessages.limit)
    .default(fallback);

/** An optional text filter: trimmed, and empty means "no filter". */
const optionalFilter = (max: number) =>
  text()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const RoleSchema = z.enum(ROLES, { error: v.selectRole });

/**
 * GET /admin/users: one-based pages, a case-insensitive search on name and
 * e-mail, and a role filter (empty = all roles, as the spec's client sends).
 */
export const AdminUserListQuerySchema = z.object({
  page,
  limit: limit(ADMIN_USER_PAGE_SIZE_DEFAULT),
  search: optionalFilter(100),
  role: z
    .union([z.enum(ROLES), z.literal('')], { error: adminMessages.role })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AdminUserListQuery = z.output<typeof AdminUserListQuerySchema>;

/** A user in the admin list (spec point 3, "User (admin list)"). */
export const AdminUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  /** First and last name joined. */
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  /** Shown as Location. */
  state: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  /**
   * The account has no password yet (an admin added it and the invitation
   * is unused, or it signs in with Google only), so the list offers
   * "Re-send invitation".
   */
  invitationPending: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;

export const AdminUserIdParamsSchema = z.object({
  id: uuidId(adminMessages.userNotFound),
});

const requiredText = (label: string) =>
  text().min(1, v.required(label)).max(100);

/** Optional: empty clears the field; written like sign-up's, '(555) 123-4567' included. */
const optionalPhone = text()
  .max(PHONE_INPUT_MAX_LENGTH, v.phoneDigits)
  .transform(normalizePhoneNumber)
  .refine(
    (value) => value === '' || new RegExp(`^\\d{${PHONE_DIGITS}}$`).test(value),
    v.phoneDigits,
  )
  .nullish()
  .transform((value) => (value ? value : null));

const optionalLocation = text()
  .max(100)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * PATCH /admin/users/{id} (spec: firstName, lastName, email required;
 * phoneNumber and location optional; empty or absent clears them).
 */
export const UpdateUserSchema = z.object({
  firstName: requiredText('First Name'),
  lastName: requiredText('Last Name'),
  email: EmailSchema,
  phoneNumber: optionalPhone,
  state: optionalLocation,
});
export type UpdateUser = z.output<typeof UpdateUserSchema>;
export type UpdateUserInput = z.input<typeof UpdateUserSchema>;

/**
 * The answer of the three PATCH routes: the spec's `message`, plus the user
 * as it is now, so a table can update its row without a refetch.
 */
export const AdminUserChangeResponseSchema = z.object({
  message: z.string(),
  user: AdminUserSchema,
});
export type AdminUserChangeResponse = z.infer<
  typeof AdminUserChangeResponseSchema
>;

/** PATCH /admin/users/{id}/change-role: a role from the allowlist. */
export const ChangeRoleSchema = z.object({ role: RoleSchema });
export type ChangeRole = z.infer<typeof ChangeRoleSchema>;

/** PATCH /admin/users/{id}/toggle-status: the new value. */
export const ToggleStatusSchema = z.object({ isActive: z.boolean() });
export type ToggleStatus = z.infer<typeof ToggleStatusSchema>;

/**
 * POST /admin/users: the spec's Add User dialog. `name` is split into first
 * and last name on the first space (splitFullName); the country is stored
 * as the user's location.
 */
export const CreateUserSchema = z.object({
  name: requiredText('Name').max(201),
  email: EmailSchema,
  phoneNumber: optionalPhone,
  dietaryPreference: z.enum(ADD_USER_DIETS).nullish(),
  country: z.enum(ADD_USER_COUNTRIES).nullish(),
  role: RoleSchema,
});
export type CreateUser = z.output<typeof CreateUserSchema>;
export type CreateUserInput = z.input<typeof CreateUserSchema>;

/** "Ada King Lovelace" → { firstName: 'Ada', lastName: 'King Lovelace' }. */
export function splitFullName(name: string): {
  firstName: string;
  lastName: string | null;
} {
  const parts = name.trim().split(/\s+/);
  const [firstName = '', ...rest] = parts;
  return { firstName, lastName: rest.length > 0 ? rest.join(' ') : null };
}

/** POST /admin/users answer; `invitation` is what the mail server said. */
export const CreateUserResponseSchema = z.object({
  message: z.string(),
  user: AdminUserSchema,
  invitation: z.enum(['sent', 'pending', 'failed']),
});
export type CreateUserResponse = z.infer<typeof CreateUserResponseSchema>;

/** POST /admin/users/{id}/invitation answer. */
export const ResendInvitationResponseSchema = z.object({
  message: z.string(),
  invitation: z.enum(['sent', 'pending']),
});
export type ResendInvitationResponse = z.infer<
  typeof ResendInvitationResponseSchema
>;

/** The audit event names an admin action writes (the filter takes any name). */
export const ADMIN_AUDIT_ACTIONS = [
  'admin_user_created',
  'admin_user_updated',
  'admin_role_changed',
  'user_disabled',
  'user_enabled',
  'admin_settings_changed',
  'admin_test_email',
  'admin_invitation_resent',
  'recipe_created',
  'recipe_updated',
  'recipe_deleted',
] as const;

/** GET /admin/audit: newest first, filtered by actor (id or e-mail) and action. */
export const AuditListQuerySchema = z.object({
  page,
  limit: limit(ADMIN_AUDIT_PAGE_SIZE_DEFAULT),
  actor: text()
    .max(254)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) =>
        value === undefined ||
        z.uuid().safeParse(value).success ||
        /^[^\s@]+@[^\s@]+$/.test(value),
      adminMessages.actor,
    ),
  action: text()
    .max(64)
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || /^[a-z][a-z_]{0,63}$/.test(value),
      adminMessages.action,
    ),
});
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;

/** One audit event. `details` holds before/after of changed fields, never secrets. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  /** ISO-8601 UTC. */
  occurredAt: z.string(),
  action: z.string(),
  outcome: z.enum(['success', 'failure', 'denied']),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/**
 * Planner weight overrides by name. The names are the planner's
 * (DEFAULT_PLANNER_WEIGHTS); the server refuses unknown ones.
 */
export const PlannerWeightsSchema = z
  .record(
    z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/),
    z
      .number({ error: adminMessages.weightRange })
      .refine(Number.isFinite, adminMessages.weightRange)
      .min(PLANNER_WEIGHT_MIN, adminMessages.weightRange)
      .max(PLANNER_WEIGHT_MAX, adminMessages.weightRange),
  )
  .refine((weights) => Object.keys(weights).length <= 40, {
    message: 'Too many planner weights.',
  });
export type PlannerWeightOverrides = z.infer<typeof PlannerWeightsSchema>;

/** GET /admin/settings and the answer of every settings change. */
export const AdminSettingsSchema = z.object({
  /** When false, POST /users/signup and new Google sign-ups answer 403. */
  signupOpen: z.boolean(),
  /** The stored overrides only. */
  plannerWeights: z.record(z.string(), z.number()),
  /** The planner's defaults, for showing and resetting. */
  plannerWeightDefaults: z.record(z.string(), z.number()),
  /** Whether an SMTP server is configured (otherwise mails go to the log). */
  mailConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/**
 * PATCH /admin/settings: send only what changes. `plannerWeights` replaces the
 * stored overrides (values equal to the default are not stored).
 */
export const UpdateAdminSettingsSchema = z.object({
  signupOpen: z.boolean().optional(),
  plannerWeights: PlannerWeightsSchema.optional(),
});
export type UpdateAdminSettings = z.infer<typeof UpdateAdminSettingsSchema>;

/** POST /admin/settings/test-email answer: the SMTP outcome. */
export const TestEmailResponseSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
});
export type TestEmailResponse = z.infer<typeof TestEmailResponseSchema>;
