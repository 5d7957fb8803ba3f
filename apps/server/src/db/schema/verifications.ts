import {
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.js';

/**
 * One-time secrets mailed to a user (style guide: epic-stack's shape): the
 * e-mail OTP and the password-reset token. At most one per (target, type), so
 * a new one replaces the old; only a keyed hash of the secret is stored.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // signup_attempt: the secret of the browser that signed up (ADR 008).
    type: text('type', {
      enum: ['email_otp', 'password_reset', 'signup_attempt'],
    }).notNull(),
    /** The normalised e-mail address the secret was sent to. */
    target: text('target').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries against this secret. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('verifications_target_type_unique').on(table.target, table.type),
  ],
);

export type VerificationRow = typeof verifications.$inferSelect;
export type VerificationType = VerificationRow['type'];
