/**
 * The current time, injected into services (style guide: services take a
 * `clock`), so tests can step over lifetimes without sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Whole seconds from `from` until `until`, at least 1 (a Retry-After value). */
export function secondsUntil(until: Date, from: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - from.getTime()) / 1000));
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
