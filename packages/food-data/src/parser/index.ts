export {
  MAX_LINE_LENGTH,
  parseIngredientLine,
  parseIngredientLines,
  parseNumber,
  plainFractions,
} from './parse-line.js';
export type { ParsedLine } from './parse-line.js';
export {
  createIngredientResolver,
  foldPhrase,
  singularCandidates,
} from './resolve.js';
export type {
  IngredientMatch,
  IngredientResolver,
  MatchKind,
} from './resolve.js';
export {
  canonicalUnit,
  CONTAINER_UNITS,
  COUNTED_UNIT_FORMS,
  isMeasureUnit,
  LENGTH_UNIT_FORMS,
  MEASURE_UNIT_FORMS,
  SCALED_UNIT_FORMS,
  UNIT_TABLE,
} from './units.js';
export type { CountedUnit, ParsedUnit } from './units.js';
export { measureAccuracy } from './accuracy.js';
export type { AccuracyReport, LabelledLine } from './accuracy.js';
