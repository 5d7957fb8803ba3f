import { createHash } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
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
import type { GoogleRepository } from './google-repository.js';

/** How long a redirect to Google may take to come back (S28). */
export const GOOGLE_ATTEMPT_TTL_SECONDS = 600;
const SCOPE = 'openid email profile';
const DISCOVERY_TIMEOUT_SECONDS = 10;

/**
 * The reasons a Google sign-in ends on /login?error=…; the login page shows
 * a text for each (apps/web login route).
 */
export type GoogleLoginError =
  'google-cancelled' | 'google-link' | 'google-unverified' | 'google-disabled';

export interface GoogleServiceDeps {
  repo: GoogleRepository;
  users: Pick<
    UsersRepository,
    'findByIdentity' | 'findOrCreateByGoogleIdentity'
  >;
  sessions: Pick<SessionsService, 'createSession'>;
  audit: AuditLog;
  clock: Clock;
  logger: FastifyBaseLogger;
  config: Pick<
    Config,
    'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER' | 'PUBLIC_URL'
  >;
}

function hashState(state: string): string {
  return createHash('sha256').update(state).digest('base64url');
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
     * server-side, and the address at Google to send the browser to.
     */
    async start(rememberMe: boolean): Promise<string> {
      const settings = await configuration();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = clock.now();
      await repo.pruneExpired(now);
      await repo.insert({
        stateHash: hashState(state),
        nonce,
        codeVerifier,
        rememberMe,
        createdAt: now,
        expiresAt: addSeconds(now, GOOGLE_ATTEMPT_TTL_SECONDS),
      });
      return oidc
        .buildAuthorizationUrl(settings, {
          redirect_uri: redirectUri,
          scope: SCOPE,
          state,
          nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /**
     * GET /auth/google/callback. `query` is the raw query string as received.
     * Answers where to send the browser: /auth/success with the login
     * answer, or /login with a reason. Throws 400 for a missing, unknown,
     * expired or used state and 401 for a code or ID token that fails.
     */
    async callback(query: string, context: RequestContext): Promise<string> {
      const settings = await configuration();
      const params = new URLSearchParams(query);
      const state = params.get('state');
      if (!state || params.getAll('state').length !== 1) {
        throw new BadRequestError('Invalid sign-in state');
      }
      const attempt = await repo.consume(hashState(state), clock.now());
      if (!attempt) {
        await fail(context, 'invalid_state');
        throw new BadRequestError('Invalid sign-in state');
      }
      if (params.has('error')) {
        // The user said no at Google, or Google refused the request.
        await fail(context, `provider_${params.get('error') ?? 'error'}`);
        return loginError('google-cancelled');
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
        // the token endpoint, not the signature: S29 asks for it too.
        const metadata = settings.serverMetadata();
        if (!metadata.jwks_uri) throw new Error('issuer has no jwks_uri');
        jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
        await jwtVerify(tokens.id_token, jwks, {
          issuer: metadata.issuer,
          audience: settings.clientMetadata().client_id,
          algorithms: ['RS256'],
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
        );
        if ('conflict' in found) {
          // S29: never linked to an existing account by e-mail alone.
          await fail(context, 'email_taken');
          return loginError('google-link');
        }
        user = found.user;
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
          return loginError('google-unverified');
        }
      }

      if (!user.isActive) {
        await fail(context, 'account_disabled', user);
        return loginError('google-disabled');
      }

      const answer = await sessions.createSession({
        userId: user.id,
        rememberMe: attempt.rememberMe,
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
          rememberMe: attempt.rememberMe,
        },
      });
      const { accessToken, refreshToken, ...userData } = answer.user;
      const data = JSON.stringify({ accessToken, refreshToken, userData });
      return `/auth/success?data=${encodeURIComponent(data)}`;
    },
  };
}

export type GoogleService = ReturnType<typeof createGoogleService>;
