import { describe, expect, it } from 'vitest';

import {
  MAX_CAPTURE_DEPTH,
  MAX_CAPTURED_NODES,
  MAX_PAGE_DEPTH,
  scanPage,
} from './recipe-import-html.js';
import { textMinutes } from './recipe-import-json-ld.js';
import { directionsText, readRecipePage } from './recipe-import-read.js';

const URL_ = 'https://cook.example/r/1';

const jsonLd = (node: object) =>
  `<script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    ...node,
  })}</script>`;

const microdata = (name: string, lines: string[]) =>
  `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">${name}</h1>
  <span itemprop="recipeYield">3</span>
  <ul>${lines.map((line) => `<li itemprop="recipeIngredient">${line}</li>`).join('')}</ul>
  <ol><li itemprop="recipeInstructions">Cook it.</li></ol></div>`;

function countNodes(nodes: readonly { children?: unknown[] }[]): number {
  return nodes.reduce(
    (sum, node) =>
      sum + 1 + countNodes((node.children ?? []) as { children?: unknown[] }[]),
    0,
  );
}

function depthOf(nodes: readonly { children?: unknown[] }[]): number {
  let deepest = 0;
  let level = nodes;
  while (level.length > 0) {
    deepest += 1;
    level = level.flatMap(
      (node) => (node.children ?? []) as { children?: unknown[] }[],
    );
  }
  return deepest;
}

