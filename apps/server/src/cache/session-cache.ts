import type { SessionsRepository } from '../domains/sessions/sessions-repository.js';

/**
 * Every guarded request looks up its session and user (S24, S34). On PGlite
 * that query runs in WASM on the event loop, and most requests of a session
 * come within seconds of one another, so this keeps the rows for a few
 * seconds (issue 17). Used on PGlite only (compose.ts `cacheSessions`): one
 * process, so every write that ends or changes a session is its own.
 *
 * What ends or changes a session drops it: the session writes at once (the
 * repository below), account changes through the API before their answer
 * (app.ts), and any write, even by hand, through the NOTIFYs of migration
 * 0011's triggers (`s:<session id>`, `u:<user id>`), which PGlite delivers to
 * its one connection before the write's query resolves. The TTL bounds what
 * a lost notification could cost. A read that overlapped a drop is answered
 * but not kept.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

type Found = Awaited<ReturnType<SessionsRepository['findWithUser']>>;

export interface SessionCache {
  find(id: string, load: () => Promise<Found>): Promise<Found>;
  /** A NOTIFY payload (`s:<id>`, `u:<id>`) or anything else to drop all. */
  drop(payload: string): void;
  dropSession(id: string): void;
  dropUser(userId: string): void;
  clear(): void;
}

export function createSessionCache(now: () => number = Date.now): SessionCache {
  let generation = 0;
  let entries = new Map<string, { found: NonNullable<Found>; at: number }>();
  // Loads in flight: when an entry runs out under load, the requests of its
  // session that arrive meanwhile share one query instead of each sending
  // one (on PGlite, a burst of statements on the event loop). A drop ends
  // the sharing, so a request after a drop reads afresh.
  let loading = new Map<string, Promise<Found>>();

  const cache: SessionCache = {
    find(id, load) {
      const hit = entries.get(id);
      if (hit && now() - hit.at < SESSION_CACHE_TTL_MS) {
        return Promise.resolve(hit.found);
      }
      const pending = loading.get(id);
      if (pending) return pending;
      const startedAt = generation;
      const at = now();
      const started = loading;
      const promise = (async () => {
        const found = await load();
        // Unknown sessions are not kept: a bad id costs its query every time.
        if (found && generation === startedAt) {
          if (entries.size >= MAX_ENTRIES) entries = new Map();
          entries.set(id, { found, at });
        }
        return found;
      })().finally(() => {
        if (started.get(id) === promise) started.delete(id);
      });
      loading.set(id, promise);
      return promise;
    },
    dropSession(id) {
      generation += 1;
      entries.delete(id);
      loading.delete(id);
    },
    dropUser(userId) {
      generation += 1;
      for (const [id, entry] of entries) {
        if (entry.found.user.id === userId) entries.delete(id);
      }
      loading = new Map();
    },
    clear() {
      generation += 1;
      entries = new Map();
      loading = new Map();
    },
    drop(payload) {
      if (payload.startsWith('s:')) cache.dropSession(payload.slice(2));
      else if (payload.startsWith('u:')) cache.dropUser(payload.slice(2));
      else cache.clear();
    },
  };
  return cache;
}

/**
 * The sessions repository with `findWithUser` answered from `cache` (outside
 * transactions), and every write dropping what it changes.
 */
export function cachedSessionsRepository(
  repo: SessionsRepository,
  cache: SessionCache,
): SessionsRepository {
  return {
    ...repo,
    findWithUser: (id, tx) =>
      tx
        ? repo.findWithUser(id, tx)
        : cache.find(id, () => repo.findWithUser(id)),
    async rotate(id, ...rest) {
      try {
        return await repo.rotate(id, ...rest);
      } finally {
        cache.dropSession(id);
      }
    },
    async touch(id, ...rest) {
      try {
        await repo.touch(id, ...rest);
      } finally {
        cache.dropSession(id);
      }
    },
    async revoke(id, ...rest) {
      try {
        return await repo.revoke(id, ...rest);
      } finally {
        cache.dropSession(id);
      }
    },
    async revokeAllForUser(userId, ...rest) {
      try {
        return await repo.revokeAllForUser(userId, ...rest);
      } finally {
        cache.dropUser(userId);
      }
    },
  };
}
