import { compileCatalogue, familyIngredientIds } from '@platewise/planner';
import { describe, expect, it } from 'vitest';

import { FOOD_FAMILIES } from './families.js';
import { INGREDIENTS } from './ingredients.js';

/** The catalogue as the planner compiles it, with the families. */
const catalogue = compileCatalogue(INGREDIENTS, [], [], FOOD_FAMILIES);
const members = (term: string) => familyIngredientIds(catalogue, term);
const byId = (id: string) => {
  const found = INGREDIENTS.find((i) => i.id === id);
  if (found === undefined) throw new Error(`no ${id}`);
  return found;
};

describe('food families', () => {
  it.each([
    [
      'pork',
      [
        'bacon',
        'ham',
        'prosciutto',
        'pancetta',
        'pork-sausage',
        'italian-sausage',
        'breakfast-sausage',
        'chorizo',
        'mexican-chorizo',
        'salami',
        'pepperoni',
        'lard',
        'pork-belly',
        'ground-pork',
        'pork-chop',
      ],
      ['ground-turkey', 'sliced-turkey', 'chicken-breast', 'ground-beef'],
    ],
    [
      'beef',
      [
        'ground-beef',
        'sirloin-steak',
        'ribeye-steak',
        'beef-tenderloin',
        'flank-steak',
        'beef-brisket',
        'beef-short-rib',
        'beef-chuck',
        'beef-stock',
      ],
      [
        'turkey-breast',
        'tuna-steak',
        'salmon-fillet',
        'pork-chop',
        'ground-lamb',
        'ground-turkey',
        'ground-pork',
        'ground-chicken',
      ],
    ],
    [
      'fish',
      [
        'salmon-fillet',
        'smoked-salmon',
        'cod-fillet',
        'canned-tuna',
        'anchovy-fillet',
        'sardines',
        'smoked-mackerel',
        'fish-sauce',
        'worcestershire-sauce',
        'dashi',
        'imitation-crab',
      ],
      ['shrimp', 'scallop', 'mussel', 'chicken-breast'],
    ],
    [
      'shellfish',
      [
        'shrimp',
        'frozen-shrimp',
        'crab-meat',
        'lobster-tail',
        'scallop',
        'mussel',
        'clam',
        'squid',
        'oyster-sauce',
        'thai-red-curry-paste',
      ],
      ['salmon-fillet', 'imitation-crab', 'oyster-mushroom'],
    ],
    [
      'poultry',
      [
        'chicken-breast',
        'chicken-thigh',
        'whole-chicken',
        'ground-turkey',
        'turkey-breast',
        'duck-breast',
        'chicken-stock',
      ],
      ['ground-beef', 'egg', 'ground-pork'],
    ],
    [
      'lamb',
      ['ground-lamb', 'lamb-shoulder', 'leg-of-lamb', 'lamb-chop'],
      ['ground-beef', 'arugula'],
    ],
    ['offal', ['chicken-liver'], ['kidney-beans', 'chicken-breast']],
  ])(
    "a dislike of '%s' takes in its family and nothing else",
    (term, inside, outside) => {
      const found = members(term);
      expect(found).toEqual(expect.arrayContaining(inside));
      for (const id of outside) expect(found).not.toContain(id);
    },
  );

  it.each([
    ['Pork', 'bacon'],
    ['pork products', 'ham'],
    ['Prawns', 'shrimp'],
    ['steaks', 'ground-beef'],
    ['SEAFOOD', 'salmon-fillet'],
    ['seafood', 'mussel'],
    ['red meat', 'lamb-chop'],
    ['meat', 'chicken-thigh'],
    ['mushrooms', 'shiitake-mushroom'],
    ['cheese', 'parmesan'],
    ['nuts', 'cashews'],
  ])(
    "reads '%s' with any case, plural or synonym (takes in %s)",
    (term, id) => {
      expect(members(term)).toContain(id);
    },
  );

  it('keeps a plant sausage or a turkey bacon out of pork by their flags and words', () => {
    const extra = compileCatalogue(
      [
        ...INGREDIENTS,
        {
          ...byId('bacon'),
          id: 'turkey-bacon',
          name: 'turkey bacon',
          synonyms: [],
        },
        {
          ...byId('firm-tofu'),
          id: 'vegan-sausage',
          name: 'vegan sausage',
          synonyms: [],
        },
      ],
      [],
      [],
      FOOD_FAMILIES,
    );
    const pork = familyIngredientIds(extra, 'pork');
    expect(pork).toContain('bacon');
    expect(pork).not.toContain('turkey-bacon');
    expect(pork).not.toContain('vegan-sausage');
    expect(familyIngredientIds(extra, 'poultry')).toContain('turkey-bacon');
  });

  it('names no family for an ordinary ingredient word', () => {
    expect(members('carrot')).toEqual([]);
  });
});
