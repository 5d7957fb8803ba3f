/**
 * The ingredient-line parser: '1 1/2 cups finely chopped onion' → quantity
 * 1.5, unit 'cup', ingredient 'onion', preparation 'finely chopped'.
 *
 * parse-ingredient reads the leading quantity, range and unit; this layer
 * normalises what it does not read (unicode fractions, number words, glued
 * units such as '200g', comma decimals), removes dual units ('200g/7oz'),
 * multiplies package sizes ('2 x 400g tins' → 800 g), splits preparation and
 * notes off the ingredient, maps units onto our canonical table and resolves
 * the ingredient against the catalogue. The rules are listed in
 * `parser/README.md`.
 */
import { parseIngredient } from 'parse-ingredient';
import type { UnitOfMeasureDefinitions } from 'parse-ingredient';

import type { Ingredient } from '../types.js';
import type { IngredientResolver } from './resolve.js';
import {
  canonicalUnit,
  CONTAINER_UNITS,
  COUNTED_UNIT_FORMS,
  isMeasureUnit,
  LENGTH_UNIT_FORMS,
  MEASURE_SIZES,
  MEASURE_UNIT_FORMS,
  SCALED_UNIT_FORMS,
  unitKey,
} from './units.js';
import type { ParsedUnit } from './units.js';
import {
  DESCRIPTOR_WORDS,
  LEADING_PREPARATION,
  NUMBER_WORDS,
  PREPARATION_JOINERS,
  TRAILING_PREPARATION,
  UNIT_ADJECTIVES,
} from './vocabulary.js';

export interface ParsedLine {
  /** The line as given. */
  readonly line: string;
  /** Null when the line names no amount ('salt to taste'). */
  readonly quantity: number | null;
  /** The upper end of a range ('2-3 cloves'), else null. */
  readonly quantityMax: number | null;
  /** A planner unit id ('g', 'tbsp', 'fl oz') or a counted unit ('clove', 'can'), else null. */
  readonly unit: ParsedUnit | null;
  /** The ingredient as written, lower case, without amount and preparation. */
  readonly ingredient: string;
  /** The catalogue id, or null when unresolved or without a resolver. */
  readonly ingredientId: string | null;
  /** How it is prepared and notes ('finely chopped', 'to taste'), else null. */
  readonly preparation: string | null;
}

/**
 * Longer lines are parsed on their first 500 characters: no ingredient line
 * is that long, and it bounds the work a request can cause.
 */
export const MAX_LINE_LENGTH = 500;

// ---------------------------------------------------------------------------
// Regular expressions built once from the unit table.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const allUnitForms = [
  ...Object.values(MEASURE_UNIT_FORMS).flat(),
  ...Object.values(COUNTED_UNIT_FORMS).flat(),
  ...Object.keys(SCALED_UNIT_FORMS),
  ...LENGTH_UNIT_FORMS,
];
const measureForms = [
  ...Object.values(MEASURE_UNIT_FORMS).flat(),
  ...LENGTH_UNIT_FORMS,
  'dsp',
  'dessertspoon',
  'dessertspoons',
];
const containerForms = Object.entries(COUNTED_UNIT_FORMS)
  .filter(([id]) => CONTAINER_UNITS.has(id))
  .flatMap(([, forms]) => forms);

/** An alternation of written forms, longest first, each with an optional dot. */
const alternation = (forms: readonly string[]) =>
  [...new Set(forms)]
    .sort((a, b) => b.length - a.length)
    .map((form) => `${escape(form).replace(/ /g, '\\.?\\s*')}\\.?`)
    .join('|');

const NUM = String.raw`(?:\d+(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+|\.\d+)`;
const RANGE = String.raw`${NUM}(?:\s*(?:-|to|or)\s*${NUM})?`;
const MEASURE_UNIT = `(?:${alternation(measureForms)})(?![a-z])`;
const CONTAINER = `(?:${alternation(containerForms)})(?![a-z])`;
const ANY_UNIT = `(?:${alternation(allUnitForms)})(?![a-z])`;
const MEASURE = String.raw`${RANGE}\s*${MEASURE_UNIT}`;

