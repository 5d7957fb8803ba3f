/**
 * Units of measure and conversion between them. Mass and volume convert
 * within their dimension; across dimensions a density (g/ml) is needed, and
 * counted units ("clove", "can") convert only through an ingredient's own
 * weight per piece, which the caller supplies.
 */

export type Dimension = 'mass' | 'volume' | 'count';

export interface UnitDefinition {
  /** Canonical symbol, e.g. `g`, `ml`, `tbsp`, `piece`. */
  readonly id: string;
  readonly dimension: Dimension;
  /** Size in the dimension's base unit: grams, millilitres or pieces. */
  readonly toBase: number;
}

const unit = (id: string, dimension: Dimension, toBase: number) =>
  ({ id, dimension, toBase }) as const satisfies UnitDefinition;

/** US customary volumes (the cup is 236.588 ml; tsp and tbsp follow it). */
export const UNITS = {
  g: unit('g', 'mass', 1),
  kg: unit('kg', 'mass', 1000),
  mg: unit('mg', 'mass', 0.001),
  oz: unit('oz', 'mass', 28.349523125),
  lb: unit('lb', 'mass', 453.59237),
  ml: unit('ml', 'volume', 1),
  l: unit('l', 'volume', 1000),
  cl: unit('cl', 'volume', 10),
  dl: unit('dl', 'volume', 100),
  tsp: unit('tsp', 'volume', 4.92892159375),
  tbsp: unit('tbsp', 'volume', 14.78676478125),
  'fl oz': unit('fl oz', 'volume', 29.5735295625),
  cup: unit('cup', 'volume', 236.5882365),
  pint: unit('pint', 'volume', 473.176473),
  quart: unit('quart', 'volume', 946.352946),
  gallon: unit('gallon', 'volume', 3785.411784),
  pinch: unit('pinch', 'volume', 0.3080576),
  dash: unit('dash', 'volume', 0.6161152),
  piece: unit('piece', 'count', 1),
} as const;

export type UnitId = keyof typeof UNITS;

export function isUnitId(value: string): value is UnitId {
  return Object.hasOwn(UNITS, value);
}

export interface ConversionContext {
  /** Grams per millilitre, for mass <-> volume. */
  readonly densityGPerMl?: number | undefined;
  /** Grams per piece, for count <-> mass (and volume through density). */
  readonly gramsPerPiece?: number | undefined;
}

/** Converts a quantity to grams, or returns undefined when it cannot. */
export function toGrams(
  quantity: number,
  from: UnitId,
  context: ConversionContext = {},
): number | undefined {
  const def = UNITS[from];
  const base = quantity * def.toBase;
  switch (def.dimension) {
    case 'mass':
      return base;
    case 'volume':
      return context.densityGPerMl === undefined
        ? undefined
        : base * context.densityGPerMl;
    case 'count':
      return context.gramsPerPiece === undefined
        ? undefined
        : base * context.gramsPerPiece;
  }
}

/**
 * Converts `quantity` from one unit to another, through grams when the
 * dimensions differ. Returns undefined when the context lacks what the
 * conversion needs.
 */
export function convert(
  quantity: number,
  from: UnitId,
  to: UnitId,
  context: ConversionContext = {},
): number | undefined {
  const source = UNITS[from];
  const target = UNITS[to];
  if (source.dimension === target.dimension) {
    return (quantity * source.toBase) / target.toBase;
  }
  const grams = toGrams(quantity, from, context);
  if (grams === undefined) return undefined;
  const gramsPerTargetBase =
    target.dimension === 'mass'
      ? 1
      : target.dimension === 'volume'
        ? context.densityGPerMl
        : context.gramsPerPiece;
  if (gramsPerTargetBase === undefined || gramsPerTargetBase <= 0) {
    return undefined;
  }
  return grams / gramsPerTargetBase / target.toBase;
}
