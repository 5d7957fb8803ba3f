import {
  authMessages,
  EmailSchema,
  PASSWORD_MAX_LENGTH,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type AdminMeResponse,
  type AuthProvidersResponse,
  type LoginRequest,
  type LoginResponse,
} from '@platewise/shared';

import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../errors.js';
import type { AuthContext, RequestContext } from '../../request-context.js';
import type { PasswordHasher } from '../../security/password-hasher.js';
import type { AuditLog } from '../audit/audit-service.js';
import type { SessionsService } from '../sessions/sessions-service.js';
import type { Credentials } from '../users/users-deps.js';
import {
  AccountDisabledError,
  EmailNotVerifiedError,
  GoogleAccountError,
  PasswordNotSetError,
} from '../users/users-errors.js';
import type { UsersRepository } from '../users/users-repository.js';

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsService;
  credentials: Credentials;
  hasher: PasswordHasher;
  audit: AuditLog;
  config: Pick<Config, 'GOOGLE_CLIENT_ID'>;
}

type LoginKind = 'user' | 'admin';

/** Spec point 8: the texts of the user and the admin login screens. */
const TEXTS = {
  user: authMessages.userLogin,
  admin: authMessages.adminLogin,
} as const;

class LoginFormatError extends AppError {
  constructor(kind: LoginKind) {
    super(400, 'VALIDATION_FAILED', TEXTS[kind][400]);
  }
}

export function createAuthService(deps: AuthServiceDeps) {
  const { users, sessions, credentials, hasher, audit, config } = deps;

  /**
   * The checks of both logins, in an order that reveals nothing to someone
   * without the password beyond what the spec's answers already do (security
   * decision 2): the lockout first, then the password (a dummy hash for
   * unknown addresses), and only then verified/disabled/role.
   */
  async function checkLogin(
    kind: LoginKind,
    input: { email: string; password: string },
    context: RequestContext,
  ): Promise<UserRow> {
    const parsedEmail = EmailSchema.safeParse(input.email);
    if (!parsedEmail.success || input.password.length > PASSWORD_MAX_LENGTH) {
      throw new LoginFormatError(kind);
    }
    const email = parsedEmail.data;
    const fail = async (reason: string, user: UserRow | null) => {
      await audit.record(context, {
        type: 'authn_login_fail',
        outcome: reason === 'locked' ? 'denied' : 'failure',
        actorId: user?.id ?? null,
        target: user?.id ?? null,
        details: { email, reason, area: kind },
      });
    };

    try {
      await credentials.assertNotLocked(email);
    } catch (error) {
      await fail('locked', null);
      throw error;
    }

    const user = await users.findByEmail(email);
    if (user && user.passwordHash === null) {
      // No password to check, but the answer takes as long as one (S10):
      // otherwise its speed would mark accounts without a password.
      await hasher.dummyVerify(input.password);
      if (await users.hasIdentity(user.id)) {
        // A Google-only account has no password to guess.
        await fail('google_account', user);
        throw new GoogleAccountError();
      }
      // Password dropped at verification (ADR 008) or an admin-added
      // account: the mailed link, or Forgot password, sets one.
      await fail('password_not_set', user);
      throw new PasswordNotSetError();
    }
    const passwordOk = await credentials.verify(
      user,
      email,
      input.password,
      context,
    );
    if (!user) {
      await fail('unknown_email', null);
      throw new NotFoundError(TEXTS[kind][404]);
    }
    if (!passwordOk) {
      await fail('wrong_password', user);
      throw new UnauthorizedError(TEXTS[kind][401]);
    }
    if (!user.isActive) {
      await fail('account_disabled', user);
      throw new AccountDisabledError();
    }
    if (kind === 'user' && user.emailVerifiedAt === null) {
      // S07: no tokens before the address is verified.
      await fail('email_not_verified', user);
      throw new EmailNotVerifiedError();
    }
    if (kind === 'admin' && user.role !== 'admin') {
      await fail('not_admin', user);
      throw new ForbiddenError(TEXTS.admin[403]);
    }

    await credentials.clear(email);
    if (user.passwordHash && hasher.needsRehash(user.passwordHash)) {
      // S09: hashes made under an older, weaker policy are upgraded while
      // the password is at hand.
      await users.update(user.id, {
        passwordHash: await hasher.hash(input.password),
      });
    }
    return user;
  }

  async function open(
    kind: LoginKind,
    user: UserRow,
    rememberMe: boolean,
    context: RequestContext,
  ): Promise<LoginResponse> {
    const answer = await sessions.createSession({
      userId: user.id,
      rememberMe,
      userAgent: context.userAgent,
      ip: context.ip,
    });
    await audit.record(context, {
      type: 'authn_login_success',
      outcome: 'success',
      actorId: user.id,
      target: user.id,
      details: { area: kind, rememberMe },
    });
    return answer;
  }

  return {
    /** POST /users/login */
    async login(
      input: LoginRequest,
      context: RequestContext,
    ): Promise<LoginResponse> {
      const user = await checkLogin('user', input, context);
      return open('user', user, input.rememberMe, context);
    },

    /** POST /admin/login: a browser-session login (no remember me). */
    async adminLogin(
      input: AdminLoginRequest,
      context: RequestContext,
    ): Promise<AdminLoginResponse> {
      const user = await checkLogin('admin', input, context);
      const { user: answer } = await open('admin', user, false, context);
      return {
        admin: {
          id: answer.id,
          firstName: answer.firstName,
          lastName: answer.lastName ?? null,
          email: answer.email,
          role: answer.role,
          accessToken: answer.accessToken,
          refreshToken: answer.refreshToken,
        },
      };
    },

    /** GET /admin/me (the guard has checked the role). */
    async adminMe(auth: AuthContext): Promise<AdminMeResponse> {
      const user = await users.findById(auth.userId);
      if (!user) throw new NotFoundError(authMessages.adminProfile[404]);
      return {
        admin: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: user.role,
        },
      };
    },

    /** GET /auth/providers */
    providers(): AuthProvidersResponse {
      return { google: config.GOOGLE_CLIENT_ID !== undefined };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
