import { describe, expect, it } from 'vitest';

import { readRecipePage } from './recipe-import-read.js';
import { PAGE_URL, recipe, lines, stepTexts } from './test/pages.js';

/**
 * Issue 19, seventh round: what a user gets from pages that stay misses
 * against the reference, each on a small hand-written page (never a real
 * one).
 */

describe('a page’s form controls', () => {
  const METHOD = `<h3>Method</h3><p>Fry the bacon until crisp.</p>
    <p>Stir in the pasta and serve.</p>`;

  it('hold no ingredient lines, in a list classed for them', async () => {
    const read = await readRecipePage(
      `<h1>Bacon pasta</h1><div class="ingredients-box">
        <a onclick="recipe.swap()" class="button">MAKE GLUTEN FREE</a>
        <button type="button">Metric Units</button><br>
        <select class="kind"><option value="1">Standard Ingredients</option>
          <option value="2">Gluten Free Ingredients</option></select>
        <p><label for="servings">Servings:</label>
          <select id="servings"><option>4</option><option>1</option><option>2</option></select></p>
        <h4>Pasta</h4>
        <div><b>250</b> g bacon, diced</div><div><b>300</b> g penne</div>
        <span role="button" tabindex="0">Print</span>
        <input type="text" placeholder="Add a note"><textarea>Your notes</textarea>
      </div>${METHOD}`,
      'https://cook.example/r/1',
    );
    expect(lines(read)).toEqual(['250 g bacon, diced', '300 g penne']);
  });

  it('hold no ingredient lines under a title', async () => {
    const read = await readRecipePage(
      `<h1>Bacon pasta</h1><h3>Ingredients</h3>
        <a href="#" onclick="return swap()">Make it dairy free</a>
        <label>Servings <select><option>4</option><option>8</option></select></label>
        <ul><li>250 g bacon</li><li>300 g penne</li></ul>${METHOD}`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['250 g bacon', '300 g penne']);
  });

  it('hold no steps', async () => {
    const read = await readRecipePage(
      `<h1>Bacon pasta</h1><h3>Ingredients</h3>
        <ul><li>250 g bacon</li><li>300 g penne</li></ul>
        <h3>Method</h3><span role="button" tabindex="0">Watch how it is made</span>
        <p>Fry the bacon until crisp.</p><p>Stir in the pasta and serve.</p>
        <label for="timer">Set a timer</label>
        <select id="timer"><option>5 minutes</option><option>10 minutes</option></select>`,
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Fry the bacon until crisp.',
      'step: Stir in the pasta and serve.',
    ]);
  });

  it('keep the lines of tick boxes and of links', async () => {
    const read = await readRecipePage(
      `<h1>Bacon pasta</h1><ul class="ingredients">
        <li><label><input type="checkbox"> 250 g bacon</label></li>
        <li><input type="checkbox" id="i2"><label for="i2">300 g penne</label></li>
        <li>1 tbsp <a href="/i/oil" onclick="track()">olive oil</a></li></ul>${METHOD}`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual([
      '250 g bacon',
      '300 g penne',
      '1 tbsp olive oil',
    ]);
  });
});

describe('ingredients printed as a definition list', () => {
  const term = (name: string, amount: string) =>
    `<dt><a href="/i/${name}"><img src="/i/${name}.png"><b>${name}</b></a><u>${amount}</u></dt>`;
  const METHOD = `<ul class="instructions"><li>Grate the yam into the flour.</li>
    <li>Fry the batter for 5 minutes a side.</li></ul>`;

  it('reads each term as a line, the amount first', async () => {
    const read = await readRecipePage(
      `<head><meta property="og:title" content="Pantry Notes">
        <meta property="og:site_name" content="Pantry Notes"></head>
      <body><h1>yam pancakes</h1><dl class="ingredients"><h3>pancakes</h3>
        ${term('mountain yam', '160 g, grated')}${term('chickpea flour', '85 g')}
        ${term('shiitake', '6')}</dl>${METHOD}
      <dl class="ingredients"><h3>topping</h3>${term('pickled ginger', 'to taste')}
        ${term('scallions', '4 stalks')}</dl></body>`,
      PAGE_URL,
    );
    expect(read?.source).toBe('html');
    expect(lines(read)).toEqual([
      '160 g mountain yam, grated',
      '85 g chickpea flour',
      '6 shiitake',
      'pickled ginger, to taste',
      '4 stalks scallions',
    ]);
    // The share title is the site's name: the heading names the recipe.
    expect(read?.recipe.name).toBe('yam pancakes');
  });

  it('reads a term and its definition as a line, under a title', async () => {
    const read = await readRecipePage(
      `<h1>Yam pancakes</h1><h2>Ingredients</h2>
      <dl><dt>chickpea flour</dt> <dd>85 g</dd><dt>salt</dt><dd>a pinch</dd></dl>
      <h2>Method</h2><p>Mix the flour with water and salt.</p><p>Fry the batter.</p>`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['85 g chickpea flour', 'salt, a pinch']);
  });

  it('keeps a term with a number in its name as it reads', async () => {
    const read = await readRecipePage(
      `<h1>Yam pancakes</h1><dl class="ingredients">
        <dt>2 eggs, <i>beaten</i></dt><dt>salt</dt></dl>${METHOD}`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['2 eggs, beaten', 'salt']);
  });
});

