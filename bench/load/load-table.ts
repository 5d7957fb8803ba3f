/**
 * Prints the bench/README.md "Load" tables from bench/results/load-*.json
 * (read-load.ts): req/s, ratio to health in the same round and p99, before
 * and after, per database and concurrency; then the second round of issue 17
 * (main against this branch: also health's p99 during the load and the CPU
 * time per request).
 *
 *   npx tsx bench/load/load-table.ts [before after]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Round {
  path: string;
  connections: number;
  requests: number;
  p99: number;
  non2xx: number;
  ratio: number | null;
  health: { requests: number; p99: number };
  healthDuring?: { requests: number; p99: number; max: number };
  cpuMicros?: { server: number; database: number | null };
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
    ? `${Math.round(round.requests)} (${
        // Health answered nothing in its round: no ratio.
        round.ratio === null ? 'n/a' : round.ratio.toFixed(3)
      }) p99 ${round.p99} ms${round.non2xx ? ` [${round.non2xx} non-2xx]` : ''}`
    : 'n/a';

const [beforeLabel = 'before', afterLabel = 'after'] = process.argv.slice(2);
const extended = afterLabel !== 'after';
const cpu = (round: Round | undefined) =>
  round?.cpuMicros
    ? `${round.cpuMicros.server}${round.cpuMicros.database === null ? '' : ` + ${round.cpuMicros.database}`} µs`
    : 'n/a';
// No answer within the round: the probe's one request waited all of it.
const during = (round: Round | undefined) =>
  round?.healthDuring
    ? round.healthDuring.requests === 0
      ? 'none in 5 s'
      : `${round.healthDuring.p99} ms`
    : 'n/a';

for (const db of ['pglite', 'postgres']) {
  const before = read(beforeLabel, db);
  const after = read(afterLabel, db);
  if (extended) {
    console.log(`\n${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n`);
    console.log(
      `| endpoint | c | ${beforeLabel}: req/s (x health) p99 | ${afterLabel}: req/s (x health) p99 | health p99 during load (${beforeLabel} / ${afterLabel}) | CPU per request (${beforeLabel} / ${afterLabel}) | load |`,
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const round of after) {
      const old = before.find(
        (item) =>
          nameOf(item.path) === nameOf(round.path) &&
          item.connections === round.connections,
      );
      console.log(
        `| ${nameOf(round.path)} | ${round.connections} | ${cell(old)} | ${cell(round)} | ${during(old)} / ${during(round)} | ${cpu(old)} / ${cpu(round)} | ${old?.load[0] ?? 'n/a'} / ${round.load[0]} |`,
      );
    }
    continue;
  }
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
