import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import {
  createPostgresDatabase,
  createTestDatabase,
  getTestDatabase,
  resetDatabase,
  testDbDriver,
} from '../test/build-app.js';
import { listTables, openPostgres, type Database } from './client.js';
import { appMeta } from './schema/index.js';

/** Written against the shared type only, as repositories are. */
async function setMeta(db: Database, key: string, value: unknown) {
  await db
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value, updatedAt: sql`now()` },
    });
}

async function migrationCount(db: Database): Promise<number> {
  const result = await db.execute<{ count: string | number }>(
    sql`SELECT count(*) AS count FROM drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count);
}

describe('the database', () => {
  it('is migrated: app_meta exists', async () => {
    const { db } = await getTestDatabase();
    expect(await listTables(db)).toContain('app_meta');
  });

  it('stores and reads rows through the shared Database type', async () => {
    const { db } = await getTestDatabase();
    await setMeta(db, 'seed', { version: 1 });
    await setMeta(db, 'seed', { version: 2 });
    const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'seed'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toEqual({ version: 2 });
    expect(rows[0]?.updatedAt).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back', async () => {
    const { db } = await getTestDatabase();
    await expect(
      db.transaction(async (tx) => {
        await setMeta(tx, 'half-done', true);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await db
      .select()
      .from(appMeta)
      .where(eq(appMeta.key, 'half-done'));
    expect(rows).toEqual([]);
  });

  it('is emptied by resetDatabase, migrations kept', async () => {
    const { db } = await getTestDatabase();
    await setMeta(db, 'temp', 'x');
    const before = await migrationCount(db);
    await resetDatabase();
    // Emptying the catalogue bumps its version (migration 0005's triggers),
    // so that cached planner catalogues are dropped: that row is written anew.
    const left = await db.select().from(appMeta);
    expect(left.map((row) => row.key)).toEqual(['catalogue_version']);
    expect(await migrationCount(db)).toBe(before);
  });

  it('applies migrations once when migrate runs again', async () => {
    const database = await getTestDatabase();
    const before = await migrationCount(database.db);
    expect(before).toBeGreaterThan(0);
    await database.migrate();
    expect(await migrationCount(database.db)).toBe(before);
  });

  it('answers ping, and false once closed', async () => {
    const database = await createTestDatabase({ migrate: false });
    expect(await database.ping()).toBe(true);
    await database.dispose();
    expect(await database.ping()).toBe(false);
  });
});

describe.runIf(testDbDriver() === 'postgres')('the PostgreSQL driver', () => {
  it('sets a 5 s statement_timeout', async () => {
    const { db } = await getTestDatabase();
    const result = await db.execute<{ statement_timeout: string }>(
      sql`SHOW statement_timeout`,
    );
    expect(result.rows[0]?.statement_timeout).toBe('5s');
  });

  it('applies each migration once when instances migrate at once', async () => {
    const target = await createPostgresDatabase();
    const handles = await Promise.all(
      [1, 2, 3].map(() => openPostgres(target.url)),
    );
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const [first] = handles;
      if (!first) throw new Error('no handle');
      const result = await first.db.execute<{ hash: string; n: string }>(
        sql`SELECT hash, count(*) AS n FROM drizzle.__drizzle_migrations GROUP BY hash`,
      );
      expect(result.rows.length).toBeGreaterThan(0);
      for (const row of result.rows) expect(Number(row.n)).toBe(1);
      expect(await listTables(first.db)).toContain('app_meta');
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await target.drop();
    }
  });
});
