import { describe, expect, it } from 'vitest';

import { formatAmount, formatQuantity } from './ingredient-lines-field';

describe('formatQuantity', () => {
  it.each([
    [0.25, '¼'],
    [0.5, '½'],
    [1.5, '1½'],
    [2 / 3, '⅔'],
    [0.333, '⅓'],
    [200, '200'],
    [1.2, '1.2'],
    [0.15, '0.15'],
  ])('writes %d as %s', (value, text) => {
    expect(formatQuantity(value)).toBe(text);
  });
});

describe('formatAmount', () => {
  it('joins a range and its unit, and leaves out what is missing', () => {
    expect(formatAmount(1, 2, 'tbsp')).toBe('1–2 tbsp');
    expect(formatAmount(0.5, null, 'cup')).toBe('½ cup');
    expect(formatAmount(3, 3, null)).toBe('3');
    expect(formatAmount(null, null, null)).toBe('');
  });
});
