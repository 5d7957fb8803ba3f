import { createHash, randomBytes } from 'node:crypto';

import type { GoogleExchangeResponse } from '@platewise/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet } from 'jose';
import * as oidc from 'openid-client';

import { addSeconds, type Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  BadRequestError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import type { AuditLog } from '../audit/audit-service.js';
import type { SessionsService } from '../sessions/sessions-service.js';
import type { UsersRepository } from '../users/users-repository.js';
import { verifyIdToken } from './google-id-token.js';
import type { GoogleRepository } from './google-repository.js';

/** How long a redirect to Google may take to come back (S28). */
export const GOOGLE_ATTEMPT_TTL_SECONDS = 600;
/** How long a Google identity waits for the password login that links it. */
export const GOOGLE_LINK_TTL_SECONDS = 600;
/** How long /auth/success has to trade its code for the tokens. */
export const GOOGLE_HANDOFF_TTL_SECONDS = 60;
const SCOPE = 'openid email profile';
const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The reasons a Google sign-in ends on /login?error=…; the login page shows
 * a text for each (apps/web login route).
 */
export type GoogleLoginError =
  | 'google-cancelled'
  | 'google-link'
  | 'google-taken'
  | 'google-unverified'
  | 'google-disabled'
  | 'signup-closed';

export interface GoogleServiceDeps {
  repo: GoogleRepository;
  users: Pick<
    UsersRepository,
    | 'findById'
    | 'findByIdentity'
    | 'findOrCreateByGoogleIdentity'
    | 'linkIdentity'
  >;
  sessions: Pick<SessionsService, 'createSession'>;
  audit: AuditLog;
  clock: Clock;
  logger: FastifyBaseLogger;
  config: Pick<
    Config,
    'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER' | 'PUBLIC_URL'
  >;
  /** The admin setting "sign-up open": when closed, no new account is made. */
  signupOpen?: () => Promise<boolean>;
  /**
   * Joins the household of an invitation a Google sign-up started from
   * (issue 18); the households domain implements it, the composition root
   * passes it in. Absent: invitations are ignored.
   */
  invitations?: {
    joinAfterSignup(
      userId: string,
      token: string,
      context: RequestContext,
      via: 'google',
    ): Promise<{ joined: boolean; message: string }>;
  };
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Where the callback sends the browser, and what it asks it to keep. */
export interface CallbackOutcome {
  location: string;
  /**
   * A token for the browser to hold (in an HttpOnly cookie) when the Google
   * identity waits for a password login to be linked to an account.
   */
  pendingLinkToken?: string;
  /**
   * The secret for the browser to hold (in an HttpOnly cookie) that the
   * /auth/success code needs to be traded for tokens.
   */
  handoffBinding?: string;
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : undefined;
}

export function createGoogleService(deps: GoogleServiceDeps) {
  const { repo, users, sessions, audit, clock, logger, config } = deps;
  const redirectUri = `${config.PUBLIC_URL}/api/auth/google/callback`;

  // Discovery once per process; a failure is not cached, so the next
  // attempt tries again.
  let discovered: Promise<oidc.Configuration> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  function configuration(): Promise<oidc.Configuration> {
    const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: secret } = config;
    if (!clientId || !secret) throw new NotFoundError();
    discovered ??= (async () => {
      const issuer = new URL(config.GOOGLE_ISSUER);
      return oidc.discovery(issuer, clientId, secret, undefined, {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        // Only a local test provider is served over plain http.
        ...(issuer.protocol === 'http:'
          ? { execute: [oidc.allowInsecureRequests] }
          : {}),
      });
    })();
    discovered.catch(() => {
      discovered = undefined;
    });
    return discovered;
  }

  const loginError = (reason: GoogleLoginError) =>
    `/login?error=${encodeURIComponent(reason)}`;

  async function fail(
    context: RequestContext,
    reason: string,
    user: UserRow | null = null,
  ) {
    await audit.record(context, {
      type: 'authn_login_fail',
      outcome: 'failure',
      actorId: user?.id ?? null,
      target: user?.id ?? null,
      details: { area: 'user', method: 'google', reason },
    });
  }

  return {
    enabled(): boolean {
      return config.GOOGLE_CLIENT_ID !== undefined;
    },

    /**
     * GET /auth/google: a fresh state, nonce and PKCE verifier, kept
     * server-side, and the address at Google to send the browser to. The
     * caller binds `state` to the browser (a cookie) for the callback.
     */
    async start(
      rememberMe: boolean,
    ): Promise<{ location: string; state: string }> {
      const settings = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock.now();
      await repo.pruneExpired(now);
      await repo.insert({
        stateHash: sha256(state),
        nonce,
        codeVerifier,
        rememberMe,
        createdAt: now,
        expiresAt: addSeconds(now, GOOGLE_ATTEMPT_TTL_SECONDS),
      });
      const location = oidc
        .buildAuthorizationUrl(settings, {
          redirect_uri: redirectUri,
          scope: SCOPE,
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
      return { location, state };
    },

    /**
     * GET /auth/google/callback. `query` is the raw query string as received;
     * `browserState` is the state this browser was given at the start (its
     * cookie), so that a callback address carried to another browser is
     * refused (login CSRF). Answers where to send the browser: /auth/success
     * with the login answer, or /login with a reason. Throws 400 for a
     * missing, unknown, expired, used or foreign state and 401 for a code or
     * ID token that fails.
     */
    async callback(
      query: string,
      browserState: string | undefined,
      context: RequestContext,
    ): Promise<CallbackOutcome> {
      const settings = await configuration();
      const params = new URLSearchParams(query);
      const state = params.get('state');
      if (
        !state ||
        params.getAll('state').length !== 1 ||
        browserState !== state
      ) {
        throw new BadRequestError('Invalid sign-in state');
      }
      const attempt = await repo.consume(sha256(state), clock.now());
      if (!attempt) {
        await fail(context, 'invalid_state');
        throw new BadRequestError('Invalid sign-in state');
      }
      if (params.has('error')) {
        // The user said no at Google, or Google refused the request.
        await fail(context, `provider_${params.get('error') ?? 'error'}`);
        return { location: loginError('google-cancelled') };
      }

      let claims: oidc.IDToken;
      try {
        const tokens = await oidc.authorizationCodeGrant(
          settings,
          new URL(`${redirectUri}?${query}`),
          {
            pkceCodeVerifier: attempt.codeVerifier,
            expectedState: state,
            expectedNonce: attempt.nonce,
            idTokenExpected: true,
          },
        );
        const idToken = tokens.claims();
        if (!idToken || !tokens.id_token) throw new Error('no ID token');
        // openid-client checks iss, aud, exp, nonce but, for a token from
        // the token endpoint, not the signature: our own check (S29) makes
        // them all again, signature included.
        const metadata = settings.serverMetadata();
        if (!metadata.jwks_uri) throw new Error('issuer has no jwks_uri');
        jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
        await verifyIdToken(tokens.id_token, jwks, {
          issuer: metadata.issuer,
          audience: settings.clientMetadata().client_id,
          nonce: attempt.nonce,
          now: clock.now(),
        });
        claims = idToken;
      } catch (error) {
        logger.warn({ err: error }, 'Google sign-in: code or ID token refused');
        await fail(context, 'invalid_id_token');
        throw new UnauthorizedError('Google sign-in failed');
      }

      const emailVerified = claims.email_verified === true;
      const email = stringClaim(claims.email);
      let user: UserRow | null;
      let accountCreated = false;
      if (emailVerified && email) {
        const found = await users.findOrCreateByGoogleIdentity(
          {
            subject: claims.sub,
            email,
            emailVerified,
            firstName:
              stringClaim(claims.given_name) ??
              stringClaim(claims.name) ??
              email.split('@')[0] ??
              email,
            lastName: stringClaim(claims.family_name) ?? null,
          },
          clock.now(),
          { allowCreate: deps.signupOpen ? await deps.signupOpen() : true },
        );
        if ('closed' in found) {
          await fail(context, 'signup_closed');
          return { location: loginError('signup-closed') };
        }
        if ('conflict' in found) {
          // S29: never linked to an existing account by e-mail alone; the
          // identity waits for this browser to prove the account's password.
          await fail(context, 'email_taken', found.existing);
          if (found.existing.passwordHash === null) {
            // Another Google identity owns the address: nothing to prove.
            return { location: loginError('google-taken') };
          }
          const token = randomBytes(32).toString('base64url');
          const now = clock.now();
          await repo.insertPendingLink({
            tokenHash: sha256(token),
            subject: claims.sub,
            email,
            userId: found.existing.id,
            createdAt: now,
            expiresAt: addSeconds(now, GOOGLE_LINK_TTL_SECONDS),
          });
          return {
            location: loginError('google-link'),
            pendingLinkToken: token,
          };
        }
        user = found.user;
        accountCreated = found.created;
        if (found.created) {
          await audit.record(context, {
            type: 'user_created',
            outcome: 'success',
            actorId: user.id,
            target: user.id,
            details: { method: 'google' },
          });
        }
      } else {
        // An unverified address neither creates nor links an account; a
        // Google identity linked before still signs in.
        user = await users.findByIdentity('google', claims.sub);
        if (!user) {
          await fail(context, 'email_not_verified');
          return { location: loginError('google-unverified') };
        }
      }

      if (!user.isActive) {
        await fail(context, 'account_disabled', user);
        return { location: loginError('google-disabled') };
      }

      // The session is made when the browser that came back here trades
      // the code (exchange below), so no token is ever in an address.
      const code = randomBytes(32).toString('base64url');
      const binding = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repo.insertHandoff({
        codeHash: sha256(code),
        bindingHash: sha256(binding),
        userId: user.id,
        rememberMe: attempt.rememberMe,
        accountCreated,
        createdAt: now,
        expiresAt: addSeconds(now, GOOGLE_HANDOFF_TTL_SECONDS),
      });
      return {
        location: `/auth/success?code=${code}`,
        handoffBinding: binding,
      };
    },

    /**
     * POST /auth/google/exchange: the code of /auth/success and the secret
     * of this browser's cookie, both from the same callback, give a new
     * session's tokens, once, within a minute. Anything else is 401, and a
     * code without its cookie leaves the handoff for its own browser.
     *
     * `invitationToken` is the household invitation link the page's Google
     * button was pressed from (issue 18): when this sign-in made the
     * account, its household is joined, as an e-mail sign-up from the link
     * joins at its verification, and `household` says whether it was. An
     * account that existed is not moved: it confirms on the link's page.
     */
    async exchange(
      code: string,
      binding: string | undefined,
      context: RequestContext,
      invitationToken?: string,
    ): Promise<GoogleExchangeResponse> {
      const handoff =
        binding === undefined
          ? null
          : await repo.consumeHandoff(
              sha256(code),
              sha256(binding),
              clock.now(),
            );
      if (!handoff) {
        await fail(context, 'handoff_refused');
        throw new UnauthorizedError('Google sign-in failed');
      }
      const user = await users.findById(handoff.userId);
      if (!user?.isActive) {
        await fail(context, 'account_disabled', user);
        throw new UnauthorizedError('Google sign-in failed');
      }
      const answer = await sessions.createSession({
        userId: user.id,
        rememberMe: handoff.rememberMe,
        userAgent: context.userAgent,
        ip: context.ip,
      });
      await audit.record(context, {
        type: 'authn_login_success',
        outcome: 'success',
        actorId: user.id,
        target: user.id,
        details: {
          area: 'user',
          method: 'google',
          rememberMe: handoff.rememberMe,
        },
      });
      const household =
        invitationToken !== undefined &&
        handoff.accountCreated &&
        deps.invitations
          ? await deps.invitations.joinAfterSignup(
              user.id,
              invitationToken,
              context,
              'google',
            )
          : undefined;
      const { accessToken, refreshToken, ...userData } = answer.user;
      return {
        accessToken,
        refreshToken,
        userData,
        ...(household ? { household } : {}),
      };
    },

    /**
     * After a successful password login from a browser holding a pending
     * link token: links the waiting Google identity when it was kept for
     * this very account (S29, "only after the user proves the password").
     * Answers whether it linked; an unknown, expired, used or foreign token
     * links nothing.
     */
    async completeLink(
      token: string,
      user: { id: string | number; email: string },
      context: RequestContext,
    ): Promise<boolean> {
      const userId = String(user.id);
      const link = await repo.consumePendingLink(sha256(token), clock.now());
      if (!link || link.userId !== userId || link.email !== user.email) {
        return false;
      }
      const owner = await users.findByIdentity('google', link.subject);
      if (owner) return owner.id === userId;
      await users.linkIdentity({
        provider: 'google',
        subject: link.subject,
        userId,
        email: link.email,
      });
      await audit.record(context, {
        type: 'identity_linked',
        outcome: 'success',
        actorId: userId,
        target: userId,
        details: { provider: 'google' },
      });
      return true;
    },
  };
}

export type GoogleService = ReturnType<typeof createGoogleService>;
