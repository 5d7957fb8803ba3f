import { describe, expect, it } from 'vitest';

import { median } from './results.js';

describe('median', () => {
  it('takes the middle value of an odd list and the mean of the middle pair of an even one', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow('empty');
  });
});
