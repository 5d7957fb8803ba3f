import { describe, expect, it } from 'vitest';

import { directionItems } from './plan-view';

describe('directionItems', () => {
  it('numbers the steps and keeps section headings out of the count', () => {
    expect(
      directionItems(
        'For the sauce:####Melt the butter.####Whisk in the flour.####To serve:####Spoon over the fish.',
      ),
    ).toEqual([
      { kind: 'heading', text: 'For the sauce' },
      { kind: 'step', text: 'Melt the butter.', number: 1 },
      { kind: 'step', text: 'Whisk in the flour.', number: 2 },
      { kind: 'heading', text: 'To serve' },
      { kind: 'step', text: 'Spoon over the fish.', number: 3 },
    ]);
  });

  it('reads a long step that ends in a colon as a step', () => {
    const step =
      'Whisk the eggs with the sugar until pale and thick, then add the following:';
    expect(directionItems(`${step}####Fold in the flour.`)).toEqual([
      { kind: 'step', text: step, number: 1 },
      { kind: 'step', text: 'Fold in the flour.', number: 2 },
    ]);
  });
});
