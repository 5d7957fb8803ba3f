import { describe, expect, it } from 'vitest';

import { readRecipePage } from './recipe-import-read.js';
import { PAGE_URL, recipe, lines, stepTexts } from './test/pages.js';

/**
 * Issue 19, fifth round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

describe('related reading run into the last step', () => {
  const page = (instructions: unknown) =>
    recipe('Lentil soup', ['1 cup red lentils', '1 litre stock'], instructions);

  it('ends the step where a "Links:" list begins', async () => {
    const read = await readRecipePage(
      page([
        { '@type': 'HowToStep', text: 'Rinse the lentils.' },
        {
          '@type': 'HowToStep',
          text: 'Simmer in the stock for 20 minutes. Links: Our pea soup, also good on a cold day!',
        },
      ]),
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Rinse the lentils.',
      'step: Simmer in the stock for 20 minutes.',
    ]);
  });

  it('drops a step that is only related recipes', async () => {
    const read = await readRecipePage(
      page(
        'Rinse the lentils.\nSimmer in the stock for 20 minutes.\nRelated recipes: Pea soup, Bean stew',
      ),
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Rinse the lentils.',
      'step: Simmer in the stock for 20 minutes.',
    ]);
  });

  it('keeps a step that only mentions links or a label inside a sentence', async () => {
    const steps = [
      'Tie the sausage links with string: two turns each.',
      'Serve with the sauce (see also: the notes).',
    ];
    const read = await readRecipePage(page(steps), PAGE_URL);
    expect(stepTexts(read)).toEqual(steps.map((step) => `step: ${step}`));
  });
});

describe('a row of facts classed for the method', () => {
  const page = (facts: string) => `<h1>Flatbread pizza</h1>
    <ul class="recipe-ingredients"><li>1 flatbread</li><li>3 tbsp tomato sauce</li>
      <li>100 g mozzarella</li></ul>
    <div class="method-summary"><ul class="method-summary__times">${facts}</ul></div>
    <ol class="method-steps">
      <li><h6>Step 1</h6><p>Heat the oven to 220C.</p></li>
      <li><h6>Step 2</h6><p>Spread the sauce, add the cheese and bake for 8 minutes.</p></li>
    </ol>`;

  it('is passed over for the method printed after it', async () => {
    const read = await readRecipePage(
      page(`<li><span>Prep</span> <span>5 mins</span></li>
        <li><span>Total Cook Time</span> <span>8 mins</span></li>
        <li><span>Easy</span></li><li><span>Serves 2</span></li>`),
      PAGE_URL,
    );
    expect(read?.source).toBe('html');
    expect(stepTexts(read)).toEqual([
      'step: Heat the oven to 220C.',
      'step: Spread the sauce, add the cheese and bake for 8 minutes.',
    ]);
  });

  it('is a list of steps when one item is a sentence', async () => {
    const read = await readRecipePage(
      page(`<li>Prep 5 mins</li><li>Cook the base until crisp, 4 mins.</li>`),
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Prep 5 mins',
      'step: Cook the base until crisp, 4 mins.',
    ]);
  });
});

describe('a section named only by a step number', () => {
  it('heads nothing: its step follows the one before', async () => {
    const read = await readRecipePage(
      recipe(
        'Toast',
        ['2 slices bread', '1 tbsp butter'],
        [
          {
            '@type': 'HowToSection',
            name: 'Step 1',
            itemListElement: [
              { '@type': 'HowToStep', text: 'Toast the bread.' },
            ],
          },
          {
            '@type': 'HowToSection',
            name: 'Butter it',
            itemListElement: [
              { '@type': 'HowToStep', text: 'Spread the butter.' },
            ],
          },
        ],
      ),
      PAGE_URL,
    );
    expect(stepTexts(read)).toEqual([
      'step: Toast the bread.',
      'heading: Butter it',
      'step: Spread the butter.',
    ]);
  });
});

describe('a page’s controls beside its lists', () => {
  it('reads no unit tabs as lines and no tag links as steps', async () => {
    const read = await readRecipePage(
      `<h1>Roast carrots</h1>
      <div class="recipe-method"><h3>Method</h3><ol>
        <li>Heat the oven to 200C.</li><li>Roast the carrots for 30 minutes.</li></ol>
        <ul class="tags"><li><a href="/c/sides">Sides</a></li>
          <li><a href="/c/autumn">Autumn</a></li></ul></div>
      <div class="side"><h3>Ingredients</h3>
        <ul role="tablist"><li><a role="tab" href="#us">US</a></li>
          <li><a role="tab" href="#metric">Metric</a></li></ul>
        <p>500 g carrots</p><p>2 tbsp olive oil</p></div>`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['500 g carrots', '2 tbsp olive oil']);
    expect(stepTexts(read)).toEqual([
      'step: Heat the oven to 200C.',
      'step: Roast the carrots for 30 minutes.',
    ]);
  });

  it('keeps lines that are links with amounts, or links within text', async () => {
    const read = await readRecipePage(
      `<h1>Roast carrots</h1>
      <div class="recipe-ingredients"><ul>
        <li><a href="/i/carrots">500 g carrots</a></li>
        <li><a href="/i/oil">2 tbsp olive oil</a></li></ul></div>
      <div class="recipe-method"><ol>
        <li><a href="/t/oven">Heat the oven well.</a></li>
        <li>Roast the <a href="/i/carrots">carrots</a> until soft.</li></ol></div>`,
      PAGE_URL,
    );
    expect(lines(read)).toEqual(['500 g carrots', '2 tbsp olive oil']);
    expect(stepTexts(read)).toEqual([
      'step: Heat the oven well.',
      'step: Roast the carrots until soft.',
    ]);
  });
});

describe('facts labelled by an icon', () => {
  const page = (facts: string) =>
    recipe(
      'Braised leeks',
      ['4 leeks', '200 ml stock'],
      'Braise the leeks in the stock until soft.',
    ) + `<ul class="icons">${facts}</ul>`;

  it('reads the icon’s label before the value', async () => {
    const read = await readRecipePage(
      page(`<li><img src="/i/people.png" alt="serves"> Serves 4</li>
        <li><img src="/i/clock.png" alt="time"> 1 hour 15 minutes + resting</li>`),
      PAGE_URL,
    );
    expect(read?.recipe.totalMinutes).toBe(75);
    expect(read?.recipe.servings).toBe(4);
  });

  it('reads no time under a picture described in words', async () => {
    const read = await readRecipePage(
      page(
        `<li><img src="/i/leeks.jpg" alt="leeks after a long time"> 2 hours</li>`,
      ),
      PAGE_URL,
    );
    expect(read?.recipe.totalMinutes).toBeNull();
  });
});

describe('a share tag written with typographic quotes', () => {
  it('names the share picture all the same', async () => {
    const read = await readRecipePage(
      `<meta property=”og:image” content="https://cook.example/i/soup.jpg">` +
        recipe(
          'Soup',
          ['1 litre stock', '2 carrots'],
          'Simmer the carrots in the stock.',
        ),
      PAGE_URL,
    );
    expect(read?.recipe.images[0]).toBe('https://cook.example/i/soup.jpg');
  });
});

describe('the method in the element classed for the ingredients', () => {
  it('ends the ingredient list at its title', async () => {
    const read = await readRecipePage(
      `<h1>Ginger rice</h1>
      <section class="recipe-ingredients">
        <div><h3>Ingredients</h3><p>300 g jasmine rice</p><p>1 piece ginger</p>
          <p><strong>To serve</strong></p><p>2 spring onions</p></div>
        <div><h3>Method</h3><h4>Preparation</h4>
          <p>Rinse the rice until the water runs clear.</p>
          <p>Cook the rice with the ginger for 12 minutes.</p></div>
      </section>`,
      PAGE_URL,
    );
    expect(read?.recipe.ingredientLines).toEqual([
      '300 g jasmine rice',
      '1 piece ginger',
      '2 spring onions',
    ]);
    expect(
      read?.recipe.steps
        .filter((step) => step.kind === 'step')
        .map((step) => step.text),
    ).toEqual([
      'Rinse the rice until the water runs clear.',
      'Cook the rice with the ginger for 12 minutes.',
    ]);
  });
});

describe('a share title with the site’s parts and "Recipe"', () => {
  const page = (heading: string) => `<head>
    <meta property="og:title" content="Bean Patty Recipe - Good Bakers | Mixes">
    <meta property="og:site_name" content="Good Bakers"></head>
    <body><h1>${heading}</h1>
    <ul class="recipe-ingredients"><li>1 can beans</li><li>50 g oats</li></ul>
    <ol class="recipe-method"><li>Mash the beans with the oats.</li>
      <li>Shape into patties and fry for 4 minutes a side.</li></ol></body>`;

  it('gives way to a heading that says more about the same dish', async () => {
    const read = await readRecipePage(
      page('Bean Patty (Made with Oat Mix)'),
      PAGE_URL,
    );
    expect(read?.recipe.name).toBe('Bean Patty (Made with Oat Mix)');
  });

  it('is the name without the site’s parts under another heading', async () => {
    const read = await readRecipePage(page('Latest from the bakery'), PAGE_URL);
    expect(read?.recipe.name).toBe('Bean Patty Recipe');
  });
});
