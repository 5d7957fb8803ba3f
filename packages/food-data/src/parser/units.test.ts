import { isUnitId, UNITS } from '@platewise/planner';
import type { UnitId } from '@platewise/planner';
import { describe, expect, it } from 'vitest';

import {
  canonicalUnit,
  COUNTED_UNIT_FORMS,
  MEASURE_SIZES,
  MEASURE_UNIT_FORMS,
  UNIT_TABLE,
} from './units.js';

describe('canonicalUnit', () => {
  it.each([
    ['tablespoon', 'tbsp'],
    ['Tablespoons', 'tbsp'],
    ['tbsp', 'tbsp'],
    ['Tbsp.', 'tbsp'],
    ['tbs', 'tbsp'],
    ['TBSP', 'tbsp'],
    ['T', 'tbsp'],
    ['tsp', 'tsp'],
    ['tsp.', 'tsp'],
    ['teaspoons', 'tsp'],
    ['t', 'tsp'],
    ['c', 'cup'],
    ['C', 'cup'],
    ['cups', 'cup'],
    ['grams', 'g'],
    ['gr', 'g'],
    ['g', 'g'],
    ['kilograms', 'kg'],
    ['kg', 'kg'],
    ['ml', 'ml'],
    ['mL', 'ml'],
    ['millilitres', 'ml'],
    ['milliliters', 'ml'],
    ['litre', 'l'],
    ['liters', 'l'],
    ['l', 'l'],
    ['oz', 'oz'],
    ['ounces', 'oz'],
    ['lbs', 'lb'],
    ['pound', 'lb'],
    ['fl oz', 'fl oz'],
    ['fl. oz.', 'fl oz'],
    ['fluid ounces', 'fl oz'],
    ['pints', 'pint'],
    ['quart', 'quart'],
    ['pinches', 'pinch'],
    ['dashes', 'dash'],
    ['cloves', 'clove'],
    ['bunches', 'bunch'],
    ['tins', 'can'],
    ['cans', 'can'],
    ['slices', 'slice'],
    ['sprigs', 'sprig'],
    ['stalks', 'stalk'],
    ['ribs', 'stalk'],
    ['heads', 'head'],
    ['handfuls', 'handful'],
    ['fillets', 'fillet'],
    ['rashers', 'rasher'],
    ['packets', 'packet'],
    ['package', 'packet'],
    ['sachet', 'packet'],
    ['pieces', 'piece'],
  ])('maps %s to %s', (written, unit) => {
    expect(canonicalUnit(written)).toBe(unit);
  });

  it('answers null for words that are not units', () => {
    expect(canonicalUnit('onion')).toBeNull();
    expect(canonicalUnit('large')).toBeNull();
    expect(canonicalUnit('toString')).toBeNull();
  });

  it('maps every measure form onto a unit id of the planner', () => {
    for (const [id, forms] of Object.entries(MEASURE_UNIT_FORMS)) {
      expect(isUnitId(id)).toBe(true);
      for (const form of forms) expect(UNIT_TABLE.get(form)).toBe(id);
    }
    expect(Object.keys(MEASURE_UNIT_FORMS).sort()).toEqual(
      Object.keys(UNITS).sort(),
    );
  });

  it('gives counted units no written form of a measure', () => {
    for (const [id, forms] of Object.entries(COUNTED_UNIT_FORMS)) {
      expect(isUnitId(id)).toBe(false);
      for (const form of forms) expect(UNIT_TABLE.get(form)).toBe(id);
    }
  });
});

describe('MEASURE_SIZES', () => {
  it('holds the planner sizes of every mass and volume unit', () => {
    for (const definition of Object.values(UNITS)) {
      const id = definition.id as UnitId;
      if (id === 'pinch' || id === 'dash' || definition.dimension === 'count') {
        continue;
      }
      expect(MEASURE_SIZES[id]).toEqual({
        dimension: definition.dimension,
        toBase: definition.toBase,
      });
    }
  });
});
