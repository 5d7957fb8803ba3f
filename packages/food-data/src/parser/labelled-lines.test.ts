import { describe, expect, it } from 'vitest';

import { INGREDIENTS } from '../catalogue/ingredients.js';
import { measureAccuracy } from './accuracy.js';
import { LABELLED_LINES } from './labelled-lines.js';
import { createIngredientResolver } from './resolve.js';
import { COUNTED_UNIT_FORMS, isMeasureUnit } from './units.js';

const resolver = createIngredientResolver(INGREDIENTS);
const report = measureAccuracy(LABELLED_LINES, resolver);
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

describe('the labelled set', () => {
  it('holds at least 320 distinct lines in US and UK styles', () => {
    const lines = LABELLED_LINES.map((labelled) => labelled.line);
    expect(lines.length).toBeGreaterThanOrEqual(320);
    expect(new Set(lines).size).toBe(lines.length);
    const written = lines.join('\n').toLowerCase();
    for (const style of ['cups', 'tbsp', 'g ', 'ml', 'tin', 'x 400g', '/7oz']) {
      expect(written).toContain(style);
    }
    for (const form of ['½', '⅓', '¾', 'to taste', 'pinch of', 'juice of']) {
      expect(written).toContain(form);
    }
  });

  it('covers each name gap of issue 12 with variants', () => {
    const lines = LABELLED_LINES.map((labelled) => labelled.line.toLowerCase());
    const count = (pattern: RegExp) =>
      lines.filter((line) => pattern.test(line)).length;
    // Alternatives across commas, an alternative's own amount, sums.
    expect(count(/^[^,]+, [a-z ]+ or [a-z ]+(?:,|$)/)).toBeGreaterThanOrEqual(
      8,
    );
    expect(count(/[a-z] or (?:\d|one|two)/)).toBeGreaterThanOrEqual(6);
    expect(
      count(/(?:tsp|teaspoons?|tbsp|tablespoons?) (?:plus|\+|and) \S+ cups?/),
    ).toBeGreaterThanOrEqual(4);
    // Sizes and lengths without parentheses.
    expect(count(/^\d+ \d+ \d+\/\d+[- ]?(?:ounce|oz)/)).toBeGreaterThanOrEqual(
      4,
    );
    expect(count(/^\d+ \d+(?:\.\d+)?[- ]?(?:inch|cm)/)).toBeGreaterThanOrEqual(
      4,
    );
    // Counted units, 'several', amounts after the name.
    for (const unit of [
      'scoops?',
      'loa(?:f|ves)',
      'rashers?',
      'spears?',
      'bars?',
      'thin slices',
      'several',
    ]) {
      expect(count(new RegExp(`\\b${unit}\\b`))).toBeGreaterThanOrEqual(2);
    }
    expect(count(/^[a-z][a-z ]+ \(\d/)).toBeGreaterThanOrEqual(8);
  });

  it('names only ingredients and units that exist', () => {
    const ids = new Set(INGREDIENTS.map((ingredient) => ingredient.id));
    const unknownIds = LABELLED_LINES.filter(
      (labelled) => !ids.has(labelled.ingredientId ?? ''),
    );
    const unknownUnits = LABELLED_LINES.filter(
      (labelled) =>
        labelled.unit !== null &&
        !isMeasureUnit(labelled.unit) &&
        !Object.hasOwn(COUNTED_UNIT_FORMS, labelled.unit),
    );
    expect(unknownIds.map((labelled) => labelled.line)).toEqual([]);
    expect(unknownUnits.map((labelled) => labelled.line)).toEqual([]);
  });

  it('covers ranges, no-quantity lines, counted units and preparations', () => {
    const count = (pick: (l: (typeof LABELLED_LINES)[number]) => boolean) =>
      LABELLED_LINES.filter(pick).length;
    expect(count((l) => l.quantityMax !== null)).toBeGreaterThanOrEqual(15);
    expect(count((l) => l.quantity === null)).toBeGreaterThanOrEqual(25);
    expect(
      count((l) => l.unit !== null && !isMeasureUnit(l.unit)),
    ).toBeGreaterThanOrEqual(50);
    expect(count((l) => l.preparation !== null)).toBeGreaterThanOrEqual(150);
  });
});

describe('parser accuracy on the labelled set', () => {
  it(`matches quantity, unit and ingredient exactly on at least 95 % of ${report.lines} lines`, () => {
    console.log(
      [
        `Parser accuracy on ${report.lines} labelled lines`,
        `  exact (quantity + unit + ingredient): ${percent(report.exact)}`,
        `  quantity:    ${percent(report.quantity)}`,
        `  unit:        ${percent(report.unit)}`,
        `  ingredient:  ${percent(report.ingredient)}`,
        `  preparation: ${percent(report.preparation)}`,
        ...report.failures.map(
          ({ expected, actual }) =>
            `  ✗ ${expected.line} → ${String(actual.quantity)}` +
            `${actual.quantityMax === null ? '' : `-${actual.quantityMax}`}` +
            ` ${String(actual.unit)} ${String(actual.ingredientId)}` +
            ` (expected ${String(expected.quantity)}` +
            `${expected.quantityMax === null ? '' : `-${expected.quantityMax}`}` +
            ` ${String(expected.unit)} ${String(expected.ingredientId)})`,
        ),
      ].join('\n'),
    );
    expect(report.exact).toBeGreaterThanOrEqual(0.95);
  });

  it('reads most preparations and notes as labelled', () => {
    expect(report.preparation).toBeGreaterThanOrEqual(0.85);
  });

  it('fails a line whose label disagrees, so the measure is not vacuous', () => {
    const first = LABELLED_LINES[0];
    if (!first) throw new Error('empty labelled set');
    const wrong = measureAccuracy(
      [
        { ...first, quantity: (first.quantity ?? 0) + 1 },
        { ...first, unit: 'gallon' },
        { ...first, ingredientId: 'water' },
        first,
      ],
      resolver,
    );
    expect(wrong.exact).toBe(0.25);
    expect(wrong.quantity).toBe(0.75);
    expect(wrong.unit).toBe(0.75);
    expect(wrong.ingredient).toBe(0.75);
  });
});
