import type { readRecipePage } from '../recipe-import-read.js';

/**
 * Small hand-written pages for the import's rule tests (never a real
 * page), and what the tests read back from them.
 */

/** The address every test page is read from. */
export const PAGE_URL = 'https://cook.example/r/1';

/** A JSON-LD script holding `body`. */
export const script = (body: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(body)}</script>`;

/** A page whose JSON-LD gives one Recipe. */
export const recipe = (
  name: string,
  recipeIngredient: string[],
  recipeInstructions: unknown,
) => script({ '@type': 'Recipe', name, recipeIngredient, recipeInstructions });

export type Read = Awaited<ReturnType<typeof readRecipePage>>;

/** The ingredient lines read. */
export const lines = (read: Read) => read?.recipe.ingredientLines;

/** The steps read, each as `kind: text`. */
export const stepTexts = (read: Read) =>
  read?.recipe.steps.map((step) => `${step.kind}: ${step.text}`);
