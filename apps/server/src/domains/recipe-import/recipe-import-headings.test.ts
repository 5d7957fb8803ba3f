import { describe, expect, it } from 'vitest';

import {
  headedList,
  MAX_HEADED_REGIONS,
  titleRole,
} from './recipe-import-headings.js';
import { scanPage } from './recipe-import-html.js';
import { directionsText, readRecipePage } from './recipe-import-read.js';

const URL_ = 'https://cook.example/r/2';

describe('titleRole', () => {
  it.each([
    ['Ingredients', 'ingredients'],
    ['INGREDIENTS:', 'ingredients'],
    ['What you’ll need', 'ingredients'],
    ['Method', 'steps'],
    ['Directions:', 'steps'],
    ['How to make it', 'steps'],
    ['Cooking Instructions', 'steps'],
    ['Recipe ingredients', 'ingredients'],
  ])('reads %s as a title of %s', (text, role) => {
    expect(titleRole(text)).toBe(role);
  });

  it('reads a sentence that mentions ingredients as no title', () => {
    expect(titleRole('Gather the ingredients')).toBeUndefined();
    expect(titleRole(`Ingredients ${'x'.repeat(80)}`)).toBeUndefined();
  });
});

describe('a recipe in plain HTML, read by its headings', () => {
  it('reads lists under "Ingredients" and "Method" headings', async () => {
    const html = `<html><head><meta property="og:title" content="Leek soup"></head>
      <body><h1>Leek soup</h1><p>A story about soup.</p>
      <div><h2>Ingredients</h2><ul><li>2 leeks</li><li>1 l stock</li></ul></div>
      <div><h2><span>Method</span></h2><ol><li>1. Slice the leeks.</li><li>Simmer in the stock.</li></ol>
      <h2>More soups</h2><p>Pea soup</p></div></body></html>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('html');
    expect(read?.recipe.name).toBe('Leek soup');
    expect(read?.recipe.ingredientLines).toEqual(['2 leeks', '1 l stock']);
    expect(directionsText(read?.recipe.steps ?? [])).toBe(
      'Slice the leeks.####Simmer in the stock.',
    );
  });

  it('reads bold titles in paragraphs, lines split by <br>, bold group names', async () => {
    const html = `<h1>Curry</h1><article>
      <p><strong>Ingredients</strong></p>
      <p><b>Meatballs</b><br>400 g lamb mince<br>• 1 egg<br><b>Sauce</b><br>1 tin tomatoes</p>
      <p><strong>Instructions:</strong></p>
      <p>Roll the meatballs.</p><p>Simmer in the sauce.</p></article>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual([
      '400 g lamb mince',
      '1 egg',
      '1 tin tomatoes',
    ]);
    expect(directionsText(read?.recipe.steps ?? [])).toBe(
      'Roll the meatballs.####Simmer in the sauce.',
    );
  });

  it('reads a list written inside one heading element with <br>s as lines', async () => {
    const scan = await scanPage(`<div><h4>Ingredients</h4>
      <h5>• 2 tbsp olive oil<br>• 50g butter<br>• ½ tsp chilli</h5></div>`);
    expect(headedList(scan.headed, 'ingredients')).toEqual([
      {
        heading: '',
        items: ['2 tbsp olive oil', '50g butter', '½ tsp chilli'],
      },
    ]);
  });

  it("names the recipe by the share title without the site's name after a dash", async () => {
    const html = `<meta property="og:title" content="Crispy Thighs  - Farm Box">
      <meta property="og:site_name" content="Farm Box">
      <p><strong>Ingredients</strong></p><p>4 chicken thighs</p>
      <p><strong>Instructions</strong></p><p>Roast them.</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.name).toBe('Crispy Thighs');
  });

  it('reads a heading as high as the title as a group of ingredients only when amounts follow it', async () => {
    const scan =
      await scanPage(`<div><h2>Ingredients</h2><ul><li>4 cups flour</li></ul>
      <h2>Glaze</h2><ul><li>1/3 cup sugar</li><li>½ cup water</li></ul>
      <h2>Notes</h2><p>Keeps for a week.</p></div>
      <div><h3>Method</h3><h4>Preparation</h4><p>Mix.</p><h4>Baking</h4><p>Bake.</p>
      <h3>Serving</h3><p>Enjoy with tea.</p></div>`);
    expect(headedList(scan.headed, 'ingredients')).toEqual([
      { heading: '', items: ['4 cups flour'] },
      { heading: 'Glaze', items: ['1/3 cup sugar', '½ cup water'] },
    ]);
    // "Preparation" under "Method" is a title word itself: the steps start
    // after it, ranked as "Method", so the h4 "Baking" names a group and
    // the h3 "Serving" ends the steps.
    expect(headedList(scan.headed, 'steps')).toEqual([
      { heading: '', items: ['Mix.'] },
      { heading: 'Baking', items: ['Bake.'] },
    ]);
  });

  it('reads a list named by its class line by line when it is written with <br>s', async () => {
    const html = `<h1>Curry</h1><div class="ingredients-list"><p><strong>Meatballs</strong><br>
      400 g lamb mince<br>1 egg<br><strong>Sauce</strong><br>1 tin tomatoes</p></div>
      <div class="method"><p>Roll.</p><p>Simmer.</p></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual([
      '400 g lamb mince',
      '1 egg',
      '1 tin tomatoes',
    ]);
  });

  it('keeps group headings of steps as sections and drops lone step numbers', async () => {
    const scan = await scanPage(`<section><h3>Preparation:</h3>
      <h4>Sauce</h4><h6>STEP 1.</h6><p>Whisk the dressing.</p>
      <h4>Salad</h4><h6>STEP 2.</h6><p>Toss the leaves.</p></section>`);
    expect(headedList(scan.headed, 'steps')).toEqual([
      { heading: 'Sauce', items: ['Whisk the dressing.'] },
      { heading: 'Salad', items: ['Toss the leaves.'] },
    ]);
  });

  it("drops a picture's credit printed among the steps", async () => {
    const scan = await scanPage(`<h2>Directions</h2>
      <p>Mix the batter.</p><p><img src="a.jpg" alt=""><br>Photo credit: © Cook Example</p>
      <p>Bake for 20 minutes.</p><p>Image by Ann</p><p>©2024 Cook Example</p>`);
    expect(headedList(scan.headed, 'steps')).toEqual([
      { heading: '', items: ['Mix the batter.', 'Bake for 20 minutes.'] },
    ]);
  });

  it('passes over a tab link named "Ingredients" for the heading below it', async () => {
    const scan =
      await scanPage(`<ul class="tabs"><li><a href="#i">Ingredients</a></li></ul>
      <h2>Ingredients</h2><ul><li>1 cup oats</li></ul>`);
    expect(headedList(scan.headed, 'ingredients')).toEqual([
      { heading: '', items: ['1 cup oats'] },
    ]);
  });

  it('passes over a tab classed for the ingredients that holds only their title', async () => {
    const html = `<h1>Smoothie</h1><ul class="tabs"><li class="ingredients"><a href="#i">Ingredients</a></li></ul>
      <h2>Ingredients</h2><ul><li>1/2 cup oats</li></ul>
      <h3>Cooking Instructions</h3><ul><li>Blend.</li></ul>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual(['1/2 cup oats']);
    expect(directionsText(read?.recipe.steps ?? [])).toBe('Blend.');
  });

  it('finds no recipe under an "Ingredients" heading without a method', async () => {
    const html = `<h1>Oats</h1><h2>Ingredients</h2><ul><li>1 cup oats</li></ul>`;
    expect(await readRecipePage(html, URL_)).toBeNull();
  });

  it('keeps a bounded region whatever follows a title', async () => {
    const items = '<li>1 egg</li>'.repeat(50_000);
    const scan = await scanPage(`<h2>Ingredients</h2><ul>${items}</ul>`);
    const [group] = headedList(scan.headed, 'ingredients');
    // MAX_HEADED_NODES elements and texts: 5,000 items at most; 400 read.
    expect(group?.items.length).toBe(400);
  });

  it('keeps at most MAX_HEADED_REGIONS regions of a page of titles', async () => {
    const page =
      '<h2>Ingredients</h2><ul><li>1 egg</li></ul><h2>Method</h2><p>Fry.</p>';
    const scan = await scanPage(page.repeat(20_000));
    expect(scan.headed.length).toBe(MAX_HEADED_REGIONS);
    expect(headedList(scan.headed, 'steps')).toEqual([
      { heading: '', items: ['Fry.'] },
    ]);
  });
});

describe('servings and times printed in labelled texts', () => {
  const steps = '<h2>Method</h2><p>Cook.</p>';

  it('reads a label and the value beside it', async () => {
    const html = `<h1>Stew</h1><ul><li><strong>Serves:</strong> 4 people</li>
      <li><span>Total Time:</span><span>1 hour</span> <span>20 minutes</span></li></ul>
      <h2>Ingredients</h2><ul><li>1 kg beef</li></ul>${steps}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe).toMatchObject({ servings: 4, totalMinutes: 80 });
  });

  it('ends a value at the next label, and adds preparation and cooking', async () => {
    const html = `<h1>Panini</h1><p>Prep time: 10 min | Cook time: 20 min</p>
      <p><em>Yield: <span>2 sandwiches</span></em></p>
      <h2>Ingredients</h2><ul><li>2 rolls</li></ul>${steps}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe).toMatchObject({ servings: 2, totalMinutes: 30 });
  });

  it("keeps the markup's own values over printed ones", async () => {
    const html = `<script type="application/ld+json">${JSON.stringify({
      '@type': 'Recipe',
      name: 'Stew',
      recipeYield: '6',
      totalTime: 'PT2H',
      recipeIngredient: ['1 kg beef'],
      recipeInstructions: 'Cook.',
    })}</script><p>Serves 4</p><p>Total time: 1 hour</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe).toMatchObject({ servings: 6, totalMinutes: 120 });
  });

  it("reads a label among a page's indentation", async () => {
    const tabs = '\n' + '\t'.repeat(40);
    const html = `<h1>Mantu</h1><ul><li>${tabs}<strong>Servings :</strong>${tabs}<span>4</span>${tabs}</li></ul>
      <h2>Ingredients</h2><ul><li>1 kg beef</li></ul>${steps}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.servings).toBe(4);
  });

  it('reads no label out of a long text', async () => {
    const html = `<h1>Stew</h1><p>${'A story. '.repeat(10)}It serves 4 and takes a total time 2 hours.</p>
      <h2>Ingredients</h2><ul><li>1 kg beef</li></ul>${steps}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe).toMatchObject({ servings: null, totalMinutes: null });
  });
});
