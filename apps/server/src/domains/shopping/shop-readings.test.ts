import { describe, expect, it } from 'vitest';

import { leftoverAsBought } from './shop-readings.js';

describe('leftovers as people shop', () => {
  it('reads what is left of a piece of ginger by weight, not in cups', () => {
    // A cup is about 240 ml; ginger weighs 0.41 g a millilitre: 97 g or
    // so, read to the nearest 5 g.
    const reading = leftoverAsBought('ginger', { quantity: 1, unit: 'cup' });
    expect(reading?.unit).toBe('g');
    expect(reading?.quantity).toBeGreaterThanOrEqual(95);
    expect(reading?.quantity).toBeLessThanOrEqual(100);
    expect((reading?.quantity ?? 0) % 5).toBe(0);
  });

  it('counts what is sold by the piece, in halves', () => {
    // Onions are sold loose: spoons of chopped onion left are onions.
    const reading = leftoverAsBought('onion', { quantity: 1, unit: 'cup' });
    expect(reading?.unit).toMatch(/^onions?$/);
    expect(((reading?.quantity ?? 0) * 2) % 1).toBe(0);
  });

  it('keeps volumes for what is sold by volume, and readings already by weight or count', () => {
    const milk = { quantity: 250, unit: 'ml' };
    expect(leftoverAsBought('milk', milk)).toEqual(milk);
    const ginger = { quantity: 300, unit: 'g' };
    expect(leftoverAsBought('ginger', ginger)).toEqual(ginger);
    const lemons = { quantity: 0.5, unit: 'lemon' };
    expect(leftoverAsBought('lemon', lemons)).toEqual(lemons);
    expect(leftoverAsBought(null, milk)).toEqual(milk);
    expect(leftoverAsBought('ginger', null)).toBeNull();
  });
});
