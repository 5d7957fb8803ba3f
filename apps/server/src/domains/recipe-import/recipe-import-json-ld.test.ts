import { describe, expect, it } from 'vitest';

import {
  durationMinutes,
  findRecipeNode,
  jsonLdBlocks,
  mapRecipeNode,
  mealTypesOf,
  plainText,
} from './recipe-import-json-ld.js';

const page = (...blocks: unknown[]) =>
  `<html><head>${blocks
    .map(
      (block) =>
        `<script type="application/ld+json">${typeof block === 'string' ? block : JSON.stringify(block)}</script>`,
    )
    .join('')}</head><body><h1>Recipe</h1></body></html>`;

const map = (node: Record<string, unknown>) =>
  mapRecipeNode({ '@type': 'Recipe', ...node }, 'https://cook.example/r/1');

describe('findRecipeNode', () => {
  it('finds a Recipe at the top, in @graph, with an array @type and nested', () => {
    const cases = [
      { '@type': 'Recipe', name: 'Top' },
      {
        '@graph': [
          { '@type': 'WebPage' },
          { '@type': 'Recipe', name: 'Graph' },
        ],
      },
      [{ '@type': ['Recipe', 'NewsArticle'], name: 'Array type' }],
      {
        '@type': 'WebPage',
        mainEntity: { '@type': 'schema:Recipe', name: 'Nested' },
      },
      { '@type': 'http://schema.org/Recipe', name: 'Full IRI' },
    ];
    expect(
      cases.map((block) => findRecipeNode(jsonLdBlocks(page(block)))?.name),
    ).toEqual(['Top', 'Graph', 'Array type', 'Nested', 'Full IRI']);
  });

  it('skips a broken block and reads the next one', () => {
    const html = page('{ broken', { '@type': 'Recipe', name: 'Good' });
    expect(findRecipeNode(jsonLdBlocks(html))?.name).toBe('Good');
  });

  it('finds nothing on a page without a Recipe', () => {
    expect(
      findRecipeNode(jsonLdBlocks(page({ '@type': 'Article' }))),
    ).toBeUndefined();
    expect(
      findRecipeNode(jsonLdBlocks('<html><body>no data</body></html>')),
    ).toBeUndefined();
  });
});

describe('mapRecipeNode', () => {
  it('reads ISO 8601 durations: totalTime, else prepTime plus cookTime', () => {
    expect(durationMinutes('PT1H30M')).toBe(90);
    expect(durationMinutes('P0DT0H45M')).toBe(45);
    expect(durationMinutes('PT90M')).toBe(90);
    expect(durationMinutes('P1D')).toBe(1440);
    expect(durationMinutes('PT30S')).toBe(1);
    expect(durationMinutes('half an hour')).toBeNull();
    expect(durationMinutes('P')).toBeNull();
    expect(map({ totalTime: 'PT1H' }).totalMinutes).toBe(60);
    expect(map({ prepTime: 'PT15M', cookTime: 'PT20M' }).totalMinutes).toBe(35);
    expect(map({ cookTime: 'PT20M' }).totalMinutes).toBe(20);
    expect(map({}).totalMinutes).toBeNull();
  });

  it.each([
    [4, 4],
    ['6', 6],
    ['Serves 4-6', 4],
    [['8', '8 cookies'], 8],
    ['a crowd', null],
  ])('reads the yield %j as %j servings', (recipeYield, servings) => {
    expect(map({ recipeYield }).servings).toBe(servings);
  });

  it('reads instructions as text, strings, HowToStep and HowToSection', () => {
    expect(map({ recipeInstructions: 'Mix.\nBake.<br>Cool.' }).steps).toEqual([
      'Mix.',
      'Bake.',
      'Cool.',
    ]);
    expect(map({ recipeInstructions: ['<p>Mix.</p>', 'Bake.'] }).steps).toEqual(
      ['Mix.', 'Bake.'],
    );
    expect(
      map({
        recipeInstructions: [
          {
            '@type': 'HowToSection',
            name: 'Sauce',
            itemListElement: [
              { '@type': 'HowToStep', text: 'Simmer the tomatoes.' },
              { '@type': 'HowToStep', name: 'Season it.' },
            ],
          },
          { '@type': 'HowToStep', text: 'Toss with pasta.' },
        ],
      }).steps,
    ).toEqual(['Simmer the tomatoes.', 'Season it.', 'Toss with pasta.']);
  });

  it('reads images as a string, a list and ImageObjects, absolute and http(s) only', () => {
    expect(map({ image: 'https://img.example/a.jpg' }).images).toEqual([
      'https://img.example/a.jpg',
    ]);
    expect(
      map({
        image: [
          { '@type': 'ImageObject', url: '/a.jpg' },
          { '@type': 'ImageObject', contentUrl: 'https://img.example/b.jpg' },
          'javascript:alert(1)',
          'https://img.example/b.jpg',
        ],
      }).images,
    ).toEqual(['https://cook.example/a.jpg', 'https://img.example/b.jpg']);
  });

  it('reads keywords, categories and cuisines as strings or lists', () => {
    const recipe = map({
      keywords: 'quick, vegan ,, weeknight',
      recipeCategory: ['Dinner', 'Main course'],
      recipeCuisine: 'Thai',
    });
    expect(recipe.keywords).toEqual(['quick', 'vegan', 'weeknight']);
    expect(recipe.categories).toEqual(['Dinner', 'Main course']);
    expect(recipe.cuisines).toEqual(['Thai']);
    expect(mealTypesOf(['Brunch', 'Main course', 'Dessert'])).toEqual([
      'breakfast',
      'dinner',
    ]);
  });

  it('turns HTML and entities into plain text and ignores other types', () => {
    expect(plainText('<b>Lemon &amp; herb</b> &#8211; &frac12; cup')).toBe(
      'Lemon & herb – ½ cup',
    );
    expect(plainText('&lt;script&gt;')).toBe('<script>');
    expect(plainText({ name: 'object' })).toBe('');
    const recipe = map({
      name: ['not', 'a', 'string'],
      recipeIngredient: ['1 cup flour', 42, { text: 'x' }, '  '],
      aggregateRating: { ratingValue: '9', bestRating: '10' },
    });
    expect(recipe.name).toBe('');
    expect(recipe.ingredientLines).toEqual(['1 cup flour', '42']);
    expect(recipe.rating).toBe(4.5);
  });
});