/** A parenthesis that is only a measure: '(14 oz)', '(about 240 ml / 1 cup)'. */
const PAREN_MEASURE = new RegExp(
  String.raw`^(?:about|approx\.?|approximately|around|roughly|~|c\.|each|total|scant|generous|at least)?\s*(${RANGE})\s*(${MEASURE_UNIT})(?:\s*(?:/|or|,|-)?\s*(?:about\s*)?${MEASURE})*\s*(?:each|total|in total|drained weight|drained|net weight|size|can|tin|jar|pack|packet|package|piece)?s?$`,
);
/** A parenthesis that is an amount in a counted unit: '(2 sticks)'. */
const PAREN_AMOUNT = new RegExp(
  String.raw`^(?:about|approx\.?|approximately|around|roughly|~)?\s*${RANGE}\s*${ANY_UNIT}$`,
);
/** A dual unit after a measure: '200 g/7 oz', '1 cup/240 ml/8 fl oz'. */
const DUAL_UNIT = new RegExp(
  String.raw`(${MEASURE})(?:\s*/\s*(?:${MEASURE})(?:\s+${MEASURE})*)+`,
  'g',
);
/** Mass and volume units only, for sizes. */
const SIZE_UNIT = `(?:${alternation(Object.values(MEASURE_UNIT_FORMS).flat())})(?![a-z])`;
/**
 * A count before a size: '2 400 g tins', '1 14 oz can', 'one 3- to 4-pound
 * chicken'. The size is a whole or decimal number, so a mixed number such as
 * '2 1/2 cups' is never read as a count.
 */
const COUNT_BEFORE_SIZE = new RegExp(
  String.raw`^(\d+)\s+(?=\d+(?:\.\d+)?(?:\s*(?:-|to)\s*\d+(?:\.\d+)?)?\s*${SIZE_UNIT})`,
);
/** An explicit multiplier: '2 x 400 g', '3 x chicken breasts'. */
const MULTIPLIER = new RegExp(String.raw`^(${NUM})\s*x\s+(?=\S)`);
/** A sum of parts: '1 lb 4 oz', '1/4 cup plus 2 tbsp', '3 tbsp + 1 tsp'. */
const COMPOUND = new RegExp(
  String.raw`^(${NUM})\s*(${MEASURE_UNIT})\s*(?:\+|plus\b|and\b)?\s*(${NUM})\s*(${MEASURE_UNIT})`,
);
/** A measure at the end of a line written name first: 'butter 50 g'. */
const TRAILING_MEASURE = new RegExp(
  String.raw`^(.*[a-z].*?)\s*[-:]?\s+(${MEASURE})$`,
);
const LEADING_UNIT_ADJECTIVE = new RegExp(
  String.raw`^((?:${RANGE}\s+)?)(?:(?:${[...UNIT_ADJECTIVES].map(escape).join('|')})\s+)+(?=${ANY_UNIT})`,
);
const LEADING_CONTAINER = new RegExp(String.raw`^${CONTAINER}\s+(?:of\s+)?`);
const LEADING_SIZE_PIECE = /^(?:piece|chunk|knob|pieces|chunks)\s+(?:of\s+)?/;

const VULGAR_FRACTIONS: Readonly<Record<string, string>> = {
  '½': '1/2',
  '⅓': '1/3',
  '⅔': '2/3',
  '¼': '1/4',
  '¾': '3/4',
  '⅕': '1/5',
  '⅖': '2/5',
  '⅗': '3/5',
  '⅘': '4/5',
  '⅙': '1/6',
  '⅚': '5/6',
  '⅐': '1/7',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
  '⅑': '1/9',
  '⅒': '1/10',
};
const VULGAR = new RegExp(
  `(\\d)?\\s*([${Object.keys(VULGAR_FRACTIONS).join('')}])`,
  'g',
);
const NUMBER_WORD = Object.keys(NUMBER_WORDS).join('|');

// Patterns of the quantity words and counts, compiled once.
const AND_A_HALF = new RegExp(
  `^(${NUMBER_WORD}|\\d+)\\s+and\\s+(?:a\\s+)?half\\b`,
);
const AND_A_QUARTER = new RegExp(
  `^(${NUMBER_WORD}|\\d+)\\s+and\\s+(?:a\\s+)?quarter\\b`,
);
const WORD_RANGE = new RegExp(
  `^(${NUMBER_WORD})(\\s*(?:-|to|or)\\s*)(${NUMBER_WORD})\\b`,
);
const LEADING_NUMBER_WORD = new RegExp(`^(${NUMBER_WORD})\\b`);
const LEADING_COUNT = new RegExp(
  `^(?:${RANGE}|a|an|${NUMBER_WORD})\\s*(?:x\\s*)?`,
);
const ONLY_CONTAINER = new RegExp(`^${CONTAINER}$`);
const LEADING_AMOUNT = new RegExp(`^(?:${RANGE}|a|an|${NUMBER_WORD})\\s*`);
const LEADING_UNIT = new RegExp(`^${ANY_UNIT}\\s*`);

