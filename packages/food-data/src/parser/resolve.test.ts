import { describe, expect, it } from 'vitest';

import type { Ingredient } from '../types.js';
import {
  createIngredientResolver,
  foldPhrase,
  singularCandidates,
} from './resolve.js';

const item = (
  id: string,
  name: string,
  extra: Partial<Ingredient> = {},
): Ingredient => ({
  id,
  name,
  synonyms: [],
  category: 'other',
  perishable: false,
  package: { size: 1, unit: 'piece', label: 'piece' },
  proteinPer100g: 0,
  flags: [],
  allergens: [],
  ...extra,
});

const catalogue: Ingredient[] = [
  item('tomato', 'tomato', { plural: 'tomatoes' }),
  item('cherry-tomato', 'cherry tomato', { plural: 'cherry tomatoes' }),
  item('berry', 'mixed berries'),
  item('strawberry', 'strawberry'),
  item('bay-leaf', 'bay leaf', { plural: 'bay leaves' }),
  item('creme-fraiche', 'crème fraîche'),
  item('olive-oil', 'olive oil'),
  item('chicken-breast', 'chicken breast'),
  item('chicken', 'chicken'),
  item('chicken-stock', 'chicken stock', { synonyms: ['chicken broth'] }),
  item('vegetable-stock', 'vegetable stock'),
  item('salt', 'salt', { synonyms: ['sea salt', 'kosher salt'] }),
  item('black-pepper', 'black pepper', { synonyms: ['pepper'] }),
  item('cilantro', 'cilantro', {
    synonyms: ['coriander', 'fresh coriander', 'coriander leaves'],
  }),
  item('zucchini', 'zucchini', { synonyms: ['courgette', 'courgettes'] }),
  item('scallion', 'scallion', {
    synonyms: ['spring onions', 'green onion'],
  }),
  item('butter', 'butter'),
  item('margarine', 'margarine'),
  item('red-wine-vinegar', 'red wine vinegar'),
  item('egg', 'egg'),
  item('peas', 'peas', { synonyms: ['garden peas'] }),
  item('hummus', 'hummus'),
  item('leaf-cheese', 'leaf', { synonyms: ['pepper'] }),
];
const resolver = createIngredientResolver(catalogue);

describe('createIngredientResolver', () => {
  it.each([
    ['tomato', 'tomato'],
    ['Tomato', 'tomato'],
    ['tomatoes', 'tomato'],
    ['TOMATOES', 'tomato'],
    ['cherry tomatoes', 'cherry-tomato'],
    ['strawberries', 'strawberry'],
    ['bay leaves', 'bay-leaf'],
    ['crème fraîche', 'creme-fraiche'],
    ['creme fraiche', 'creme-fraiche'],
    ['Crème Fraiche', 'creme-fraiche'],
    ['courgette', 'zucchini'],
    ['courgettes', 'zucchini'],
    ['spring onions', 'scallion'],
    ['spring onion', 'scallion'],
    ['green onions', 'scallion'],
    ['fresh coriander', 'cilantro'],
    ['chicken broth', 'chicken-stock'],
    ['hummus', 'hummus'],
    ['eggs', 'egg'],
  ])('resolves %s by name, plural or synonym', (phrase, id) => {
    expect(resolver.resolve(phrase)).toBe(id);
  });

  it.each([
    ['extra virgin olive oil', 'olive-oil'],
    ['extra-virgin olive oil', 'olive-oil'],
    ['boneless skinless chicken breasts', 'chicken-breast'],
    ['large free-range eggs', 'egg'],
    ['3 ripe tomatoes', 'tomato'],
    ['good-quality chicken stock', 'chicken-stock'],
    ['homemade chicken stock', 'chicken-stock'],
    ['salted butter', 'butter'],
    ['frozen garden peas', 'peas'],
  ])(
    'resolves %s through the longest catalogue name it holds',
    (phrase, id) => {
      expect(resolver.resolve(phrase)).toBe(id);
    },
  );

  it('prefers the longest name, then the last one, over a shorter word', () => {
    expect(resolver.match('roast chicken breast')).toMatchObject({
      id: 'chicken-breast',
      kind: 'contained',
    });
    expect(resolver.resolve('chicken breast fillets')).toBe('chicken-breast');
  });

  it.each([
    ['salt and pepper', 'salt'],
    ['salt & freshly ground black pepper', 'salt'],
    ['sea salt and black pepper', 'salt'],
    ['butter or margarine', 'butter'],
    ['red or white wine vinegar', 'red-wine-vinegar'],
    ['chicken or vegetable stock', 'chicken-stock'],
    ['beef or vegetable stock', 'vegetable-stock'],
  ])('resolves the alternatives in %s', (phrase, id) => {
    expect(resolver.resolve(phrase)).toBe(id);
  });

  it('answers null for a phrase that names nothing in the catalogue', () => {
    expect(resolver.resolve('dragon fruit')).toBeNull();
    expect(resolver.resolve('fresh')).toBeNull();
    expect(resolver.resolve('')).toBeNull();
    expect(resolver.match('large ripe')).toBeNull();
  });

  it('tells an exact match from a looser one', () => {
    expect(resolver.match('olive oil')?.kind).toBe('exact');
    expect(resolver.match('tomatoes')?.kind).toBe('exact');
    expect(resolver.match('strawberries')?.kind).toBe('singular');
    expect(resolver.match('fresh tomatoes')?.kind).toBe('descriptors');
    expect(resolver.match('extra virgin olive oil')?.kind).toBe('contained');
  });

  it('lets a name win over another entry’s synonym and reports the clash', () => {
    expect(resolver.resolve('pepper')).toBe('black-pepper');
    expect(resolver.resolve('leaf')).toBe('leaf-cheese');
    expect(resolver.conflicts).toContainEqual({
      key: 'pepper',
      ids: ['black-pepper', 'leaf-cheese'],
    });
  });

  it('returns the catalogue entry of an id', () => {
    expect(resolver.ingredient('zucchini')?.name).toBe('zucchini');
    expect(resolver.ingredient('nope')).toBeUndefined();
  });
});

describe('singularCandidates', () => {
  it.each([
    ['tomatoes', 'tomato'],
    ['berries', 'berry'],
    ['leaves', 'leaf'],
    ['knives', 'knife'],
    ['peaches', 'peach'],
    ['onions', 'onion'],
    ['cookies', 'cookie'],
  ])('offers %s → %s', (plural, singular) => {
    expect(singularCandidates(plural)).toContain(singular);
  });

  it.each(['hummus', 'asparagus', 'couscous', 'watercress', 'egg'])(
    'leaves %s alone',
    (word) => {
      expect(singularCandidates(word)).toEqual([]);
    },
  );
});

describe('foldPhrase', () => {
  it('folds case, diacritics, ampersands and punctuation', () => {
    expect(foldPhrase('Crème Fraîche')).toBe('creme fraiche');
    expect(foldPhrase('Salt & Pepper')).toBe('salt and pepper');
    expect(foldPhrase('Extra-Virgin  Olive Oil.')).toBe(
      'extra virgin olive oil',
    );
    expect(foldPhrase('Jalapeño')).toBe('jalapeno');
  });
});
