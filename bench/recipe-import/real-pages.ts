/**
 * Recipe import on real pages (issue 19): the 200 pages of
 * ../shared/data/recipe-pages (recipe-scrapers' test data, MIT; read from
 * there, never copied into the repository), each with the fields that
 * scraper reads from it. Every page goes through the import route's own
 * code: the service of POST /recipes/import with its page fetcher, whose
 * transport hands over the saved gzipped bytes (Content-Type text/html
 * without a charset, as a server that names none) instead of a socket. So
 * decompression, charset decoding, the readers, the mapper and the line
 * parser all run as for a pasted address.
 *
 * Scored per page: title, ingredients (as lines), steps (section headings
 * of ours allowed as extra items), total time, yield, first image and
 * rating; a page is whole when all seven are right. Text is compared with
 * whitespace folded (also inside parentheses and before punctuation),
 * Unicode compatibility forms folded and vulgar fractions written as 1/2.
 * Prints per-field and whole-page figures and the misses with a short diff;
 * writes bench/results/recipe-import-real-pages[-<label>].json.
 *
 *   npx tsx --conditions=source bench/recipe-import/real-pages.ts [label] [--all-misses]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { DIRECTIONS_SEPARATOR, type RecipeDraft } from '@platewise/shared';

import {
  createPageFetcher,
  type Transport,
} from '../../apps/server/src/domains/recipe-import/recipe-import-fetch.js';
import { singleParentheses } from '../../apps/server/src/domains/recipe-import/recipe-import-json-ld.js';
import { createRecipeImportService } from '../../apps/server/src/domains/recipe-import/recipe-import-service.js';
import { INGREDIENTS } from '../../packages/food-data/src/catalogue/ingredients.js';
import {
  createIngredientResolver,
  plainFractions,
} from '../../packages/food-data/src/parser/index.js';
import { writeResult } from '../lib/results.js';

/**
 * The pages: RECIPE_PAGES_DIR, else `shared/data/recipe-pages` beside the
 * repository or beside one of its parent folders (a git worktree may sit
 * deeper than the main checkout).
 */
function pagesDir(): string {
  const given = process.env.RECIPE_PAGES_DIR;
  if (given !== undefined && given !== '') return given.replace(/\/?$/, '/');
  for (let up = '../../../'; up.length <= 3 * 6; up += '../') {
    const dir = fileURLToPath(
      new URL(`${up}shared/data/recipe-pages/`, import.meta.url),
    );
    if (existsSync(dir)) return dir;
  }
  throw new Error(
    'recipe-pages not found: set RECIPE_PAGES_DIR to ../shared/data/recipe-pages',
  );
}
const PAGES_DIR = pagesDir();

const args = process.argv.slice(2);
const label = args.find((arg) => !arg.startsWith('--'));
const allMisses = args.includes('--all-misses');
/** --page=<part of a page's name>: only those pages, each printed in full. */
const only = args
  .find((arg) => arg.startsWith('--page='))
  ?.slice('--page='.length);

interface Expected {
  canonical_url: string;
  title: string;
  /** A list; one page's expectation has the lines in one text. */
  ingredients: string[] | string;
  instructions_list: string[];
  total_time?: number | null;
  yields?: string | null;
  image?: string | null;
  ratings?: number | null;
}

export const FIELDS = [
  'title',
  'ingredients',
  'steps',
  'time',
  'yield',
  'image',
  'rating',
] as const;
export type Field = (typeof FIELDS)[number];

/**
 * Whitespace, fractions and quotes normalised, nothing else: vulgar
 * fractions by the ingredient parser's own rule (plainFractions), so the
 * scorer and the parser agree on what "1½" is, then Unicode compatibility
 * forms, and typographic quotes as plain ones (the page prints "Yo’
 * Mama’s" where the reference's text has "Yo' Mama's").
 */
export function normalise(text: string): string {
  return plainFractions(text)
    .normalize('NFKC')
    .replaceAll('\u2044', '/')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/\( /g, '(')
    .replace(/ ([),.;:!?])/g, '$1')
    .trim();
}

