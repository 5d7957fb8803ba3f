import { randomUUID } from 'node:crypto';

import pg from 'pg';

/**
 * Databases of their own for the PostgreSQL runs of the server suite, on the
 * server of TEST_DATABASE_URL. Kept apart from build-app.ts so the global
 * setup (which runs outside the test workers) can use it too.
 */

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
}

async function withAdminClient<T>(
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface PostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own: empty, or a copy of `template` (a database nobody is
 * connected to, e.g. the migrated one of the global setup). `drop` removes it.
 */
export async function createPostgresDatabase(
  options: { template?: string | undefined } = {},
): Promise<PostgresDatabase> {
  const name = `platewise_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const { template } = options;
  if (
    template !== undefined &&
    !/^platewise_test_[0-9a-f]{16}$/.test(template)
  ) {
    throw new Error(`not a test template database: ${template}`);
  }
  await withAdminClient((client) =>
    client.query(
      template === undefined
        ? `CREATE DATABASE ${name}`
        : `CREATE DATABASE ${name} TEMPLATE ${template}`,
    ),
  );
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdminClient((client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
