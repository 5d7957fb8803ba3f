import { describe, expect, it } from 'vitest';

import { readRecipePage } from './recipe-import-read.js';

/**
 * Issue 19, fifth round: what misses on real pages taught, each on a small
 * hand-written page (never a real one).
 */

const URL_ = 'https://cook.example/r/1';

const script = (body: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(body)}</script>`;

const stepTexts = (read: Awaited<ReturnType<typeof readRecipePage>>) =>
  read?.recipe.steps.map((step) => `${step.kind}: ${step.text}`);

describe('related reading run into the last step', () => {
  const page = (instructions: unknown) =>
    script({
      '@type': 'Recipe',
      name: 'Lentil soup',
      recipeIngredient: ['1 cup red lentils', '1 litre stock'],
      recipeInstructions: instructions,
    });

  it('ends the step where a "Links:" list begins', async () => {
    const read = await readRecipePage(
      page([
        { '@type': 'HowToStep', text: 'Rinse the lentils.' },
        {
          '@type': 'HowToStep',
          text: 'Simmer in the stock for 20 minutes. Links: Our pea soup, also good on a cold day!',
        },
      ]),
      URL_,
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
      URL_,
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
    const read = await readRecipePage(page(steps), URL_);
    expect(stepTexts(read)).toEqual(steps.map((step) => `step: ${step}`));
  });
});
