/**
 * Accuracy of the ingredient-line parser on the labelled set (exact match of
 * quantity, unit and ingredient id; and each field alone) against the real
 * catalogue, plus parse throughput. Writes bench/results/parser-accuracy.json
 * and the parser table of bench/README.md.
 *
 *   npx tsx bench/parser/parser-accuracy.ts [iterations] [--baseline <dir>]
 *
 * With --baseline, a copy of an earlier parser directory (its index.ts, with
 * a node_modules that resolves parse-ingredient) is timed on the same lines
 * in the same process, its passes alternating with the current parser's, so
 * that a busy machine slows both alike (issue 12).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { INGREDIENTS } from '../../packages/food-data/src/catalogue/ingredients.js';
import {
  createIngredientResolver,
  measureAccuracy,
  parseIngredientLine,
} from '../../packages/food-data/src/parser/index.js';
import { LABELLED_LINES } from '../../packages/food-data/src/parser/labelled-lines.js';
import { median, writeResult } from '../lib/results.js';

const args = process.argv.slice(2);
const baselineFlag = args.indexOf('--baseline');
const baselineDir = baselineFlag === -1 ? null : args[baselineFlag + 1];
if (baselineFlag !== -1 && baselineDir === undefined) {
  throw new Error('--baseline needs a parser directory');
}
const iterations = Number(
  args.find((arg, at) => /^\d+$/.test(arg) && at !== baselineFlag + 1) ?? 20,
);
const lines = LABELLED_LINES.map((labelled) => labelled.line);

interface ParserModule {
  createIngredientResolver: typeof createIngredientResolver;
  parseIngredientLine: typeof parseIngredientLine;
}
const baseline: ParserModule | null = baselineDir
  ? ((await import(
      pathToFileURL(join(resolve(baselineDir), 'index.ts')).href
    )) as ParserModule)
  : null;
const baselineResolver = baseline?.createIngredientResolver(INGREDIENTS);

const buildStarted = performance.now();
const resolver = createIngredientResolver(INGREDIENTS);
const resolverBuildMs = performance.now() - buildStarted;

const report = measureAccuracy(LABELLED_LINES, resolver);

// Warm up, then time whole passes over the set; the median pass is reported.
// Wall time is the figure a user sees; CPU time (process.cpuUsage) leaves out
// the time other processes take the cores, so it is the steadier comparison
// with a baseline on a busy machine.
interface Timed {
  readonly wallMs: number[];
  readonly cpuMs: number[];
}
const cpuMsNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const timePass = (parse: () => void, into: Timed) => {
  const cpuStarted = cpuMsNow();
  const started = performance.now();
  parse();
  into.wallMs.push(performance.now() - started);
  into.cpuMs.push(cpuMsNow() - cpuStarted);
};
const current: Timed = { wallMs: [], cpuMs: [] };
const previous: Timed = { wallMs: [], cpuMs: [] };
const parseCurrent = () => {
  for (const line of lines) parseIngredientLine(line, resolver);
};
const parseBaseline =
  baseline && baselineResolver
    ? () => {
        for (const line of lines) {
          baseline.parseIngredientLine(line, baselineResolver);
        }
      }
    : null;
for (let pass = 0; pass < 3; pass += 1) {
  parseCurrent();
  parseBaseline?.();
}
for (let pass = 0; pass < iterations; pass += 1) {
  // Alternate which goes first, so that neither always follows the other's
  // garbage.
  if (parseBaseline && pass % 2 === 1) timePass(parseBaseline, previous);
  timePass(parseCurrent, current);
  if (parseBaseline && pass % 2 === 0) timePass(parseBaseline, previous);
}
const perSecond = (ms: readonly number[]) =>
  Math.round((lines.length / median(ms)) * 1000);
const medianPassMs = median(current.wallMs);
const linesPerSecond = perSecond(current.wallMs);
const cpuLinesPerSecond = perSecond(current.cpuMs);
const baselineFigures = parseBaseline
  ? {
      linesPerSecond: perSecond(previous.wallMs),
      cpuLinesPerSecond: perSecond(previous.cpuMs),
      medianPassMs: Math.round(median(previous.wallMs) * 100) / 100,
    }
  : null;

const round = (share: number) => Math.round(share * 10000) / 10000;
const result = {
  catalogueIngredients: INGREDIENTS.length,
  labelledLines: report.lines,
  exactMatches: report.results.filter((r) => r.exact).length,
  accuracy: {
    exact: round(report.exact),
    quantity: round(report.quantity),
    unit: round(report.unit),
    ingredient: round(report.ingredient),
    preparation: round(report.preparation),
  },
  throughput: {
    iterations,
    linesPerPass: lines.length,
    medianPassMs: Math.round(medianPassMs * 100) / 100,
    linesPerSecond,
    microsecondsPerLine: Math.round((medianPassMs / lines.length) * 1e5) / 100,
    cpuLinesPerSecond,
    ...(baselineFigures === null
      ? {}
      : {
          baseline: {
            directory: baselineDir,
            ...baselineFigures,
            relativeWall:
              Math.round(
                (linesPerSecond / baselineFigures.linesPerSecond) * 1000,
              ) / 1000,
            relativeCpu:
              Math.round(
                (cpuLinesPerSecond / baselineFigures.cpuLinesPerSecond) * 1000,
              ) / 1000,
          },
        }),
  },
  resolverBuildMs: Math.round(resolverBuildMs * 100) / 100,
  failures: report.failures.map(({ expected, actual }) => ({
    line: expected.line,
    expected: {
      quantity: expected.quantity,
      quantityMax: expected.quantityMax,
      unit: expected.unit,
      ingredientId: expected.ingredientId,
    },
    actual: {
      quantity: actual.quantity,
      quantityMax: actual.quantityMax,
      unit: actual.unit,
      ingredientId: actual.ingredientId,
    },
  })),
};
writeResult('parser-accuracy', result);

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
const table = [
  '| measure | value |',
  '| --- | --- |',
  `| labelled lines | ${report.lines} |`,
  `| exact (quantity + unit + ingredient) | ${percent(report.exact)} |`,
  `| quantity (with range) | ${percent(report.quantity)} |`,
  `| unit | ${percent(report.unit)} |`,
  `| ingredient id | ${percent(report.ingredient)} |`,
  `| preparation | ${percent(report.preparation)} |`,
  `| throughput (median of ${iterations} passes) | ${linesPerSecond.toLocaleString('en-GB')} lines/s |`,
  `| throughput in CPU time (same passes) | ${cpuLinesPerSecond.toLocaleString('en-GB')} lines/s |`,
  ...(baselineFigures === null
    ? []
    : [
        `| baseline parser, same lines, alternating passes | ${baselineFigures.linesPerSecond.toLocaleString('en-GB')} lines/s wall, ${baselineFigures.cpuLinesPerSecond.toLocaleString('en-GB')} CPU (current: ×${(linesPerSecond / baselineFigures.linesPerSecond).toFixed(2)} wall, ×${(cpuLinesPerSecond / baselineFigures.cpuLinesPerSecond).toFixed(2)} CPU) |`,
      ]),
  `| resolver index build (${INGREDIENTS.length} ingredients) | ${result.resolverBuildMs} ms |`,
].join('\n');

const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
const readme = readFileSync(readmePath, 'utf8');
const start = '<!-- parser-accuracy:start -->';
const end = '<!-- parser-accuracy:end -->';
const block = `${start}\n${table}\n${end}`;
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from === -1 || to === -1) {
  throw new Error(`bench/README.md lacks the ${start} … ${end} markers`);
}
writeFileSync(
  readmePath,
  `${readme.slice(0, from)}${block}${readme.slice(to + end.length)}`,
);

console.log(table);
for (const failure of result.failures) {
  console.log(
    `✗ ${failure.line}: expected ${JSON.stringify(failure.expected)}, got ${JSON.stringify(failure.actual)}`,
  );
}
