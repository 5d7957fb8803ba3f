import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { RecipeListSchema, RecipeSchema } from '@platewise/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  createPostgresDatabase,
  TEST_JWT_SECRET,
  testDbDriver,
} from './test/build-app.js';
import { preferencesBody } from './test/planner-fixtures.js';
import {
  freePort,
  spawnServer,
  stopIfRunning,
  waitUntilReady,
  type ServerProcess,
} from './test/process.js';

/**
 * Issue 17: two server processes on one PostgreSQL behave as one service.
 * Counters, sessions and the catalogue cache are shared through the
 * database, so what one process did, the other one knows.
 */

const ADMIN = { email: 'admin@several.test', password: 'Several-Pass-42!' };
const LOGIN_LIMIT = 6;

let a: ServerProcess;
let b: ServerProcess;
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

async function call(
  server: ServerProcess,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined
        ? {}
        : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: await response.text() };
}

async function login(server: ServerProcess, password = ADMIN.password) {
  return call(server, '/api/users/login', {
    method: 'POST',
    body: { email: ADMIN.email, password, rememberMe: false },
  });
}

function tokenOf(answer: { body: string }): string {
  return (JSON.parse(answer.body) as { user: { accessToken: string } }).user
    .accessToken;
}

describe.skipIf(testDbDriver() !== 'postgres')(
  'two processes on one PostgreSQL',
  () => {
    beforeAll(async () => {
      database = await createPostgresDatabase();
      const env = async () => ({
        PORT: String(await freePort()),
        DATABASE_URL: database.url,
        DATA_DIR: await mkdtemp(join(tmpdir(), 'platewise-several-')),
        // Shared by all processes of a deployment: tokens name it as issuer.
        PUBLIC_URL: 'http://platewise.test',
        JWT_SECRET: TEST_JWT_SECRET,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        RATE_LIMIT_LOGIN: String(LOGIN_LIMIT),
        PLANNER_THREADS: '1',
      });
      a = spawnServer(await env());
      // The second starts once the first has migrated and seeded, as a
      // rolling start would.
      await waitUntilReady(a);
      b = spawnServer(await env());
      await waitUntilReady(b);
      // Two starts in a row on a busy 2-core machine (limits, not measures).
    }, 200_000);

    afterAll(async () => {
      // Also after a failed start, when some are still unset: kill what
      // runs, drop what was made.
      const servers = [a, b] as (ServerProcess | undefined)[];
      for (const server of servers) stopIfRunning(server);
      await Promise.all(servers.map((server) => server?.exited));
      await (database as typeof database | undefined)?.drop();
    });

    it('shows a recipe edited through one process in the other’s cached answers', async () => {
      const token = tokenOf(await login(a));
      const list = RecipeListSchema.parse(
        JSON.parse((await call(b, '/api/recipes?limit=1', { token })).body),
      );
      const recipe = list.data[0];
      if (!recipe) throw new Error('no recipe');
      // Cached on B now.
      const before = await call(b, `/api/recipes/${recipe.id}`, { token });
      expect(RecipeSchema.parse(JSON.parse(before.body)).name).toBe(
        recipe.name,
      );

      const edit = await call(a, `/api/recipes/${recipe.id}`, {
        method: 'PUT',
        token,
        body: {
          name: `${recipe.name} from A`,
          ingredients: recipe.ingredients.map((line) => line.text),
        },
      });
      expect(edit.status, edit.body).toBe(200);

      await vi.waitFor(
        async () => {
          const after = await call(b, `/api/recipes/${recipe.id}`, { token });
          expect(RecipeSchema.parse(JSON.parse(after.body)).name).toBe(
            `${recipe.name} from A`,
          );
          const page = await call(b, '/api/recipes?limit=1', { token });
          expect(page.body).toContain(`${recipe.name} from A`);
        },
        { timeout: 10_000, interval: 100 },
      );
    });

    it('refuses on one process a session ended on the other', async () => {
      const token = tokenOf(await login(b));
      expect((await call(a, '/api/allergens', { token })).status).toBe(200);
      const logout = await call(a, '/api/users/logout', {
        method: 'POST',
        token,
      });
      expect(logout.status).toBe(200);
      // At once: on PostgreSQL every request reads its session.
      expect((await call(b, '/api/allergens', { token })).status).toBe(401);
    });

    it('answers on one process, at once, what was saved through the other', async () => {
      const token = tokenOf(await login(a));
      const save = async (servingSize: number) => {
        const saved = await call(a, '/api/preferences/save', {
          method: 'POST',
          token,
          body: preferencesBody({ serving_size: servingSize }),
        });
        expect(saved.status, saved.body).toBe(200);
      };
      const servingSizeOnB = async () => {
        const read = await call(b, '/api/preferences/preferences', { token });
        expect(read.status, read.body).toBe(200);
        return (JSON.parse(read.body) as { serving_size: number }).serving_size;
      };
      await save(2);
      // Read twice: B keeps the answer (reads/answer-cache.ts).
      expect(await servingSizeOnB()).toBe(2);
      expect(await servingSizeOnB()).toBe(2);
      await save(5);
      // No wait: B's read compares the kept answer's version in the same
      // statement as its session check (migration 0017).
      expect(await servingSizeOnB()).toBe(5);
    });

    it('counts the per-IP login limit across both processes', async () => {
      // Three logins so far; the limit is shared, so the rest of it can be
      // spent on either process and then both refuse.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < LOGIN_LIMIT - 3; attempt += 1) {
        statuses.push(
          (await login(attempt % 2 === 0 ? a : b, 'Wrong-Pass-42!')).status,
        );
      }
      expect(statuses).toEqual(Array(LOGIN_LIMIT - 3).fill(401));
      expect((await login(a)).status).toBe(429);
      expect((await login(b)).status).toBe(429);
    });
  },
);
