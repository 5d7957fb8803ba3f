import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

import {
  MIGRATIONS_FOLDER,
  openPostgres,
  pgliteDataDir,
} from '../db/client.js';
import { createPostgresDatabase } from './postgres-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite cluster; '' on PostgreSQL runs. */
    pgliteTemplate: string;
    /** A DATA_DIR holding that cluster, for spawned servers; '' on PostgreSQL runs. */
    pgliteServerTemplate: string;
    /** A migrated PostgreSQL database to copy; '' on PGlite runs. */
    postgresTemplate: string;
  }
}

/**
 * PGlite's initdb costs seconds per instance, and migrating a new database
 * costs every test file a second or more. Migrate once per run: on PGlite
 * each test file starts from a dump of a migrated cluster, on PostgreSQL
 * from a copy of a migrated template database (build-app.ts). A server the
 * tests spawn starts on a copy of the same cluster's directory, or of the same
 * template database (black-box.ts), where the test is not about a first start.
 */
export default async function setup(project: TestProject) {
  if (project.config.env.TEST_DB_DRIVER === 'postgres') {
    project.provide('pgliteTemplate', '');
    project.provide('pgliteServerTemplate', '');
    const template = await createPostgresDatabase();
    const handle = await openPostgres(template.url);
    try {
      await handle.migrate();
    } finally {
      // CREATE DATABASE ... TEMPLATE needs the template without connections.
      await handle.close();
    }
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  project.provide('postgresTemplate', '');
  const dir = await mkdtemp(join(tmpdir(), 'platewise-pglite-template-'));
  const file = join(dir, 'template.tar');
  // The cluster lives where a server looks for it in its DATA_DIR.
  const serverData = join(dir, 'server-data');
  await mkdir(serverData);
  const client = await PGlite.create(pgliteDataDir(serverData));
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('pgliteServerTemplate', serverData);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
