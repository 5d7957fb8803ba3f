/**
 * The canonical unit table of the ingredient-line parser: every written form
 * of a unit that recipes use, mapped to a unit id of @platewise/planner
 * (measures) or to a counted unit word in the singular (clove, can, bunch …).
 *
 * Forms are matched case-insensitively, except the one-letter forms `T`
 * (tablespoon) and `t` (teaspoon), which the parser rewrites before it
 * lower-cases a line.
 */
import type { UnitId } from '@platewise/planner';

/** Written forms of each measure unit of @platewise/planner (lower case). */
export const MEASURE_UNIT_FORMS = {
  g: ['g', 'gr', 'grs', 'gm', 'gms', 'gram', 'grams', 'gramme', 'grammes'],
  kg: [
    'kg',
    'kgs',
    'kilo',
    'kilos',
    'kilogram',
    'kilograms',
    'kilogramme',
    'kilogrammes',
  ],
  mg: ['mg', 'milligram', 'milligrams', 'milligramme', 'milligrammes'],
  oz: ['oz', 'ozs', 'ounce', 'ounces'],
  lb: ['lb', 'lbs', 'pound', 'pounds'],
  ml: ['ml', 'mls', 'millilitre', 'millilitres', 'milliliter', 'milliliters'],
  l: ['l', 'lt', 'ltr', 'ltrs', 'litre', 'litres', 'liter', 'liters'],
  cl: ['cl', 'centilitre', 'centilitres', 'centiliter', 'centiliters'],
  dl: ['dl', 'decilitre', 'decilitres', 'deciliter', 'deciliters'],
  tsp: [
    'tsp',
    'tsps',
    'tspn',
    'teaspoon',
    'teaspoons',
    'teaspoonful',
    'teaspoonfuls',
  ],
  tbsp: [
    'tbsp',
    'tbsps',
    'tbs',
    'tbl',
    'tbls',
    'tblsp',
    'tblspn',
    'tbspn',
    'tablespoon',
    'tablespoons',
    'tablespoonful',
    'tablespoonfuls',
  ],
  'fl oz': [
    'fl oz',
    'floz',
    'fl. oz',
    'fl.oz',
    'fluid oz',
    'fluid ounce',
    'fluid ounces',
    'fl ounce',
    'fl ounces',
  ],
  cup: ['cup', 'cups', 'c'],
  pint: ['pint', 'pints', 'pt', 'pts'],
  quart: ['quart', 'quarts', 'qt', 'qts'],
  gallon: ['gallon', 'gallons', 'gal', 'gals'],
  pinch: ['pinch', 'pinches'],
  dash: ['dash', 'dashes'],
  piece: ['piece', 'pieces', 'pc', 'pcs', 'chunk', 'chunks'],
} as const satisfies Record<UnitId, readonly string[]>;

/**
 * Counted units that are not measures: they convert to grams only through an
 * ingredient's own `pieceUnits` or its package. Synonyms fold onto one word:
 * a tin is a can, a package or sachet a packet, a rib of celery a stalk, a
 * bulb of garlic a head.
 */
export const COUNTED_UNIT_FORMS = {
  can: ['can', 'cans', 'tin', 'tins'],
  packet: [
    'packet',
    'packets',
    'package',
    'packages',
    'pack',
    'packs',
    'pkg',
    'pkgs',
    'pkt',
    'pkts',
    'sachet',
    'sachets',
    'envelope',
    'envelopes',
    'pouch',
    'pouches',
  ],
  jar: ['jar', 'jars'],
  bottle: ['bottle', 'bottles'],
  bag: ['bag', 'bags'],
  carton: ['carton', 'cartons'],
  tub: ['tub', 'tubs', 'pot', 'pots', 'container', 'containers'],
  box: ['box', 'boxes'],
  block: ['block', 'blocks'],
  ball: ['ball', 'balls'],
  clove: ['clove', 'cloves'],
  bunch: ['bunch', 'bunches'],
  slice: ['slice', 'slices'],
  sprig: ['sprig', 'sprigs'],
  stalk: ['stalk', 'stalks', 'rib', 'ribs', 'stem', 'stems'],
  stick: ['stick', 'sticks'],
  head: ['head', 'heads', 'bulb', 'bulbs'],
  handful: ['handful', 'handfuls'],
  fillet: ['fillet', 'fillets', 'filet', 'filets'],
  rasher: ['rasher', 'rashers'],
  knob: ['knob', 'knobs'],
  sheet: ['sheet', 'sheets'],
  ear: ['ear', 'ears'],
  drop: ['drop', 'drops'],
  leaf: ['leaf', 'leaves'],
  wedge: ['wedge', 'wedges'],
  strip: ['strip', 'strips'],
  pod: ['pod', 'pods'],
  cube: ['cube', 'cubes'],
  nest: ['nest', 'nests'],
  link: ['link', 'links'],
  roll: ['roll', 'rolls'],
  patty: ['patty', 'patties'],
  heart: ['heart', 'hearts'],
  scoop: ['scoop', 'scoops'],
  loaf: ['loaf', 'loaves'],
  spear: ['spear', 'spears'],
  bar: ['bar', 'bars'],
} as const satisfies Record<string, readonly string[]>;

