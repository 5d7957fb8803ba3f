import { describe, expect, it } from 'vitest';

import { titleRole } from './recipe-import-headings.js';
import { directionsText, readRecipePage } from './recipe-import-read.js';

/**
 * Issue 19, fourth round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

const URL_ = 'https://cook.example/r/1';

const script = (body: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(body)}</script>`;

const stepTexts = (read: Awaited<ReturnType<typeof readRecipePage>>) =>
  read?.recipe.steps.map((step) => `${step.kind}: ${step.text}`);

describe('instructions in one text that the page prints step by step', () => {
  const recipe = (instructions: string) =>
    script({
      '@type': 'Recipe',
      name: 'Bean bowl',
      recipeIngredient: ['1 can black beans', '1 cup corn'],
      recipeInstructions: instructions,
    });
  const printed = `<div class="recipe-instructions"><h2>How to Make It</h2>
    <div class="step"><div class="title-text">Step 1</div>
      <p>Warm the beans in a pan. Season them well.</p></div>
    <div class="step"><div class="title-text">Step 2</div>
      <p>Char the corn in the same pan. Serve both in a bowl.</p></div></div>`;

  it('takes the printed steps when they are the same words', async () => {
    const read = await readRecipePage(
      recipe(
        'Warm the beans in a pan. Season them well. Char the corn in the same pan. Serve both in a bowl.',
      ) + printed,
      URL_,
    );
    expect(read?.source).toBe('json-ld');
    expect(stepTexts(read)).toEqual([
      'step: Warm the beans in a pan. Season them well.',
      'step: Char the corn in the same pan. Serve both in a bowl.',
    ]);
  });

  it('sets aside the numbers printed before the steps', async () => {
    const read = await readRecipePage(
      recipe(
        'Warm the beans in a pan. Season them well. Char the corn in the same pan. Serve both in a bowl.',
      ) +
        `<ol class="method"><li>Step 1 Warm the beans in a pan. Season them well.</li>
        <li>2. Char the corn in the same pan. Serve both in a bowl.</li></ol>`,
      URL_,
    );
    expect(stepTexts(read)).toEqual([
      'step: Warm the beans in a pan. Season them well.',
      'step: Char the corn in the same pan. Serve both in a bowl.',
    ]);
  });

  it('keeps the one text when the printed steps say something else', async () => {
    const text =
      'Warm the beans in a pan. Char the corn. Serve both in a bowl.';
    const read = await readRecipePage(recipe(text) + printed, URL_);
    expect(stepTexts(read)).toEqual([`step: ${text}`]);
  });
});

describe('microdata steps that each start with a title', () => {
  const page = (
    steps: string,
  ) => `<div itemscope itemtype="https://schema.org/Recipe">
    <h1 itemprop="name">Farro bowl</h1>
    <ul><li itemprop="recipeIngredient">1 cup farro</li>
      <li itemprop="recipeIngredient">2 eggs</li></ul>${steps}</div>`;

  it('reads the title as a heading before the step, not as a step', async () => {
    const read = await readRecipePage(
      page(`<div itemprop="recipeInstructions">
        <div><span>1</span> <span>Cook the farro</span></div>
        <div><p>Boil the farro for 20 minutes. Drain it.</p></div></div>
      <div itemprop="recipeInstructions">
        <div><span>2</span> <span>Cook &amp; slice the eggs</span></div>
        <div><p>Cook the eggs for 9 minutes. Peel and slice them.</p></div></div>`),
      URL_,
    );
    expect(read?.source).toBe('microdata');
    expect(stepTexts(read)).toEqual([
      'heading: Cook the farro',
      'step: Boil the farro for 20 minutes. Drain it.',
      'heading: Cook & slice the eggs',
      'step: Cook the eggs for 9 minutes. Peel and slice them.',
    ]);
    expect(directionsText(read?.recipe.steps ?? []).split('####')[0]).toBe(
      'Cook the farro:',
    );
  });

  it('keeps steps that are sentences, and one element holding every step', async () => {
    const each = await readRecipePage(
      page(`<p itemprop="recipeInstructions">Boil the farro.</p>
        <p itemprop="recipeInstructions">Cook the eggs for 9 minutes.</p>`),
      URL_,
    );
    expect(stepTexts(each)).toEqual([
      'step: Boil the farro.',
      'step: Cook the eggs for 9 minutes.',
    ]);
    const one = await readRecipePage(
      page(`<div itemprop="recipeInstructions"><p>Boil the farro</p>
        <p>Cook the eggs for 9 minutes.</p></div>`),
      URL_,
    );
    expect(stepTexts(one)).toEqual([
      'step: Boil the farro',
      'step: Cook the eggs for 9 minutes.',
    ]);
  });
});

describe('tools listed as a group of the ingredients', () => {
  const page = (groupName: string) =>
    script({
      '@type': 'Recipe',
      name: 'Gratin',
      recipeIngredient: [
        '3 potatoes',
        '1 cup cream',
        '4 (8-ounce) ramekins',
        'Baking pan',
      ],
      recipeInstructions: 'Slice, pour and bake.',
    }) +
    `<div class="wprm-recipe-container"><div class="wprm-recipe">
      <div class="wprm-recipe-ingredient-group"><ul>
        <li class="wprm-recipe-ingredient">3 potatoes</li>
        <li class="wprm-recipe-ingredient">1 cup cream</li></ul></div>
      <div class="wprm-recipe-ingredient-group">
        <h4 class="wprm-recipe-group-name">${groupName}</h4><ul>
        <li class="wprm-recipe-ingredient">4 (8-ounce) ramekins</li>
        <li class="wprm-recipe-ingredient">Baking pan</li></ul></div>
    </div></div>`;

  it('drops the lines the page prints under an equipment heading', async () => {
    const read = await readRecipePage(page('Equipment Needed'), URL_);
    expect(read?.source).toBe('json-ld');
    expect(read?.recipe.ingredientLines).toEqual(['3 potatoes', '1 cup cream']);
  });

  it('keeps the lines of a list titled after the equipment', async () => {
    const html =
      script({
        '@type': 'Recipe',
        name: 'French toast',
        recipeIngredient: ['4 eggs', '1/2 cup milk'],
        recipeInstructions: 'Whisk, soak and cook.',
      }) +
      `<div class="wprm-recipe-container"><div class="wprm-recipe">
        <h3 class="wprm-recipe-header">Equipment</h3>
        <ul><li class="wprm-recipe-equipment-item">slow cooker</li></ul>
        <h3 class="wprm-recipe-header">Ingredients</h3><ul>
        <li class="wprm-recipe-ingredient">4 eggs</li>
        <li class="wprm-recipe-ingredient">1/2 cup milk</li></ul></div></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual(['4 eggs', '1/2 cup milk']);
  });

  it('keeps the lines of a group named for food', async () => {
    const read = await readRecipePage(page('For the dish'), URL_);
    expect(read?.recipe.ingredientLines).toHaveLength(4);
  });
});

describe('the picture a JSON-LD graph gives the page', () => {
  const graph = (webPage: Record<string, unknown>) =>
    script({
      '@graph': [
        {
          '@type': 'Person',
          '@id': '#author',
          image: { '@type': 'ImageObject', url: 'https://cook.example/me.jpg' },
        },
        {
          '@type': 'ImageObject',
          '@id': '#main',
          url: 'https://cook.example/stew.jpg',
        },
        { '@type': 'WebPage', '@id': '#page', ...webPage },
      ],
    }) +
    `<h1>Stew</h1><h2>Ingredients</h2><ul><li>1 kg beef</li><li>2 onions</li></ul>
    <h2>Method</h2><ol><li>Brown the beef.</li><li>Simmer for two hours.</li></ol>`;

  it('is the recipe picture of a page without a share picture', async () => {
    const byReference = await readRecipePage(
      graph({ primaryImageOfPage: { '@id': '#main' } }),
      URL_,
    );
    expect(byReference?.source).toBe('html');
    expect(byReference?.recipe.images).toEqual([
      'https://cook.example/stew.jpg',
    ]);
    const inline = await readRecipePage(
      graph({
        primaryImageOfPage: { '@id': '#missing' },
        image: { '@type': 'ImageObject', url: '/stew-2.jpg' },
      }),
      URL_,
    );
    expect(inline?.recipe.images).toEqual(['https://cook.example/stew-2.jpg']);
  });

  it('is no picture when the page names none, nor an author’s', async () => {
    const read = await readRecipePage(graph({}), URL_);
    expect(read?.recipe.images).toEqual([]);
  });

  it('comes after a share picture', async () => {
    const read = await readRecipePage(
      `<meta property="og:image" content="https://cook.example/share.jpg">` +
        graph({ primaryImageOfPage: { '@id': '#main' } }),
      URL_,
    );
    expect(read?.recipe.images[0]).toBe('https://cook.example/share.jpg');
  });
});

describe('a method titled with the dish', () => {
  it.each([
    ['How to Make Slow Cooker Beef Chili', 'steps'],
    ['👩‍🍳 How to Cook Lemon Rice', 'steps'],
    ['How to Make It Ahead', undefined],
    ['How to make this vegan', undefined],
    ['How to make storage easier', undefined],
  ])('reads %s as %s', (text, role) => {
    expect(titleRole(text)).toBe(role);
  });

  it('reads the steps under it, each step’s own heading kept', async () => {
    const html = `<h1>Beef chili</h1>
      <h2>🛒 What You’ll Need</h2><ul><li>1 kg beef</li><li>2 cans beans</li></ul>
      <h2>💛 Why I Love It</h2><ul><li>Easy.</li></ul>
      <h2>👩‍🍳 How to Make Beef Chili</h2>
      <h3><strong>Step 1: Brown the beef</strong></h3><p>Brown the beef in oil.</p>
      <h3><strong>Step 2: Simmer</strong></h3><p>Add the beans and simmer.</p>
      <h2>Leftovers</h2><p>Freeze it for later.</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('html');
    expect(read?.recipe.ingredientLines).toEqual(['1 kg beef', '2 cans beans']);
    expect(stepTexts(read)).toEqual([
      'heading: Step 1: Brown the beef',
      'step: Brown the beef in oil.',
      'heading: Step 2: Simmer',
      'step: Add the beans and simmer.',
    ]);
  });
});

describe('facts printed on lines of one paragraph', () => {
  it('reads each line between the line breaks', async () => {
    const html = `<h1>Beef chili</h1>
      <p><strong>Serves:</strong> 6<br><strong>Prep time:</strong> 20 minutes<br>
      <strong>Cook time:</strong> 8 hours on low or 4 hours on high</p>
      <h2>Ingredients</h2><ul><li>1 kg beef</li><li>2 cans beans</li></ul>
      <h2>Method</h2><ol><li>Brown the beef.</li><li>Simmer for 8 hours.</li></ol>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.servings).toBe(6);
    expect(read?.recipe.totalMinutes).toBe(500);
  });
});
