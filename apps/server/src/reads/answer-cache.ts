import type { PreparedAnswer } from '../cache/catalogue-cache.js';

/**
 * The serialized answers of the per-user reads (issue 17), kept per read and
 * signed-in user with the key they were built at: the data user whose data
 * they show, that user's row of `user_data_versions` (migration 0017: every
 * write of a plan, meal, setting or kitchen line gives it a new version in
 * the writing transaction) and the catalogue version.
 *
 * The read's one statement (reads/user-reads.ts) checks the session and
 * computes the current key; it builds the data only when the key differs
 * from the kept one (`known`). So an answer is served only at the version
 * of the committed data the same statement saw, whichever process wrote it:
 * this holds across processes on one PostgreSQL without any message.
 *
 * A process that has its database to itself (PGlite) can also skip the
 * statement: `trusted` answers are those no NOTIFY of migration 0017 (which
 * PGlite delivers before the write's query resolves) has dropped since the
 * read that built them began, and the session comes from the session cache.
 */
export interface KeptAnswer {
  readonly key: string;
  /** What the key cannot say (the week a kitchen counts days from). */
  readonly extra: string;
  readonly dataUserId: string;
  readonly answer: PreparedAnswer;
  /** No drop overlapped its build (see above). */
  readonly trusted: boolean;
}

export interface AnswerCache {
  /** The kept answer of `read` for `userId` when built at `extra`. */
  get(read: string, userId: string, extra: string): KeptAnswer | undefined;
  /** Marks the start of a build: pass it to `keep`. */
  begin(): number;
  keep(
    read: string,
    userId: string,
    started: number,
    entry: Omit<KeptAnswer, 'trusted'>,
  ): void;
  /** A NOTIFY payload: a user id (their reads and their household's), or '*'. */
  drop(payload: string): void;
  clear(): void;
  readonly size: number;
}

/** Answers kept (one per read and user); past it the oldest go. */
const MAX_ENTRIES = 20_000;

export function createAnswerCache(): AnswerCache {
  let generation = 0;
  const entries = new Map<string, KeptAnswer & { userId: string }>();
  const id = (read: string, userId: string) => `${read}\u0000${userId}`;

  const cache: AnswerCache = {
    get size() {
      return entries.size;
    },
    get(read, userId, extra) {
      const entry = entries.get(id(read, userId));
      return entry && entry.extra === extra ? entry : undefined;
    },
    begin: () => generation,
    keep(read, userId, started, entry) {
      const name = id(read, userId);
      entries.delete(name);
      entries.set(name, {
        ...entry,
        userId,
        trusted: started === generation,
      });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    drop(payload) {
      generation += 1;
      if (payload === '*' || payload === '') {
        entries.clear();
        return;
      }
      for (const [name, entry] of entries) {
        if (entry.userId === payload || entry.dataUserId === payload) {
          entries.delete(name);
        }
      }
    },
    clear() {
      cache.drop('*');
    },
  };
  return cache;
}
