import { describe, expect, it } from 'vitest';

import { readRecipePage } from './recipe-import-read.js';

/**
 * Issue 19, sixth round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

const URL_ = 'https://cook.example/r/1';

const script = (body: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(body)}</script>`;

/** A page whose JSON-LD gives one Recipe. */
const recipe = (
  name: string,
  recipeIngredient: string[],
  recipeInstructions: unknown,
) => script({ '@type': 'Recipe', name, recipeIngredient, recipeInstructions });

type Read = Awaited<ReturnType<typeof readRecipePage>>;

const lines = (read: Read) => read?.recipe.ingredientLines;

const stepTexts = (read: Read) =>
  read?.recipe.steps.map((step) => `${step.kind}: ${step.text}`);

/** A table of ingredients: amount, measure, name (a note under it), a mark. */
const TABLE = `<table class="recipe-ingredients-table">
  <thead><tr><th>Amount</th><th>Measure</th><th>Ingredient</th><th></th></tr></thead>
  <tbody>
    <tr><td>1 ½</td><td>cups</td><td><a href="/i/flour">flour</a><br><small></small></td>
      <td><img src="/i/camera.svg" alt="Camera"></td></tr>
    <tr><td>1</td><td>stick</td><td><a href="/i/butter">butter</a><br><small>soft</small></td>
      <td>*</td></tr>
    <tr><td>2</td><td>large</td><td><a href="/i/eggs">eggs</a><br><small></small></td><td></td></tr>
  </tbody></table>`;

describe('ingredients printed as a table', () => {
  it('reads each row as a line, its cells in order', async () => {
    const read = await readRecipePage(
      `<h1>Butter cookies</h1>${TABLE}
      <ol class="recipe-instructions"><li>Beat the butter with the eggs.</li>
        <li>Fold in the flour and bake for 12 minutes.</li></ol>`,
      URL_,
    );
    expect(lines(read)).toEqual([
      '1 ½ cups flour',
      '1 stick butter soft',
      '2 large eggs',
    ]);
  });
});

describe('markup lines without the amounts the page prints', () => {
  const steps = 'Beat the butter with the eggs, fold in the flour, bake.';

  it('gives way to the printed lines', async () => {
    const read = await readRecipePage(
      recipe('Butter cookies', ['flour', 'butter', 'eggs'], steps) + TABLE,
      URL_,
    );
    expect(lines(read)).toEqual([
      '1 ½ cups flour',
      '1 stick butter soft',
      '2 large eggs',
    ]);
  });

  it('keeps lines that have amounts, also under a second measure', async () => {
    const read = await readRecipePage(
      recipe('Butter cookies', ['1 cup butter', '2 eggs'], steps) +
        `<ul class="ingredients"><li>1 cup (226 g) butter</li><li>2 eggs</li></ul>`,
      URL_,
    );
    expect(lines(read)).toEqual(['1 cup butter', '2 eggs']);
  });

  it('keeps names that the page prints otherwise', async () => {
    const read = await readRecipePage(
      recipe('Butter cookies', ['flour', 'butter', 'eggs'], steps) +
        `<ul class="ingredients"><li>2 eggs</li><li>1 stick butter</li>
          <li>1 cup flour</li></ul>`,
      URL_,
    );
    expect(lines(read)).toEqual(['flour', 'butter', 'eggs']);
  });
});

describe('ingredients under a shop’s sections', () => {
  const section = (title: string, items: string[]) =>
    `<div class="module"><div class="module-content"><h2><span>${title}</span></h2></div></div>
    <div class="module"><div class="rich-text"><ul>${items
      .map((item) => `<li>${item}<p>&nbsp;</p></li>`)
      .join('')}</ul></div></div>`;
  const method = `<div class="module instructions"><ol>
    <li>Grate the potatoes and squeeze them dry.</li>
    <li>Fry spoonfuls in hot oil until crisp.</li></ol></div>`;

  it('reads the sections as one list, each a group', async () => {
    const read = await readRecipePage(
      `<h1>Potato latkes</h1><div class="column">${section('Produce', [
        '1 pound potatoes',
        '1 onion',
      ])}${section('Pantry', ['Kosher salt', '¾ cup oil'])}${section(
        'Dairy & Eggs',
        ['1 egg'],
      )}</div><div class="column">${method}</div>`,
      URL_,
    );
    expect(read?.source).toBe('html');
    expect(lines(read)).toEqual([
      '1 pound potatoes',
      '1 onion',
      'Kosher salt',
      '¾ cup oil',
      '1 egg',
    ]);
  });

  it('gives way to a list under a title', async () => {
    const read = await readRecipePage(
      `<h1>Potato latkes</h1><div class="column">${section('Pantry', [
        '1 jar of pickles',
      ])}</div>
      <div class="column"><h2>Ingredients</h2><h3>Produce</h3>
        <ul><li>1 pound potatoes</li><li>1 onion</li></ul>
        <h3>Dairy</h3><ul><li>1 egg</li></ul></div>${method}`,
      URL_,
    );
    expect(lines(read)).toEqual(['1 pound potatoes', '1 onion', '1 egg']);
  });
});

describe('a row of share buttons with their labels in an element', () => {
  it('is no step', async () => {
    const read = await readRecipePage(
      `<h1>Rice</h1><h2>Ingredients</h2><ul><li>1 cup rice</li><li>2 cups water</li></ul>
      <h2>Method</h2><p>Rinse the rice.</p><p>Simmer it in the water for 12 minutes.</p>
      <ul><li class="share-tumblr"><a href="/s?t"><span>Tumblr</span></a></li>
        <li class="share-pocket"><a href="/s?p"><span>Pocket</span></a></li>
        <li class="share-end"></li></ul>`,
      URL_,
    );
    expect(stepTexts(read)).toEqual([
      'step: Rinse the rice.',
      'step: Simmer it in the water for 12 minutes.',
    ]);
  });
});
