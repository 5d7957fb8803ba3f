import { describe, expect, it } from 'vitest';

import { SCAN_SLICE } from './recipe-import-html.js';
import {
  durationMinutes,
  numberedSteps,
  findRecipeNode,
  jsonLdBlocks,
  mapRecipeNode,
  mealTypesOf,
  plainText,
  singleParentheses,
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

const stepTexts = (node: Record<string, unknown>) =>
  map(node).steps.map((entry) => entry.text);

describe('findRecipeNode', () => {
  it('finds a Recipe at the top, in @graph, with an array @type and nested', async () => {
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
    const blocks = await Promise.all(
      cases.map((block) => jsonLdBlocks(page(block))),
    );
    expect(blocks.map((found) => findRecipeNode(found)?.name)).toEqual([
      'Top',
      'Graph',
      'Array type',
      'Nested',
      'Full IRI',
    ]);
  });

  it('skips a broken block and reads the next one', async () => {
    const html = page('{ broken', { '@type': 'Recipe', name: 'Good' });
    expect(findRecipeNode(await jsonLdBlocks(html))?.name).toBe('Good');
  });

  it('reads blocks wrapped in comments or CDATA, whatever the type spelling', async () => {
    const recipe = JSON.stringify({ '@type': 'Recipe', name: 'Wrapped' });
    for (const html of [
      `<script type="application/ld+json"><!-- ${recipe} --></script>`,
      `<script type="application/ld+json">//<![CDATA[\n${recipe}\n//]]></script>`,
      `<SCRIPT TYPE=" Application/LD+JSON; charset=utf-8 ">${recipe}</SCRIPT>`,
      `<script type=application/ld+json>${recipe}`,
    ]) {
      expect(findRecipeNode(await jsonLdBlocks(html))?.name).toBe('Wrapped');
    }
  });

  it('reads script elements as a browser does, not text that looks like one', async () => {
    const recipe = JSON.stringify({ '@type': 'Recipe', name: 'Hidden' });
    for (const html of [
      `<!-- <script type="application/ld+json">${recipe}</script> -->`,
      `<textarea><script type="application/ld+json">${recipe}</script></textarea>`,
      `<script type="text/javascript">x = '<script type="application/ld+json">${recipe}</script>'`,
    ]) {
      expect(findRecipeNode(await jsonLdBlocks(html))).toBeUndefined();
    }
  });

  it('reads a block that spans the slices a page is read in', async () => {
    const description = 'd'.repeat(2 * SCAN_SLICE);
    // The opening tag starts a few characters before the first slice ends.
    const html = `${' '.repeat(SCAN_SLICE - 10)}${page({
      '@type': 'Recipe',
      name: 'Long',
      description,
    })}`;
    const node = findRecipeNode(await jsonLdBlocks(html));
    expect(node).toMatchObject({ name: 'Long', description });
  });

  it('finds nothing on a page without a Recipe', async () => {
    expect(
      findRecipeNode(await jsonLdBlocks(page({ '@type': 'Article' }))),
    ).toBeUndefined();
    expect(
      findRecipeNode(await jsonLdBlocks('<html><body>no data</body></html>')),
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
    expect(stepTexts({ recipeInstructions: 'Mix.\nBake.<br>Cool.' })).toEqual([
      'Mix.',
      'Bake.',
      'Cool.',
    ]);
    expect(stepTexts({ recipeInstructions: ['<p>Mix.</p>', 'Bake.'] })).toEqual(
      ['Mix.', 'Bake.'],
    );
    expect(
      stepTexts({
        recipeInstructions:
          '<ol><li>Mix &amp; rest.</li><li>Bake at <b>200</b> °C.</li></ol>',
      }),
    ).toEqual(['Mix & rest.', 'Bake at 200 °C.']);
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
          // A section with no step heads nothing.
          { '@type': 'HowToSection', name: 'Empty', itemListElement: [] },
        ],
      }).steps,
    ).toEqual([
      { kind: 'heading', text: 'Sauce' },
      { kind: 'step', text: 'Simmer the tomatoes.' },
      { kind: 'step', text: 'Season it.' },
      { kind: 'step', text: 'Toss with pasta.' },
    ]);
  });

  it.each([
    [{ ratingValue: '4.7' }, 4.7],
    [{ ratingValue: 4.7, bestRating: 5, worstRating: 1 }, 4.7],
    [{ ratingValue: '8', bestRating: '10' }, 4],
    [{ ratingValue: '8', bestRating: '10', worstRating: '1' }, 3.9],
    [{ ratingValue: '87', bestRating: '100' }, 4.4],
    [{ ratingValue: '4,5' }, 4.5],
    [{ ratingValue: '12', bestRating: '10' }, 5],
    // Nothing below the scale's floor is a rating: sites print 0 before the first vote.
    [{ ratingValue: '-2' }, null],
    [{ ratingValue: '0', ratingCount: '0' }, null],
    [{ ratingValue: '4.8', ratingCount: 0 }, null],
    [{ ratingValue: 'great' }, null],
    [{ bestRating: '5' }, null],
    ['4.5', null],
  ])('normalises the rating %j to %j on 0-5', (aggregateRating, rating) => {
    expect(map({ aggregateRating }).rating).toBe(rating);
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
    // A "<" that opens no tag is text; script and style are not.
    expect(plainText('Bake 5 < x < 10 minutes <b>then</b> rest')).toBe(
      'Bake 5 < x < 10 minutes then rest',
    );
    expect(
      plainText('Stir<script>alert(1)</script><style>p{}</style> well'),
    ).toBe('Stir well');
    expect(plainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
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

  it('reads durations written without the T as hours and minutes', () => {
    expect(durationMinutes('P0Y0M0DT0H30M0S')).toBe(30);
    expect(durationMinutes('P1W')).toBe(10080);
    expect(durationMinutes('P1Y0M0DT0H30M')).toBeNull();
    expect(durationMinutes('PT-471406H28M55S')).toBeNull();
    expect(durationMinutes('45 mins')).toBe(45);
    expect(durationMinutes('1 hour 10 minutes')).toBe(70);
    expect(durationMinutes('P1H')).toBe(60);
    expect(durationMinutes('P1H30M')).toBe(90);
    expect(durationMinutes('P45M')).toBe(45);
    expect(durationMinutes('PT')).toBeNull();
    expect(durationMinutes('PT-471406H28M55S')).toBeNull();
  });

  it('writes a note wrapped in parentheses twice once', () => {
    expect(singleParentheses('1 chilli ((optional))')).toBe(
      '1 chilli (optional)',
    );
    expect(
      singleParentheses('2 lb pork shoulder ((butt) or pork belly, cubed)'),
    ).toBe('2 lb pork shoulder (butt) or pork belly, cubed');
    // Two notes inside the doubled pair lose only the outer pair.
    expect(singleParentheses('1 cup stock ((see note) (or water))')).toBe(
      '1 cup stock (see note) (or water)',
    );
    // An outer pair that closes before the end of the line stays.
    expect(singleParentheses('((a)) and (b)')).toBe('((a)) and (b)');
    expect(
      map({ recipeIngredient: ['1 lime ((juiced))'] }).ingredientLines,
    ).toEqual(['1 lime (juiced)']);
  });

  it('decodes a text escaped twice once more, and only then', () => {
    expect(plainText('Bake at 350&amp;#176;F')).toBe('Bake at 350°F');
    expect(
      stepTexts({
        recipeInstructions: ['&lt;p&gt;Mix the dry things.&lt;/p&gt;', 'Bake.'],
      }),
    ).toEqual(['Mix the dry things.', 'Bake.']);
    // A text that names a tag or an entity keeps it.
    expect(plainText('Use &amp;lt;b&amp;gt; for bold')).toBe(
      'Use &lt;b&gt; for bold',
    );
    expect(plainText('&lt;script&gt;')).toBe('<script>');
  });

  it('reads a HowToStep with a title of its own as a heading and a step', () => {
    expect(
      map({
        recipeInstructions: [
          {
            '@type': 'HowToStep',
            name: 'Make the glaze.',
            text: 'Whisk the sugar and lemon juice until smooth.',
          },
          // A name that is the text cut short, or the text itself, is none.
          {
            '@type': 'HowToStep',
            name: 'Pour it over the warm…',
            text: 'Pour it over the warm cake.',
          },
          { '@type': 'HowToStep', name: 'Serve.', text: 'Serve.' },
          // A name that only numbers the step is none either.
          { '@type': 'HowToStep', name: 'Step 4', text: 'Slice.' },
        ],
      }).steps,
    ).toEqual([
      { kind: 'heading', text: 'Make the glaze.' },
      { kind: 'step', text: 'Whisk the sugar and lemon juice until smooth.' },
      { kind: 'step', text: 'Pour it over the warm cake.' },
      { kind: 'step', text: 'Serve.' },
      { kind: 'step', text: 'Slice.' },
    ]);
  });

  it('splits ingredients given as one text into lines', () => {
    expect(
      map({ recipeIngredient: '1/2 lb ground turkey\n1 egg\n\n2 tbsp oil' })
        .ingredientLines,
    ).toEqual(['1/2 lb ground turkey', '1 egg', '2 tbsp oil']);
    expect(
      map({ recipeIngredient: ['<p>1 cup rice<br>2 cups water</p>'] })
        .ingredientLines,
    ).toEqual(['1 cup rice', '2 cups water']);
    // In a list of many, a break inside an item is layout.
    expect(
      map({ recipeIngredient: ['2<br>eggs', '1 tsp salt'] }).ingredientLines,
    ).toEqual(['2 eggs', '1 tsp salt']);
  });

  it('reads steps and lines written as JSON inside a string', () => {
    const recipe = map({
      recipeIngredient: JSON.stringify(['200 g flour', '1 egg']),
      recipeInstructions: JSON.stringify([
        { '@type': 'HowToStep', text: 'Heat the stone.' },
        { '@type': 'HowToStep', text: 'Bake 8 minutes.' },
      ]),
    });
    expect(recipe.ingredientLines).toEqual(['200 g flour', '1 egg']);
    expect(recipe.steps.map((entry) => entry.text)).toEqual([
      'Heat the stone.',
      'Bake 8 minutes.',
    ]);
    // Text that only starts like JSON stays text.
    expect(
      stepTexts({ recipeInstructions: '[Optional] Toast the nuts.' }),
    ).toEqual(['[Optional] Toast the nuts.']);
  });
});

describe('numberedSteps', () => {
  it('splits steps numbered inside one text', () => {
    expect(
      numberedSteps('1. Mix the flour. 2. Add the eggs. 3) Bake.'),
    ).toEqual(['Mix the flour.', 'Add the eggs.', 'Bake.']);
    expect(
      map({ recipeInstructions: 'Sift it. 2. Fold it. 3. Bake it.' }).steps,
    ).toEqual([
      { kind: 'step', text: 'Sift it.' },
      { kind: 'step', text: 'Fold it.' },
      { kind: 'step', text: 'Bake it.' },
    ]);
  });

  it('keeps a text with one number after a sentence as it is', () => {
    const text = 'Cut into 2 cm cubes. 2. Serve warm.';
    expect(numberedSteps(text)).toEqual([text]);
    expect(numberedSteps('Bake for 25 min. Cool.')).toEqual([
      'Bake for 25 min. Cool.',
    ]);
  });
});

describe('ratings written on the recipe itself', () => {
  it('reads ratingValue and bestRating that microdata put on the recipe', () => {
    expect(
      map({ ratingValue: '5.6', bestRating: '10', ratingCount: '4' }).rating,
    ).toBe(2.8);
    expect(map({ name: 'No rating' }).rating).toBeNull();
  });
});
