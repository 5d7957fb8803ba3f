/**
 * Accuracy of the ingredient-line parser on the labelled set (exact match of
 * quantity, unit and ingredient id; and each field alone) against the real
 * catalogue, plus parse throughput. Writes bench/results/parser-accuracy.json
 * and the parser table of bench/README.md.
 *
 *   npx tsx bench/parser/parser-accuracy.ts [iterations]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { INGREDIENTS } from '../../packages/food-data/src/catalogue/ingredients.js';
import {
  createIngredientResolver,
  measureAccuracy,
  parseIngredientLine,
} from '../../packages/food-data/src/parser/index.js';
import { LABELLED_LINES } from '../../packages/food-data/src/parser/labelled-lines.js';
import { median, writeResult } from '../lib/results.js';

const iterations = Number(process.argv[2] ?? 20);
const lines = LABELLED_LINES.map((labelled) => labelled.line);

const buildStarted = performance.now();
const resolver = createIngredientResolver(INGREDIENTS);
const resolverBuildMs = performance.now() - buildStarted;

const report = measureAccuracy(LABELLED_LINES, resolver);

// Warm up, then time whole passes over the set; the median pass is reported.
for (let pass = 0; pass < 3; pass += 1) {
  for (const line of lines) parseIngredientLine(line, resolver);
}
const passMs: number[] = [];
for (let pass = 0; pass < iterations; pass += 1) {
  const started = performance.now();
  for (const line of lines) parseIngredientLine(line, resolver);
  passMs.push(performance.now() - started);
}
const medianPassMs = median(passMs);
const linesPerSecond = Math.round((lines.length / medianPassMs) * 1000);

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