/** Trailing notes that are not part of the ingredient's name. */
const TRAILING_NOTES: readonly RegExp[] = [
  /\s*\b(?:plus|and)\s+(?:a\s+little\s+)?(?:extra|more)\b.*$/,
  /\s*\b(?:or\s+)?(?:more\s+|less\s+)?(?:to|according to)\s+taste\b.*$/,
  /\s*\b(?:or\s+)?(?:as|if)\s+(?:needed|necessary|required|desired|you like|liked|preferred)$/,
  /\s*\b(?:for|to)\s+(?:serve|serving|garnish|garnishing|decorate|decorating|decoration|dust|dusting|drizzle|drizzling|fry|frying|grease|greasing|brush|brushing|sprinkle|sprinkling|dip|dipping|cook|cooking|top|topping|finish|finishing|the\s+[a-z ]+|[a-z]+ing)$/,
  /\s*\b(?:optional|divided|at room temperature|room temperature|to serve|to garnish)$/,
  /\s*\b(?:such as|e\.g\.|eg|like)\s+.*$/,
];

/** Prefixes naming a part of the ingredient: 'juice of 1 lemon'. */
const PART_OF =
  /^((?:the\s+)?(?:[a-z]+\s+){0,3}?(?:zest|juice|rind|peel)(?:\s+and\s+(?:[a-z]+\s+){0,2}?(?:zest|juice|rind))?)\s+(?:(?:of|from)\s+|(?=\d|\.\d|half\b|an?\s))(.+)$/;
/** Vague amounts: 'a drizzle of olive oil', 'a little milk'. */
const VAGUE =
  /^((?:a\s+)?(?:little|drizzle|splash|glug|dollop|sprinkle|sprinkling|bit|good drizzle|good splash|good glug|generous drizzle|splash or two|little extra))\s+(?:of\s+)?/;

// parse-ingredient knows most written forms already; teach it ours (tins,
// tbs, litres, rashers, knobs …) and keep size words out of its units.
const ADDITIONAL_UOMS: UnitOfMeasureDefinitions = Object.fromEntries(
  Object.entries({ ...MEASURE_UNIT_FORMS, ...COUNTED_UNIT_FORMS }).map(
    ([id, forms]) => [
      `platewise ${id}`,
      {
        short: forms[0],
        plural: forms[1] ?? forms[0],
        alternates: [...forms, ...forms.map((form) => `${form}.`)],
      },
    ],
  ),
);
ADDITIONAL_UOMS['platewise dessertspoon'] = {
  short: 'dsp',
  plural: 'dessertspoons',
  alternates: ['dssp', 'dessertspoon', 'dessertspoonful', 'dsp.'],
};
ADDITIONAL_UOMS['platewise length'] = {
  short: 'cm',
  plural: 'centimetres',
  alternates: LENGTH_UNIT_FORMS.filter((form) => form !== 'in'),
  type: 'length',
};

const LIBRARY_OPTIONS = {
  additionalUOMs: ADDITIONAL_UOMS,
  ignoreUOMs: [
    'large',
    'lg',
    'medium',
    'md',
    'med',
    'small',
    'sm',
    'm',
    'meter',
    'meters',
    'ft',
    'foot',
    'feet',
    'yd',
    'yard',
    'yards',
  ],
  round: false as const,
  groupHeaderPatterns: [/^\s*$/],
};

// ---------------------------------------------------------------------------
// Helpers.

/** '1', '1.5', '.5', '1/2', '1 1/2' → number; anything else → null. */
export function parseNumber(text: string): number | null {
  const match = /^(?:(\d+(?:\.\d+)?|\.\d+)|(?:(\d+)\s+)?(\d+)\/(\d+))$/.exec(
    text.trim(),
  );
  if (!match) return null;
  if (match[1] !== undefined) return Number(match[1]);
  const denominator = Number(match[4]);
  if (denominator === 0) return null;
  return Number(match[2] ?? 0) + Number(match[3]) / denominator;
}

interface Measure {
  readonly quantity: number;
  readonly quantityMax: number | null;
  readonly unit: string;
  /** Length units describe a piece; they never become the line's unit. */
  readonly length: boolean;
}

