import { sql, type SQL } from 'drizzle-orm';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';

import {
  prepareAnswer,
  sendPrepared,
  type PreparedAnswer,
} from '../cache/catalogue-cache.js';
import type { Database } from '../db/client.js';
import type {
  SessionCheckRow,
  SessionLoader,
  SessionsService,
} from '../domains/sessions/sessions-service.js';
import { accountTexts } from '../domains/users/users-errors.js';
import { UnauthorizedError } from '../errors.js';
import { bearerToken, type Guard } from '../plugins/app/auth.js';
import { requestContext } from '../request-context.js';
import type { AnswerCache, KeptAnswer } from './answer-cache.js';

/**
 * A per-user read in one statement (issue 17): the session check of
 * requireUser and the data the route answers are read by one prepared
 * statement, so a signed-in user's read of their own plan, shopping list or
 * settings costs one round trip to the database. The checks on the session
 * are requireUser's own (SessionsService.authenticate with a loader); a
 * request whose session fails them gets requireUser's 401 and its data is
 * dropped unread. Like requireUser this runs as an onRequest hook, so a
 * caller without a valid session never gets a 400 that describes the
 * schema (S30).
 *
 * A request that names a user (`?user_id=`, an admin or a household member
 * reading someone else's) takes the route's usual path: requireUser, then
 * the scope check, then the service.
 */

/** The session-check columns as one json value (null: no such session). */
export function sessionCheckSql(): SQL {
  return sql`(SELECT json_build_object('id', s.id, 'userId', s.user_id, 'revokedAt', s.revoked_at, 'expiresAt', s.expires_at, 'lastActiveAt', s.last_active_at, 'isActive', u.is_active, 'role', u.role) FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ${sql.placeholder('sessionId')})`;
}

/**
 * The id that keys the plan the token's user sees: their household's
 * (issue 18, HouseholdsService.planAccess) or their own.
 */
export function dataUserSql(): SQL {
  return sql`COALESCE((SELECT h.data_user_id FROM household_members hm JOIN households h ON h.id = hm.household_id WHERE hm.user_id = ${sql.placeholder('userId')}), ${sql.placeholder('userId')}::uuid)`;
}

/** The catalogue version (jsonb) as the planner's catalogue source names it. */
export function catalogueVersionSql(): SQL {
  return sql`(SELECT value FROM app_meta WHERE key = 'catalogue_version')`;
}

/** planner-catalogue-repository's version string of the stored value. */
export function catalogueVersionOf(value: unknown): string {
  return value === undefined || value === null ? '0' : String(value);
}

/** What sessionCheckSql answers. */
export interface SessionJson {
  id: string;
  userId: string;
  revokedAt: string | null;
  expiresAt: string;
  lastActiveAt: string;
  isActive: boolean;
  role: 'user' | 'admin';
}

export function toSessionCheck(
  json: SessionJson | null | undefined,
): SessionCheckRow | null {
  if (!json) return null;
  return {
    session: {
      id: json.id,
      userId: json.userId,
      revokedAt: json.revokedAt === null ? null : new Date(json.revokedAt),
      expiresAt: new Date(json.expiresAt),
      lastActiveAt: new Date(json.lastActiveAt),
    },
    user: { id: json.userId, isActive: json.isActive, role: json.role },
  };
}

/**
 * requireUser's session lookup as one prepared statement of the columns its
 * checks read (issue 17): the catalogue reads on PostgreSQL spent most of
 * their time building, sending and mapping the unprepared two-table select.
 */
export function createSessionCheck(db: Database): SessionLoader {
  const statement = db
    .select({ session: sql<SessionJson | null>`${sessionCheckSql()}` })
    .from(sql`(VALUES (1)) AS one (x)`)
    .prepare('session_check');
  return async (sessionId) => {
    const [row] = await statement.execute({ sessionId });
    return toSessionCheck(row?.session);
  };
}

/** What a read's statement answers. */
export interface FusedRow<T> {
  session: SessionJson | null;
  /** The key of the answer at the data the statement saw (answer-cache.ts). */
  key: string;
  /** Whose data the answer shows. */
  dataUserId: string;
  /** null when `key` is the kept answer's: the statement skipped the data. */
  data: T | null;
}

