/**
 * Ingredient amounts written as a cook writes them (issue 21): "2 salmon
 * fillets" rather than "2 fillet salmon fillet", "2 heads of bok choy",
 * "1½ cups vegetable stock". One formatter for the recipe dialog, the
 * shopping list and its copy, print and CSV output. The planner agrees
 * its shopping-list units and names with their counts already; these rules
 * leave such text as it is.
 */

const FRACTIONS: ReadonlyArray<readonly [number, string]> = [
  [1 / 8, '⅛'],
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

/** Close enough to read as the fraction: the API rounds to 2 decimals. */
const TOLERANCE = 0.011;

const decimals = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });

/** 1.5 → "1½", 0.33 → "⅓", 2 → "2", 0.4 → "0.4". */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value) || value < 0) return decimals.format(value);
  const whole = Math.floor(value + TOLERANCE);
  const rest = value - whole;
  if (rest < TOLERANCE) return String(whole);
  const fraction = FRACTIONS.find(
    ([part]) => Math.abs(rest - part) < TOLERANCE,
  );
  if (!fraction) return decimals.format(value);
  return whole === 0 ? fraction[1] : `${String(whole)}${fraction[1]}`;
}

/** Abbreviated units: never plural, never followed by "of" ("2 tbsp oil"). */
const SYMBOL_UNITS: ReadonlySet<string> = new Set([
  'g',
  'kg',
  'mg',
  'ml',
  'l',
  'dl',
  'cl',
  'oz',
  'fl oz',
  'lb',
  'lbs',
  'tsp',
  'tbsp',
  'qt',
  'pt',
  'gal',
  'cm',
  'mm',
]);

/** Measures of volume or weight spelt out: plural, no "of" ("1½ cups stock"). */
const MEASURE_WORDS: ReadonlySet<string> = new Set([
  'cup',
  'teaspoon',
  'tablespoon',
  'pint',
  'quart',
  'gallon',
  'ounce',
  'pound',
  'gram',
  'kilogram',
  'litre',
  'liter',
  'millilitre',
  'milliliter',
]);

const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['leaf', 'leaves'],
  ['half', 'halves'],
  ['loaf', 'loaves'],
  ['knife', 'knives'],
]);

/** Nouns that stay as they are after a number ("2 salmon", "3 shrimp"). */
const INVARIANT: ReadonlySet<string> = new Set([
  'shrimp',
  'fish',
  'salmon',
  'cod',
  'trout',
  'squid',
  'tuna',
  'garlic',
  'ginger',
  'spinach',
  'kale',
  'celery',
  'broccoli',
  'rice',
  'water',
  'flour',
  'sugar',
  'salt',
]);

const O_ES: ReadonlySet<string> = new Set(['tomato', 'potato', 'mango']);

/** Singular of one word, for the forms recipes use ("cloves" → "clove"). */
export function singularWord(word: string): string {
  const lower = word.toLowerCase();
  for (const [singular, plural] of IRREGULAR) {
    if (plural === lower) return singular;
  }
  if (INVARIANT.has(lower) || !lower.endsWith('s') || lower.endsWith('ss')) {
    return word;
  }
  if (lower.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ches|shes|xes|zes|sses|oes)$/.test(lower)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Plural of one word: "onions", "cherries", "tomatoes", "leaves", "bunches". */
export function pluralWord(word: string): string {
  const singular = singularWord(word);
  const lower = singular.toLowerCase();
  const irregular = IRREGULAR.get(lower);
  if (irregular !== undefined) return irregular;
  if (INVARIANT.has(lower)) return singular;
  if (/[^aeiou]y$/i.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z)$/i.test(singular)) return `${singular}es`;
  if (O_ES.has(lower)) return `${singular}es`;
  return `${singular}s`;
}

/** The head noun of a phrase: the word before "of", else the last word. */
function headSplit(phrase: string): [string, string, string] {
  const of = phrase.indexOf(' of ');
  const noun = of >= 0 ? phrase.slice(0, of) : phrase;
  const tail = of >= 0 ? phrase.slice(of) : '';
  const match = /^(.*?)([\p{L}'’-]+)$/u.exec(noun);
  if (match === null) return ['', phrase, ''];
  return [match[1] ?? '', match[2] ?? '', tail];
}

/** A phrase agreeing with a count: singular up to 1, plural above. */
export function countPhrase(phrase: string, quantity: number): string {
  const [before, head, tail] = headSplit(phrase);
  if (head === '') return phrase;
  const word = quantity > 1 ? pluralWord(head) : singularWord(head);
  return `${before}${word}${tail}`;
}

const sameWord = (a: string, b: string) =>
  singularWord(a.toLowerCase()) === singularWord(b.toLowerCase());

/** A unit agreeing with its quantity: "cups" for 1½, "g" always. */
export function unitFor(quantity: number, unit: string | null): string {
  const trimmed = unit?.trim() ?? '';
  if (trimmed === '' || SYMBOL_UNITS.has(trimmed.toLowerCase())) return trimmed;
  return countPhrase(trimmed, quantity);
}

/**
 * "300 g", "1½ cups", "2 bunches", or "3" for a bare count; "to taste" when
 * there is no amount. The unit agrees with the quantity.
 */
export function formatAmount(
  quantity: number | null,
  unit: string | null,
): string {
  if (quantity === null) return 'to taste';
  const amount = formatQuantity(quantity);
  const word = unitFor(quantity, unit);
  return word === '' ? amount : `${amount} ${word}`;
}

/**
 * One ingredient line of a recipe ("quantity unit ingredient", spec point
 * 2) as a cook writes it: a unit the name already ends in is said once
 * ("2 salmon fillets"), a counted unit takes "of" ("2 heads of bok
 * choy"), a measure does not ("1½ cups vegetable stock"), and a bare count
 * agrees ("2 eggs"). Without a quantity, the name alone.
 */
export function formatIngredientLine(line: {
  ingredient: string;
  quantity: number | null;
  unit: string | null;
}): string {
  const name = line.ingredient.trim();
  if (line.quantity === null) return name;
  const quantity = line.quantity;
  const amount = formatQuantity(quantity);
  const unit = line.unit?.trim() ?? '';
  if (unit === '' || unit.toLowerCase() === 'piece') {
    return name === '' ? amount : `${amount} ${countPhrase(name, quantity)}`;
  }
  const lowerUnit = unit.toLowerCase();
  if (SYMBOL_UNITS.has(lowerUnit)) return `${amount} ${unit} ${name}`.trim();
  const [, head] = headSplit(name);
  if (head !== '' && sameWord(head, unit)) {
    return `${amount} ${countPhrase(name, quantity)}`;
  }
  const unitWords = countPhrase(unit, quantity);
  if (name === '') return `${amount} ${unitWords}`;
  if (MEASURE_WORDS.has(singularWord(lowerUnit))) {
    return `${amount} ${unitWords} ${name}`;
  }
  return `${amount} ${unitWords} of ${name}`;
}