describe('readRecipePage', () => {
  it('prefers a JSON-LD recipe with content to microdata on the same page', async () => {
    const html = `${jsonLd({
      name: 'Soup',
      recipeIngredient: ['1 leek'],
      recipeInstructions: 'Simmer.',
    })}${microdata('Soup', ['2 leeks'])}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('json-ld');
    expect(read?.recipe.ingredientLines).toEqual(['1 leek']);
    // The fields the JSON-LD lacks come from the microdata.
    expect(read?.recipe.servings).toBe(3);
  });

  it('reads microdata when the JSON-LD recipe is empty, keeping its image', async () => {
    const html = `${jsonLd({ name: 'Soup', image: '/soup.jpg' })}${microdata('Soup', ['2 leeks'])}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('microdata');
    expect(read?.recipe).toMatchObject({
      name: 'Soup',
      ingredientLines: ['2 leeks'],
      images: ['https://cook.example/soup.jpg'],
    });
  });

  it('fills no field from markup of another recipe', async () => {
    const html = `${jsonLd({ name: 'Other dish', image: '/other.jpg' })}${microdata('Soup', ['2 leeks'])}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.name).toBe('Soup');
    expect(read?.recipe.images).toEqual([]);
  });

  it('finds no recipe in a page without ingredients or steps', async () => {
    expect(await readRecipePage(jsonLd({ name: 'Soon' }), URL_)).toBeNull();
    expect(
      await readRecipePage(
        '<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Soon</h1></div>',
        URL_,
      ),
    ).toBeNull();
  });

  it('keeps at most 200 lines of a card with 30,000 ingredients', async () => {
    const line =
      '<li class="wprm-recipe-ingredient"><span class="wprm-recipe-ingredient-name">salt</span></li>';
    const html = `<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Salt</h2><ul>${line.repeat(30_000)}</ul></div>`;
    const scan = await scanPage(html);
    expect(countNodes(scan.cards)).toBeLessThanOrEqual(MAX_CAPTURED_NODES);
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('wp-recipe-maker');
    expect(read?.recipe.ingredientLines).toHaveLength(200);
  });

  it('keeps a card no deeper than the depth bound', async () => {
    const depth = 500;
    const html = `<div class="tasty-recipes">${'<div>'.repeat(depth)}<ul><li>1 egg</li></ul>${'</div>'.repeat(depth)}<h2 class="tasty-recipes-title">Egg</h2><div class="tasty-recipes-ingredients"><ul><li>2 eggs</li></ul></div></div>`;
    const scan = await scanPage(html);
    expect(depthOf(scan.cards)).toBeLessThanOrEqual(MAX_CAPTURE_DEPTH);
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.name).toBe('Egg');
    expect(read?.recipe.ingredientLines).toEqual(['2 eggs']);
  });

  it('writes section names as heading steps ending in a colon', () => {
    expect(
      directionsText([
        { kind: 'heading', text: 'For the sauce' },
        { kind: 'step', text: 'Simmer.' },
        { kind: 'heading', text: 'To serve:' },
        { kind: 'step', text: 'Pour.' },
      ]),
    ).toBe('For the sauce:####Simmer.####To serve:####Pour.');
  });
});

describe('readRecipePage on pages of the common shapes (issue 19)', () => {
  const ogImage = (address: string) =>
    `<meta property="og:image" content="${address}">`;

  it("puts the page's share picture first, unless it is the site's logo or no address", async () => {
    const recipe = jsonLd({
      name: 'Soup',
      image: ['https://cook.example/soup-225x225.jpg'],
      recipeIngredient: ['1 leek'],
    });
    const first = async (head: string) =>
      (await readRecipePage(`${head}${recipe}`, URL_))?.recipe.images;
    expect(await first(ogImage('https://cook.example/soup-hero.jpg'))).toEqual([
      'https://cook.example/soup-hero.jpg',
      'https://cook.example/soup-225x225.jpg',
    ]);
    expect(await first(ogImage('https://cook.example/site-logo.png'))).toEqual([
      'https://cook.example/soup-225x225.jpg',
    ]);
    expect(await first(ogImage('#<Variant:0x0001>'))).toEqual([
      'https://cook.example/soup-225x225.jpg',
    ]);
  });

  it("takes the picture the page marks as the recipe's when it has no share picture and the recipe none", async () => {
    const page = (
      picture: string,
      head = '',
    ) => `<html><head>${head}</head><body>
      <img src="/logo.png" alt="Cook Example">
      <h1>Soup</h1>${picture}
      <div class="ingredients"><ul><li>1 leek</li></ul></div>
      <div class="instructions"><ol><li>Simmer.</li></ol></div></body></html>`;
    const first = async (html: string) =>
      (await readRecipePage(html, URL_))?.recipe.images;
    expect(
      await first(page('<img class="photo aligncenter" src="/img/soup.jpg">')),
    ).toEqual(['https://cook.example/img/soup.jpg']);
    expect(
      await first(
        page(
          '<img itemprop="image" src="data:image/gif;base64,R0" data-src="https://cdn.example/soup.jpg">',
        ),
      ),
    ).toEqual(['https://cdn.example/soup.jpg']);
    expect(
      await first(
        page(
          '<img class="photo" src="/img/soup.jpg">',
          ogImage('https://cook.example/soup-hero.jpg'),
        ),
      ),
    ).toEqual(['https://cook.example/soup-hero.jpg']);
    expect(await first(page('<img src="/img/soup.jpg">'))).toEqual([]);
  });

  it('reads a recipe that exists only in the HTML, by the class names of its lists', async () => {
    const html = `<html><head><meta property="og:title" content="Lemon Bars | Cook Example">
      ${ogImage('https://cook.example/bars.jpg')}</head><body>
      <header><h1>Lemon Bars</h1><a class="jump-to-ingredients" href="#i">Jump to ingredients</a></header>
      <div class="recipe-ingredients-and-method">
        <div class="recipe-ingredients"><h3>Ingredients</h3><h4>Crust</h4>
          <ul><li>1 cup flour</li><li>1/2 cup butter</li></ul>
          <h4>Filling</h4><ul><li>2 eggs</li><li>1 cup sugar</li></ul></div>
        <div class="recipe-method"><h3>Method</h3><ol>
          <li>Step 1 Press the crust into the pan.</li><li>2. Bake for 20 minutes.</li>
          <li>Pour the filling over and bake 25 minutes more.</li></ol></div>
      </div>
      <aside class="print-ingredients"><ul><li>1 cup flour</li></ul></aside>
      </body></html>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('html');
    expect(read?.recipe).toMatchObject({
      name: 'Lemon Bars',
      ingredientLines: [
        '1 cup flour',
        '1/2 cup butter',
        '2 eggs',
        '1 cup sugar',
      ],
      images: ['https://cook.example/bars.jpg'],
    });
    expect(read?.recipe.steps).toEqual([
      { kind: 'step', text: 'Press the crust into the pan.' },
      { kind: 'step', text: 'Bake for 20 minutes.' },
      { kind: 'step', text: 'Pour the filling over and bake 25 minutes more.' },
    ]);
  });

  it('reads the hRecipe microformat, one element per line', async () => {
    const html = `<div class="hrecipe"><h2 class="fn">Grilled Cheese</h2><ul>
      <li class="ingredient">2 slices bread</li><li class="ingredient">1 slice cheddar</li></ul>
      <ol class="instructions"><li class="instruction">Butter the bread.</li>
      <li class="instruction">Grill until golden.</li></ol></div>`;
    const read = await readRecipePage(
      `<title>x</title><h1>Grilled Cheese</h1>${html}`,
      URL_,
    );
    expect(read?.recipe.ingredientLines).toEqual([
      '2 slices bread',
      '1 slice cheddar',
    ]);
    expect(read?.recipe.steps.map((entry) => entry.text)).toEqual([
      'Butter the bread.',
      'Grill until golden.',
    ]);
  });

  it('finds no recipe in a page with only one of the two lists', async () => {
    const html = `<h1>Our pantry</h1><div class="ingredients"><ul><li>Flour</li></ul></div>`;
    expect(await readRecipePage(html, URL_)).toBeNull();
  });

  it('fills lists a JSON-LD recipe left empty from the HTML, keeping its other fields', async () => {
    const html = `${jsonLd({
      name: 'Pear Crumble',
      totalTime: 'PT45M',
      recipeYield: '6',
      recipeIngredient: [],
      recipeInstructions: [],
    })}<h1>Pear Crumble</h1>
      <div class="ingredients"><ul><li>4 pears</li><li>1 cup oats</li></ul></div>
      <div class="directions"><p>Slice the pears.</p><p>Top and bake.</p></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe).toMatchObject({
      name: 'Pear Crumble',
      totalMinutes: 45,
      servings: 6,
      ingredientLines: ['4 pears', '1 cup oats'],
    });
    expect(read?.recipe.steps).toHaveLength(2);
  });

  it('takes the steps from under a heading when the JSON-LD has ingredient lines and no steps', async () => {
    const html = `${jsonLd({
      name: 'Turkey Meatballs',
      recipeIngredient: ['500 g turkey', '1 egg'],
    })}<h1>Turkey Meatballs</h1><p>Our favourite.</p>
      <h2>Directions</h2>
      <p><strong>1.</strong>&nbsp;Mix the turkey and egg.</p>
      <p><img src="a.jpg" alt=""></p>
      <p><strong>2.</strong>&nbsp;Roll and fry.</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.source).toBe('json-ld');
    expect(read?.recipe.ingredientLines).toEqual(['500 g turkey', '1 egg']);
    expect(read?.recipe.steps).toEqual([
      { kind: 'step', text: 'Mix the turkey and egg.' },
      { kind: 'step', text: 'Roll and fry.' },
    ]);
  });

  it('reads the steps from the HTML where a microdata content attribute holds JSON cut at its first quote', async () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Pizza</h1>
      <span itemprop="recipeIngredient">200 g dough</span>
      <meta itemprop="recipeInstructions" content="[{"@type":"HowToStep","text":"Stretch."}]">
      </div><div class="instructions"><ol><li>Stretch the dough.</li><li>Bake.</li></ol></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.steps).toEqual([
      { kind: 'step', text: 'Stretch the dough.' },
      { kind: 'step', text: 'Bake.' },
    ]);
  });

  it('passes over a row of share links classed for the method for the steps under the heading', async () => {
    const html = `<h1>Peach Bake</h1><div class="ingredients"><ul><li>4 peaches</li><li>1 cup sugar</li></ul></div>
      <div class="recipe-instructions"><span>Share</span><ul><li><a href="#">Facebook</a></li><li><a href="#">Pin it</a></li></ul></div>
      <h2>Preparation</h2><p>Slice the peaches and toss with sugar.</p><p>Bake for 40 minutes.</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.steps).toEqual([
      { kind: 'step', text: 'Slice the peaches and toss with sugar.' },
      { kind: 'step', text: 'Bake for 40 minutes.' },
    ]);
  });

  it("passes over a sidebar's recipe for the page's own", async () => {
    const html = `<html><head><meta property="og:title" content="Tomato Salsa"></head><body>
      <aside>${microdata('Quick Hummus', ['1 can chickpeas'])}</aside>
      <div class="ingredients"><ul><li>4 tomatoes</li><li>1 onion</li></ul></div>
      <div class="instructions"><ol><li>Chop and mix.</li></ol></div></body></html>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.name).toBe('Tomato Salsa');
    expect(read?.recipe.ingredientLines).toEqual(['4 tomatoes', '1 onion']);
  });

  it('reads microdata instructions with group headings as sections', async () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Greens</h1>
      <span itemprop="recipeIngredient">300 g beans</span>
      <div itemprop="recipeInstructions"><h3>Shallots</h3><p>Fry the shallots.</p>
      <h3>Beans</h3><p>Blanch the beans.</p><p>Toss together.</p></div></div>`;
    expect((await readRecipePage(html, URL_))?.recipe.steps).toEqual([
      { kind: 'heading', text: 'Shallots' },
      { kind: 'step', text: 'Fry the shallots.' },
      { kind: 'heading', text: 'Beans' },
      { kind: 'step', text: 'Blanch the beans.' },
      { kind: 'step', text: 'Toss together.' },
    ]);
  });

  it('takes a lazy-loaded picture from data-src or the widest of a srcset', async () => {
    const card = (img: string) =>
      `<div class="wprm-recipe-container"><h2 class="wprm-recipe-name">Tea</h2>
      <div class="wprm-recipe-image">${img}</div>
      <ul><li class="wprm-recipe-ingredient">1 tea bag</li></ul></div>`;
    const image = async (img: string) =>
      (await readRecipePage(card(img), URL_))?.recipe.images;
    expect(
      await image('<img src="data:image/gif;base64,R0l" data-src="/tea.jpg">'),
    ).toEqual(['https://cook.example/tea.jpg']);
    expect(
      await image(
        '<img src="data:image/gif;base64,R0l" data-srcset="/tea-300.jpg 300w, /tea-1200.jpg 1200w, /tea-600.jpg 600w">',
      ),
    ).toEqual(['https://cook.example/tea-1200.jpg']);
  });

  it("writes a step's title that ends as a sentence with a colon instead", () => {
    expect(
      directionsText([
        { kind: 'heading', text: 'Prepare the pan.' },
        { kind: 'step', text: 'Grease it.' },
      ]),
    ).toBe('Prepare the pan:####Grease it.');
  });

  it('takes the rating from a second JSON-LD block of the same recipe, not of another', async () => {
    const rating = (name: string, value: string) =>
      jsonLd({
        name,
        aggregateRating: { ratingValue: value, ratingCount: '3' },
      });
    const main = jsonLd({
      name: 'Lemon Risotto',
      recipeIngredient: ['1 lemon'],
      recipeInstructions: 'Stir.',
    });
    const same = await readRecipePage(
      `${main}${rating('Lemon Risotto', '4.5')}`,
      URL_,
    );
    expect(same?.recipe.rating).toBe(4.5);
    const other = await readRecipePage(
      `${main}${rating('Pea Soup', '2')}`,
      URL_,
    );
    expect(other?.recipe.rating).toBeNull();
  });

  it('drops group names from JSON-LD ingredient lines when the page prints them as headings', async () => {
    const html = `${jsonLd({
      name: 'Slaw',
      recipeIngredient: [
        'For the dressing:',
        '2 tbsp mayonnaise',
        'Apple slaw',
        '1 apple',
        'Crunchy Topping',
        'Salt',
        'pinch of salt',
        'Parsley',
      ],
      recipeInstructions: 'Toss.',
    })}<div class="recipe-ingredients">
      <div class="recipe-ingredients__title">Apple slaw</div>
      <ul><li>1 apple</li><li><strong>Crunchy Topping</strong></li><li>Salt</li>
      <li><strong>pinch of salt</strong></li><li><b>Parsley</b></li></ul></div>`;
    const read = await readRecipePage(html, URL_);
    // A colon, a title class and a capitalised bold line make group names;
    // a bold line in lower case, a plain "Salt" and the last line stay.
    expect(read?.recipe.ingredientLines).toEqual([
      '2 tbsp mayonnaise',
      '1 apple',
      'Salt',
      'pinch of salt',
      'Parsley',
    ]);
  });

  it('drops group names a microdata list prints underlined among its lines', async () => {
    const html = `<div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Sukiyaki</h1>
      <p><span itemprop="recipeIngredient"><span class="uline big2"><br>Sauce</span></span><br>
      <span itemprop="recipeIngredient">1/2 cup soy sauce</span><br>
      <span itemprop="recipeIngredient"><u>Remaining Ingredients</u></span><br>
      <span itemprop="recipeIngredient">1 pound beef</span><br>
      <span itemprop="recipeIngredient">Outline</span><br>
      <span itemprop="recipeIngredient">2 onions</span></p>
      <div itemprop="recipeInstructions">Cook it all.</div></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual([
      '1/2 cup soy sauce',
      '1 pound beef',
      'Outline',
      '2 onions',
    ]);
  });
});

describe('textMinutes', () => {
  it.each([
    ['45 minutes', 45],
    ['1 hour 10 minutes', 70],
    ['1 hr 5 mins', 65],
    ['1h30', 90],
    ['2 1/2 hours', 150],
    ['1/2 hour', 30],
    ['1 day', 1440],
    ['1:15 h', 75],
    ['0:45', 45],
    ['overnight', undefined],
    ['', undefined],
  ])('reads %j as %j minutes', (text, minutes) => {
    expect(textMinutes(text)).toBe(minutes);
  });
});

describe('scanPage on deep nesting', () => {
  it('reads no deeper than MAX_PAGE_DEPTH, keeping what came before', async () => {
    const recipe = jsonLd({ name: 'Before', recipeIngredient: ['1 egg'] });
    const deep = `${recipe}${'<div>'.repeat(MAX_PAGE_DEPTH + 10)}${jsonLd({ name: 'After' })}`;
    const scan = await scanPage(deep);
    expect(scan.jsonLd).toHaveLength(1);
    const shallow = `${recipe}${'<div>'.repeat(MAX_PAGE_DEPTH - 10)}${jsonLd({ name: 'After' })}`;
    expect((await scanPage(shallow)).jsonLd).toHaveLength(2);
  });
});
