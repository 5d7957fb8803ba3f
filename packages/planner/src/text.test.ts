import { describe, expect, it } from 'vitest';

import {
  containsPhrase,
  foldText,
  irregularPlurals,
  textKeys,
} from './text.js';

const irregular = irregularPlurals([
  { name: 'bay leaf', plural: 'bay leaves' },
  { name: 'mouse', plural: 'mice' },
]);
const keys = (text: string) => textKeys(text, irregular);

describe('text matching', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldText("  Jalapeño-Peppers & Crème Fraîche's ")).toBe(
      'jalapeno peppers and creme fraiches',
    );
  });

  it.each([
    ['banana', 'bananas'],
    ['tomato', 'tomatoes'],
    ['berry', 'berries'],
    ['peach', 'peaches'],
    ['chili', 'chilies'],
    ['cookie', 'cookies'],
    ['leaf', 'leaves'],
    ['mouse', 'mice'],
    ['Peanut', 'PEANUTS'],
  ])('%s and %s are one word', (singular, plural) => {
    expect(keys(singular)).toEqual(keys(plural));
  });

  it.each([['hummus'], ['asparagus'], ['swiss'], ['bass']])(
    'leaves %s alone',
    (word) => {
      expect(keys(word)).toEqual([word]);
    },
  );

  it.each([
    ['cremini mushrooms', 'mushroom', true],
    ['Thai Green Curry', 'green curry', true],
    ['Thai Green Curry', 'curry green', false],
    ['pineapple', 'apple', false],
    ['fresh bay leaves', 'bay leaf', true],
  ])('"%s" contains "%s": %s', (haystack, needle, expected) => {
    expect(containsPhrase(keys(haystack), keys(needle))).toBe(expected);
  });
});
