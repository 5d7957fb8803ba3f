/**
 * Accuracy of the parser on a labelled set: the same figures for the test
 * and for `bench/parser/parser-accuracy.ts`.
 */
import { parseIngredientLine } from './parse-line.js';
import type { ParsedLine } from './parse-line.js';
import type { IngredientResolver } from './resolve.js';

/** A line with what a careful reader takes from it. */
export interface LabelledLine {
  readonly line: string;
  readonly quantity: number | null;
  readonly quantityMax: number | null;
  readonly unit: string | null;
  readonly ingredientId: string | null;
  readonly preparation: string | null;
}

export interface LineResult {
  readonly expected: LabelledLine;
  readonly actual: ParsedLine;
  readonly quantity: boolean;
  readonly unit: boolean;
  readonly ingredient: boolean;
  readonly preparation: boolean;
  /** Quantity (with its range), unit and ingredient id all right. */
  readonly exact: boolean;
}

export interface AccuracyReport {
  readonly lines: number;
  /** Shares between 0 and 1. */
  readonly exact: number;
  readonly quantity: number;
  readonly unit: number;
  readonly ingredient: number;
  readonly preparation: number;
  readonly results: readonly LineResult[];
  readonly failures: readonly LineResult[];
}

const sameNumber = (a: number | null, b: number | null) =>
  a === null || b === null
    ? a === b
    : Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

/** Preparation compared without case, spacing or punctuation differences. */
export const normalisePreparation = (text: string | null) =>
  text === null
    ? null
    : text
        .toLowerCase()
        .replace(/[^a-z0-9/]+/g, ' ')
        .trim() || null;

/** Parses every labelled line and compares it with its label. */
export function measureAccuracy(
  labelled: readonly LabelledLine[],
  resolver: IngredientResolver,
): AccuracyReport {
  const results = labelled.map((expected): LineResult => {
    const actual = parseIngredientLine(expected.line, resolver);
    const quantity =
      sameNumber(actual.quantity, expected.quantity) &&
      sameNumber(actual.quantityMax, expected.quantityMax);
    const unit = actual.unit === expected.unit;
    const ingredient = actual.ingredientId === expected.ingredientId;
    const preparation =
      normalisePreparation(actual.preparation) ===
      normalisePreparation(expected.preparation);
    return {
      expected,
      actual,
      quantity,
      unit,
      ingredient,
      preparation,
      exact: quantity && unit && ingredient,
    };
  });
  const share = (pick: (result: LineResult) => boolean) =>
    results.length === 0 ? 0 : results.filter(pick).length / results.length;
  return {
    lines: results.length,
    exact: share((r) => r.exact),
    quantity: share((r) => r.quantity),
    unit: share((r) => r.unit),
    ingredient: share((r) => r.ingredient),
    preparation: share((r) => r.preparation),
    results,
    failures: results.filter((r) => !r.exact),
  };
}
