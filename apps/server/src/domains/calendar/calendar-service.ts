import { createHash, randomBytes } from 'node:crypto';

import {
  calendarMessages,
  DAYS,
  MEAL_SLOTS,
  type CalendarStatus,
  type CalendarTokenBody,
  type CalendarTokenResponse,
  type MealPlan,
} from '@platewise/shared';
import ical, { ICalCalendarMethod } from 'ical-generator';

import type { Clock } from '../../clock.js';
import { NotFoundError } from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import type { AuditLog } from '../audit/audit-service.js';
import type { CalendarRepository } from './calendar-repository.js';

/** How long a meal lasts in the calendar when its recipe has no time. */
const DEFAULT_MEAL_MINUTES = 30;
/** Longest event, so a mistyped cooking time does not fill a day. */
const MAX_MEAL_MINUTES = 240;
/** Calendar apps poll; this asks them to do it every few hours. */
const REFRESH_HOURS = 4;

const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** The calendar date (Y, M, D) of `instant` in `timeZone`. */
function localDate(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).formatToParts(instant);
  const part = (type: string) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    weekday: weekdays.indexOf(part('weekday')),
  };
}

export interface CalendarServiceDeps {
  repo: CalendarRepository;
  /** The plan a user sees (their household's), or null without one. */
  currentPlan: (userId: string) => Promise<MealPlan | null>;
  audit: AuditLog;
  clock: Clock;
  /** The address users reach, for the feed URL and the recipe links. */
  publicUrl: string;
}

/**
 * The week in the calendar (issue 18): a secret feed address per user that
 * serves the current plan as iCalendar, one event per meal. The meals sit on
 * the dates of the current week (Monday first) in the subscriber's zone, at
 * floating local times, so "dinner at 19:00" stays 19:00 wherever the phone
 * is. ical-generator does the RFC 5545 folding and escaping.
 */
export function createCalendarService(deps: CalendarServiceDeps) {
  const { repo, currentPlan, audit, clock } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');

  function times(row: {
    breakfastTime: string;
    lunchTime: string;
    dinnerTime: string;
    timeZone: string;
  }) {
    return {
      breakfast: row.breakfastTime,
      lunch: row.lunchTime,
      dinner: row.dinnerTime,
      timeZone: row.timeZone,
    };
  }

  return {
    async create(
      userId: string,
      body: CalendarTokenBody,
      context: RequestContext,
    ): Promise<CalendarTokenResponse> {
      const token = randomBytes(32).toString('base64url');
      const row = await repo.upsert({
        userId,
        tokenHash: sha256(token),
        breakfastTime: body.breakfast,
        lunchTime: body.lunch,
        dinnerTime: body.dinner,
        timeZone: body.timeZone,
        createdAt: clock.now(),
      });
      await audit.record(context, {
        type: 'calendar_feed_created',
        outcome: 'success',
        actorId: userId,
        target: userId,
      });
      return {
        url: `${base}/api/calendar/${token}.ics`,
        ...times(row),
        createdAt: row.createdAt.toISOString(),
      };
    },

    async status(userId: string): Promise<CalendarStatus> {
      const row = await repo.findByUser(userId);
      return {
        feed: row
          ? { ...times(row), createdAt: row.createdAt.toISOString() }
          : null,
      };
    },

    async revoke(userId: string, context: RequestContext): Promise<void> {
      if (await repo.remove(userId)) {
        await audit.record(context, {
          type: 'calendar_feed_revoked',
          outcome: 'success',
          actorId: userId,
          target: userId,
        });
      }
    },

    /** The feed behind `<token>.ics`; 404 for an unknown or revoked token. */
    async feed(file: string): Promise<string> {
      const token = FEED_FILE.exec(file)?.[1];
      const row = token ? await repo.findByTokenHash(sha256(token)) : null;
      if (!row) throw new NotFoundError(calendarMessages.notFound);
      const plan = await currentPlan(row.userId);

      const calendar = ical({
        name: 'Platewise meal plan',
        prodId: { company: 'Platewise', product: 'meal-plan', language: 'EN' },
        method: ICalCalendarMethod.PUBLISH,
        ttl: REFRESH_HOURS * 3600,
      });
      if (!plan) return calendar.toString();

      const today = localDate(clock.now(), row.timeZone);
      // Monday of this week, as a UTC date used only for its Y-M-D.
      const monday = new Date(
        Date.UTC(today.year, today.month - 1, today.day - today.weekday),
      );
      const at = { ...times(row) };
      for (const entry of plan.meals) {
        const dayIndex = DAYS.indexOf(entry.day);
        for (const slot of MEAL_SLOTS) {
          const meal = entry[slot];
          if (!meal) continue;
          const [hours = 0, minutes = 0] = at[slot].split(':').map(Number);
          // Floating times: the Y-M-D h:m as written, in no zone.
          const start = new Date(
            Date.UTC(
              monday.getUTCFullYear(),
              monday.getUTCMonth(),
              monday.getUTCDate() + dayIndex,
              hours,
              minutes,
            ),
          );
          const length = Math.min(
            MAX_MEAL_MINUTES,
            meal.total_cooking_time ?? DEFAULT_MEAL_MINUTES,
          );
          const link = `${base}/user/dashboard?${new URLSearchParams({ q: meal.name }).toString()}`;
          const date = start.toISOString().slice(0, 10);
          calendar.createEvent({
            id: `${date}-${slot}-${meal.id}@platewise`,
            start,
            end: new Date(start.getTime() + length * 60_000),
            floating: true,
            stamp: new Date(plan.updated_at),
            summary: `${slot[0]?.toUpperCase() ?? ''}${slot.slice(1)}: ${meal.name}`,
            description: [
              meal.total_cooking_time === null
                ? null
                : `Cooking time: ${meal.total_cooking_time} min`,
              `Serves ${meal.serving_size}`,
              link,
            ]
              .filter((line) => line !== null)
              .join('\n'),
            url: link,
          });
        }
      }
      return calendar.toString();
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
