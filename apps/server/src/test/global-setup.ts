import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

import { MIGRATIONS_FOLDER } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite cluster; '' on PostgreSQL runs. */
    pgliteTemplate: string;
  }
}

/**
 * PGlite's initdb costs seconds per instance. Migrate one cluster per run
 * and let each test file start from its dump (build-app.ts).
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB_DRIVER === 'postgres') {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'platewise-pglite-template-'));
  const file = join(dir, 'template.tar');
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