/** Reads 'about 14-16 oz' or '400 g' into a measure. */
function readMeasure(range: string, written: string): Measure | null {
  const [low, high] = range.split(/\s*(?:-|to|or)\s*/);
  const quantity = parseNumber(low ?? '');
  if (quantity === null) return null;
  const quantityMax = high === undefined ? null : parseNumber(high);
  const key = unitKey(written);
  const scaled = SCALED_UNIT_FORMS[key];
  if (scaled?.unit) {
    return {
      quantity: quantity * scaled.factor,
      quantityMax: quantityMax === null ? null : quantityMax * scaled.factor,
      unit: scaled.unit,
      length: false,
    };
  }
  const unit = canonicalUnit(written);
  if (unit !== null) return { quantity, quantityMax, unit, length: false };
  if (LENGTH_UNIT_FORMS.includes(key)) {
    return { quantity, quantityMax, unit: key, length: true };
  }
  return null;
}

/** Unicode, dashes, glued units, comma decimals, case: one plain form. */
function normalise(line: string): string {
  return (
    line
      .normalize('NFC')
      .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000\t]/g, ' ')
      .replace(/\u2044|\u2215/g, '/')
      .replace(VULGAR, (_, whole: string | undefined, fraction: string) => {
        const value = VULGAR_FRACTIONS[fraction] ?? '';
        return whole === undefined ? ` ${value} ` : `${whole} ${value} `;
      })
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u2033]/g, '"')
      .replace(/×/g, 'x')
      .replace(/^\s*(?:[-•*·▪◦‣>]\s+|[•*·▪◦‣]\s*)/, '')
      // '3- to 4-pound' → '3 to 4-pound'
      .replace(/(\d)-\s+(to|or)\s/g, '$1 $2 ')
      // 1,5 kg → 1.5 kg; 1,000 g → 1000 g
      .replace(/(\d),(\d{3})(?!\d)/g, '$1$2')
      .replace(/(\d),(\d)/g, '$1.$2')
      // 'T' and 't' after a number are tablespoon and teaspoon.
      .replace(/(\d\s*)T\b\.?/g, '$1tbsp')
      .replace(/(\d\s*)t\b\.?/g, '$1tsp')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/^["']+|["'.,;:!]+$/g, '')
      .trim()
  );
}

/**
 * Separates numbers from glued units: '200g' → '200 g', '14-ounce' → '14
 * ounce', '2x' → '2 x'. Applied to amounts only, so notes keep '2cm cubes'.
 */
const spaceUnits = (text: string) =>
  text
    .replace(/(\d)-?(?=[a-z])/g, '$1 ')
    .replace(/\bx(?=\d)/g, 'x ')
    .replace(/\s+/g, ' ');

/** The index of the first comma outside parentheses, or Infinity. */
function commaOutsideParentheses(text: string): number {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if (char === ',' && depth === 0) return at;
  }
  return Infinity;
}

/** Splits at commas outside parentheses, trimming each part. */
function splitOutsideParentheses(text: string): string[] {
  const parts: string[] = [];
  let rest = text;
  for (let at = commaOutsideParentheses(rest); at !== Infinity;) {
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at + 1);
    at = commaOutsideParentheses(rest);
  }
  parts.push(rest.trim());
  return parts;
}

/** Rewrites number words and 'a', 'an', 'half a', 'a few' at the start. */
function numberWords(text: string): string {
  return text
    .replace(/^(?:a\s+)?few\b/, '3')
    .replace(/^a\s+couple\s*(?:of\s+)?/, '2 ')
    .replace(/^couple\s+(?:of\s+)?/, '2 ')
    .replace(/^(?:a\s+)?dozen\b/, '12')
    .replace(/^half\s+(?:a|an)\b/, '1/2')
    .replace(/^(?:a|one)\s+half(?:\s+(?:of\s+)?(?:a|an)\b)?/, '1/2')
    .replace(/^(?:a|one)\s+quarter(?:\s+(?:of\s+)?(?:a|an)\b)?/, '1/4')
    .replace(/^quarter\s+(?:of\s+)?(?:a|an)\b/, '1/4')
    .replace(/^(?:a\s+)?third\s+of\s+(?:a|an)\b/, '1/3')
    .replace(
      AND_A_HALF,
      (_, whole: string) => `${NUMBER_WORDS[whole] ?? whole} 1/2`,
    )
    .replace(
      AND_A_QUARTER,
      (_, whole: string) => `${NUMBER_WORDS[whole] ?? whole} 1/4`,
    )
    .replace(/^(\d+)\s+and\s+(\d+\/\d+)/, '$1 $2')
    .replace(
      WORD_RANGE,
      (_, low: string, joint: string, high: string) =>
        `${NUMBER_WORDS[low]}${joint}${NUMBER_WORDS[high]}`,
    )
    .replace(LEADING_NUMBER_WORD, (word: string) => `${NUMBER_WORDS[word]}`)
    .replace(/^(\d+(?:\/\d+)?)\s+(?:a|an)\s+/, '$1 ')
    .replace(/^(?:a|an)\s+/, '1 ');
}

