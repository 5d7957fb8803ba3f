import { isUuid, type AuditListQuery, type AuditPage } from '@platewise/shared';

import type { AuditRepository } from '../audit/audit-repository.js';

/** GET /admin/audit: the audit trail, newest first (security.md S48). */
export function createAdminAuditService(deps: {
  repo: Pick<AuditRepository, 'page'>;
}) {
  const { repo } = deps;
  return {
    async list(query: AuditListQuery): Promise<AuditPage> {
      const actor = query.actor;
      const byId = actor !== undefined && isUuid(actor);
      const { rows, total } = await repo.page({
        actorId: byId ? actor : null,
        actorEmail: actor !== undefined && !byId ? actor.toLowerCase() : null,
        type: query.action ?? null,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        entries: rows.map((row) => ({
          id: row.id,
          occurredAt: row.occurredAt.toISOString(),
          action: row.type,
          outcome: row.outcome,
          actorId: row.actorId,
          actorEmail: row.actorEmail,
          target: row.target,
          ip: row.ip,
          requestId: row.requestId,
          details: row.details,
        })),
        total,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}

export type AdminAuditService = ReturnType<typeof createAdminAuditService>;
