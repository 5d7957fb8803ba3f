/**
 * security.md R01-R03 with autocannon, as the shared doc describes them, on
 * PGlite or PostgreSQL:
 *
 * - R01 read path: the catalogue grown to `--rows` recipes (default 10,000:
 *   the seed's recipes copied with their lines and pictures), then
 *   `GET /api/recipes?limit=20&page=<1..last>` with `-c 50 -d <duration>`
 *   after a warm-up of `-c 10 -d 5`.
 * - R02 write path: `POST /api/recipes` with `-c 10`, every request with its
 *   own Idempotency-Key and name; afterwards the recipes table must have
 *   grown by exactly the number of 201s (counted in the database).
 * - R03 login storm: `POST /api/users/login` (right password) with `-c 8`
 *   while a prober asks `GET /api/health` every 50 ms; the argon2 verifies
 *   a second of this machine are measured first, with the server idle.
 *
 * Every round runs `GET /api/health` with the same connections and duration
 * just before, so the ratio to health says what a loaded machine does to the
 * absolute figures; each round records `uptime`'s load averages. The server
 * runs from this checkout's sources (tsx) with its default limits, but the
 * login and admin rate limits lifted (one client would meet them).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   npx tsx bench/load/r-targets.ts --db pglite|postgres [--port 4390] \
 *     [--duration 30] [--rows 10000] [--name platewise_rtargets] [--only r01,r02,r03] \
 *     [--pages <R01's page cycle>] [--label <suffix>]
 *
 * Writes bench/results/r-targets-<db>[-<label>].json.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';

import { openDatabase } from '../../apps/server/src/db/client.js';
import { createPasswordHasher } from '../../apps/server/src/security/password-hasher.js';
import { freePort, waitFor } from '../lib/http.js';
import { writeResult } from '../lib/results.js';
import {
  prepareDatabase,
  settle,
  spawnSourceServer,
  type SourceServer,
} from '../lib/source-server.js';
import { loginToken, percentile } from './security-lib.js';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    port: { type: 'string' },
    duration: { type: 'string', default: '30' },
    rows: { type: 'string', default: '10000' },
    name: { type: 'string', default: 'platewise_rtargets' },
    only: { type: 'string', default: 'r01,r02,r03' },
    // R01 cycles through this many pages (default: every page, so each
    // request of the first pass misses the catalogue cache).
    pages: { type: 'string' },
    // Appended to the results file's name.
    label: { type: 'string' },
    // Write a V8 CPU profile of the (second) server into this directory.
    'cpu-prof': { type: 'string' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const duration = Number(values.duration);
const rows = Number(values.rows);
const only = new Set(values.only.split(','));
const root = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN = {
  email: 'rtargets@platewise.test',
  password: 'Rtargets-pass-42!',
};

/** The targets of security.md R01-R03 for this database. */
const TARGETS = {
  postgres: {
    r01: { perSecond: 1_000, p99: 100 },
    r02: { perSecond: 200, p99: 250 },
  },
  pglite: { r01: { perSecond: 300, p99: 250 }, r02: null },
} as const;

function machineLoad(): { uptime: string; loadAverage: number[] } {
  return {
    uptime: execFileSync('uptime', { encoding: 'utf8' }).trim(),
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
  };
}

/**
 * R02's rows, read in the database itself (the server stopped): every
 * "Load dish" recipe, how many distinct names, and how many of the
 * acknowledged names are stored.
 */
