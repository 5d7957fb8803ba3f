import { beforeAll, describe, expect, it } from 'vitest';

import { INGREDIENTS } from '../catalogue/ingredients.js';
import { LABELLED_LINES } from './labelled-lines.js';
import { MAX_LINE_LENGTH, parseIngredientLine } from './parse-line.js';
import { createIngredientResolver } from './resolve.js';

/**
 * Issue 9: parse time grew quadratically (and for some shapes exponentially)
 * with the length of a line: one request of 62 lines of '½' x 500 held the
 * event loop for 5.8 s. Linear time means a bounded cost per character, so
 * at every length up to the longest line parsed, a hostile line may cost per
 * character at most a generous multiple of what the labelled lines cost on
 * the same machine in the same run. Before the fix '½' x 500 cost about 200
 * times as much per character, and 'zz or ' repeated doubled with each word.
 * Lengths grow from short to long, so an exponential shape fails on a short
 * line instead of hanging on a long one.
 */

/** A hostile line may cost at most this many times more per character. */
const PER_CHARACTER_BOUND = 8;

const resolver = createIngredientResolver(INGREDIENTS);

/** Builds a line of about `length` characters by repeating `unit`. */
const repeat = (unit: string, length: number, before = '', after = '') =>
  before +
  unit.repeat(
    Math.max(
      1,
      Math.floor((length - before.length - after.length) / unit.length),
    ),
  ) +
  after;

const SHAPES: [string, (length: number) => string][] = [
  ['½ repeated', (n) => '½'.repeat(n)],
  ['1½ repeated', (n) => repeat('1½', n)],
  ['a run of digits', (n) => '1'.repeat(n)],
  ['digits and spaces', (n) => repeat('1 ', n)],
  ['a run of spaces', (n) => repeat(' ', n, 'a', 'b')],
  ['fractions and slashes', (n) => repeat('1/', n)],
  ['slashes', (n) => repeat('/', n, '1 ')],
  ['dashes between numbers', (n) => repeat('1-', n)],
  ['dots before a word', (n) => repeat('.', n, '', 'a')],
  ['opening parentheses', (n) => '('.repeat(n)],
  ['empty parentheses', (n) => repeat('()', n)],
  [
    'measures in a parenthesis',
    (n) => repeat(' 1 g', n, '1 cup flour (1 g', ' x)'),
  ],
  ['sizes in parentheses', (n) => repeat('(14 oz) ', n, 'salt ')],
  ['dual units', (n) => repeat(' / 1 g', n, '1 g', ' x')],
  ['measures after a name', (n) => repeat(' 1 g', n, 'flour', ' x')],
  ['unit words', (n) => repeat('cup ', n)],
  ['amounts and units', (n) => repeat('1 cup ', n)],
  ['commas', (n) => ','.repeat(n)],
  ['comma parts', (n) => repeat('a,', n)],
  ['preparation words', (n) => repeat('chopped ', n)],
  ['preparation parts', (n) => repeat('chopped, ', n, '2 ')],
  ['alternatives', (n) => repeat('zz or ', n, '', 'zz')],
  ['ingredients joined by and', (n) => repeat('salt and ', n)],
  ['descriptors', (n) => repeat('large ', n, '2 ', 'onion')],
  ['trailing notes', (n) => repeat(' optional', n, 'salt')],
  ['parts of a fruit', (n) => repeat('juice of ', n)],
  // Issue 12: the shapes of the name gaps.
  [
    'alternatives across commas',
    (n) => repeat('zz, ', n, '1 cup ', 'a or b oil'),
  ],
  ['alternatives with amounts', (n) => repeat('zz or 1 ', n, '2 tbsp ')],
  ['sums of measures', (n) => repeat('1 cup plus ', n, '', 'flour')],
  ['adjectives before commas', (n) => repeat('zz, ', n, '1 cup ', 'flour')],
  ['amounts after a name', (n) => repeat('(1 g) ', n, 'zz ')],
  ['measures after a comma', (n) => repeat('1 g, ', n, 'zz, ')],
  ['counts before lengths', (n) => repeat('1 ', n, '', '1-inch piece ginger')],
];

/** The least wall time over `runs` runs of parsing `lines` `times` times. */
function bestTime(lines: readonly string[], times: number, runs = 5): number {
  let best = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    for (let at = 0; at < times; at += 1) {
      for (const line of lines) parseIngredientLine(line, resolver);
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Time per character of `lines`: the best of several runs of at least 5 ms,
 * so that another process taking the CPU only slows some of them.
 */
function costPerCharacter(lines: readonly string[]): number {
  const characters = lines.reduce((sum, line) => sum + line.length, 0);
  let times = 1;
  while (bestTime(lines, times, 1) < 5 && times < 1 << 16) times *= 2;
  return bestTime(lines, times) / (times * characters);
}

let ordinary = 0;

beforeAll(() => {
  ordinary = costPerCharacter(LABELLED_LINES.map((labelled) => labelled.line));
});

describe('parseIngredientLine on hostile lines', () => {
  it('builds each shape near the lengths compared', () => {
    for (const [, build] of SHAPES) {
      const line = build(MAX_LINE_LENGTH);
      expect(line.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
      expect(line.length).toBeGreaterThan(MAX_LINE_LENGTH * 0.9);
    }
  });

  it.each(SHAPES)(
    'costs a bounded time per character: %s',
    { timeout: 30_000 },
    (_, build) => {
      for (const length of [31, 62, 94, 125, 250, MAX_LINE_LENGTH]) {
        const line = build(length);
        const relative = costPerCharacter([line]) / ordinary;
        expect(relative, `at ${line.length} characters`).toBeLessThan(
          PER_CHARACTER_BOUND,
        );
      }
    },
  );
});

describe('parseIngredientLine on long ordinary lines', () => {
  // The bounds that keep the work linear (parser README, "Bounds") must not
  // lose what a long line says at its start.
  it.each([
    [
      '2 cups plain flour' + ', sifted'.repeat(60),
      2,
      null,
      'cup',
      'all-purpose-flour',
    ],
    ['1 cup ' + 'x'.repeat(490), 1, null, 'cup', null],
    ['3 large eggs ' + 'beaten '.repeat(60), 3, null, null, 'egg'],
    ['200 g butter (' + 'soft '.repeat(90) + ')', 200, null, 'g', 'butter'],
    ['salt' + ' optional'.repeat(3), null, null, null, 'salt'],
    ['butter 1 to 2 cups', 1, 2, 'cup', 'butter'],
  ])('reads %j', (line, quantity, quantityMax, unit, ingredientId) => {
    expect(parseIngredientLine(line, resolver)).toMatchObject({
      quantity,
      quantityMax,
      unit,
      ingredientId,
    });
  });
});
