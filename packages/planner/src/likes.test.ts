import { describe, expect, it } from 'vitest';

import { filterForProfile } from './constraints.js';
import {
  catalogueOf,
  ingredient,
  profile,
  recipe,
} from './test-support/builders.js';

describe('what a like counts', () => {
  const catalogue = catalogueOf(
    [
      ingredient('penne', { synonyms: ['penne pasta'] }),
      ingredient('marinara-sauce', { synonyms: ['pasta sauce'] }),
      ingredient('brown-sugar', { synonyms: ['coconut sugar'] }),
      ingredient('coconut-milk'),
      ingredient('thyme', { synonyms: ['lemon thyme'] }),
      ingredient('lemon-juice'),
      ingredient('eggplant'),
    ],
    [
      recipe('penne-bake', { penne: 100 }),
      recipe('eggplant-parmigiana', { 'marinara-sauce': 80, eggplant: 200 }),
      recipe('sticky-cake', { 'brown-sugar': 40 }),
      recipe('thai-curry', { 'coconut-milk': 200 }),
      recipe('roast-roots', { thyme: 2 }),
      recipe('herb-dressing', { 'lemon-juice': 20 }),
    ],
  );
  const liked = (likes: string[]) => {
    const filter = filterForProfile(catalogue, profile({ likes }));
    return catalogue.recipes
      .filter((_, r) => (filter.likeBits[r] ?? 0) !== 0)
      .map((r) => r.id);
  };

  it('counts an ingredient named by the like, by its name or a synonym that ends with it', () => {
    expect(liked(['pasta'])).toEqual(['penne-bake']);
    expect(liked(['coconut'])).toEqual(['thai-curry']);
    expect(liked(['lemon'])).toEqual(['herb-dressing']);
  });

  it('does not count another food whose synonym only uses the word (pasta sauce, coconut sugar, lemon thyme)', () => {
    expect(liked(['pasta'])).not.toContain('eggplant-parmigiana');
    expect(liked(['coconut'])).not.toContain('sticky-cake');
    expect(liked(['lemon'])).not.toContain('roast-roots');
  });
});