export type CountedUnit = keyof typeof COUNTED_UNIT_FORMS;

/** A unit the parser answers: a planner unit id or a counted unit word. */
export type ParsedUnit = UnitId | CountedUnit;

/**
 * Counted units that wrap a measured amount: '1 (14 oz) can', '2 x 400g
 * tins'. With an inner measure the parser multiplies into it.
 */
export const CONTAINER_UNITS: ReadonlySet<string> = new Set([
  'can',
  'packet',
  'jar',
  'bottle',
  'bag',
  'carton',
  'tub',
  'box',
  'block',
  'ball',
  // '1 (1-lb) loaf brioche', '2 bars dark chocolate (100 g each)'
  'loaf',
  'bar',
]);

/**
 * Written forms that are a multiple of a canonical unit: a dessertspoon is
 * two teaspoons (10 ml), and a dozen is twelve of whatever follows.
 */
export const SCALED_UNIT_FORMS: Readonly<
  Record<string, { readonly unit: UnitId | null; readonly factor: number }>
> = {
  dsp: { unit: 'tsp', factor: 2 },
  dssp: { unit: 'tsp', factor: 2 },
  dessertspoon: { unit: 'tsp', factor: 2 },
  dessertspoons: { unit: 'tsp', factor: 2 },
  dessertspoonful: { unit: 'tsp', factor: 2 },
  dozen: { unit: null, factor: 12 },
};

/** Length units, which describe a piece ('2.5cm piece of ginger'). */
export const LENGTH_UNIT_FORMS: readonly string[] = [
  'cm',
  'cms',
  'centimetre',
  'centimetres',
  'centimeter',
  'centimeters',
  'mm',
  'millimetre',
  'millimetres',
  'in',
  'inch',
  'inches',
];

/** Maps every written form (lower case, without a trailing dot) to its unit. */
export const UNIT_TABLE: ReadonlyMap<string, ParsedUnit> = new Map<
  string,
  ParsedUnit
>([
  ...Object.entries(MEASURE_UNIT_FORMS).flatMap(([id, forms]) =>
    forms.map((form): [string, ParsedUnit] => [form, id as UnitId]),
  ),
  ...Object.entries(COUNTED_UNIT_FORMS).flatMap(([id, forms]) =>
    forms.map((form): [string, ParsedUnit] => [form, id as CountedUnit]),
  ),
]);

/** Normalises a written unit for lookup: lower case, single spaces, no dots. */
export function unitKey(written: string): string {
  return written
    .toLowerCase()
    .replace(/\.(?=\s|$)/g, '')
    .replace(/\.(?=\S)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The canonical unit of a written form: 'Tablespoons' → 'tbsp', 'tins' →
 * 'can', 'fl. oz.' → 'fl oz'; `T` and `t` keep their case-sensitive meaning.
 * Unknown forms answer null.
 */
export function canonicalUnit(written: string): ParsedUnit | null {
  const trimmed = written.trim().replace(/\.$/, '');
  if (trimmed === 'T') return 'tbsp';
  if (trimmed === 't') return 'tsp';
  const key = unitKey(written);
  return UNIT_TABLE.get(key) ?? UNIT_TABLE.get(key.replace(/\s/g, '')) ?? null;
}

/** Whether a canonical unit is a planner measure rather than a counted word. */
export function isMeasureUnit(unit: string): unit is UnitId {
  return Object.hasOwn(MEASURE_UNIT_FORMS, unit);
}

/**
 * Size of each measure in grams or millilitres, to add up '1 lb 4 oz' or '1/4
 * cup plus 2 tbsp'. The same figures as @platewise/planner's UNITS (a test
 * holds them equal); repeated here because the parser must also run where
 * the planner's sources are not resolvable (the bench under plain tsx).
 */
export const MEASURE_SIZES: Readonly<
  Partial<
    Record<
      UnitId,
      { readonly dimension: 'mass' | 'volume'; readonly toBase: number }
    >
  >
> = {
  g: { dimension: 'mass', toBase: 1 },
  kg: { dimension: 'mass', toBase: 1000 },
  mg: { dimension: 'mass', toBase: 0.001 },
  oz: { dimension: 'mass', toBase: 28.349523125 },
  lb: { dimension: 'mass', toBase: 453.59237 },
  ml: { dimension: 'volume', toBase: 1 },
  l: { dimension: 'volume', toBase: 1000 },
  cl: { dimension: 'volume', toBase: 10 },
  dl: { dimension: 'volume', toBase: 100 },
  tsp: { dimension: 'volume', toBase: 4.92892159375 },
  tbsp: { dimension: 'volume', toBase: 14.78676478125 },
  'fl oz': { dimension: 'volume', toBase: 29.5735295625 },
  cup: { dimension: 'volume', toBase: 236.5882365 },
  pint: { dimension: 'volume', toBase: 473.176473 },
  quart: { dimension: 'volume', toBase: 946.352946 },
  gallon: { dimension: 'volume', toBase: 3785.411784 },
};
