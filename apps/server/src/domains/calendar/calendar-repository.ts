import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  calendarFeeds,
  type CalendarFeedRow,
} from '../../db/schema/calendar.js';

export function createCalendarRepository(db: Database) {
  return {
    /** Makes or replaces the user's feed (one per user). */
    async upsert(row: CalendarFeedRow): Promise<CalendarFeedRow> {
      const { userId, ...values } = row;
      const [saved] = await db
        .insert(calendarFeeds)
        .values(row)
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: values })
        .returning();
      if (!saved) throw new Error('calendar feed not written');
      void userId;
      return saved;
    },

    async findByUser(userId: string): Promise<CalendarFeedRow | null> {
      const [row] = await db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },

    async findByTokenHash(tokenHash: string): Promise<CalendarFeedRow | null> {
      const [row] = await db
        .select()
        .from(calendarFeeds)
        .where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    /** True when there was a feed to remove. */
    async remove(userId: string): Promise<boolean> {
      const removed = await db
        .delete(calendarFeeds)
        .where(eq(calendarFeeds.userId, userId))
        .returning({ userId: calendarFeeds.userId });
      return removed.length > 0;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
