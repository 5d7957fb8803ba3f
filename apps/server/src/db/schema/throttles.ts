import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-address counters that must hold across processes and restarts: login
 * lockout, OTP resend cooldown and hourly caps, reset mails per hour. The key
 * is a hash of purpose and e-mail, so unknown addresses are counted the same
 * way (security.md S06, S11) and no address is stored here.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', {
      withTimezone: true,
    }).notNull(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** After this the row holds nothing that matters and may be pruned. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('throttles_expires_at_idx').on(table.expiresAt)],
);

export type ThrottleRow = typeof throttles.$inferSelect;
