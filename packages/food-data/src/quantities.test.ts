import { describe, expect, it } from 'vitest';

import { ingredientById } from './catalogue/ingredients.js';
import { lineGrams, packageGrams, unitGrams } from './quantities.js';
import type { Ingredient } from './types.js';

const byId = (id: string): Ingredient => {
  const found = ingredientById(id);
  if (found === undefined) throw new Error(`no ingredient ${id}`);
  return found;
};

const CUP = 236.5882365;
const TBSP = 14.78676478125;
const TSP = 4.92892159375;

describe('lineGrams', () => {
  it.each([
    ['garlic', 2, 'clove', 10],
    ['garlic', 1, 'head', 50],
    ['garlic', 3, null, 15],
    ['egg', 2, null, 100],
    ['egg', 3, 'piece', 150],
    ['onion', 1.5, null, 225],
    ['butter', 1, 'stick', 113],
    ['butter', 2, 'tbsp', 2 * TBSP * 0.96],
    ['all-purpose-flour', 1, 'cup', CUP * 0.53],
    ['all-purpose-flour', 250, 'g', 250],
    ['sugar', 1, 'tsp', TSP * 0.85],
    ['milk', 1, 'l', 1030],
    ['milk', 2, 'cup', 2 * CUP * 1.03],
    ['olive-oil', 2, 'tbsp', 2 * TBSP * 0.92],
    ['chicken-breast', 1, 'lb', 453.59237],
    ['chicken-breast', 2, null, 400],
    ['ground-beef', 8, 'oz', 8 * 28.349523125],
    ['cilantro', 1, 'bunch', 60],
    ['cilantro', 2, 'tbsp', 2 * TBSP * 0.1],
    ['canned-tomatoes', 1, 'can', 400],
    ['canned-tomatoes', 2, 'cans', 800],
    ['coconut-milk', 1, 'can', 390],
    ['spinach', 1, 'bag', 200],
    ['spinach', 1, 'handful', 30],
    ['firm-tofu', 1, 'block', 400],
    ['dried-yeast', 1, 'packet', 7],
    ['flour-tortilla', 4, null, 180],
    ['bay-leaf', 2, null, 0.4],
    ['bay-leaf', 2, 'leaf', 0.4],
    ['celery', 2, 'stalks', 80],
    ['bacon', 4, 'slice', 100],
    ['salmon-fillet', 2, 'fillet', 280],
    ['white-bread', 2, 'slice', 70],
    ['salt', 1, 'pinch', 0.3080576 * 1.22],
    ['water', 2, 'cup', 2 * CUP],
  ])('weighs %s × %d %s at %d g', (id, quantity, unit, grams) => {
    expect(lineGrams({ quantity, unit }, byId(id))).toBeCloseTo(grams, 6);
  });

  it.each([['salt'], ['black-pepper'], ['fish-sauce']])(
    'weighs %s to taste at 0 g',
    (id) => {
      expect(lineGrams({ quantity: null, unit: null }, byId(id))).toBe(0);
      expect(lineGrams({ quantity: null, unit: 'tsp' }, byId(id))).toBe(0);
    },
  );

  it.each([
    ['spaghetti', 1, 'cup'],
    ['salt', 1, null],
    ['onion', 1, 'slice'],
    ['milk', 1, 'sprig'],
    ['garlic', 1, 'furlong'],
  ])('cannot weigh %s × %d %s', (id, quantity, unit) => {
    expect(lineGrams({ quantity, unit }, byId(id))).toBeUndefined();
  });
});

describe('unitGrams and packageGrams', () => {
  it('reads plural and capitalised units', () => {
    expect(unitGrams('Cloves', byId('garlic'))).toBe(5);
    expect(unitGrams('cups', byId('sugar'))).toBeCloseTo(CUP * 0.85, 6);
  });

  it('takes a container unit as one package', () => {
    expect(unitGrams('jar', byId('basil-pesto'))).toBe(190);
    expect(unitGrams('carton', byId('milk'))).toBeCloseTo(1030, 6);
    expect(unitGrams('net', byId('shallot'))).toBe(250);
  });

  it.each([
    ['milk', 1030],
    ['egg', 600],
    ['cilantro', 60],
    ['coconut-milk', 388],
    ['red-onion', 150],
    ['nori', 28],
  ])('weighs the package of %s at %d g', (id, grams) => {
    expect(packageGrams(byId(id))).toBeCloseTo(grams, 6);
  });
});
