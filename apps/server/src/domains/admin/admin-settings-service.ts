import { DEFAULT_PLANNER_WEIGHTS } from '@platewise/planner';
import {
  adminMessages,
  type AdminSettings,
  type TestEmailResponse,
  type UpdateAdminSettings,
} from '@platewise/shared';

import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { AdminSettingsRow } from '../../db/schema/admin-settings.js';
import type { RunInTransaction } from '../../db/transaction.js';
import { BadRequestError, UnauthorizedError } from '../../errors.js';
import type { RequestContext } from '../../request-context.js';
import { auditChanges, type AuditLog } from '../audit/audit-service.js';
import { testMail } from '../mail/mail-templates.js';
import type { Mailer } from '../mail/mailer.js';
import type { UsersRepository } from '../users/users-repository.js';
import type {
  AdminSettingsRepository,
  AdminSettingsValues,
} from './admin-settings-repository.js';

export interface AdminSettingsServiceDeps {
  repo: AdminSettingsRepository;
  users: Pick<UsersRepository, 'findById'>;
  mailer: Pick<Mailer, 'check'>;
  audit: AuditLog;
  transaction: RunInTransaction;
  clock: Clock;
  config: Pick<Config, 'SMTP_URL' | 'MAIL_SEND_TIMEOUT_MS'>;
}

const DEFAULT_WEIGHTS: Readonly<Record<string, number>> =
  DEFAULT_PLANNER_WEIGHTS as unknown as Record<string, number>;

/**
 * Only the planner's own weight names, and only values that differ from
 * the default: a later change of a default then reaches this installation.
 */
function plannerOverrides(
  weights: Record<string, number>,
): Record<string, number> {
  const unknown = Object.keys(weights).filter(
    (name) => !Object.hasOwn(DEFAULT_WEIGHTS, name),
  );
  if (unknown.length > 0) {
    const issues = unknown.map((name) => ({
      path: `plannerWeights.${name}`,
      message: adminMessages.unknownWeight(name),
    }));
    throw new BadRequestError(issues[0]?.message, issues);
  }
  return Object.fromEntries(
    Object.entries(weights).filter(
      ([name, value]) => DEFAULT_WEIGHTS[name] !== value,
    ),
  );
}

/** A stored row, read defensively: an override the planner no longer knows is ignored. */
function storedOverrides(row: AdminSettingsRow | null): Record<string, number> {
  const stored = row?.plannerWeights ?? {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      ([name, value]) =>
        Object.hasOwn(DEFAULT_WEIGHTS, name) &&
        typeof value === 'number' &&
        Number.isFinite(value),
    ),
  );
}

/**
 * The installation's admin settings (issue 12): sign-up open or closed, the
 * planner's weights, and the test e-mail that reports what SMTP said.
 */
export function createAdminSettingsService(deps: AdminSettingsServiceDeps) {
  const { repo, users, mailer, audit, transaction, clock, config } = deps;

  const view = (row: AdminSettingsRow | null): AdminSettings => ({
    signupOpen: row?.signupOpen ?? true,
    plannerWeights: storedOverrides(row),
    plannerWeightDefaults: { ...DEFAULT_WEIGHTS },
    mailConfigured: config.SMTP_URL !== undefined,
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  });

  async function change(
    actorId: string,
    context: RequestContext,
    build: (row: AdminSettingsRow) => Partial<AdminSettingsValues>,
    details: Record<string, unknown> = {},
  ): Promise<AdminSettings> {
    const { before, after } = await transaction(async (tx) => {
      const before = await repo.lock(tx);
      const values = build(before);
      const after = await repo.update(
        { ...values, updatedAt: clock.now(), updatedBy: actorId },
        tx,
      );
      return { before, after };
    });
    const changes = auditChanges(
      { signupOpen: before.signupOpen, plannerWeights: before.plannerWeights },
      { signupOpen: after.signupOpen, plannerWeights: after.plannerWeights },
    );
    await audit.record(context, {
      type: 'admin_settings_changed',
      outcome: 'success',
      actorId,
      target: 'admin_settings',
      details,
      changes,
    });
    return view(after);
  }

  return {
    /** GET /admin/settings */
    async get(): Promise<AdminSettings> {
      return view(await repo.get());
    },

    /** Whether new accounts may be created (sign-up and first Google sign-in). */
    async isSignupOpen(): Promise<boolean> {
      return (await repo.get())?.signupOpen ?? true;
    },

    /** The stored overrides of DEFAULT_PLANNER_WEIGHTS, for plan generation. */
    async plannerWeightOverrides(): Promise<Record<string, number>> {
      return storedOverrides(await repo.get());
    },

    /** PATCH /admin/settings */
    async update(
      actorId: string,
      input: UpdateAdminSettings,
      context: RequestContext,
    ): Promise<AdminSettings> {
      const weights =
        input.plannerWeights === undefined
          ? undefined
          : plannerOverrides(input.plannerWeights);
      return change(actorId, context, () => ({
        ...(input.signupOpen === undefined
          ? {}
          : { signupOpen: input.signupOpen }),
        ...(weights === undefined ? {} : { plannerWeights: weights }),
      }));
    },

    /** POST /admin/settings/reset-planner-weights */
    async resetPlannerWeights(
      actorId: string,
      context: RequestContext,
    ): Promise<AdminSettings> {
      return change(actorId, context, () => ({ plannerWeights: {} }), {
        action: 'reset_planner_weights',
      });
    },

    /** POST /admin/settings/test-email: a mail to the admin, and what SMTP said. */
    async sendTestEmail(
      actorId: string,
      context: RequestContext,
    ): Promise<TestEmailResponse> {
      const admin = await users.findById(actorId);
      if (!admin) throw new UnauthorizedError();
      const result = await mailer.check({
        to: admin.email,
        ...testMail({ firstName: admin.firstName }),
      });
      const answer: TestEmailResponse =
        result.outcome === 'sent'
          ? { ok: true, message: adminMessages.testEmailSent(admin.email) }
          : result.outcome === 'not_configured'
            ? { ok: false, message: adminMessages.mailNotConfigured }
            : result.outcome === 'timeout'
              ? {
                  ok: false,
                  message: adminMessages.testEmailTimeout(
                    Math.round(config.MAIL_SEND_TIMEOUT_MS / 1000),
                  ),
                }
              : {
                  ok: false,
                  message: adminMessages.testEmailFailed(result.error),
                };
      await audit.record(context, {
        type: 'admin_test_email',
        outcome: answer.ok ? 'success' : 'failure',
        actorId,
        target: actorId,
        details: { outcome: result.outcome },
      });
      return answer;
    },
  };
}

export type AdminSettingsService = ReturnType<
  typeof createAdminSettingsService
>;
