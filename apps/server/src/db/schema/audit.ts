import {
  bigint,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Security events (security.md S48). `actor_id` has no foreign key on
 * purpose: the trail outlives a deleted account.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Insertion order: events of one millisecond (or one test clock tick)
     * still list newest first (GET /admin/audit).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    requestId: text('request_id'),
    type: text('type').notNull(),
    actorId: uuid('actor_id'),
    target: text('target'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    outcome: text('outcome', {
      enum: ['success', 'failure', 'denied'],
    }).notNull(),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
  },
  (table) => [
    index('audit_events_occurred_at_idx').on(table.occurredAt),
    index('audit_events_actor_id_idx').on(table.actorId),
    // GET /admin/audit?action=…: newest first within one event type.
    index('audit_events_type_occurred_at_idx').on(table.type, table.occurredAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
