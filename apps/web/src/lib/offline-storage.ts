/**
 * What the app keeps for offline use (issue 18): the service worker's cache
 * of the plan and the shopping list, and the ticks made offline that wait to
 * be sent. Both hold one user's data, so logout removes them.
 */

/** The service worker's runtime cache (vite.config.ts, VitePWA). */
export const USER_DATA_CACHE = 'platewise-user-data';

/** localStorage keys of queued ticks start with this, then the user's id. */
export const OFFLINE_TICKS_PREFIX = 'platewise.offlineTicks.';

export async function clearOfflineData(): Promise<void> {
  try {
    for (let index = localStorage.length - 1; index >= 0; index -= 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(OFFLINE_TICKS_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was kept either.
  }
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(USER_DATA_CACHE);
  } catch {
    // No Cache Storage here (an insecure origin): nothing was cached.
  }
}
