import { z } from 'zod';

import { MAX_SERVING_SIZE, MIN_SERVING_SIZE } from '../constants.js';
import { EmailSchema } from './account.js';
import { text, uuidId } from './text.js';

/**
 * Households (issue 18): members share one plan and one shopping list.
 * `GET /household`, `PATCH /household`, `POST /household/invitations`,
 * `DELETE /household/invitations/{email}`, `POST /household/join`,
 * `DELETE /household/members/{userId}`, `POST /household/owner`.
 */

/** A household invitation link lives this long (like admin invitations). */
export const HOUSEHOLD_INVITATION_TTL_HOURS = 72;

export const householdMessages = {
  ownerOnly: 'Only the owner of the household can do this.',
  notMember: 'That person is not a member of your household.',
  alreadyMember: 'That person is already in your household.',
  alreadyInHousehold: 'You are already a member of this household.',
  alone: 'You are not sharing a household with anyone.',
  lastOwner:
    'You own this household: make another member the owner before you leave.',
  ownerOfOther:
    'You own a household with other members: make one of them the owner, or remove them, before you join another.',
  invitationInvalid: 'This invitation link is not valid. Ask for a new one.',
  invitationUsed: 'This invitation was already used. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}. Log in with that address to accept it.`,
  invitationSent: (email: string) => `Invitation sent to ${email}.`,
  invitationCancelled: (email: string) =>
    `The invitation to ${email} was cancelled: its link no longer works.`,
  noInvitation: 'There is no open invitation for that address.',
  invitationPending: (email: string) =>
    `The invitation to ${email} is on its way; the mail server has not confirmed it yet.`,
  invitationFailed: (email: string) =>
    `The invitation to ${email} could not be sent. Please try again later.`,
  alreadyOwner: 'That member is already the owner.',
  tooManyInvitations:
    'You have sent many invitations in a short time. Please wait before sending more.',
  tooManyInvitationsToAddress:
    'That address was invited several times in a short time. Please wait before sending again.',
  signupJoinOtherBrowser:
    'The invitation was not accepted: the code was entered in another browser than the one that signed up. Log in and open the invitation link again to join.',
  joined: 'Welcome to the household: you now share its plan and list.',
  servingSize: `Serving size must be a whole number from ${MIN_SERVING_SIZE} to ${MAX_SERVING_SIZE}, or empty for one per member.`,
  userId: 'userId must be a user id.',
  token: 'token is the code from the invitation link.',
} as const;

export const HouseholdRoleSchema = z.enum(['owner', 'member']);
export type HouseholdRole = z.infer<typeof HouseholdRoleSchema>;

export const HouseholdMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: HouseholdRoleSchema,
  joinedAt: z.string(),
});
export type HouseholdMember = z.infer<typeof HouseholdMemberSchema>;

/** How long an expired, unused invitation stays listed to be sent again. */
export const HOUSEHOLD_EXPIRED_INVITATION_LISTED_DAYS = 7;

export const HouseholdInvitationSchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  /**
   * The link ran out unused: listed for a while so the owner can send it
   * again (HOUSEHOLD_EXPIRED_INVITATION_LISTED_DAYS). Absent means false.
   */
  expired: z.boolean().optional(),
});
export type HouseholdInvitation = z.infer<typeof HouseholdInvitationSchema>;

export const HouseholdSchema = z.object({
  id: z.string(),
  /** The caller's role. */
  role: HouseholdRoleSchema,
  members: z.array(HouseholdMemberSchema),
  /** Open invitations (the owner sees them; others get an empty list). */
  invitations: z.array(HouseholdInvitationSchema),
  /** The serving size the planner uses: the override, else one per member. */
  servingSize: z.number().int(),
  /** True when servingSize was set by hand rather than counted. */
  servingSizeSet: z.boolean(),
  /** The member whose id keys the shared plan (send it as `user_id`). */
  planUserId: z.string(),
});
export type Household = z.infer<typeof HouseholdSchema>;

export const HouseholdInviteSchema = z.object({ email: EmailSchema });
export type HouseholdInvite = z.infer<typeof HouseholdInviteSchema>;

export const HouseholdInviteResponseSchema = z.object({
  message: z.string(),
  invitation: HouseholdInvitationSchema,
  delivery: z.enum(['sent', 'pending', 'failed']),
});
export type HouseholdInviteResponse = z.infer<
  typeof HouseholdInviteResponseSchema
>;

/** DELETE /household/invitations/{email}: the invited address. */
export const HouseholdInvitationParamsSchema = z.object({ email: EmailSchema });

export const HouseholdJoinSchema = z.object({
  token: text({ typeError: householdMessages.token })
    .min(1, householdMessages.token)
    .max(128, householdMessages.token),
});
export type HouseholdJoin = z.infer<typeof HouseholdJoinSchema>;

export const HouseholdOwnerSchema = z.object({
  userId: uuidId(householdMessages.userId),
});
export type HouseholdOwner = z.infer<typeof HouseholdOwnerSchema>;

export const HouseholdMemberParamsSchema = z.object({
  userId: uuidId(householdMessages.userId),
});

export const HouseholdSettingsSchema = z.object({
  servingSize: z
    .number({ error: householdMessages.servingSize })
    .int(householdMessages.servingSize)
    .min(MIN_SERVING_SIZE, householdMessages.servingSize)
    .max(MAX_SERVING_SIZE, householdMessages.servingSize)
    .nullable(),
});
export type HouseholdSettings = z.infer<typeof HouseholdSettingsSchema>;

/** The web app's page that accepts an invitation (`?token=`). */
export const HOUSEHOLD_JOIN_PATH = '/household/join';
