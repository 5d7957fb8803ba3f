import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { ImportedRecipe } from '../recipe-import-json-ld.js';

/**
 * The import corpus (issue 12): pages of our own writing, one
 * `corpus/<name>.html` with a `corpus/<name>.json` that says what a reader
 * of the page sees in it. The expectations were written from the recipes
 * the pages were made from, not from what the importer returns. Used by
 * recipe-import-corpus.test.ts and bench/recipe-import/import-accuracy.ts.
 */

export const CORPUS_SHAPES = [
  'json-ld',
  'microdata',
  'wp-recipe-maker',
  'tasty-recipes',
  'mediavine-create',
  'messy',
  'not-a-recipe',
] as const;
export type CorpusShape = (typeof CORPUS_SHAPES)[number];

export interface ExpectedRecipe {
  name: string;
  ingredients: string[];
  /** Steps under their section heading (null: steps before any heading). */
  sections: { heading: string | null; steps: string[] }[];
  totalMinutes: number | null;
  servings: number | null;
  rating: number | null;
  /** The first image, absolute or relative to the page. */
  image: string | null;
}

export interface CorpusPage {
  name: string;
  shape: CorpusShape;
  variant: string;
  html: string;
  /** null: the page holds no recipe and the import must refuse it. */
  recipe: ExpectedRecipe | null;
}

const CORPUS_DIR = fileURLToPath(new URL('corpus/', import.meta.url));

export function loadCorpus(): CorpusPage[] {
  return readdirSync(CORPUS_DIR)
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.html'.length);
      const expected = JSON.parse(
        readFileSync(`${CORPUS_DIR}${name}.json`, 'utf8'),
      ) as Omit<CorpusPage, 'name' | 'html'>;
      return {
        name,
        shape: expected.shape,
        variant: expected.variant,
        recipe: expected.recipe,
        html: readFileSync(`${CORPUS_DIR}${file}`, 'utf8'),
      };
    });
}

export const MEASURED_FIELDS = [
  'recognised',
  'name',
  'ingredients',
  'steps',
  'headings',
  'time',
  'yield',
  'rating',
  'image',
] as const;
export type MeasuredField = (typeof MEASURED_FIELDS)[number];

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * Which fields of a page the importer got right. A page without a recipe
 * counts only for 'recognised' (refused); the other fields do not apply.
 */
export function scorePage(
  page: CorpusPage,
  actual: ImportedRecipe | null,
  pageUrl: string,
): Partial<Record<MeasuredField, boolean>> {
  const expected = page.recipe;
  if (expected === null) return { recognised: actual === null };
  if (actual === null) {
    return Object.fromEntries(
      MEASURED_FIELDS.map((field) => [field, false]),
    ) as Record<MeasuredField, boolean>;
  }
  const steps = actual.steps.filter((entry) => entry.kind === 'step');
  const headings = actual.steps.filter((entry) => entry.kind === 'heading');
  const expectedImage =
    expected.image === null ? null : new URL(expected.image, pageUrl).href;
  return {
    recognised: true,
    name: actual.name === expected.name,
    ingredients: sameList(actual.ingredientLines, expected.ingredients),
    steps: sameList(
      steps.map((entry) => entry.text),
      expected.sections.flatMap((section) => section.steps),
    ),
    // Each heading where it belongs: the same headings, and the same
    // number of steps before each.
    headings: sameList(
      headings.map(
        (entry) =>
          `${actual.steps.slice(0, actual.steps.indexOf(entry)).filter((e) => e.kind === 'step').length}:${entry.text}`,
      ),
      expected.sections.flatMap((section, index) =>
        section.heading === null
          ? []
          : [
              `${expected.sections.slice(0, index).flatMap((s) => s.steps).length}:${section.heading}`,
            ],
      ),
    ),
    time: actual.totalMinutes === expected.totalMinutes,
    yield: actual.servings === expected.servings,
    rating: actual.rating === expected.rating,
    image: (actual.images[0] ?? null) === expectedImage,
  };
}