/**
 * An ingredient line as compared: a note in doubled parentheses written
 * once. One plugin's JSON-LD wraps every note in parentheses, also one
 * that brings its own ("((about 2 cups))"); the reference keeps both
 * pairs, the importer writes one, as the plugin's card shows it. The
 * importer's rule is used, so only that form is folded. Then parentheses
 * and commas are set aside (round 3): "1 head cauliflower (cut into
 * florets)", as a page's JSON-LD writes it, and "1 head cauliflower cut
 * into florets", as its card prints it, are one line written two ways;
 * every word and number still has to match.
 */
const lineKey = (line: string) =>
  singleParentheses(normalise(line))
    .replace(/[(),]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A step as compared: without the bullet or the number a page prints
 * before it ("– Stir", "Step 1", "2.", "3:"), which the reference keeps
 * where it reads the HTML and the importer drops (the list numbers its
 * steps). The bullet is set aside since round 3.
 */
const stepKey = (step: string) =>
  normalise(step)
    .replace(/^[•·▪◦‣*–—-]\s*/, '')
    .replace(/^(?:step\s*)?\d{1,2}(?:[.:)]\s*|\s+)(?=\S)/i, '');

const clip = (text: string | undefined, length = 90) =>
  text === undefined
    ? '(none)'
    : text.length > length
      ? `${text.slice(0, length)}…`
      : text;

/** The first difference of two lists, as a short diff. */
function listDiff(expected: string[], actual: string[]): string {
  for (
    let index = 0;
    index < Math.max(expected.length, actual.length);
    index++
  ) {
    if (expected[index] !== actual[index]) {
      return `#${index + 1} of ${expected.length}/${actual.length}: want "${clip(expected[index])}" got "${clip(actual[index])}"`;
    }
  }
  return '';
}

/** A short line without a sentence's end: how a section heading reads. */
const looksLikeHeading = (text: string) =>
  text.length <= 60 && !/[.!?]$/.test(text);

/** Letters and digits only, for text that one side joins and the other splits. */
const wordsKey = (text: string) =>
  text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * How many of our steps after our heading at `index` (up to the next
 * heading), joined to it, make the expected step `wanted`: 0 when none do.
 * A step's title run into its text ("Cook the farro Remove the honey…",
 * "Cook the noodles - Bring…") or a heading's short lines run into one
 * ("Serving suggestions: warm flatbreads hot cooked rice…") is the same
 * words in the same order as our heading and the steps under it; only the
 * punctuation between them differs (round 4).
 */
function headedRun(actual: string[], index: number, wanted: string): number {
  const target = wordsKey(wanted);
  let joined = wordsKey(actual[index] ?? '');
  for (let count = 1; index + count < actual.length; count += 1) {
    const next = actual[index + count] ?? '';
    if (next.endsWith(':')) break;
    joined += wordsKey(next);
    if (joined === target) return count;
    if (!target.startsWith(joined)) break;
  }
  return 0;
}

/**
 * Steps match when the lists are equal once section headings are set
 * aside where one list has them and the other does not: ours (entries
 * ending in a colon, directionsText's form, also matching the heading
 * written without it) and the expected list's (short lines without a
 * sentence's end, skipped only where the next expected step is ours).
 * Our heading with the steps under it also matches one expected step that
 * runs them together (headedRun).
 */
function stepsMatch(expected: string[], actual: string[]): string | null {
  const got: string[] = [];
  const want: string[] = [];
  let at = 0;
  let index = 0;
  while (index < actual.length || at < expected.length) {
    const entry = actual[index];
    const wanted = expected[at];
    const heading = entry?.endsWith(':') ? entry.slice(0, -1) : null;
    if (
      entry !== undefined &&
      wanted !== undefined &&
      (entry === wanted || heading === wanted.replace(/[:.]$/, ''))
    ) {
      got.push(wanted);
      want.push(wanted);
      index += 1;
      at += 1;
    } else if (
      wanted !== undefined &&
      looksLikeHeading(wanted) &&
      entry !== undefined &&
      (expected[at + 1] === entry ||
        expected[at + 1]?.replace(/[:.]$/, '') === heading)
    ) {
      at += 1;
    } else if (
      heading !== null &&
      wanted !== undefined &&
      headedRun(actual, index, wanted) > 0
    ) {
      // Our heading and the steps under it are the expected list's one
      // step, written with the title run into its text.
      got.push(wanted);
      want.push(wanted);
      index += 1 + headedRun(actual, index, wanted);
      at += 1;
    } else if (heading !== null) {
      index += 1;
    } else {
      if (entry !== undefined) got.push(entry);
      if (wanted !== undefined) want.push(wanted);
      index += 1;
      at += 1;
    }
  }
  const diff = listDiff(want, got);
  return diff === '' ? null : diff;
}

