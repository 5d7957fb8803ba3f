import { randomUUID } from 'node:crypto';

import {
  authMessages,
  type LoginResponse,
  type MessageResponse,
  type RefreshResponse,
  type SessionsResponse,
  type TokenPair,
} from '@platewise/shared';

import { addSeconds, type Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { SessionRow } from '../../db/schema/sessions.js';
import type { UserRow } from '../../db/schema/users.js';
import type { Executor } from '../../db/transaction.js';
import { UnauthorizedError } from '../../errors.js';
import type { AuthContext, RequestContext } from '../../request-context.js';
import type { AuditLog } from '../audit/audit-service.js';
import { publicUser } from '../users/public-user.js';
import {
  AccountDisabledError,
  accountTexts,
  InvalidGrantError,
} from '../users/users-errors.js';
import type { UsersRepository } from '../users/users-repository.js';
import type { AccessTokens } from './access-tokens.js';
import { deviceName } from './device-name.js';
import type { RefreshTokenCodec } from './refresh-tokens.js';
import type { SessionsRepository } from './sessions-repository.js';

export interface NewSessionInput {
  userId: string;
  rememberMe: boolean;
  userAgent: string | null;
  ip: string | null;
}

type SessionsConfig = Pick<
  Config,
  | 'REFRESH_TOKEN_TTL_SECONDS'
  | 'REMEMBER_ME_TTL_SECONDS'
  | 'REFRESH_IDLE_TTL_SECONDS'
  | 'REFRESH_REUSE_GRACE_SECONDS'
>;

export interface SessionsServiceDeps {
  repo: SessionsRepository;
  users: Pick<UsersRepository, 'findById'>;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokenCodec;
  config: SessionsConfig;
  clock: Clock;
  audit: AuditLog;
}

/**
 * What the guard's check reads of a session and its user. A fused read
 * (issue 17, reads/fused-read.ts) loads these in the same statement as the
 * data the route answers, so a per-user read is one round trip.
 */
export interface SessionCheckRow {
  session: Pick<
    SessionRow,
    'id' | 'userId' | 'revokedAt' | 'expiresAt' | 'lastActiveAt'
  >;
  user: Pick<UserRow, 'id' | 'isActive' | 'role'>;
}

/** Loads a session (by id) and its user for the guard's check. */
export type SessionLoader = (
  sessionId: string,
  userId: string,
) => Promise<SessionCheckRow | null>;

/** `last_active_at` is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

export function createSessionsService(deps: SessionsServiceDeps) {
  const { repo, users, accessTokens, refreshTokens, config, clock, audit } =
    deps;

  /** Absolute end passed, or unused for longer than the idle timeout (S22). */
  function isOver(
    session: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastActiveAt'>,
    now: Date,
  ): boolean {
    return (
      session.revokedAt !== null ||
      session.expiresAt <= now ||
      addSeconds(session.lastActiveAt, config.REFRESH_IDLE_TTL_SECONDS) <= now
    );
  }

  async function tokenPair(session: SessionRow, refreshToken: string) {
    const accessToken = await accessTokens.issue({
      userId: session.userId,
      sessionId: session.id,
    });
    return { accessToken, refreshToken };
  }

  const service = {
    /**
     * Opens a new session (S23: a new id and refresh family on every login)
     * and answers what POST /users/login answers. Callers have checked the
     * credentials and that the account may sign in; Google sign-in uses this
     * too.
     */
    async createSession(input: NewSessionInput): Promise<LoginResponse> {
      const user = await users.findById(input.userId);
      if (!user) throw new Error(`createSession: no user ${input.userId}`);
      const now = clock.now();
      const id = randomUUID();
      const refreshToken = refreshTokens.issue(id);
      const session = await repo.insert({
        id,
        userId: user.id,
        refreshTokenHash: refreshTokens.hash(refreshToken),
        rememberMe: input.rememberMe,
        deviceName: deviceName(input.userAgent),
        userAgent: input.userAgent,
        ip: input.ip,
        createdAt: now,
        lastActiveAt: now,
        // Remember me decides the absolute lifetime: 30 days, or a
        // browser-session token of 1 day.
        expiresAt: addSeconds(
          now,
          input.rememberMe
            ? config.REMEMBER_ME_TTL_SECONDS
            : config.REFRESH_TOKEN_TTL_SECONDS,
        ),
      });
      return {
        message: accountTexts.loginSuccess,
        user: {
          ...publicUser(user),
          ...(await tokenPair(session, refreshToken)),
        },
      };
    },

    /**
     * Rotation with reuse detection (ADR 006, S19-S21): the current token
     * rotates; its parent re-presented within the grace window gets the same
     * child back; anything older revokes the whole session.
     */
    async refresh(
      presented: string,
      context: RequestContext,
    ): Promise<RefreshResponse> {
      const parsed = refreshTokens.parse(presented);
      if (!parsed) throw new InvalidGrantError();
      const presentedHash = refreshTokens.hash(presented);
      const now = clock.now();

      let found = await repo.findWithUser(parsed.sessionId);
      if (!found || isOver(found.session, now)) throw new InvalidGrantError();
      if (!found.user.isActive) {
        await repo.revoke(found.session.id, 'account_disabled', now);
        throw new AccountDisabledError(401);
      }

      const child = refreshTokens.child(parsed);
      const childHash = refreshTokens.hash(child);
      if (found.session.refreshTokenHash === presentedHash) {
        const rotated = await repo.rotate(
          found.session.id,
          presentedHash,
          childHash,
          now,
        );
        if (rotated) return { data: await tokenPair(rotated, child) };
        // Another request rotated it a moment ago: judge it as a parent.
        found = await repo.findWithUser(parsed.sessionId);
        if (!found || found.session.revokedAt) throw new InvalidGrantError();
      }

      const { session } = found;
      const withinGrace =
        session.previousRefreshTokenHash === presentedHash &&
        session.refreshTokenHash === childHash &&
        session.rotatedAt !== null &&
        now < addSeconds(session.rotatedAt, config.REFRESH_REUSE_GRACE_SECONDS);
      if (withinGrace) return { data: await tokenPair(session, child) };

      await repo.revoke(session.id, 'refresh_token_reuse', now);
      await audit.record(context, {
        type: 'authn_token_reuse',
        outcome: 'denied',
        actorId: session.userId,
        target: session.id,
      });
      throw new InvalidGrantError();
    },

    /**
     * The guard's check (S17, S24, S34): a valid access JWT whose session is
     * live and whose user is active. Throws 401 otherwise. `load` replaces
     * the session lookup (a fused read loads it with its data); the checks
     * are the same.
     */
    async authenticate(
      token: string,
      context: RequestContext,
      load?: SessionLoader,
    ): Promise<AuthContext> {
      const verified = await accessTokens.verify(token);
      if ('error' in verified) {
        // Expiry is routine (the client refreshes); a bad signature, type,
        // audience or algorithm is worth a trace.
        if (verified.error === 'invalid') {
          await audit.record(context, {
            type: 'authn_token_rejected',
            outcome: 'denied',
            details: { reason: 'invalid_token' },
          });
        }
        throw new UnauthorizedError(accountTexts.sessionExpired);
      }
      const { claims } = verified;
      const now = clock.now();
      const found: SessionCheckRow | null = load
        ? await load(claims.sessionId, claims.userId)
        : await repo.findWithUser(claims.sessionId);
      const reject = async (reason: string, error?: Error) => {
        await audit.record(context, {
          type: 'authn_token_rejected',
          outcome: 'denied',
          actorId: claims.userId,
          target: claims.sessionId,
          details: { reason },
        });
        throw error ?? new UnauthorizedError(accountTexts.sessionExpired);
      };
      if (!found || found.session.userId !== claims.userId) {
        return reject('session_not_found');
      }
      const { session, user } = found;
      if (isOver(session, now)) return reject('session_ended');
      if (!user.isActive) {
        // The session ends here, as on the refresh path: re-enabling the
        // account must not bring it back (S34).
        await repo.revoke(session.id, 'account_disabled', now);
        return reject('account_disabled', new AccountDisabledError(401));
      }
      if (now.getTime() - session.lastActiveAt.getTime() >= TOUCH_INTERVAL_MS) {
        await repo.touch(session.id, now);
      }
      return { userId: user.id, sessionId: session.id, role: user.role };
    },

    /**
     * New tokens for a live session without a presented refresh token (a
     * password change, S26), inside the caller's transaction when one is
     * given. A fresh refresh token replaces the current one, so any earlier
     * token of the session presented later counts as reuse and ends it (S20).
     */
    async renewTokens(sessionId: string, tx?: Executor): Promise<TokenPair> {
      const refreshToken = refreshTokens.issue(sessionId);
      const session = await repo.rotate(
        sessionId,
        null,
        refreshTokens.hash(refreshToken),
        clock.now(),
        tx,
      );
      // Revoked since the guard let the request in (a concurrent logout).
      if (!session) throw new UnauthorizedError(accountTexts.sessionExpired);
      return tokenPair(session, refreshToken);
    },

    async logout(auth: AuthContext, context: RequestContext) {
      await repo.revoke(auth.sessionId, 'logout', clock.now());
      await audit.record(context, {
        type: 'session_logout',
        outcome: 'success',
        actorId: auth.userId,
        target: auth.sessionId,
      });
      return { message: authMessages.loggedOut } satisfies MessageResponse;
    },

    async list(auth: AuthContext): Promise<SessionsResponse> {
      const now = clock.now();
      const rows = await repo.listActive(
        auth.userId,
        now,
        addSeconds(now, -config.REFRESH_IDLE_TTL_SECONDS),
      );
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          deviceInfo: row.deviceName,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastActive: row.lastActiveAt.toISOString(),
          current: row.id === auth.sessionId,
        })),
      };
    },

    /** S25: every other session, access and refresh alike, in one update. */
    async logoutOthers(
      auth: AuthContext,
      context: RequestContext,
    ): Promise<MessageResponse> {
      const revoked = await repo.revokeAllForUser(
        auth.userId,
        'logout_others',
        clock.now(),
        { exceptSessionId: auth.sessionId },
      );
      await audit.record(context, {
        type: 'session_logout_others',
        outcome: 'success',
        actorId: auth.userId,
        target: auth.userId,
        details: { revoked },
      });
      return { message: authMessages.profile.logoutOthersSuccess };
    },

    /**
     * Ends a user's sessions (password reset or change, disabling), inside
     * the caller's transaction when one is given.
     */
    revokeAllForUser(
      userId: string,
      reason: string,
      options: { exceptSessionId?: string } = {},
      tx?: Executor,
    ): Promise<number> {
      return repo.revokeAllForUser(userId, reason, clock.now(), options, tx);
    },
  };
  return service;
}

export type SessionsService = ReturnType<typeof createSessionsService>;
