import { describe, expect, it } from 'vitest';

import { capitalise, formatQuantity } from './kitchen-text';

describe('formatQuantity', () => {
  it.each([
    [2, '2'],
    [0.5, '½'],
    [1.5, '1½'],
    [0.25, '¼'],
    [2.75, '2¾'],
    [0.33, '⅓'],
    [0.67, '⅔'],
    [1.125, '1⅛'],
    [0.4, '0.4'],
    [170, '170'],
    [1.999, '2'],
    [12.35, '12.35'],
  ])('writes %s as %s', (value, written) => {
    expect(formatQuantity(value)).toBe(written);
  });
});

describe('capitalise', () => {
  it('capitalises the first letter only', () => {
    expect(capitalise('kashmiri chili powder')).toBe('Kashmiri chili powder');
    expect(capitalise('')).toBe('');
  });
});
