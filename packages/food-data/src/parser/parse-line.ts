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
import { MAX_PHRASE_WORDS } from './resolve.js';
import type { IngredientMatch, IngredientResolver } from './resolve.js';
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
 * is that long, and it bounds the work a request can cause. Every step below
 * is linear in the line's length (issue 9; `parse-cost.test.ts` checks the
 * pathological shapes), so the length alone bounds the time.
 */
export const MAX_LINE_LENGTH = 500;

/**
 * parse-ingredient reads at most this many characters of the amount part,
 * cut at a space; the rest is appended to its description. It finds the end
 * of a quantity by trying every prefix of a run of digits, spaces and
 * slashes, longest first, which is quadratic in the run ('½' x 500 became
 * 2,500 such characters and took 80 ms); a real amount and unit fit in a few
 * dozen characters (the longest labelled line has 72 in all).
 */
const LIBRARY_WINDOW = 80;
/**
 * Of a leading run of characters that can belong to a number (digits,
 * spaces, '.', ',', '/', '-', 'e' …: the library's own class), it reads at
 * most this many; '1 1/2 - 2 1/2' has 13.
 */
const QUANTITY_RUN_MAX = 24;
const LEADING_NUMBER = /^\.?\p{Nd}/u;
const QUANTITY_RUN =
  /^[\p{Nd}\s.,_/+eE\u2044\u2070-\u209f\u00b2\u00b3\u00b9-]*/u;

/**
 * At most this many comma parts are folded back into a head that names no
 * ingredient yet ('2 large, ripe tomatoes'): each fold re-reads the head.
 */
const MAX_FOLDED_PARTS = 8;

/** Passes over the trailing notes of a phrase (takeTrailingNotes). */
const MAX_NOTE_PASSES = 4;

/** A size in parentheses is per item only right after a short count. */
const PER_ITEM_PREFIX_MAX = 64;

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

/**
 * A parenthesis that is only a measure: '(14 oz)', '(about 240 ml / 1 cup)'.
 * Its content is single-spaced, and each space between measures has one way
 * to match (` ?`, not `\s*…\s*`): with two, a failing match tried every split
 * of every space, 2^n for n measures (issue 9).
 */
const PAREN_MEASURE = new RegExp(
  String.raw`^(?:about|approx\.?|approximately|around|roughly|~|c\.|each|total|scant|generous|at least)? ?(${RANGE}) ?(${MEASURE_UNIT})(?: ?(?:(?:/|or|,|-) ?)?(?:about ?)?${MEASURE})* ?(?:each|total|in total|drained weight|drained|net weight|size|can|tin|jar|pack|packet|package|piece)?s?$`,
);
/** A parenthesis that is an amount in a counted unit: '(2 sticks)'. */
const PAREN_AMOUNT = new RegExp(
  String.raw`^(?:about|approx\.?|approximately|around|roughly|~)?\s*${RANGE}\s*${ANY_UNIT}$`,
);
/** Packages in a parenthesis: '(2 x 400 g tins)'. */
const PACKAGES = new RegExp(String.raw`^\d+ ?x ${MEASURE}(?: ${CONTAINER})?$`);
/**
 * A dual unit after a measure: '200 g/7 oz', '1 cup/240 ml/8 fl oz'. It starts
 * only where a number starts: tried from inside a run of digits, it rescanned
 * the run from each of them.
 */
const DUAL_UNIT = new RegExp(
  String.raw`(?<![\d.])(${MEASURE})(?:\s*/\s*(?:${MEASURE})(?:\s+${MEASURE})*)+`,
  'g',
);
/** Mass and volume units only, for sizes. */
const SIZE_UNIT = `(?:${alternation(Object.values(MEASURE_UNIT_FORMS).flat())})(?![a-z])`;
const LENGTH_UNIT = `(?:${alternation(LENGTH_UNIT_FORMS)})(?![a-z])`;
/**
 * A count before a size: '2 400 g tins', '1 14 oz can', 'one 3- to 4-pound
 * chicken', '1 13 3/4-ounce can'. The size is a whole or decimal number, or a
 * whole number and a fraction after the count, so a mixed number such as
 * '2 1/2 cups' is never read as a count.
 */
