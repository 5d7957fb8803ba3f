import { describe, expect, it } from 'vitest';

import {
  formatAmount,
  formatIngredientLine,
  formatQuantity,
} from './kitchen-text.js';

describe('formatIngredientLine', () => {
  it.each([
    // The lines of issue 21.
    [2, 'fillet', 'salmon fillet', '2 salmon fillets'],
    [2, 'head', 'bok choy', '2 heads of bok choy'],
    [1.5, 'cup', 'vegetable stock', '1½ cups vegetable stock'],
    // One of a unit stays singular, a fraction too.
    [1, 'cup', 'rice', '1 cup rice'],
    [0.5, 'cup', 'milk', '½ cup milk'],
    [1, 'fillet', 'salmon fillet', '1 salmon fillet'],
    [1, 'head', 'garlic', '1 head of garlic'],
    // Abbreviations never take a plural or "of".
    [200, 'g', 'spinach', '200 g spinach'],
    [2, 'tbsp', 'olive oil', '2 tbsp olive oil'],
    // Bare counts agree with the number.
    [2, null, 'egg', '2 eggs'],
    [3, null, 'tomato', '3 tomatoes'],
    [2, null, 'chili pepper', '2 chili peppers'],
    [1, null, 'onion', '1 onion'],
    [0.5, null, 'lemon', '½ lemon'],
    [2, 'piece', 'lime', '2 limes'],
    // Counted units, written plural or singular.
    [3, 'cloves', 'garlic', '3 cloves of garlic'],
    [1, 'cloves', 'garlic', '1 clove of garlic'],
    [2, 'bunch', 'cilantro', '2 bunches of cilantro'],
    [2, 'leaf', 'bay leaf', '2 bay leaves'],
    [2, 'can', 'chickpeas', '2 cans of chickpeas'],
    [4, 'clove', 'garlic clove', '4 garlic cloves'],
    // No amount: the name alone.
    [null, null, 'salt', 'salt'],
    [null, 'pinch', 'salt', 'salt'],
  ] as const)('%s %s %s → %s', (quantity, unit, ingredient, expected) => {
    expect(formatIngredientLine({ quantity, unit, ingredient })).toBe(expected);
  });
});

describe('formatAmount', () => {
  it.each([
    [300, 'g', '300 g'],
    [1.5, 'cup', '1½ cups'],
    [1.5, 'cups', '1½ cups'],
    [1, 'bunches', '1 bunch'],
    [2, 'bunch', '2 bunches'],
    [3, '', '3'],
    [null, '', 'to taste'],
  ] as const)('%s %s → %s', (quantity, unit, expected) => {
    expect(formatAmount(quantity, unit)).toBe(expected);
  });
});

describe('formatQuantity', () => {
  it.each([
    [1.5, '1½'],
    [0.33, '⅓'],
    [2, '2'],
    [0.4, '0.4'],
  ])('%s → %s', (value, expected) => {
    expect(formatQuantity(value)).toBe(expected);
  });
});