export interface FusedRead<T> {
  /** The route's onRequest guard (in place of requireUser). */
  guard: onRequestHookHandler;
  /**
   * Sends the answer of a request that took the fused path: the kept one
   * when it is current, otherwise `build`'s, serialized by `serialize` (the
   * route's compiled serializer), compressed and kept. undefined when the
   * request took the usual path (it named a user).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    build: (data: T) => Promise<unknown>,
    serialize: (value: unknown) => string,
  ): Promise<void> | undefined;
  /**
   * `limit` for the requests that build their answer only: the guard found
   * the kept answer current for the others, which cost no more than any
   * unlimited read (on PostgreSQL the limit's count is a write a request).
   */
  limitBuilds(
    limit: (request: FastifyRequest) => Promise<void>,
  ): onRequestHookHandler;
}

type Read<T> =
  | { kept: KeptAnswer }
  | {
      data: T;
      userId: string;
      key: string;
      dataUserId: string;
      extra: string;
      started: number;
    };

export function fusedRead<T>(
  deps: {
    sessions: Pick<SessionsService, 'authenticate'>;
    /** requireUser, for requests that name a user. */
    fallback: Guard;
    /** The kept answers, and this read's name among them. */
    answers: AnswerCache;
    name: string;
    /** What the answer depends on that the statement cannot see. */
    extra?: () => string;
    /**
     * Set where this process alone writes (PGlite): the session from the
     * session cache, so a trusted kept answer is sent without a statement.
     */
    localSession?: SessionLoader;
  },
  load: (
    sessionId: string,
    userId: string,
    known: string,
  ) => Promise<FusedRow<T>>,
): FusedRead<T> {
  const { answers, name } = deps;
  const results = new WeakMap<FastifyRequest, Read<T>>();
  const building = new Map<string, Promise<PreparedAnswer>>();
  async function guard(request: FastifyRequest, reply: FastifyReply) {
    const query = request.query as Record<string, unknown> | undefined;
    if (query?.user_id !== undefined) return deps.fallback(request, reply);
    const token = bearerToken(request);
    if (token === null) throw new UnauthorizedError(accountTexts.loginRequired);
    const extra = deps.extra?.() ?? '';
    let read: Read<T> | undefined;
    request.auth = await deps.sessions.authenticate(
      token,
      requestContext(request),
      async (sessionId, userId) => {
        const kept = answers.get(name, userId, extra);
        if (kept?.trusted && deps.localSession) {
          read = { kept };
          return deps.localSession(sessionId, userId);
        }
        const started = answers.begin();
        const row = await load(sessionId, userId, kept?.key ?? '');
        if (row.data !== null) {
          read = {
            data: row.data,
            userId,
            key: row.key,
            dataUserId: row.dataUserId,
            extra,
            started,
          };
        } else if (kept && kept.key === row.key) {
          read = { kept };
        }
        return toSessionCheck(row.session);
      },
    );
    if (read) results.set(request, read);
  }
  return {
    guard: guard as onRequestHookHandler,
    send(request, reply, build, serialize) {
      const read = results.get(request);
      if (!read) return undefined;
      if ('kept' in read) {
        sendPrepared(request, reply, read.kept.answer);
        return Promise.resolve();
      }
      // Reads of one user at one key show the same data: the first builds,
      // the others that missed meanwhile wait for its bytes.
      const id = `${read.userId}\u0000${read.key}\u0000${read.extra}`;
      let pending = building.get(id);
      if (!pending) {
        pending = (async () => {
          const answer = await prepareAnswer(
            serialize(await build(read.data)),
            'fast',
          );
          answers.keep(name, read.userId, read.started, {
            key: read.key,
            extra: read.extra,
            dataUserId: read.dataUserId,
            answer,
          });
          return answer;
        })().finally(() => building.delete(id));
        building.set(id, pending);
      }
      return pending.then((answer) => {
        sendPrepared(request, reply, answer);
      });
    },
    limitBuilds(limit) {
      const hook = async (request: FastifyRequest) => {
        const read = results.get(request);
        if (read && 'kept' in read) return;
        await limit(request);
      };
      return hook as onRequestHookHandler;
    },
  };
}
