import { and, asc, desc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { auditEvents, type AuditEventRow } from '../../db/schema/audit.js';
import { users } from '../../db/schema/users.js';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export interface AuditPageFilter {
  actorId: string | null;
  /** Normalised (lower case); matches the actor's current address. */
  actorEmail: string | null;
  type: string | null;
  limit: number;
  offset: number;
}

export type AuditPageRow = Omit<AuditEventRow, 'userAgent' | 'seq'> & {
  actorEmail: string | null;
};

export function createAuditRepository(db: Database) {
  const actorId = sql.placeholder('actorId');
  const actorEmail = sql.placeholder('actorEmail');
  const type = sql.placeholder('type');
  const matches = sql`(${actorId}::uuid IS NULL OR ${auditEvents.actorId} = ${actorId}::uuid) AND (${actorEmail}::text IS NULL OR ${users.email} = ${actorEmail}) AND (${type}::text IS NULL OR ${auditEvents.type} = ${type})`;

  // GET /admin/audit in one statement, as the admin user list does
  // (admin-users-repository.ts): `count(*) over ()` carries the total, and
  // a page past the end still answers one row with the total.
  const page = db.$with('page').as(
    db
      .select({
        id: auditEvents.id,
        occurredAt: auditEvents.occurredAt,
        requestId: auditEvents.requestId,
        type: auditEvents.type,
        actorId: auditEvents.actorId,
        target: auditEvents.target,
        ip: auditEvents.ip,
        outcome: auditEvents.outcome,
        details: auditEvents.details,
        actorEmail: sql<string | null>`${users.email}`.as('actor_email'),
        total: sql<string>`count(*) over ()`.as('total'),
        position:
          sql<string>`row_number() over (order by ${auditEvents.occurredAt} desc, ${auditEvents.seq} desc)`.as(
            'position',
          ),
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(matches)
      .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.seq))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const pageQuery = db
    .with(page)
    .select({
      id: page.id,
      occurredAt: page.occurredAt,
      requestId: page.requestId,
      type: page.type,
      actorId: page.actorId,
      target: page.target,
      ip: page.ip,
      outcome: page.outcome,
      details: page.details,
      actorEmail: page.actorEmail,
      position: page.position,
      total: sql<string>`coalesce(${page.total}, (SELECT count(*) FROM ${auditEvents} LEFT JOIN ${users} ON ${users.id} = ${auditEvents.actorId} WHERE ${matches}))`,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(page, sql`true`)
    .prepare('admin_audit_page');

  return {
    /** Newest first, with the actor's e-mail and the number of matches. */
    async page(
      filter: AuditPageFilter,
    ): Promise<{ rows: AuditPageRow[]; total: number }> {
      const result = await pageQuery.execute({
        actorId: filter.actorId,
        actorEmail: filter.actorEmail,
        type: filter.type,
        limit: filter.limit,
        offset: filter.offset,
      });
      let total = 0;
      const rows: { event: AuditPageRow; position: number }[] = [];
      for (const { total: count, position, ...event } of result) {
        total = Number(count);
        // The one row of an empty page carries only the total.
        if (event.id === null || position === null) continue;
        rows.push({ event: event as AuditPageRow, position: Number(position) });
      }
      rows.sort((a, b) => a.position - b.position);
      return { rows: rows.map((entry) => entry.event), total };
    },

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
        .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.seq));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