const COUNT_BEFORE_SIZE = new RegExp(
  String.raw`^(\d+)\s+(?=(?:\d+ \d+/\d+|\d+(?:\.\d+)?(?:\s*(?:-|to)\s*\d+(?:\.\d+)?)?)\s*${SIZE_UNIT})`,
);
/** A count before a length: '1 1-inch piece ginger', '6 6-inch tortillas'. */
const COUNT_BEFORE_LENGTH = new RegExp(
  String.raw`^(\d+) (?=\d+(?:\.\d+)? ?${LENGTH_UNIT})`,
);
/** An explicit multiplier: '2 x 400 g', '3 x chicken breasts'. */
const MULTIPLIER = new RegExp(String.raw`^(${NUM})\s*x\s+(?=\S)`);
/**
 * A sum of two parts: '1 lb 4 oz', '1/4 cup plus 2 tbsp', '3 tbsp + 1 tsp',
 * '2 tbsp plus 1/3 cup'. Spaces are single here, and each has one way to
 * match.
 */
const COMPOUND = new RegExp(
  String.raw`^(${NUM}) ?(${MEASURE_UNIT}) ?(\+|plus\b|and\b)? ?(${NUM}) ?(${MEASURE_UNIT})`,
);
/** Parts of a sum read at most: '1 cup plus 2 tbsp plus 1 tsp'. */
const MAX_SUM_PARTS = 3;
/**
 * ' or ' before an amount: '2 tbsp butter or 1/4 cup olive oil' names an
 * alternative with its own amount. Each position is tried once.
 */
const OR_AMOUNT = new RegExp(
  String.raw` or (?=[\d.]|(?:${Object.keys(NUMBER_WORDS).join('|')})\b)`,
  'g',
);
/** Alternatives read at most ('an, b, c or d'), and comma parts to reach them. */
const MAX_ALTERNATIVES = 6;
/** Comma parts of adjectives folded into the name after them. */
const MAX_ADJECTIVE_PARTS = 3;
/**
 * A short run of words, letters only: an adjective ('unsifted') or an
 * alternative ('red wine'). One space between words, so one way to match.
 */
const SHORT_WORDS = /^\p{L}[\p{L}'-]*(?: \p{L}[\p{L}'-]*){0,2}$/u;
/** A name after adjectives: a few more words ('unsifted all-purpose flour'). */
const NAME_WORDS = /^\p{L}[\p{L}'-]*(?: \p{L}[\p{L}'-]*){0,5}$/u;
/** Words that start a note, never a name or an adjective. */
const NOTE_START =
  /^(?:or|and|to|for|plus|such|as|if|optional|about|e\.g|eg|like|at|divided|see|use|preferably|ideally|into|in|with|from|without|cut|room|more|less|reserved|each)\b/;
/** A conjunction inside a phrase: 'peanut or vegetable oil'. */
const CONJUNCTION = /(?:^| )(?:or|and|&|and\/or)(?: |$)/;
/**
 * A measure at the end of a line written name first: 'butter 50 g'. Searched
 * from after the first letter, so the leftmost (longest) measure wins; a
 * `^(.*[a-z].*?)` prefix tried every pair of positions.
 */
const TRAILING_MEASURE = new RegExp(String.raw`(?: ?[-:])? (${MEASURE})$`, 'g');
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
// A number is read whole ('1/2', not '1' of it): nothing after it forces that.
const LEADING_AMOUNT = new RegExp(
  `^(?:${RANGE}|a|an|${NUMBER_WORD})(?![\\d/.])\\s*`,
);
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

const TRAILING_PUNCTUATION = new Set(['"', "'", '.', ',', ';', ':', '!']);

/**
 * The text without the punctuation that ends it. A loop from the end: the
 * regex `["'.,;:!]+$` rescans a long run of dots from each of its positions.
 */
function withoutTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(text[end - 1] ?? '')) end -= 1;
  return text.slice(0, end);
}

