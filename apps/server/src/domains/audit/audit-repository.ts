import { and, asc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { auditEvents, type AuditEventRow } from '../../db/schema/audit.js';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export function createAuditRepository(db: Database) {
  return {
    async insert(event: NewAuditEvent): Promise<void> {
      await db.insert(auditEvents).values(event);
    },
    /** Oldest first; for tests and a future admin audit view. */
    list(
      filter: { type?: string; actorId?: string } = {},
    ): Promise<AuditEventRow[]> {
      return db
        .select()
        .from(auditEvents)
        .where(
          and(
            filter.type ? eq(auditEvents.type, filter.type) : undefined,
            filter.actorId
              ? eq(auditEvents.actorId, filter.actorId)
              : undefined,
          ),
        )
        .orderBy(asc(auditEvents.occurredAt));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