/** Takes trailing notes ('to taste', 'for serving') off a phrase. */
function takeTrailingNotes(phrase: string, notes: string[]): string {
  let rest = phrase;
  for (let again = true; again;) {
    again = false;
    for (const pattern of TRAILING_NOTES) {
      const match = pattern.exec(rest);
      if (match && match.index > 0) {
        notes.push(match[0].trim());
        rest = rest.slice(0, match.index).trim();
        again = true;
      }
    }
  }
  return rest;
}

const bare = (word: string) => word.replace(/[,;]+$/, '');

/** Whether a phrase names nothing but preparation or descriptors. */
function isOnlyPreparation(phrase: string): boolean {
  const words = phrase.split(/[\s,]+/).filter((word) => word !== '');
  return (
    words.length === 0 ||
    words.every(
      (word) =>
        LEADING_PREPARATION.has(word) ||
        UNIT_ADJECTIVES.has(word) ||
        DESCRIPTOR_WORDS.has(word),
    )
  );
}

/**
 * How many leading preparation words to cut off, given the catalogue: all of
 * them when the rest names the same ingredient as the whole ('boiling water',
 * 'freshly grated parmesan'), none when the whole is a different, longer
 * name ('chopped tomatoes', 'shredded mozzarella'), and in between when only
 * part of the run belongs to the name ('cooked, shredded chicken').
 */
function leadingCut(
  words: readonly string[],
  longest: number,
  resolver: IngredientResolver,
): number {
  const whole = resolver.match(words.join(' '));
  const size = (key: string) => key.split(' ').length;
  for (let cut = longest; cut >= 1; cut -= 1) {
    if (PREPARATION_JOINERS.has(bare(words[cut - 1] ?? ''))) continue;
    const rest = resolver.match(words.slice(cut).join(' '));
    if (!rest) continue;
    if (!whole || rest.id === whole.id) return cut;
    if (cut === longest && size(rest.key) >= size(whole.key)) return cut;
  }
  return whole ? 0 : longest;
}

interface Split {
  readonly ingredient: string;
  readonly leading: string | null;
  readonly trailing: string | null;
}

/**
 * Splits preparation off the ingredient phrase: 'finely chopped onion',
 * 'onion finely chopped', 'peeled and diced potatoes', 'freshly ground black
 * pepper'. A phrase that is a catalogue name as a whole is kept whole.
 */
function splitPreparation(
  phrase: string,
  resolver: IngredientResolver | undefined,
): Split {
  const words = phrase.split(' ').filter((word) => word !== '');

  let start = 0;
  while (start < words.length - 1) {
    const word = bare(words[start] ?? '');
    const previous = bare(words[start - 1] ?? '');
    const fresh = word === 'ground' && previous === 'freshly';
    if (!LEADING_PREPARATION.has(word) && !fresh) break;
    start += 1;
  }
  // 'and' or 'or' end no preparation: 'salt and pepper'.
  while (start > 0 && PREPARATION_JOINERS.has(bare(words[start - 1] ?? ''))) {
    start -= 1;
  }
  if (start > 0 && resolver) start = leadingCut(words, start, resolver);

  let end = words.length;
  for (let at = start + 1; at < words.length; at += 1) {
    const word = bare(words[at] ?? '');
    if (!TRAILING_PREPARATION.has(word)) continue;
    // 'salt and freshly ground pepper' lists two ingredients.
    if (PREPARATION_JOINERS.has(bare(words[at - 1] ?? ''))) continue;
    const before = words.slice(start, at).join(' ');
    if (!resolver || resolver.match(before)) {
      end = at;
      break;
    }
  }

  const leading = start > 0 ? words.slice(0, start).join(' ') : null;
  const trailing = end < words.length ? words.slice(end).join(' ') : null;
  return {
    ingredient: words.slice(start, end).join(' ').replace(/,+$/, ''),
    leading: leading?.replace(/,+$/, '') ?? null,
    trailing,
  };
}