function yieldNumber(yields: string | null | undefined): number | null {
  const match = /\d+/.exec(yields ?? '');
  return match ? Number(match[0]) : null;
}

/**
 * The same picture: the same file on the same host once the scheme, a
 * leading www., a WordPress size suffix (-225x225, -scaled) and the query
 * (crop, width) are set aside, also through WordPress's image CDN
 * (i0.wp.com/<host>/<path>). Image CDNs write the size or crop as folders
 * before the file (/upload/h_630,w_1200/…/photo.jpg, /16:9/w_1280/…/photo.jpg,
 * /recipes/1x1/7308.jpg): the same file name on the same host is the same
 * photo at another size or crop.
 */
function pictureKey(address: string): string {
  try {
    const url = new URL(address);
    const path = `${url.hostname.replace(/^www\./, '')}${url.pathname}`.replace(
      /^i\d\.wp\.com\/(?:www\.)?/,
      '',
    );
    const host = path.slice(0, path.indexOf('/'));
    const file = path
      .slice(path.lastIndexOf('/') + 1)
      .replace(/-(?:\d+x\d+|scaled)(\.\w+)$/, '$1');
    return `${host}/${file}`.toLowerCase();
  } catch {
    return address;
  }
}

const samePicture = (a: string, b: string) => pictureKey(a) === pictureKey(b);

/** Each field of a draft that differs from the expectation, with a diff. */
export function scoreDraft(
  expected: Expected,
  draft: RecipeDraft | null,
): Partial<Record<Field, string>> {
  if (draft === null) {
    return Object.fromEntries(FIELDS.map((field) => [field, 'no recipe']));
  }
  const misses: Partial<Record<Field, string>> = {};
  const title = normalise(expected.title);
  if (normalise(draft.name) !== title) {
    misses.title = `want "${clip(title)}" got "${clip(normalise(draft.name))}"`;
  }
  const wantLines = (
    typeof expected.ingredients === 'string'
      ? expected.ingredients.split('\n')
      : expected.ingredients
  ).map(lineKey);
  const gotLines = draft.ingredients.map((line) => lineKey(line.text));
  if (listDiff(wantLines, gotLines) !== '') {
    misses.ingredients = listDiff(wantLines, gotLines);
  }
  const wantSteps = expected.instructions_list
    .map(stepKey)
    .filter((step) => step !== '');
  const gotSteps = draft.directions
    .split(DIRECTIONS_SEPARATOR)
    .map(stepKey)
    .filter((step) => step !== '');
  const steps = stepsMatch(wantSteps, gotSteps);
  if (steps !== null) misses.steps = steps;
  const time = expected.total_time ?? null;
  if (draft.total_cooking_time !== time) {
    misses.time = `want ${time} got ${draft.total_cooking_time}`;
  }
  const servings = yieldNumber(expected.yields);
  if (draft.serving_size !== servings) {
    misses.yield = `want ${servings} ("${expected.yields ?? ''}") got ${draft.serving_size}`;
  }
  const image = expected.image ?? null;
  const firstImage = draft.images[0] ?? null;
  if (
    image === null
      ? firstImage !== null
      : firstImage === null || !samePicture(image, firstImage)
  ) {
    misses.image = `want ${clip(image ?? 'none', 120)} got ${clip(firstImage ?? 'none', 120)}`;
  }
  const rating =
    expected.ratings === undefined || expected.ratings === null
      ? null
      : Math.round(expected.ratings * 10) / 10;
  if (
    rating === null
      ? draft.rating !== null
      : draft.rating === null || Math.abs(draft.rating - rating) > 0.051
  ) {
    misses.rating = `want ${expected.ratings ?? null} got ${draft.rating}`;
  }
  return misses;
}

