import { OFFLINE_TICKS_PREFIX } from '../../../lib/offline-storage';

/**
 * Ticks made while offline (issue 18), kept in localStorage per user until
 * the network returns: per key the latest change and when it was made, and
 * the plan version they were made on (a newer plan's list is another list).
 */
export interface OfflineTicks {
  version: number;
  changes: Record<string, { ticked: boolean; at: string }>;
}

const keyOf = (userId: string) => `${OFFLINE_TICKS_PREFIX}${userId}`;

export function readOfflineTicks(userId: string): OfflineTicks | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as OfflineTicks;
    return typeof parsed.version === 'number' &&
      typeof parsed.changes === 'object'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function queueOfflineTick(
  userId: string,
  version: number,
  key: string,
  ticked: boolean,
  at: Date = new Date(),
): void {
  const current = readOfflineTicks(userId);
  const next: OfflineTicks =
    current && current.version === version ? current : { version, changes: {} };
  next.changes[key] = { ticked, at: at.toISOString() };
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
  } catch {
    // Storage full or blocked: the tick shows, but will not be sent.
  }
}

export function clearOfflineTicks(userId: string): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to clear.
  }
}

export function writeOfflineTicks(userId: string, ticks: OfflineTicks): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(ticks));
  } catch {
    // Storage full or blocked.
  }
}
