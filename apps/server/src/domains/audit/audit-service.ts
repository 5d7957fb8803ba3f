import type { Clock } from '../../clock.js';
import type { RequestContext } from '../../request-context.js';
import type { AuditRepository } from './audit-repository.js';

/**
 * Security events (security.md S48), named after the OWASP Logging
 * Vocabulary where it has a name. Each becomes one `audit_events` row and one
 * JSON log line. Never put a password, code or token into `details` (S49).
 */
export const AUDIT_EVENT_TYPES = [
  'authn_login_success',
  'authn_login_fail',
  'authn_login_lock',
  'authn_token_reuse',
  'authn_token_rejected',
  'otp_sent',
  'otp_send_fail',
  'otp_fail',
  'otp_burned',
  'otp_verified',
  'user_created',
  'user_repeated_signup',
  'user_deleted',
  'user_disabled',
  'user_enabled',
  'identity_linked',
  'admin_bootstrap',
  'password_changed',
  'password_reset_requested',
  'password_reset_completed',
  // Wrong tokens against one reset or invitation link reached the limit.
  'password_reset_probed',
  'session_logout',
  'session_logout_others',
  'authz_fail',
  'excess_rate_limit_exceeded',
  // Admin actions (issue 12); user_disabled and user_enabled above too.
  'admin_user_created',
  'admin_user_updated',
  'admin_role_changed',
  'admin_settings_changed',
  'admin_test_email',
  'admin_invitation_resent',
  // The recipe catalogue's writes (POST, PUT, DELETE /recipes).
  'recipe_created',
  'recipe_updated',
  'recipe_deleted',
  // The calendar feed and households (issue 18).
  'calendar_feed_created',
  'calendar_feed_revoked',
  'household_created',
  'household_invitation_sent',
  'household_invitation_cancelled',
  'household_joined',
  'household_left',
  'household_member_removed',
  'household_owner_changed',
  'household_settings_changed',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEvent {
  type: AuditEventType;
  outcome: AuditOutcome;
  /** The user who acted (null when unknown, e.g. a failed login). */
  actorId?: string | null;
  /** What the action was about: a user id, a session id, a route. */
  target?: string | null;
  details?: Record<string, unknown>;
  /**
   * The fields an action changed, before and after (stored as
   * `details.changes`). The log line names only the fields: the values are
   * personal data that belong in the audit table, not in every log sink.
   */
  changes?: AuditChanges;
}

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * The fields whose values differ between `before` and `after`, for
 * AuditEvent.changes. Only the keys of `after` are compared, so the caller
 * decides which fields are audited (never a password hash).
 */
export function auditChanges<T extends object>(
  before: T,
  after: Partial<T>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const old = before[key] ?? null;
    const now = after[key] ?? null;
    if (JSON.stringify(old) !== JSON.stringify(now)) {
      changes[key] = { before: old, after: now };
    }
  }
  return changes;
}

export interface AuditLog {
  /** Writes the event; never throws (a failed write is logged instead). */
  record(context: RequestContext | null, event: AuditEvent): Promise<void>;
}

interface AuditLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export function createAuditLog(deps: {
  repo: Pick<AuditRepository, 'insert'>;
  logger: AuditLogger;
  clock: Clock;
}): AuditLog {
  const { repo, logger, clock } = deps;
  return {
    async record(context, event) {
      const occurredAt = clock.now();
      const row = {
        occurredAt,
        requestId: context?.requestId ?? null,
        type: event.type,
        actorId: event.actorId ?? null,
        target: event.target ?? null,
        ip: context?.ip ?? null,
        userAgent: context?.userAgent ?? null,
        outcome: event.outcome,
        details: event.changes
          ? { ...event.details, changes: event.changes }
          : (event.details ?? {}),
      };
      logger.info(
        {
          audit: {
            ...row,
            occurredAt: occurredAt.toISOString(),
            details: event.changes
              ? {
                  ...event.details,
                  changedFields: Object.keys(event.changes),
                }
              : row.details,
          },
        },
        `audit ${event.type} ${event.outcome}`,
      );
      try {
        await repo.insert(row);
      } catch (error) {
        logger.error(
          { err: error, auditType: event.type },
          'audit event not stored',
        );
      }
    },
  };
}
