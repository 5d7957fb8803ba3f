import { z } from 'zod';

/**
 * The calendar feed (issue 18): `POST /calendar/token` makes a secret
 * address that a calendar app subscribes to, `GET /calendar/token` says
 * whether one is active, `DELETE /calendar/token` revokes it. The feed
 * itself is `GET /calendar/<token>.ics` (RFC 5545).
 */

export const calendarMessages = {
  time: 'Times are written HH:MM on a 24-hour clock, e.g. 19:00.',
  timeZone: 'Time zone must be an IANA name such as Europe/Berlin.',
  notFound: 'This calendar link does not exist or was revoked.',
} as const;

/** Default times of the meals in the feed, local to the subscriber. */
export const CALENDAR_DEFAULT_TIMES = {
  breakfast: '08:00',
  lunch: '12:30',
  dinner: '19:00',
} as const;

const TimeSchema = z
  .string({ error: calendarMessages.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, calendarMessages.time);

/** Whether the runtime knows the zone (Intl throws on an unknown one). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const CalendarTokenBodySchema = z.object({
  breakfast: TimeSchema.default(CALENDAR_DEFAULT_TIMES.breakfast),
  lunch: TimeSchema.default(CALENDAR_DEFAULT_TIMES.lunch),
  dinner: TimeSchema.default(CALENDAR_DEFAULT_TIMES.dinner),
  /** The subscriber's zone: it decides which dates are "this week". */
  timeZone: z
    .string({ error: calendarMessages.timeZone })
    .max(64, calendarMessages.timeZone)
    .refine(isTimeZone, calendarMessages.timeZone)
    .default('UTC'),
});
export type CalendarTokenBody = z.infer<typeof CalendarTokenBodySchema>;
export type CalendarTokenInput = z.input<typeof CalendarTokenBodySchema>;

const CalendarTimesSchema = z.object({
  breakfast: z.string(),
  lunch: z.string(),
  dinner: z.string(),
  timeZone: z.string(),
});

/** The address is shown once, when it is made: only its hash is kept. */
export const CalendarTokenResponseSchema = CalendarTimesSchema.extend({
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarTokenResponse = z.infer<typeof CalendarTokenResponseSchema>;

export const CalendarStatusSchema = z.object({
  feed: CalendarTimesSchema.extend({ createdAt: z.string() }).nullable(),
});
export type CalendarStatus = z.infer<typeof CalendarStatusSchema>;

export const CalendarFeedParamsSchema = z.object({
  file: z.string().max(100),
});
