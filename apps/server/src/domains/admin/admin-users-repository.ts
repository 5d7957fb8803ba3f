import { and, asc, desc, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/users.js';
import type { Executor } from '../../db/transaction.js';

/** The columns of a user the admin list shows (never the password hash). */
export interface AdminUserRow {
  id: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  state: string | null;
  role: UserRow['role'];
  isActive: boolean;
  invitationPending: boolean;
}

export interface AdminUserPageFilter {
  /** A LIKE pattern (already escaped and wrapped in %), or null for all. */
  pattern: string | null;
  role: UserRow['role'] | null;
  limit: number;
  offset: number;
}

/** `%`, `_` and the escape character itself match literally (ESCAPE '\'). */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function createAdminUsersRepository(db: Database) {
  const pattern = sql.placeholder('pattern');
  const role = sql.placeholder('role');
  // "Ada Lovelace" matches a search for "ada love"; the e-mail is stored in
  // lower case and ILIKE ignores the case of both.
  const fullName = sql`(${users.firstName} || coalesce(' ' || ${users.lastName}, ''))`;
  const matches = sql`(${pattern}::text IS NULL OR ${fullName} ILIKE ${pattern} ESCAPE '\\' OR ${users.email} ILIKE ${pattern} ESCAPE '\\') AND (${role}::text IS NULL OR ${users.role} = ${role})`;

  const columns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    phoneNumber: users.phoneNumber,
    state: users.state,
    role: users.role,
    isActive: users.isActive,
    invitationPending: sql<boolean>`${users.passwordHash} IS NULL`.as(
      'invitation_pending',
    ),
  };

  // One statement per answer (read endpoints aim at 1,000 req/s): the page
  // with `count(*) over ()` as the total, left-joined to a single row so
  // that a page past the end still answers one row. Only then is the total
  // counted apart: COALESCE evaluates that subquery (an InitPlan) only when
  // the page is empty.
  const page = db.$with('page').as(
    db
      .select({
        ...columns,
        total: sql<string>`count(*) over ()`.as('total'),
        position:
          sql<string>`row_number() over (order by ${users.createdAt} desc, ${users.id} desc)`.as(
            'position',
          ),
      })
      .from(users)
      .where(matches)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const pageQuery = db
    .with(page)
    .select({
      id: page.id,
      firstName: page.firstName,
      lastName: page.lastName,
      email: page.email,
      phoneNumber: page.phoneNumber,
      state: page.state,
      role: page.role,
      isActive: page.isActive,
      invitationPending: page.invitationPending,
      position: page.position,
      total: sql<string>`coalesce(${page.total}, (SELECT count(*) FROM ${users} WHERE ${matches}))`,
    })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(page, sql`true`)
    .prepare('admin_users_page');

  return {
    /** One page of users, newest first, and how many match in all. */
    async page(
      filter: AdminUserPageFilter,
    ): Promise<{ rows: AdminUserRow[]; total: number }> {
      const result = await pageQuery.execute({
        pattern: filter.pattern,
        role: filter.role,
        limit: filter.limit,
        offset: filter.offset,
      });
      let total = 0;
      const rows: { user: AdminUserRow; position: number }[] = [];
      for (const { total: count, position, ...user } of result) {
        total = Number(count);
        // The one row of an empty page carries only the total; a joined
        // row has every column (the left join only types them nullable).
        if (user.id === null || position === null) continue;
        rows.push({ user: user as AdminUserRow, position: Number(position) });
      }
      rows.sort((a, b) => a.position - b.position);
      return { rows: rows.map((entry) => entry.user), total };
    },

    /**
     * Locks the active administrators' rows until `tx` ends and returns
     * their ids. Every change that could remove an admin takes this lock
     * first, so two such changes run one after the other and the second
     * sees the first's result (S35: the last admin stays).
     */
    async lockActiveAdmins(tx: Executor): Promise<string[]> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((row) => row.id);
    },

    /** The user, locked until `tx` ends. */
    async findForUpdate(id: string, tx: Executor): Promise<UserRow | null> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row ?? null;
    },
  };
}

export type AdminUsersRepository = ReturnType<
  typeof createAdminUsersRepository
>;

export function toAdminUserRow(user: UserRow): AdminUserRow {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    state: user.state,
    role: user.role,
    isActive: user.isActive,
    invitationPending: user.passwordHash === null,
  };
}