/**
 * Vulgar fractions and fraction slashes written with a plain slash:
 * '1½' and '1 ½' → '1 1/2 ', '3⁄4' → '3/4'. Spaces are folded first, so
 * the pattern's `\s*` never rescans a long run of them. Shared with the
 * recipe-import benchmark, which compares lines in this form.
 */
export function plainFractions(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\u2044|\u2215/g, '/')
    .replace(VULGAR, (_, whole: string | undefined, fraction: string) => {
      const value = VULGAR_FRACTIONS[fraction] ?? '';
      return whole === undefined ? ` ${value} ` : `${whole} ${value} `;
    });
}

/** Unicode, dashes, glued units, comma decimals, case: one plain form. */
function normalise(line: string): string {
  return withoutTrailingPunctuation(
    plainFractions(
      line
        .normalize('NFC')
        .replace(/[\u00a0\u2000-\u200b\u202f\u205f\u3000\t]/g, ' '),
    )
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
      .replace(/^["']+/, ''),
  ).trim();
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

/** Splits at commas outside parentheses, trimming each part; one pass. */
function splitOutsideParentheses(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(from, at).trim());
      from = at + 1;
    }
  }
  parts.push(text.slice(from).trim());
  return parts;
}

/**
 * Rewrites number words and 'a', 'an', 'half a', 'a few' at the start.
 * 'Several' is three, as 'a few' is: the planner needs an amount.
 */
