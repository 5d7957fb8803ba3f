import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { users } from './users.js';

/**
 * A user's calendar feed (issue 18): one secret address per user. Only the
 * SHA-256 of the token is kept, so the address is shown once, when made;
 * making a new one replaces the old. Times are HH:MM, local to the
 * subscriber (floating times in the feed); the zone decides which dates are
 * "this week".
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  breakfastTime: text('breakfast_time').notNull(),
  lunchTime: text('lunch_time').notNull(),
  dinnerTime: text('dinner_time').notNull(),
  timeZone: text('time_zone').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