async function loadDishes(
  env: Record<string, string>,
  dataDir: string,
  acknowledged: readonly string[],
): Promise<{
  stored: number;
  distinctNames: number;
  acknowledgedStored: number;
}> {
  const handle = await openDatabase({
    DATABASE_URL: env.DATABASE_URL,
    DATA_DIR: dataDir,
  });
  try {
    const all = await handle.db.execute<{
      stored: number;
      distinct_names: number;
    }>(
      sql`SELECT count(*)::int AS stored, count(DISTINCT name)::int AS distinct_names
          FROM recipes WHERE name LIKE 'Load dish %'`,
    );
    const names = `{${acknowledged.map((name) => `"${name}"`).join(',')}}`;
    const found = await handle.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM recipes WHERE name = ANY(${names}::text[])`,
    );
    return {
      stored: Number(all.rows[0]?.stored ?? 0),
      distinctNames: Number(all.rows[0]?.distinct_names ?? 0),
      acknowledgedStored: Number(found.rows[0]?.n ?? 0),
    };
  } finally {
    await handle.close();
  }
}

/**
 * Copies the seed's recipes, with their ingredient lines and pictures (not
 * uploads), until the catalogue holds at least `target` recipes. Runs with
 * the server stopped: PGlite has one process at a time.
 */
async function growCatalogue(
  env: Record<string, string>,
  dataDir: string,
  target: number,
): Promise<number> {
  const handle = await openDatabase({
    DATABASE_URL: env.DATABASE_URL,
    DATA_DIR: dataDir,
  });
  try {
    const count = async () =>
      Number(
        (
          await handle.db.execute<{ count: number }>(
            sql`SELECT count(*)::int AS count FROM recipes`,
          )
        ).rows[0]?.count ?? 0,
      );
    const seeded = await count();
    const copies = Math.max(0, Math.ceil((target - seeded) / seeded));
    await handle.db.transaction(async (tx) => {
      // The server's 5-s statement_timeout is for requests, not for this.
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`CREATE TEMP TABLE bench_copies ON COMMIT DROP AS
        SELECT r.id AS source_id, gen_random_uuid() AS id, g AS copy
        FROM recipes r CROSS JOIN generate_series(1, ${copies}::int) g`);
      await tx.execute(sql`INSERT INTO recipes (id, name, description,
          total_cooking_time, rating, serving_size, cuisine, meal_types, tags,
          directions, url, diets, allergens, protein_per_serving, protein_level)
        SELECT c.id, r.name || ' (' || c.copy || ')', r.description,
          r.total_cooking_time, r.rating, r.serving_size, r.cuisine,
          r.meal_types, r.tags, r.directions, r.url, r.diets, r.allergens,
          r.protein_per_serving, r.protein_level
        FROM bench_copies c JOIN recipes r ON r.id = c.source_id`);
      await tx.execute(sql`INSERT INTO recipe_ingredients (recipe_id, position,
          ingredient_id, name, quantity, quantity_max, unit, preparation, text)
        SELECT c.id, i.position, i.ingredient_id, i.name, i.quantity,
          i.quantity_max, i.unit, i.preparation, i.text
        FROM bench_copies c JOIN recipe_ingredients i ON i.recipe_id = c.source_id`);
      await tx.execute(sql`INSERT INTO recipe_images (recipe_id, position, kind,
          url, file_name, content_type)
        SELECT c.id, i.position, i.kind, i.url, i.file_name, i.content_type
        FROM bench_copies c JOIN recipe_images i ON i.recipe_id = c.source_id
        WHERE i.kind <> 'upload'`);
    });
    return await count();
  } finally {
    await handle.close();
  }
}

/** argon2 verifies a second at the server's policy, 4 at a time (libuv's pool). */
async function verifiesPerSecond(): Promise<number> {
  const hasher = createPasswordHasher();
  const stored = await hasher.hash(ADMIN.password);
  const total = 40;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < total) {
        next += 1;
        await hasher.verify(stored, ADMIN.password);
      }
    }),
  );
  return Math.round((total / (performance.now() - started)) * 10_000) / 10;
}

function summary(result: autocannon.Result) {
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = stat.count ?? 0;
  }
  return {
    perSecond: result.requests.average,
    total: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    statuses,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

type Summary = ReturnType<typeof summary>;

/** autocannon's options; `warmup` is in autocannon 8, not in its types. */
type Target = Partial<autocannon.Options> & {
  url: string;
  warmup?: { connections: number; duration: number };
};

/** Health with `connections` for `duration`, then the round itself. */
async function round(
  base: string,
  connections: number,
  target: Target,
): Promise<{
  health: Summary;
  result: Summary;
  ratio: number;
  machine: ReturnType<typeof machineLoad>;
}> {
  await settle(base);
  const health = summary(
    await autocannon({ url: `${base}/api/health`, connections, duration }),
  );
  const result = summary(
    await autocannon({ connections, duration, ...target }),
  );
  return {
    health,
    result,
    ratio:
      Math.round((result.perSecond / Math.max(1, health.perSecond)) * 1000) /
      1000,
    machine: machineLoad(),
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'platewise-rtargets-'));
  const database = await prepareDatabase(db, values.name);
  const port = values.port ? Number(values.port) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = (profile = false) =>
    spawnSourceServer({
      root,
      port,
      dataDir,
      nodeArgs:
        profile && values['cpu-prof']
          ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`]
          : [],
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        // R01-R03 measure paths, not limits: lift the ones one client meets.
        RATE_LIMIT_LOGIN: '1000000',
        RATE_LIMIT_ADMIN: '1000000',
        ...database.env,
      },
    });
  let server: SourceServer | undefined;
  const results: Record<string, unknown> = {};
  try {
    // Migrations and the seed, then the catalogue grown with the server down.
    server = start();
    await waitFor(`${base}/api/ready`, Date.now() + 400_000);
    await server.stop();
    const catalogue = await growCatalogue(database.env, dataDir, rows);
    process.stdout.write(`catalogue: ${catalogue} recipes\n`);
    const argon2VerifiesPerSecond = await verifiesPerSecond();
    process.stdout.write(
      `argon2 verifies/s (idle server, 4 at once): ${argon2VerifiesPerSecond}\n`,
    );

    server = start(true);
    await waitFor(`${base}/api/ready`, Date.now() + 400_000);
    const token = await loginToken(base, ADMIN.email, ADMIN.password);
    const auth = { authorization: `Bearer ${token}` };
    const pages = values.pages
      ? Number(values.pages)
      : Math.ceil(catalogue / 20);

    if (only.has('r01')) {
      let page = 0;
      const r01 = await round(base, 50, {
        url: base,
        // What a browser sends: without it every page is sent uncompressed
        // (about 60 KB), and autocannon, on the same 2 cores, spends more
        // time reading it than the server spends sending it.
        headers: { ...auth, 'accept-encoding': 'br, gzip' },
        warmup: { connections: 10, duration: 5 },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              page = (page % pages) + 1;
              return { ...request, path: `/api/recipes?limit=20&page=${page}` };
            },
          },
        ],
      });
      results.r01 = { catalogue, pages, connections: 50, ...r01 };
      process.stdout.write(`R01 ${JSON.stringify(results.r01)}\n`);
    }

    // R02's acknowledged writes (the names of the 201s), checked in the
    // database once the server is stopped.
    const acknowledged: string[] = [];
    if (only.has('r02')) {
      const r02 = await round(base, 10, {
        url: `${base}/api/recipes`,
        // A count, not a duration: autocannon stops a timed run without
        // reading the answers in flight, so those writes are stored with no
        // 201 seen (10 of 6,276 in a timed run) and the count check cannot
        // hold. About the duration's worth at the target of 200 a second.
        amount: 200 * duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (request, context) => {
              const key = randomUUID();
              (context as { name?: string }).name = `Load dish ${key}`;
              return {
                ...request,
                headers: {
                  ...auth,
                  'content-type': 'application/json',
                  'idempotency-key': key,
                },
                body: JSON.stringify({
                  name: `Load dish ${key}`,
                  ingredients: ['400 g firm tofu', '1 tbsp olive oil'],
                }),
              };
            },
            // One request at a time per connection: the context holds it.
            onResponse: (status, _body, context) => {
              const { name } = context as { name?: string };
              if (status === 201 && name) acknowledged.push(name);
            },
          },
        ],
      });
      results.r02 = { connections: 10, ...r02 };
      process.stdout.write(`R02 ${JSON.stringify(results.r02)}\n`);
    }

    if (only.has('r03')) {
      const probes: number[] = [];
      let probing = true;
      let probeFailures = 0;
      const prober = (async () => {
        while (probing) {
          const sent = performance.now();
          try {
            const response = await fetch(`${base}/api/health`);
            await response.arrayBuffer();
            if (response.status !== 200) probeFailures += 1;
            probes.push(performance.now() - sent);
          } catch {
            probeFailures += 1;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const r03 = await round(base, 8, {
        url: `${base}/api/users/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ADMIN, rememberMe: false }),
      });
      probing = false;
      await prober;
      probes.sort((a, b) => a - b);
      results.r03 = {
        connections: 8,
        argon2VerifiesPerSecond,
        ...r03,
        prober: {
          probes: probes.length,
          failures: probeFailures,
          p50: percentile(probes, 50),
          p99: percentile(probes, 99),
          max: percentile(probes, 100),
        },
      };
      process.stdout.write(`R03 ${JSON.stringify(results.r03)}\n`);
    }

    if (only.has('r02')) {
      await server.stop();
      const rows = await loadDishes(database.env, dataDir, acknowledged);
      results.r02 = {
        ...(results.r02 as object),
        created201: acknowledged.length,
        ...rows,
        // autocannon stops with up to one request per connection unanswered:
        // stored without a 201 the client saw.
        everyAcknowledgedWriteStoredOnce:
          rows.acknowledgedStored === acknowledged.length &&
          rows.stored === rows.distinctNames,
        storedWithoutAnswer: rows.stored - rows.acknowledgedStored,
      };
      process.stdout.write(`R02 rows ${JSON.stringify(rows)}\n`);
    }

    writeResult(`r-targets-${db}${values.label ? `-${values.label}` : ''}`, {
      db,
      durationSeconds: duration,
      targets: TARGETS[db],
      ...results,
    });
  } finally {
    await server?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