/**
 * A counted unit written after the ingredient: '3 garlic cloves', '4 bacon
 * rashers', '2 celery sticks'. Promoted to the unit when the rest names the
 * same ingredient as the whole.
 */
function trailingUnit(
  phrase: string,
  resolver: IngredientResolver | undefined,
): { ingredient: string; unit: ParsedUnit } | null {
  const words = phrase.split(' ');
  const last = words.at(-1);
  if (last === undefined || words.length < 2) return null;
  const unit = canonicalUnit(last);
  if (unit === null || isMeasureUnit(unit) || CONTAINER_UNITS.has(unit)) {
    return null;
  }
  const rest = words.slice(0, -1).join(' ');
  if (resolver) {
    // Only a unit the catalogue counts this ingredient in, and only when the
    // whole phrase is not the name of something else ('cinnamon stick').
    const restId = resolver.resolve(rest);
    if (restId === null) return null;
    const whole = resolver.match(phrase);
    if (whole && whole.kind !== 'contained' && whole.id !== restId) return null;
    const pieceUnits = resolver.ingredient(restId)?.pieceUnits ?? {};
    if (!Object.hasOwn(pieceUnits, unit)) return null;
  }
  return { ingredient: rest, unit };
}

const round = (value: number) => Math.round(value * 1e9) / 1e9;

// ---------------------------------------------------------------------------

/**
 * Parses one ingredient line. Without a resolver the ingredient is not
 * looked up (ingredientId null) and a whole-phrase catalogue name such as
 * 'chopped tomatoes' cannot be told from a preparation.
 */
