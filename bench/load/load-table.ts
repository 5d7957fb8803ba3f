/**
 * Prints the bench/README.md "Load" table from bench/results/load-*.json
 * (read-load.ts): req/s, ratio to health in the same round and p99, before
 * and after, per database and concurrency.
 *
 *   npx tsx bench/load/load-table.ts
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Round {
  path: string;
  connections: number;
  requests: number;
  p99: number;
  non2xx: number;
  ratio: number;
  health: { requests: number; p99: number };
  load: number[];
}

function read(label: string, db: string): Round[] {
  const file = fileURLToPath(
    new URL(`../results/load-${label}-${db}.json`, import.meta.url),
  );
  return (JSON.parse(readFileSync(file, 'utf8')) as { rounds: Round[] }).rounds;
}

const NAMES: [RegExp, string][] = [
  [/^\/api\/recipes\?limit=50$/, 'GET /api/recipes?limit=50'],
  [/^\/api\/recipes\/[\w-]+$/, 'GET /api/recipes/{id}'],
  [/^\/api\/allergens$/, 'GET /api/allergens'],
  [/user-meal-plan/, 'meal plan GET'],
  [/user-ingredients-summary/, 'shopping summary'],
  [/preferences\/preferences/, 'preferences GET'],
];
const nameOf = (path: string) =>
  NAMES.find(([pattern]) => pattern.test(path))?.[1] ?? path;

const cell = (round: Round | undefined) =>
  round
    ? `${Math.round(round.requests)} (${round.ratio.toFixed(3)}) p99 ${round.p99} ms${round.non2xx ? ` [${round.non2xx} non-2xx]` : ''}`
    : 'n/a';

for (const db of ['pglite', 'postgres']) {
  const before = read('before', db);
  const after = read('after', db);
  console.log(`\n${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`);
  console.log(
    '| endpoint | c | before: req/s (x health) p99 | after: req/s (x health) p99 | health after (req/s, p99) | load after |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const round of after) {
    const old = before.find(
      (item) =>
        nameOf(item.path) === nameOf(round.path) &&
        item.connections === round.connections,
    );
    console.log(
      `| ${nameOf(round.path)} | ${round.connections} | ${cell(old)} | ${cell(round)} | ${Math.round(round.health.requests)}, ${round.health.p99} ms | ${round.load[0]} |`,
    );
  }
}
