import { describe, expect, it } from 'vitest';

import { scanPage } from './recipe-import-html.js';
import { readRecipePage } from './recipe-import-read.js';
import { MAX_UNTITLED_NODES } from './recipe-import-untitled.js';
import { PAGE_URL, recipe, lines, stepTexts } from './test/pages.js';

/**
 * Issue 19, sixth round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

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
      PAGE_URL,
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
      PAGE_URL,
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
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['1 cup butter', '2 eggs']);
  });

  it('keeps names that the page prints otherwise', async () => {
    const read = await readRecipePage(
      recipe('Butter cookies', ['flour', 'butter', 'eggs'], steps) +
        `<ul class="ingredients"><li>2 eggs</li><li>1 stick butter</li>
          <li>1 cup flour</li></ul>`,
      PAGE_URL,
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
      PAGE_URL,
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
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['1 pound potatoes', '1 onion', '1 egg']);
  });
});

describe('a list of amounts without a title', () => {
  const page = (list: string, after: string) => `<h1>Chicken salad</h1>
    <nav><ul><li><a href="/">Home</a></li><li><a href="/r">Recipes</a></li></ul></nav>
    <div class="col"><h1><strong>Chicken salad with grapes</strong></h1><hr>
      <ul>${list}</ul><hr>${after}</div>`;
  const LIST = `<li>6 cups chicken, shredded</li><li>3 cups red grapes, halved</li>
    <li>&frac12; cup blue cheese</li><li>Salt, to taste</li>`;
  const METHOD = `<p>Combine the chicken, grapes and cheese in a bowl.</p>
    <p>Season with salt and serve.</p><img src="/i/logos.jpg" alt="logos">`;

  it('is the recipe, with the paragraphs after it as the method', async () => {
    const read = await readRecipePage(page(LIST, METHOD), PAGE_URL);
    expect(read?.source).toBe('html');
    expect(lines(read)).toEqual([
      '6 cups chicken, shredded',
      '3 cups red grapes, halved',
      '½ cup blue cheese',
      'Salt, to taste',
    ]);
    expect(stepTexts(read)).toEqual([
      'step: Combine the chicken, grapes and cheese in a bowl.',
      'step: Season with salt and serve.',
    ]);
  });

  it('is no recipe without a method after it', async () => {
    expect(await readRecipePage(page(LIST, ''), PAGE_URL)).toBeNull();
  });

  it('is no list of amounts when its first line has none', async () => {
    const list = `<li>Our favourites</li><li>10 minute meals</li>
      <li>5 ingredient dinners</li><li>2 pans or fewer</li>`;
    expect(await readRecipePage(page(list, METHOD), PAGE_URL)).toBeNull();
  });

  it('keeps no list larger than its bound, and what follows within it', async () => {
    const items = '<li>1 egg</li>'.repeat(MAX_UNTITLED_NODES);
    const huge = await scanPage(`<div><ul>${items}</ul><p>Fry.</p></div>`);
    expect(huge.untitled).toBeNull();
    const after = '<p>Fry the eggs.</p>'.repeat(50_000);
    const scan = await scanPage(`<div><ul>${LIST}</ul>${after}</div>`);
    // MAX_UNTITLED_NODES elements and texts of what follows the list.
    expect(scan.untitled?.after.children).toHaveLength(MAX_UNTITLED_NODES / 2);
  });

  it('is passed over where the page has a titled recipe', async () => {
    const read = await readRecipePage(
      page(LIST, METHOD) +
        `<h2>Ingredients</h2><ul><li>1 cup rice</li><li>2 cups water</li></ul>
        <h2>Method</h2><p>Simmer the rice in the water for 12 minutes.</p>`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['1 cup rice', '2 cups water']);
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
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Rinse the rice.',
      'step: Simmer it in the water for 12 minutes.',
    ]);
  });
});

describe('a page without share tags', () => {
  const page = (head: string, pictures: string) => `<head>${head}</head>
    <body><svg><title>Menu</title></svg><h1>For Your Table</h1>
    <img src="https://cook.example/i/banner.jpg" alt="Our magazine">
    ${pictures}<h1><strong>Chicken Salad with Grapes</strong></h1>
    <h2>Ingredients</h2><ul><li>2 cups chicken</li><li>1 cup grapes</li></ul>
    <h2>Method</h2><p>Toss the chicken with the grapes.</p></body>`;
  const SALAD = `<img src="https://cook.example/i/salad.jpg" alt="Chicken Salad">`;
  const TITLE = '<title>Recipe - Chicken Salad with Grapes | Shop</title>';

  it('is named by the h1 its <title> holds', async () => {
    const read = await readRecipePage(page(TITLE, ''), PAGE_URL);
    expect(read?.recipe.name).toBe('Chicken Salad with Grapes');
  });

  it('is pictured by the image its name holds', async () => {
    const read = await readRecipePage(page(TITLE, SALAD), PAGE_URL);
    expect(read?.recipe.images).toEqual(['https://cook.example/i/salad.jpg']);
  });

  it('keeps the first h1 and no picture where neither is named', async () => {
    const read = await readRecipePage(
      page(
        '<title>Shop | Recipes</title>',
        `<img src="https://cook.example/i/logo.jpg" alt="logos">`,
      ),
      PAGE_URL,
    );
    expect(read?.recipe.name).toBe('For Your Table');
    expect(read?.recipe.images).toEqual([]);
  });

  it('keeps the heading the share title agrees with', async () => {
    const read = await readRecipePage(
      page(
        `<meta property="og:title" content="For Your Table">
        ${TITLE}`,
        SALAD,
      ),
      PAGE_URL,
    );
    expect(read?.recipe.name).toBe('For Your Table');
  });
});

describe('a yield printed with a Chinese label', () => {
  it('is read as the servings', async () => {
    const read = await readRecipePage(
      recipe('Egg cakes', ['4 eggs', '125 g sugar'], 'Whisk and bake.') +
        '<p><strong>Egg cakes</strong></p><p>分量：30 个</p>',
      PAGE_URL,
    );
    expect(read?.recipe.servings).toBe(30);
  });
});