export function parseIngredientLine(
  line: string,
  resolver?: IngredientResolver,
): ParsedLine {
  const notes: string[] = [];
  let text = normalise(line.slice(0, MAX_LINE_LENGTH));

  // Parentheses and brackets: a measure is a size or an alternative, any
  // other content is a note.
  const parenMeasures: { measure: Measure; before: string }[] = [];
  const firstComma = commaOutsideParentheses(text);
  text = text
    .replace(
      /\(([^()]*)\)|\[([^[\]]*)\]/g,
      (
        whole: string,
        a: string | undefined,
        b: string | undefined,
        offset: number,
        all: string,
      ) => {
        const content = spaceUnits((a ?? b ?? '').trim());
        const match = PAREN_MEASURE.exec(content);
        const measure = match
          ? readMeasure(match[1] ?? '', match[2] ?? '')
          : null;
        if (measure) {
          parenMeasures.push({ measure, before: all.slice(0, offset).trim() });
        } else if (PAREN_AMOUNT.test(content)) {
          // '(2 sticks)', '(1 packet)': the same amount in other words.
        } else if (offset > firstComma) {
          // A note inside the preparation stays where it is written.
          return whole;
        } else if (content !== '') {
          notes.push(content);
        }
        return ' ';
      },
    )
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();

  // A part of the ingredient: 'juice of 1 lemon' → 1 lemon, 'juice'.
  const partOf = PART_OF.exec(text);
  if (partOf) {
    notes.push((partOf[1] ?? '').replace(/^the\s+/, ''));
    text = partOf[2] ?? '';
  }

  // Comma tail: preparation and notes ('garlic, minced', 'salt, to taste').
  const [head = '', ...tail] = splitOutsideParentheses(text);
  let headText = spaceUnits(head);
  while (tail.length > 0 && isOnlyPreparation(stripAmount(headText))) {
    headText = `${headText}, ${tail.shift() ?? ''}`;
  }

  headText = headText.replace(
    /^(?:(?:about|approx\.?|approximately|around|roughly|up to|at least|~|c\.|ca\.|scant|generous|heaped|heaping|level|rounded|good)\s*)+(?=[\d.]|a\b|an\b|one\b|half\b)/,
    '',
  );
  headText = headText.replace(/^some\s+/, '');
  const vague = VAGUE.exec(headText);
  if (vague) {
    notes.push((vague[1] ?? '').replace(/^(?!a\s)/, 'a '));
    headText = headText.slice(vague[0].length);
  }
  headText = numberWords(headText);
  headText = headText.replace(LEADING_UNIT_ADJECTIVE, '$1');

  // Dual units: keep the first ('200 g/7 oz' → 200 g).
  headText = headText.replace(DUAL_UNIT, '$1');

  // Multipliers and package sizes.
  let multiplier = 1;
  const counted = MULTIPLIER.exec(headText) ?? COUNT_BEFORE_SIZE.exec(headText);
  if (counted) {
    multiplier = parseNumber(counted[1] ?? '') ?? 1;
    headText = headText.slice(counted[0].length);
  }
  // A size in parentheses right after the count or a container word is per
  // item ('1 (14 oz) can', '2 (6 oz) salmon fillets', '1 can (400 g)'); one
  // elsewhere counts only when the line's unit is a container ('1 can
  // coconut milk (400 ml)').
  let packageMeasure: Measure | null = null;
  let packageIsPerItem = false;
  for (const { measure, before } of parenMeasures) {
    if (measure.length) continue;
    const rest = before.replace(LEADING_COUNT, '');
    if (rest === '' || ONLY_CONTAINER.test(rest)) {
      packageMeasure = measure;
      packageIsPerItem = true;
      break;
    }
    packageMeasure ??= measure;
  }

  // Compound amounts, in the first unit: '1 lb 4 oz' → 1.25 lb.
  headText = headText.replace(
    COMPOUND,
    (whole, a: string, ua: string, b: string, ub: string) => {
      const first = canonicalUnit(ua);
      const second = canonicalUnit(ub);
      const sizeA =
        first && isMeasureUnit(first) ? MEASURE_SIZES[first] : undefined;
      const sizeB =
        second && isMeasureUnit(second) ? MEASURE_SIZES[second] : undefined;
      const x = parseNumber(a);
      const y = parseNumber(b);
      if (!sizeA || !sizeB || x === null || y === null) return whole;
      if (sizeA.dimension !== sizeB.dimension || sizeB.toBase >= sizeA.toBase) {
        return whole;
      }
      return `${x + (y * sizeB.toBase) / sizeA.toBase} ${ua}`;
    },
  );

  // Name first, measure last: 'butter 50 g'.
  if (!/^[\d.]/.test(headText)) {
    const late = TRAILING_MEASURE.exec(headText);
    if (late) headText = `${late[2]} ${late[1]}`;
  }

  const parsed = parseIngredient(headText, LIBRARY_OPTIONS)[0];
  let quantity = parsed?.quantity ?? null;
  let quantityMax = parsed?.quantity2 ?? null;
  let description = parsed?.description.trim() ?? headText;
  let unit: ParsedUnit | null = null;
  const written = parsed?.unitOfMeasure ?? null;

  if (written !== null) {
    const key = unitKey(written);
    const scaled = SCALED_UNIT_FORMS[key];
    if (scaled) {
      unit = scaled.unit;
      if (quantity !== null) quantity *= scaled.factor;
      else quantity = scaled.factor;
      if (quantityMax !== null) quantityMax *= scaled.factor;
    } else if (LENGTH_UNIT_FORMS.includes(key)) {
      // '2.5 cm piece ginger', '1 inch cinnamon stick': one piece.
      quantity = null;
      quantityMax = null;
      const piece = LEADING_SIZE_PIECE.exec(description);
      if (piece) {
        unit = 'piece';
        description = description.slice(piece[0].length);
      }
    } else {
      unit = canonicalUnit(written);
    }
  }
  description = description.replace(/^(?:of|each)\s+/, '');
  let canned = unit === 'can';

  if (unit !== null && isMeasureUnit(unit)) {
    // '400 g tin chopped tomatoes', '400 g can of chickpeas'
    const container = LEADING_CONTAINER.exec(description);
    if (container) {
      canned = canonicalUnit(container[0].replace(/\s+of\s*$/, '')) === 'can';
      description = description.slice(container[0].length);
    }
  } else if (unit === null) {
    const piece = LEADING_SIZE_PIECE.exec(description);
    if (piece && (quantity !== null || multiplier !== 1)) {
      unit = 'piece';
      description = description.slice(piece[0].length);
    }
  }

  if (
    packageMeasure &&
    (packageIsPerItem || (unit !== null && CONTAINER_UNITS.has(unit)))
  ) {
    const count = quantity ?? 1;
    quantity = count * packageMeasure.quantity;
    quantityMax =
      quantityMax !== null
        ? quantityMax * packageMeasure.quantity
        : packageMeasure.quantityMax === null
          ? null
          : count * packageMeasure.quantityMax;
    unit = packageMeasure.unit as ParsedUnit;
  }
  if (multiplier !== 1 || counted) {
    quantity = quantity === null ? multiplier : quantity * multiplier;
    if (quantityMax !== null) quantityMax *= multiplier;
  }
  if (quantity === null && unit !== null) quantity = 1;

  // The ingredient phrase: notes, preparation, a counted unit written last.
  description = takeTrailingNotes(description.replace(/\s+/g, ' '), notes);
  const split = splitPreparation(description.replace(/^of\s+/, ''), resolver);
  let ingredient = split.ingredient;
  if (unit === null && quantity !== null) {
    const promoted = trailingUnit(ingredient, resolver);
    if (promoted) {
      unit = promoted.unit;
      ingredient = promoted.ingredient;
    }
  }
  if (ingredient === '' && unit !== null && !isMeasureUnit(unit)) {
    // '6 cloves' is the spice, not a unit of nothing.
    ingredient = written?.toLowerCase() ?? '';
    unit = null;
  }
  const preparation = [
    ...(split.leading ? [split.leading] : []),
    ...(split.trailing ? [split.trailing] : []),
    ...tail,
    ...notes,
  ]
    .map((note) => note.trim())
    .filter((note) => note !== '');
  const ordered = orderNotes(
    preparation,
    normalise(line.slice(0, MAX_LINE_LENGTH)),
  );

  return {
    line,
    quantity: quantity === null ? null : round(quantity),
    quantityMax:
      quantityMax === null || quantity === null || quantityMax === quantity
        ? null
        : round(quantityMax),
    unit,
    ingredient: ingredient.replace(/\s+/g, ' ').trim(),
    ingredientId: resolveIngredient(
      ingredient,
      unit,
      canned,
      ordered.length > 0 ? ordered.join(', ') : null,
      resolver,
    ),
    preparation: ordered.length > 0 ? ordered.join(', ') : null,
  };
}

