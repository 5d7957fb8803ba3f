import { describe, expect, it } from 'vitest';

import { escapeRawControls, parseBoundedJson } from './bounded-json.js';
import { readRecipePage } from './recipe-import-read.js';

/**
 * Issue 19, third round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

const URL_ = 'https://cook.example/r/1';

const script = (body: string) =>
  `<script type="application/ld+json">${body}</script>`;

describe('JSON-LD as pages write it', () => {
  it('reads line breaks typed raw inside strings', async () => {
    const body = `{"@type":"Recipe","name":"Stew","recipeIngredient":["1 kg beef"],
      "recipeInstructions":[{"@type":"HowToStep","text":"Brown the beef.\r"},
      {"@type":"HowToStep","text":"Simmer\tfor an hour."}]}`;
    const read = await readRecipePage(script(body), URL_);
    expect(read?.recipe.name).toBe('Stew');
    expect(read?.recipe.steps.map((step) => step.text)).toEqual([
      'Brown the beef.',
      'Simmer for an hour.',
    ]);
  });

  it('escapes controls inside strings only, and parses nothing else anew', () => {
    expect(escapeRawControls('{"a":"x\ny"}\n')).toBe('{"a":"x\\u000ay"}\n');
    expect(escapeRawControls('{"a":"\\"\n"}')).toBe('{"a":"\\"\\u000a"}');
    expect(parseBoundedJson('{"a":"x\ny"}')).toEqual({ a: 'x\ny' });
    expect(parseBoundedJson('{"a":"x\ny"')).toBeUndefined();
  });

  it('reads a block written as a statement, with its semicolon', async () => {
    const body = `{"@type":"Recipe","name":"Pudding","recipeIngredient":["2 cups milk"],
      "recipeInstructions":"Stir.","aggregateRating":{"@type":"AggregateRating",
      "ratingValue":4.9414285714286,"reviewCount":700}};`;
    const read = await readRecipePage(script(body), URL_);
    expect(read?.source).toBe('json-ld');
    expect(read?.recipe.rating).toBe(4.9);
  });
});

describe('a rating under another property', () => {
  it('reads a microdata AggregateRating named reviews', async () => {
    const html = `<div itemscope itemtype="http://schema.org/Recipe">
      <h2 itemprop="name">Dumplings</h2>
      <ul><li itemprop="recipeIngredient">1 lb beef</li></ul>
      <div itemprop="recipeInstructions">Fold and steam.</div>
      <p itemprop="reviews" itemscope itemtype="http://schema.org/AggregateRating">
        <meta itemprop="ratingValue" content="2.8" />
        <meta itemprop="bestRating" content="5" />
        <meta itemprop="ratingCount" content="122" />(2.8 / 5)</p></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.rating).toBe(2.8);
  });

  it('takes no rating from an item of another type', async () => {
    const html = `<div itemscope itemtype="http://schema.org/Recipe">
      <h2 itemprop="name">Dumplings</h2>
      <ul><li itemprop="recipeIngredient">1 lb beef</li></ul>
      <div itemprop="recipeInstructions">Fold and steam.</div>
      <div itemprop="author" itemscope itemtype="http://schema.org/Person">
        <meta itemprop="ratingValue" content="3" /></div></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.rating).toBeNull();
  });
});

describe('facts printed with the value over the label', () => {
  it('reads servings and times from a row of value-then-label items', async () => {
    const html = `<h1>Smoothie</h1><ul>
      <li><div><span>1</span><p>Servings</p></div></li>
      <li><div><span>10 min</span><p>
        Preparation Time</p></div></li>
      <li><div><span>5 min</span><p>Cook Time</p></div></li></ul>
      <h2>Ingredients</h2><ul><li>1 banana</li></ul>
      <h2>Method</h2><p>Blend until smooth.</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe).toMatchObject({ servings: 1, totalMinutes: 15 });
  });

  it('reads no value out of a sentence that ends in a label', async () => {
    const html = `<h1>Smoothie</h1><p>Enjoy it in 5 min, whatever your cook time</p>
      <h2>Ingredients</h2><ul><li>1 banana</li></ul>
      <h2>Method</h2><p>Blend until smooth.</p>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.totalMinutes).toBeNull();
  });
});

describe('a page without markup, its chrome set aside', () => {
  const lists = `<h2>Ingredients</h2><ul><li>2 peaches</li><li>1 loaf bread</li></ul>
    <h2>Directions</h2><ol><li>Slice the peaches.</li><li>Layer with the bread and bake.</li></ol>`;

  it('drops the print and share row after the steps', async () => {
    const html = `<h1>Bread Lasagna</h1>${lists.replace(
      '</ol>',
      '</ol><h4>Print</h4><ul><li>Share</li><li>Facebook</li><li>Pin It</li><li>Email</li></ul>',
    )}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.steps).toEqual([
      { kind: 'step', text: 'Slice the peaches.' },
      { kind: 'step', text: 'Layer with the bread and bake.' },
    ]);
  });

  it('takes the picture an element classed for the recipe shows as its background', async () => {
    const html = `<div class="header-banner" style="background-image:url('/banner.jpg')"></div>
      <h1>Bread Lasagna</h1><div class="recipe-image" style="background-image: url('/uploads/lasagna.png');"></div>${lists}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.images).toEqual([
      'https://cook.example/uploads/lasagna.png',
    ]);
  });

  it('passes over a share title without a letter for the next one', async () => {
    const html = `<meta property="og:title" content="2" />
      <meta property="og:title" content="Bread Lasagna | Site" />
      <h1>Bread Lasagna</h1>${lists}`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.name).toBe('Bread Lasagna');
  });
});

describe('what a site builder writes', () => {
  it('reads bold written as a style as a group name among printed lines', async () => {
    const bold = (text: string) =>
      `<p><span style="font-weight:700"><span>${text}</span></span></p>`;
    const html = `<h1>Burrito</h1><p>Serving Size: 4-6</p>
      <p><span style="text-decoration:underline">INGREDIENTS:</span></p>
      ${bold('Tortillas')}<ul><li><p>2 cups flour</p></li><li><p>3/4 cup water</p></li></ul>
      ${bold('Rice')}<ul><li><p>1 cup rice</p></li></ul>
      <p><span style="text-decoration:underline">INSTRUCTIONS:</span></p>
      <ol><li><p>Mix the flour and water.</p></li><li><p>Cook the rice.</p></li></ol>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual([
      '2 cups flour',
      '3/4 cup water',
      '1 cup rice',
    ]);
    expect(read?.recipe.servings).toBe(4);
  });

  it('drops a line that only numbers the step after it', async () => {
    const body = JSON.stringify({
      '@type': 'Recipe',
      name: 'Farro',
      recipeIngredient: ['1 cup farro'],
      recipeInstructions: ['1\nBoil the farro.', 'Step 2\nDrain it.'],
    });
    const read = await readRecipePage(script(body), URL_);
    expect(read?.recipe.steps.map((step) => step.text)).toEqual([
      'Boil the farro.',
      'Drain it.',
    ]);
  });
});

describe('a plain page in German, with a post counter', () => {
  it('reads Zutaten and Zubereitung, dash bullets and no view count', async () => {
    const html = `<h1>Putengeschnetzeltes</h1>
      <div><p>Zutaten</p><p>500 g Putenfleisch<br />1 Zwiebel<br />Salz</p>
      <p>Zubereitung</p><p>&#8211; Zwiebel würfeln<br />&#8211; Fleisch anbraten</p>
      <p>Post Views: 66</p></div>`;
    const read = await readRecipePage(html, URL_);
    expect(read?.recipe.ingredientLines).toEqual([
      '500 g Putenfleisch',
      '1 Zwiebel',
      'Salz',
    ]);
    expect(read?.recipe.steps.map((step) => step.text)).toEqual([
      'Zwiebel würfeln',
      'Fleisch anbraten',
    ]);
  });
});

describe('minutes written in the hours place', () => {
  const page = (prep: string, cook: string) =>
    `${script(
      JSON.stringify({
        '@type': 'Recipe',
        name: 'Pasta',
        prepTime: prep,
        cookTime: cook,
        totalTime: 'PT00H00M00S',
        recipeIngredient: ['200 g pasta'],
        recipeInstructions: 'Boil.',
      }),
    )}<p><span>PREP IN <span>10 MIN</span></span></p>
    <p><span>COOKS IN <span>20 MIN</span></span></p>`;

  it('reads the printed minutes where the markup has as many hours', async () => {
    const read = await readRecipePage(page('PT10H', 'PT20H'), URL_);
    expect(read?.recipe.totalMinutes).toBe(30);
  });

  it("keeps the markup's time where it is not the printed one in hours", async () => {
    const read = await readRecipePage(page('PT10M', 'PT25M'), URL_);
    expect(read?.recipe.totalMinutes).toBe(35);
  });
});