function numberWords(text: string): string {
  return text
    .replace(/^(?:a\s+)?few\b/, '3')
    .replace(/^several\b/, '3')
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
  // Each pass reads the whole phrase again; a few passes take every note a
  // real line has, and more made 'salt optional optional …' quadratic.
  for (let again = true, pass = 0; again && pass < MAX_NOTE_PASSES; pass += 1) {
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
    // The resolver answers null for longer phrases: don't build them.
    if (words.length - cut > MAX_PHRASE_WORDS) break;
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
    // The resolver answers null for longer phrases: don't build them.
    if (resolver && at - start > MAX_PHRASE_WORDS) break;
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
 * Adds up a sum of measures at the start of a head, in the larger unit:
 * '1 lb 4 oz' → 1.25 lb, '2 tbsp plus 1/3 cup' → 0.4583 cup. Without a
 * joiner ('+', 'plus', 'and') only the larger unit first is a sum.
 */
function addUpSums(head: string): string {
  let text = head;
  for (let part = 1; part < MAX_SUM_PARTS; part += 1) {
    const next = text.replace(COMPOUND, sumOfTwo);
    if (next === text) break;
    text = next;
  }
  return text;
}

function sumOfTwo(
  whole: string,
  a: string,
  ua: string,
  joiner: string | undefined,
  b: string,
  ub: string,
): string {
  const first = canonicalUnit(ua);
  const second = canonicalUnit(ub);
  const sizeA =
    first && isMeasureUnit(first) ? MEASURE_SIZES[first] : undefined;
  const sizeB =
    second && isMeasureUnit(second) ? MEASURE_SIZES[second] : undefined;
  const x = parseNumber(a);
  const y = parseNumber(b);
  if (!sizeA || !sizeB || x === null || y === null) return whole;
  if (sizeA.dimension !== sizeB.dimension) return whole;
  if (joiner === undefined && sizeB.toBase >= sizeA.toBase) return whole;
  const total = x * sizeA.toBase + y * sizeB.toBase;
  return sizeB.toBase > sizeA.toBase
    ? `${total / sizeB.toBase} ${ub}`
    : `${total / sizeA.toBase} ${ua}`;
}

/**
 * Cuts an alternative with its own amount off a head: '2 tbsp butter or 1/4
 * cup olive oil' → '2 tbsp butter' and the note 'or 1/4 cup olive oil'. Not
 * a range ('2 or 3 cloves', 'one or two'): something must be named before
 * the 'or'.
 */
function cutAlternativeAmount(head: string): {
  head: string;
  note: string | null;
} {
  OR_AMOUNT.lastIndex = 0;
  let found: { head: string; note: string | null } = { head, note: null };
  // A range may come first ('2 or 3 tbsp butter or 1/4 cup oil'): two tries.
  for (let tries = 0; tries < 2; tries += 1) {
    const match = OR_AMOUNT.exec(head);
    if (!match) break;
    const before = head.slice(0, match.index);
    if (/[a-z]/.test(stripAmount(spaceUnits(numberWords(before))))) {
      found = { head: before, note: head.slice(match.index + 1) };
      break;
    }
  }
  OR_AMOUNT.lastIndex = 0;
  return found;
}

/** Whether a comma part can be an adjective or an alternative. */
const isShortTerm = (text: string) =>
  SHORT_WORDS.test(text) &&
  !NOTE_START.test(text) &&
  !CONJUNCTION.test(text) &&
  !isOnlyPreparation(text);

/**
 * Adjectives before a comma describe the name after it: '1/2 cup unsifted,
 * unbleached flour' → head '1/2 cup flour', note 'unsifted, unbleached'.
 * Only when the words before the comma name nothing in the catalogue and
 * the part after them does; the name keeps the shortest run of its last
 * words that the catalogue knows as such ('unsifted all-purpose flour' →
 * 'all-purpose flour').
 */
function foldAdjectives(
  headText: string,
  parts: readonly string[],
  resolver: IngredientResolver,
): { head: string; parts: number; note: string } | null {
  const named = stripAmount(headText);
  if (named === '' || !isShortTerm(named) || resolver.match(named)) {
    return null;
  }
  const adjectives = [named];
  for (let at = 0; at < parts.length && at < MAX_ADJECTIVE_PARTS; at += 1) {
    const part = parts[at] ?? '';
    if (
      !NAME_WORDS.test(part) ||
      NOTE_START.test(part) ||
      CONJUNCTION.test(part) ||
      isOnlyPreparation(part)
    ) {
      return null;
    }
    const found = resolver.match(part);
    if (!found) {
      if (!SHORT_WORDS.test(part)) return null;
      adjectives.push(part);
      continue;
    }
    const words = part.split(' ');
    let cut = 0;
    if (found.kind !== 'exact' && found.kind !== 'singular') {
      for (let from = 1; from < words.length; from += 1) {
        const rest = resolver.match(words.slice(from).join(' '));
        if (
          rest?.id === found.id &&
          (rest.kind === 'exact' || rest.kind === 'singular')
        ) {
          cut = from;
          break;
        }
      }
    }
    if (cut > 0) adjectives.push(words.slice(0, cut).join(' '));
    return {
      head: `${headText.slice(0, headText.length - named.length)}${words.slice(cut).join(' ')}`,
      parts: at + 1,
      note: adjectives.join(', '),
    };
  }
  return null;
}

/**
 * A list of alternatives across commas: '1 cup corn, peanut or vegetable
 * oil'. The last noun is shared when the last alternative has more words
 * than one (corn oil, peanut oil, vegetable oil). The ingredient is the first
 * alternative the catalogue knows by name (the last one by any match), and
 * the others become the note 'or peanut or vegetable oil'.
 */
function alternativesList(
  description: string,
  tail: readonly string[],
  resolver: IngredientResolver,
): { ingredient: string; note: string; parts: number } | null {
  if (!isShortTerm(description)) return null;
  const items = [description];
  let parts = 0;
  for (
    let at = 0;
    at < tail.length && items.length < MAX_ALTERNATIVES;
    at += 1
  ) {
    const part = tail[at] ?? '';
    const or = part.indexOf(' or ');
    if (or === -1) {
      if (!isShortTerm(part)) return null;
      items.push(part);
      continue;
    }
    const left = part.slice(0, or);
    const right = part.slice(or + 4);
    if (!isShortTerm(left) || !isShortTerm(right)) return null;
    items.push(left, right);
    parts = at + 1;
    break;
  }
  if (parts === 0) return null;

  const lastWords = (items.at(-1) ?? '').split(' ');
  const noun = lastWords.length > 1 ? (lastWords.at(-1) ?? '') : '';
  const full = items.map((item) =>
    noun === '' || item === noun || item.endsWith(` ${noun}`)
      ? item
      : `${item} ${noun}`,
  );
  const named = (found: IngredientMatch | null): found is IngredientMatch =>
    found?.kind === 'exact' ||
    found?.kind === 'singular' ||
    found?.kind === 'descriptors';
  // 'milk, water or chicken stock': alternatives that share no noun with the
  // last are read plain, when they are sold the way it is (by volume, by
  // weight, by the piece). 'walnut, hazelnut or olive oil' shares it: walnuts
  // are sold by weight, oils by volume.
  const lastFound = resolver.match(full.at(-1) ?? '');
  const lastUnit =
    lastFound === null
      ? undefined
      : resolver.ingredient(lastFound.id)?.package.unit;
  const soldAlike = (found: IngredientMatch | null) =>
    named(found) &&
    lastUnit !== undefined &&
    resolver.ingredient(found.id)?.package.unit === lastUnit;
  let plain = false;
  const chosen = full.findIndex((phrase, at) => {
    const found = resolver.match(phrase);
    if (at === full.length - 1) return found !== null;
    if (named(found)) return true;
    plain = noun !== '' && soldAlike(resolver.match(items[at] ?? ''));
    return plain;
  });
  if (chosen === -1) return null;
  // The others as written, with the shared noun once at the end: 'or peanut
  // or vegetable oil', 'or walnut or hazelnut oil'.
  const others = items.filter((_, at) => at !== chosen);
  const last = others.at(-1) ?? '';
  if (noun !== '' && last !== noun && !last.endsWith(` ${noun}`)) {
    others[others.length - 1] = `${last} ${noun}`;
  }
  return {
    ingredient: (plain ? items[chosen] : full[chosen]) ?? description,
    note: `or ${others.join(' or ')}`,
    parts,
  };
}

/**
 * Where an amount written after the name is ('Nutella (400g)', 'Parmesan
 * (50 g), grated', 'Chickpeas (2 x 400g tins)', 'Dark chocolate, 200g'):
 * the text with that amount moved to the front, or null.
 */
function amountFirst(text: string): string | null {
  const open = text.indexOf('(');
  const comma = commaOutsideParentheses(text);
  if (open > 0 && open < comma) {
    const close = text.indexOf(')', open);
    if (close !== -1) {
      const content = text.slice(open + 1, close).trim();
      // 'Eggs (3)': a bare count after the name is the amount too.
      if (isAmount(content) || /^[1-9]\d{0,2}$/.test(content)) {
        return `${content} ${text.slice(0, open).trim()} ${text.slice(close + 1).trim()}`
          .replace(/\s+/g, ' ')
          .replace(/ ,/g, ',')
          .trim();
      }
    }
  }
  if (comma !== Infinity) {
    const [head = '', first = '', ...rest] = splitOutsideParentheses(text);
    if (isAmount(first)) return [`${first} ${head}`, ...rest].join(', ');
  }
  return null;
}

/** Whether a parenthesis or a comma part is only an amount: '400g', '2 x 400g tins'. */
function isAmount(content: string): boolean {
  const spaced = spaceUnits(content);
  const measure = PAREN_MEASURE.exec(spaced);
  if (measure) {
    const read = readMeasure(measure[1] ?? '', measure[2] ?? '');
    return read !== null && !read.length;
  }
  return PAREN_AMOUNT.test(spaced) || PACKAGES.test(spaced);
}

/**
 * Parses one ingredient line. Without a resolver the ingredient is not
 * looked up (ingredientId null) and a whole-phrase catalogue name such as
 * 'chopped tomatoes' cannot be told from a preparation.
 */
export function parseIngredientLine(
  line: string,
  resolver?: IngredientResolver,
): ParsedLine {
  const normalised = normalise(line.slice(0, MAX_LINE_LENGTH));
  return parseText(line, normalised, normalised, resolver, true);
}

/**
 * Parses a normalised line. `ordered` is the normalised line as written, by
 * which notes are ordered; `mayReorder` allows one more pass with an amount
 * written after the name moved to the front ('Nutella (400g)'), so a line
 * costs at most two passes.
 */
function parseText(
  line: string,
  written: string,
  ordered: string,
  resolver: IngredientResolver | undefined,
  mayReorder: boolean,
): ParsedLine {
  const notes: string[] = [];
  /** Where notes the parser words itself were written (orderNotes). */
  const places = new Map<string, number>();
  /** Lengths of a piece ('1 inch'), placed before the other notes. */
  const sizeNotes: string[] = [];
  let text = written;

  // Parentheses and brackets: a measure is a size or an alternative, any
  // other content is a note.
  // `before` is the text ahead of the parenthesis, kept only when it is short
  // enough to be a count (copying it for every parenthesis was quadratic).
  const parenMeasures: { measure: Measure; before: string | null }[] = [];
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
          const before =
            offset <= PER_ITEM_PREFIX_MAX ? all.slice(0, offset).trim() : null;
          parenMeasures.push({ measure, before });
          // '1 (2-inch) piece ginger': the length describes the piece.
          if (measure.length && sizeNotes.length === 0) {
            sizeNotes.push(`${match?.[1] ?? ''} ${match?.[2] ?? ''}`);
          }
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
  const [rawHead = '', ...parts] = splitOutsideParentheses(text);
  // An alternative with its own amount: '2 tbsp butter or 1/4 cup olive oil'.
  const alternative = cutAlternativeAmount(rawHead);
  if (alternative.note !== null) notes.push(alternative.note);
  let headText = spaceUnits(alternative.head);
  let folded = 0;
  while (
    folded < parts.length &&
    folded < MAX_FOLDED_PARTS &&
    isOnlyPreparation(stripAmount(headText))
  ) {
    headText = `${headText}, ${parts[folded] ?? ''}`;
    folded += 1;
  }
  if (resolver && folded === 0 && parts.length > 0) {
    // '1/2 cup unsifted, unbleached flour'
    const adjectives = foldAdjectives(headText, parts, resolver);
    if (adjectives) {
      headText = adjectives.head;
      folded = adjectives.parts;
      notes.push(adjectives.note);
    }
  }
  let tail = parts.slice(folded);

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
  const counted =
    MULTIPLIER.exec(headText) ??
    COUNT_BEFORE_SIZE.exec(headText) ??
    COUNT_BEFORE_LENGTH.exec(headText);
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
    const rest = before?.replace(LEADING_COUNT, '') ?? null;
    if (rest !== null && (rest === '' || ONLY_CONTAINER.test(rest))) {
      packageMeasure = measure;
      packageIsPerItem = true;
      break;
    }
    packageMeasure ??= measure;
  }

  // Sums, in the larger unit: '1 lb 4 oz' → 1.25 lb.
  headText = addUpSums(headText);

  // Name first, measure last: 'butter 50 g'.
  if (!/^[\d.]/.test(headText)) {
    const late = trailingMeasure(headText);
    if (late) headText = `${late.measure} ${late.name}`;
  }

  const { parsed, description: readDescription } = readAmount(headText);
  let quantity = parsed?.quantity ?? null;
  let quantityMax = parsed?.quantity2 ?? null;
  let description = readDescription;
  let unit: ParsedUnit | null = null;
  let length = false;
  const writtenUnit = parsed?.unitOfMeasure ?? null;

  if (writtenUnit !== null) {
    const key = unitKey(writtenUnit);
    const scaled = SCALED_UNIT_FORMS[key];
    if (scaled) {
      unit = scaled.unit;
      if (quantity !== null) quantity *= scaled.factor;
      else quantity = scaled.factor;
      if (quantityMax !== null) quantityMax *= scaled.factor;
    } else if (LENGTH_UNIT_FORMS.includes(key)) {
      // '2.5 cm piece ginger', '1 inch cinnamon stick': one piece, and the
      // length as a note.
      length = true;
      if (sizeNotes.length === 0 && headText.endsWith(readDescription)) {
        const size = headText
          .slice(0, headText.length - readDescription.length)
          .trim();
        if (size !== '') sizeNotes.push(size);
      }
      quantity = null;
      quantityMax = null;
      const piece = LEADING_SIZE_PIECE.exec(description);
      if (piece) {
        unit = 'piece';
        description = description.slice(piece[0].length);
      }
    } else {
      unit = canonicalUnit(writtenUnit);
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
  if (quantity === null && (unit !== null || length)) quantity = 1;

  // An amount written after the name: 'Nutella (400g)' is 400 g Nutella.
  if (quantity === null && !vague && !partOf && mayReorder) {
    const reordered = amountFirst(written);
    if (reordered !== null) {
      return parseText(line, reordered, ordered, resolver, false);
    }
  }

  // Alternatives across commas: '1 cup corn, peanut or vegetable oil'.
  if (resolver && tail.length > 0) {
    const list = alternativesList(
      description.replace(/^of\s+/, ''),
      tail,
      resolver,
    );
    if (list) {
      description = list.ingredient;
      notes.push(list.note);
      places.set(list.note, ordered.indexOf(tail[0] ?? ''));
      tail = tail.slice(list.parts);
    }
  }

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
    ingredient = writtenUnit?.toLowerCase() ?? '';
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
  const orderedNotes = [
    ...sizeNotes,
    ...orderNotes(preparation, ordered, places),
  ];
  const joined = orderedNotes.length > 0 ? orderedNotes.join(', ') : null;

  return {
    line,
    quantity: quantity === null ? null : round(quantity),
    quantityMax:
      quantityMax === null || quantity === null || quantityMax === quantity
        ? null
        : round(quantityMax),
    unit,
    ingredient: ingredient.replace(/\s+/g, ' ').trim(),
    ingredientId: resolveIngredient(ingredient, unit, canned, joined, resolver),
    preparation: joined,
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

/** 'butter 50 g' → name 'butter', measure '50 g'; null without both. */
function trailingMeasure(
  text: string,
): { name: string; measure: string } | null {
  const single = text.replace(/\s+/g, ' ');
  const letter = single.search(/[a-z]/);
  if (letter === -1) return null;
  TRAILING_MEASURE.lastIndex = letter + 1;
  const match = TRAILING_MEASURE.exec(single);
  TRAILING_MEASURE.lastIndex = 0;
  if (!match) return null;
  return { name: single.slice(0, match.index), measure: match[1] ?? '' };
}

/**
 * parse-ingredient's reading of the amount and unit at the start of a head,
 * given at most LIBRARY_WINDOW characters; the description is the rest of
 * the head.
 */
function readAmount(headText: string): {
  parsed: ReturnType<typeof parseIngredient>[number] | undefined;
  description: string;
} {
  const run = QUANTITY_RUN.exec(headText)?.[0].length ?? 0;
  const limit = run > QUANTITY_RUN_MAX ? QUANTITY_RUN_MAX : LIBRARY_WINDOW;
  let window = headText;
  let rest = '';
  if (headText.length > limit) {
    // At a space in the window's second half, else inside a long word:
    // cutting before it would leave a unit with nothing after it ('1 cup').
    const space = headText.lastIndexOf(' ', limit);
    const cut = space > limit / 2 ? space : limit;
    window = headText.slice(0, cut);
    rest = headText.slice(cut);
  }
  const parsed = parseIngredient(window, LIBRARY_OPTIONS)[0];
  if (!parsed) return { parsed, description: headText };
  // Without a leading number the library looks for a quantity at the end,
  // which is not the end of a cut head: read none.
  if (rest !== '' && parsed.quantity !== null && !LEADING_NUMBER.test(window)) {
    return { parsed: undefined, description: headText };
  }
  return { parsed, description: `${parsed.description}${rest}`.trim() };
}

/** The head without its leading amount, to see whether anything is named. */
function stripAmount(head: string): string {
  return head
    .replace(LEADING_AMOUNT, '')
    .replace(LEADING_UNIT, '')
    .replace(/^of\s+/, '');
}

/**
 * Orders preparation fragments as they appear in the line, without repeats.
 * A fragment the parser wrote itself ('or peanut oil or vegetable oil') is
 * placed where `places` says its words were.
 */
function orderNotes(
  notes: readonly string[],
  line: string,
  places: ReadonlyMap<string, number>,
): string[] {
  const unique = [...new Set(notes)];
  const position = (note: string) => {
    const at = places.get(note) ?? line.indexOf(note);
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