/** Preparations that only a fresh ingredient takes: 'chopped coriander'. */
const FRESH_CUTS = /\b(?:chopped|torn|picked|snipped|minced|sliced|shredded)\b/;

/**
 * The catalogue id of the ingredient. A counted unit may belong to the name
 * ('1 ear of corn' → corn on the cob, not sweetcorn); a can makes it canned
 * ('1 x 400g tin lentils' → canned lentils). An ambiguous word ('coriander':
 * fresh, ground or seed) is settled by the unit the catalogue counts it in
 * ('a bunch of coriander') or by a cut that only a fresh ingredient takes
 * ('chopped coriander'); otherwise it stays unresolved.
 */
function resolveIngredient(
  ingredient: string,
  unit: ParsedUnit | null,
  canned: boolean,
  preparation: string | null,
  resolver: IngredientResolver | undefined,
): string | null {
  if (!resolver || ingredient === '') return null;
  const exactly = (phrase: string) => {
    const found = resolver.match(phrase);
    return found?.kind === 'exact' || found?.kind === 'singular'
      ? found.id
      : null;
  };
  if (unit !== null && !isMeasureUnit(unit)) {
    const named = exactly(`${unit} of ${ingredient}`);
    if (named) return named;
  }
  if (canned) {
    const tinned = exactly(`canned ${ingredient}`);
    if (tinned) return tinned;
  }
  const id = resolver.resolve(ingredient);
  if (id !== null) return id;

  let candidates = resolver.candidates(ingredient);
  const narrow = (keep: (entry: Ingredient) => boolean) => {
    const kept = candidates.filter((candidate) => {
      const entry = resolver.ingredient(candidate);
      return entry !== undefined && keep(entry);
    });
    if (kept.length > 0) candidates = kept;
  };
  if (unit !== null && !isMeasureUnit(unit)) {
    narrow((entry) => Object.hasOwn(entry.pieceUnits ?? {}, unit));
  }
  if (preparation !== null && FRESH_CUTS.test(preparation)) {
    narrow((entry) => entry.perishable);
  }
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}

/** The head without its leading amount, to see whether anything is named. */
function stripAmount(head: string): string {
  return head
    .replace(LEADING_AMOUNT, '')
    .replace(LEADING_UNIT, '')
    .replace(/^of\s+/, '');
}

/** Orders preparation fragments as they appear in the line, without repeats. */
function orderNotes(notes: readonly string[], line: string): string[] {
  const unique = [...new Set(notes)];
  const position = (note: string) => {
    const at = line.indexOf(note);
    return at === -1 ? line.length : at;
  };
  return unique
    .map((note, order) => ({ note, order, at: position(note) }))
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map(({ note }) => note);
}

/** Parses many lines with one resolver. */
export function parseIngredientLines(
  lines: readonly string[],
  resolver?: IngredientResolver,
): ParsedLine[] {
  return lines.map((line) => parseIngredientLine(line, resolver));
}
