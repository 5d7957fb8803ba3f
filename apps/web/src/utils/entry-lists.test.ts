import {
  CONTROL_CHARACTERS_MESSAGE,
  PREFERENCE_LIST_MAX,
  preferenceMessages,
} from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import {
  entriesProblem,
  hasEntry,
  mergeEntries,
  removeEntry,
  splitEntries,
  takeLastEntry,
} from './entry-lists';

describe('splitEntries', () => {
  it.each([
    ['banana, mango', ['banana', 'mango']],
    ['  banana ,, mango ,  ', ['banana', 'mango']],
    [' , ,', []],
    ['kiwi', ['kiwi']],
  ])('reads %j as %j', (input, expected) => {
    expect(splitEntries(input)).toEqual(expected);
  });
});

describe('mergeEntries', () => {
  it('appends new entries, trimmed, dropping blanks and duplicates of any case', () => {
    expect(
      mergeEntries(['Mango'], ['mango', ' kiwi ', '', 'KIWI', 'lime']),
    ).toEqual(['Mango', 'kiwi', 'lime']);
  });
});

describe('removeEntry and hasEntry', () => {
  it('compare without case', () => {
    expect(removeEntry(['Olives', 'Capers'], 'olives')).toEqual(['Capers']);
    expect(hasEntry(['Italian'], 'italian')).toBe(true);
    expect(hasEntry(['Italian'], 'Indian')).toBe(false);
  });
});

describe('takeLastEntry', () => {
  it('takes the last entry of a comma list and leaves the others', () => {
    expect(takeLastEntry('olives, capers , anchovies')).toEqual({
      entry: 'anchovies',
      rest: 'olives, capers',
    });
    expect(takeLastEntry('olives, ')).toEqual({ entry: 'olives', rest: '' });
    expect(takeLastEntry(' , ')).toEqual({ entry: null, rest: '' });
  });
});

describe('entriesProblem', () => {
  it('refuses what the server would refuse', () => {
    expect(entriesProblem([], ['x'.repeat(41)])).toBe(
      preferenceMessages.itemTooLong,
    );
    expect(entriesProblem([], ['bad\u0007bell'])).toBe(
      CONTROL_CHARACTERS_MESSAGE,
    );
    const full = Array.from({ length: PREFERENCE_LIST_MAX }, (_, i) => `i${i}`);
    expect(entriesProblem(full, ['one more'])).toBe(
      preferenceMessages.tooManyItems,
    );
    // A duplicate adds nothing, so a full list still takes it.
    expect(entriesProblem(full, ['I0'])).toBeNull();
    expect(entriesProblem([], ['x'.repeat(40)])).toBeNull();
  });
});
