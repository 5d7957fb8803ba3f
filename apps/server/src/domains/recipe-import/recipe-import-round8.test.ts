import { describe, expect, it } from 'vitest';

import { readRecipePage } from './recipe-import-read.js';
import { PAGE_URL, recipe, stepTexts } from './test/pages.js';

/**
 * Issue 19, eighth round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

describe('numbered instructions in one text that the page prints in more pieces', () => {
  // The JSON-LD runs two group names, the numbered steps and a list of
  // toppings into one text; the page prints each as a paragraph.
  const TEXT =
    'Glaze: Whisk the honey and the oil. Set aside.  For the buns: 1. Warm the milk and stir in the yeast.  2. Knead in the flour until smooth.  3. Shape twelve buns and bake for 20 minutes.  To scatter over: sesame seeds poppy seeds';
  const PRINTED = `<div class="instructions"><p>Glaze:</p>
    <p>Whisk the honey and the oil. Set aside.</p><p>For the buns:</p>
    <p>1. Warm the milk and stir in the yeast.</p>
    <p>2. Knead in the flour until smooth.</p>
    <p>3. Shape twelve buns and bake for 20 minutes.</p>
    <p>To scatter over:</p><p>sesame seeds</p><p>poppy seeds</p></div>`;
  const page = (text: string) =>
    recipe('Honey buns', ['500 g flour', '250 ml milk'], text) + PRINTED;

  it('takes the printed pieces when they are the same words', async () => {
    const read = await readRecipePage(page(TEXT), PAGE_URL);
    expect(read?.source).toBe('json-ld');
    expect(stepTexts(read)).toEqual([
      'step: Glaze:',
      'step: Whisk the honey and the oil. Set aside.',
      'step: For the buns:',
      'step: Warm the milk and stir in the yeast.',
      'step: Knead in the flour until smooth.',
      'step: Shape twelve buns and bake for 20 minutes.',
      'step: To scatter over:',
      'step: sesame seeds',
      'step: poppy seeds',
    ]);
  });

  it('keeps the markup’s split when the page prints other words', async () => {
    const text = TEXT.replace('bake for 20 minutes', 'bake for 25 minutes');
    const read = await readRecipePage(page(text), PAGE_URL);
    expect(stepTexts(read)).toHaveLength(3);
    expect(stepTexts(read)?.[2]).toContain('bake for 25 minutes');
  });

  it('keeps markup steps the page prints in as many pieces', async () => {
    const read = await readRecipePage(
      recipe(
        'Honey buns',
        ['500 g flour'],
        ['Warm the milk. Stir in the yeast.', 'Knead in the flour.'],
      ) +
        `<ol class="instructions"><li>Warm the milk. Stir in the yeast.</li>
        <li>Knead in the flour.</li></ol>`,
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Warm the milk. Stir in the yeast.',
      'step: Knead in the flour.',
    ]);
  });
});

/** A JSON-LD recipe without a yield, a time or a picture. */
const OKRA = recipe(
  'Okra fritters',
  ['200 g okra', '100 g chickpea flour'],
  ['Slice the okra.', 'Fry in batches.'],
);

describe('a summary line of the yield and the time under the name', () => {
  const page = (summary: string) =>
    `<h1>Okra fritters</h1><h2>${summary}</h2>${OKRA}`;

  it.each([
    ['4 servings — 20 minutes', 4, 20],
    // The other order, in hours and minutes.
    ['1 hour 15 minutes · 6 portions', 6, 75],
    // The servings before a hyphen, not the time after it.
    ['2 servings - 45 min', 2, 45],
  ])(
    'reads "%s" as %i servings in %i minutes',
    async (summary, servings, minutes) => {
      const read = await readRecipePage(page(summary), PAGE_URL);
      expect(read?.recipe.servings).toBe(servings);
      expect(read?.recipe.totalMinutes).toBe(minutes);
    },
  );

  it('reads no time from a line that says more', async () => {
    const read = await readRecipePage(
      page('4 servings — fry for 20 minutes in two batches'),
      PAGE_URL,
    );
    expect(read?.recipe.totalMinutes).toBeNull();
  });
});

describe('the picture printed under the recipe’s name', () => {
  const ICON = `<meta property="og:image" content="https://cook.example/media/icon.jpg">`;
  const page = (between: string) =>
    `${ICON}<img src="/media/logo.png" alt="Cook"><h1>Okra fritters</h1>
    <h2>4 servings</h2>${between}<img src="../media/okra-fritters.jpg">${OKRA}`;

  it('is the recipe’s where the share picture is the site’s icon', async () => {
    const read = await readRecipePage(page(''), PAGE_URL);
    expect(read?.recipe.images).toEqual([
      'https://cook.example/media/okra-fritters.jpg',
    ]);
  });

  it('is not one printed past the elements under the name', async () => {
    const read = await readRecipePage(
      page('<p><span><b>Crisp</b></span></p>'.repeat(3)),
      PAGE_URL,
    );
    expect(read?.recipe.images).toEqual([]);
  });
});