/** The import route's service, with a transport that serves saved pages. */
function serviceFor(pages: Map<string, Buffer>) {
  const transport: Transport = async (url) => {
    const body = pages.get(url.href);
    return {
      status: body === undefined ? 404 : 200,
      header: (name) =>
        name === 'content-type'
          ? 'text/html'
          : name === 'content-encoding'
            ? 'gzip'
            : null,
      body: (async function* () {
        if (body !== undefined) yield body;
      })(),
      close: async () => {},
    };
  };
  return createRecipeImportService({
    fetchPage: createPageFetcher({
      allowPrivateHosts: false,
      // A public documentation address: the fetcher's checks pass, and the
      // transport never connects anywhere.
      lookup: async () => [{ address: '93.184.215.14', family: 4 }],
      transport,
    }),
    resolver: createIngredientResolver(INGREDIENTS),
  });
}

const names = readdirSync(PAGES_DIR)
  .filter((file) => file.endsWith('.html.gz'))
  .map((file) => file.slice(0, -'.html.gz'.length))
  .sort();
const pages = new Map<string, Buffer>();
const expectations = new Map<string, Expected>();
for (const name of names) {
  if (only !== undefined && !name.includes(only)) continue;
  const url = `https://${name.split('--')[0]?.replaceAll('_', '.')}/${name}`;
  pages.set(new URL(url).href, readFileSync(`${PAGES_DIR}${name}.html.gz`));
  expectations.set(
    new URL(url).href,
    JSON.parse(readFileSync(`${PAGES_DIR}${name}.json`, 'utf8')) as Expected,
  );
}
const service = serviceFor(pages);

const right = new Map<Field, number>(FIELDS.map((field) => [field, 0]));
let whole = 0;
const misses: { page: string; field: Field; diff: string }[] = [];
const errors: { page: string; error: string }[] = [];
const started = performance.now();
const cpuStarted = process.cpuUsage();
for (const [url, expected] of expectations) {
  const page = new URL(url).pathname.slice(1);
  let draft: RecipeDraft | null = null;
  try {
    draft = await service.importFromUrl(url);
  } catch (error) {
    errors.push({ page, error: (error as Error).message });
  }
  const wrong = scoreDraft(expected, draft);
  if (only !== undefined) {
    console.log(JSON.stringify({ page, expected, draft, wrong }, null, 1));
  }
  for (const field of FIELDS) {
    const diff = wrong[field];
    if (diff === undefined) right.set(field, (right.get(field) ?? 0) + 1);
    else misses.push({ page, field, diff });
  }
  if (Object.keys(wrong).length === 0) whole += 1;
}
const elapsedMs = performance.now() - started;
// CPU time (user + system) of this process: the steadier figure on a
// machine shared with others, where wall time is mostly waiting.
const cpu = process.cpuUsage(cpuStarted);
const cpuMs = (cpu.user + cpu.system) / 1000;
const [load1, load5, load15] = loadavg();

const percent = (count: number) =>
  Math.round((count / expectations.size) * 1000) / 10;
const fields = Object.fromEntries(
  FIELDS.map((field) => {
    const count = right.get(field) ?? 0;
    return [field, { right: count, percent: percent(count) }];
  }),
);
writeResult(
  label ? `recipe-import-real-pages-${label}` : 'recipe-import-real-pages',
  {
    pages: expectations.size,
    source: '../shared/data/recipe-pages (recipe-scrapers test data, MIT)',
    whole: { right: whole, percent: percent(whole) },
    fields,
    errors,
    misses,
    totalMs: Math.round(elapsedMs),
    cpuMs: Math.round(cpuMs),
    loadAverage: [load1, load5, load15].map(
      (load) => Math.round((load ?? 0) * 100) / 100,
    ),
  },
);

console.log('| field | right | share |\n| --- | --- | --- |');
for (const field of FIELDS) {
  const count = right.get(field) ?? 0;
  console.log(
    `| ${field} | ${count}/${expectations.size} | ${percent(count)} % |`,
  );
}
console.log(
  `| **whole page** | **${whole}/${expectations.size}** | **${percent(whole)} %** |`,
);
console.log(
  `\n${misses.length} misses on ${new Set(misses.map((m) => m.page)).size} pages; ${errors.length} refused:`,
);
for (const { page, error } of errors) console.log(`  ${page}: ${error}`);
const shown = allMisses ? misses : misses.slice(0, 400);
for (const { page, field, diff } of shown) {
  console.log(`  ${page} [${field}] ${diff}`);
}
console.log(
  `${Math.round(elapsedMs)} ms (${Math.round(cpuMs)} ms CPU) for ${expectations.size} pages; load ${[load1, load5, load15].map((load) => load?.toFixed(2)).join(' ')}`,
);
