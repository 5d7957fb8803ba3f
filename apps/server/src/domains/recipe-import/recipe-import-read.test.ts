import { describe, expect, it } from 'vitest';

import {
  MAX_CAPTURE_DEPTH,
  MAX_CAPTURED_NODES,
  MAX_PAGE_DEPTH,
  scanPage,
} from './recipe-import-html.js';
import { textMinutes } from './recipe-import-plugins.js';
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

describe('textMinutes', () => {
  it.each([
    ['45 minutes', 45],
    ['1 hour 10 minutes', 70],
    ['1 hr 5 mins', 65],
    ['1h30', 90],
    ['2 1/2 hours', 150],
    ['1/2 hour', 30],
    ['1 day', 1440],
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
