/**
 * Accuracy of the recipe import on the import corpus
 * (apps/server/src/domains/recipe-import/test/corpus: pages of our own
 * writing, each with the recipe a reader sees in it). Each page is read by
 * the importer's HTML-to-recipe step (the one the service runs after the
 * fetch) and every field is compared with the page's expectations: the
 * share correct per field and per shape. Also the median time to read a
 * page. Writes bench/results/import-accuracy.json.
 *
 *   npx tsx --conditions=source bench/recipe-import/import-accuracy.ts [passes]
 */
import { readRecipePage } from '../../apps/server/src/domains/recipe-import/recipe-import-read.js';
import {
  CORPUS_SHAPES,
  MEASURED_FIELDS,
  loadCorpus,
  scorePage,
  type MeasuredField,
} from '../../apps/server/src/domains/recipe-import/test/corpus.js';
import { median, writeResult } from '../lib/results.js';

const passes = Number(process.argv[2] ?? 20);
const corpus = loadCorpus();

interface Tally {
  correct: number;
  total: number;
}
const share = ({ correct, total }: Tally) =>
  total === 0 ? null : Math.round((correct / total) * 1000) / 10;

const byField = new Map<MeasuredField, Tally>();
const byShape = new Map<string, { pages: number; exact: number } & Tally>();
const misses: { page: string; fields: MeasuredField[] }[] = [];

for (const page of corpus) {
  const url = `https://corpus.platewise.test/${page.name}`;
  const read = await readRecipePage(page.html, url);
  const score = scorePage(page, read?.recipe ?? null, url);
  const shape = byShape.get(page.shape) ?? {
    pages: 0,
    exact: 0,
    correct: 0,
    total: 0,
  };
  shape.pages += 1;
  const wrong: MeasuredField[] = [];
  for (const field of MEASURED_FIELDS) {
    const ok = score[field];
    if (ok === undefined) continue;
    const tally = byField.get(field) ?? { correct: 0, total: 0 };
    tally.total += 1;
    shape.total += 1;
    if (ok) {
      tally.correct += 1;
      shape.correct += 1;
    } else {
      wrong.push(field);
    }
    byField.set(field, tally);
  }
  if (wrong.length === 0) shape.exact += 1;
  else misses.push({ page: page.name, fields: wrong });
  byShape.set(page.shape, shape);
}

// Time to read a page (scan, JSON-LD, microdata, plugin cards, mapping).
const readMs: number[] = [];
for (let pass = 0; pass < passes + 2; pass += 1) {
  for (const page of corpus) {
    const started = performance.now();
    await readRecipePage(page.html, 'https://corpus.platewise.test/');
    if (pass >= 2) readMs.push(performance.now() - started);
  }
}

const fields = Object.fromEntries(
  MEASURED_FIELDS.map((field) => {
    const tally = byField.get(field) ?? { correct: 0, total: 0 };
    return [field, { ...tally, percent: share(tally) }];
  }),
);
const shapes = Object.fromEntries(
  CORPUS_SHAPES.map((name) => {
    const tally = byShape.get(name) ?? {
      pages: 0,
      exact: 0,
      correct: 0,
      total: 0,
    };
    return [name, { ...tally, fieldPercent: share(tally) }];
  }),
);

writeResult('import-accuracy', {
  corpus: 'apps/server/src/domains/recipe-import/test/corpus (our own pages)',
  pages: corpus.length,
  recipePages: corpus.filter((page) => page.recipe !== null).length,
  fields,
  shapes,
  misses,
  medianReadMs: Math.round(median(readMs) * 100) / 100,
  maxReadMs: Math.round(Math.max(...readMs) * 100) / 100,
});

console.log('| field | correct | share |\n| --- | --- | --- |');
for (const [field, tally] of Object.entries(fields)) {
  console.log(
    `| ${field} | ${tally.correct}/${tally.total} | ${tally.percent} % |`,
  );
}
console.log(
  '\n| shape | pages | pages fully right | fields right |\n| --- | --- | --- | --- |',
);
for (const [name, tally] of Object.entries(shapes)) {
  console.log(
    `| ${name} | ${tally.pages} | ${tally.exact} | ${tally.fieldPercent} % |`,
  );
}
console.log('\nmisses', JSON.stringify(misses));
console.log(`read: median ${median(readMs).toFixed(2)} ms per page`);
