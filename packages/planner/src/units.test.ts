import { describe, expect, it } from 'vitest';

import { convert, isUnitId, toGrams } from './units.js';

describe('convert', () => {
  it.each([
    [1, 'kg', 'g', 1000],
    [16, 'oz', 'lb', 1],
    [1, 'cup', 'tbsp', 16],
    [1, 'tbsp', 'tsp', 3],
    [1, 'l', 'ml', 1000],
    [2, 'pint', 'quart', 1],
  ] as const)('converts %d %s to %d %s', (quantity, from, to, expected) => {
    expect(convert(quantity, from, to)).toBeCloseTo(expected, 6);
  });

  it('converts volume to mass through the density', () => {
    // 1 cup of water-like liquid at 1 g/ml weighs about 236.6 g.
    expect(convert(1, 'cup', 'g', { densityGPerMl: 1 })).toBeCloseTo(236.59, 2);
    // Flour at 0.53 g/ml: 1 cup is about 125 g.
    expect(convert(1, 'cup', 'g', { densityGPerMl: 0.53 })).toBeCloseTo(
      125.4,
      1,
    );
  });

  it('converts pieces to mass and volume with a weight per piece', () => {
    expect(convert(3, 'piece', 'g', { gramsPerPiece: 5 })).toBe(15);
    expect(
      convert(2, 'piece', 'ml', { gramsPerPiece: 50, densityGPerMl: 1 }),
    ).toBe(100);
  });

  it('refuses a conversion that lacks density or piece weight', () => {
    expect(convert(1, 'cup', 'g')).toBeUndefined();
    expect(toGrams(2, 'piece')).toBeUndefined();
    expect(convert(100, 'g', 'piece')).toBeUndefined();
  });
});

describe('isUnitId', () => {
  it('tells known unit ids from other strings', () => {
    expect(isUnitId('tbsp')).toBe(true);
    expect(isUnitId('bunch')).toBe(false);
    expect(isUnitId('toString')).toBe(false);
  });
});