describe('markup steps that are titles only', () => {
  const howTo = (titles: string[]) =>
    titles.map((text, index) => ({
      '@type': 'HowToStep',
      name: `Step ${index + 1}`,
      text,
    }));
  const printed = (title: string, body: string, number: number) =>
    `<div class="step-row"><p class="step-number">${number}</p>
      <div class="step-name"><p class="step-header">${title}</p>
      <div class="step-description">${body}</div></div></div>`;
  const METHOD = `<div class="instructions-container"><h2>Instructions</h2>
    <p>Wash produce before use</p>
    ${printed('Cook the noodles', '<p>Boil the noodles for 6 minutes. Drain.</p>', 1)}
    ${printed(
      'Prep the protein',
      `<ul><li><em>Tofu:</em> Pat the tofu dry.</li><li><em>Shrimp:</em> Rinse them.</li></ul>
      <p>Fry it in a hot pan for 4 minutes.</p>`,
      2,
    )}
    ${printed('Serve', '<p>Toss everything together.</p>', 3)}
    <div class="extra"><h5>Kids can!</h5><ul><li>Time the noodles.</li></ul></div></div>`;
  const LINES = ['5 oz rice noodles', '8 oz tofu'];

  it('are the printed steps, each title with the text under it', async () => {
    const read = await readRecipePage(
      recipe(
        'Noodle salad',
        LINES,
        howTo(['Cook the noodles', 'Prep the protein', 'Serve']),
      ) + METHOD,
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Cook the noodles - Boil the noodles for 6 minutes. Drain.',
      'step: Prep the protein - Tofu: Pat the tofu dry. Shrimp: Rinse them. Fry it in a hot pan for 4 minutes.',
      'step: Serve - Toss everything together.',
    ]);
  });

  it('stay titles where the page does not print each one', async () => {
    const titles = ['Cook the noodles', 'Dress the salad', 'Serve'];
    const read = await readRecipePage(
      recipe('Noodle salad', LINES, howTo(titles)) + METHOD,
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual(titles.map((title) => `step: ${title}`));
  });

  it('keeps steps that are sentences', async () => {
    const read = await readRecipePage(
      recipe(
        'Noodle salad',
        LINES,
        howTo(['Cook the noodles.', 'Prep the protein.', 'Serve.']),
      ) + METHOD,
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Cook the noodles.',
      'step: Prep the protein.',
      'step: Serve.',
    ]);
  });
});

describe('pages of hostile size', () => {
  it('read markup titles against a long method within the line bounds', async () => {
    const titles = Array.from({ length: 100 }, (_, index) => `Stir ${index}`);
    const read = await readRecipePage(
      recipe(
        'Stew',
        ['1 onion'],
        titles.map((text) => ({ '@type': 'HowToStep', text })),
      ) +
        `<div class="method">${'<p>Stir 0</p><p>Stir.</p>'.repeat(20_000)}</div>`,
      PAGE_URL,
    );
    expect(read?.recipe.steps).toHaveLength(100);
    expect(read?.recipe.steps[0]?.text).toBe('Stir 0');
  });

  it('read a definition list within the list bounds', async () => {
    const terms = '<dt><b>flour</b><u>1 g</u></dt>'.repeat(20_000);
    const read = await readRecipePage(
      `<h1>Flour</h1><ol class="method"><li>Sift the flour.</li><li>Weigh it.</li></ol>
      <dl class="ingredients">${terms}</dl>`,
      PAGE_URL,
    );
    expect(lines(read)?.length).toBeLessThanOrEqual(200);
    expect(lines(read)?.[0]).toBe('1 g flour');
  });
});
