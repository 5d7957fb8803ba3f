/**
 * Word matching for allergens, dislikes and likes: case- and
 * accent-insensitive, on whole words, with simple English plural folding
 * (-s, -es, -ies) plus the catalogue's irregular plurals, so "banana"
 * matches "bananas" and "mushroom" matches "cremini mushrooms".
 */

/** Lower case, accents and apostrophes removed, everything else not a letter or digit a space. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Endings after which "-es" is a plural suffix (tomatoes, peaches, radishes, boxes). */
const ES_PLURAL = /(?:o|ch|sh|ss|x|z)es$/;

/**
 * The singular key of one folded word. Both a singular and its plural map to
 * the same key ("berry" and "berries" to "berri", "cookie" and "cookies" to
 * "cooki"), which is all matching needs.
 */
export function wordKey(
  word: string,
  irregular: ReadonlyMap<string, string>,
): string {
  const known = irregular.get(word);
  return known ?? finalY(regularSingular(word));
}

function regularSingular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ie')) return `${word.slice(0, -2)}y`;
  if (ES_PLURAL.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    return word.slice(0, -1);
  }
  return word;
}

/**
 * A final -y and -i are one key, so "chili", "chilies" and "chilis" agree
 * (and "berry" with "berries"); keys are never shown.
 */
const finalY = (word: string): string =>
  word.length > 2 && word.endsWith('y') ? `${word.slice(0, -1)}i` : word;

/** The word keys of a text. */
export function textKeys(
  text: string,
  irregular: ReadonlyMap<string, string>,
): string[] {
  const folded = foldText(text);
  return folded === ''
    ? []
    : folded.split(' ').map((word) => wordKey(word, irregular));
}

/** Whether `needle` occurs as consecutive whole words in `haystack` (both word keys). */
export function containsPhrase(
  haystack: readonly string[],
  needle: readonly string[],
): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) {
      if (haystack[i + j] !== needle[j]) continue outer;
    }
    return true;
  }
  return false;
}

/** Whether `haystack` ends with the words of `needle` ("penne pasta", "pasta"). */
export function endsWithPhrase(
  haystack: readonly string[],
  needle: readonly string[],
): boolean {
  const start = haystack.length - needle.length;
  if (needle.length === 0 || start < 0) return false;
  return needle.every((word, j) => haystack[start + j] === word);
}

/** Whether two key lists are the same phrase. */
export function samePhrase(
  a: readonly string[],
  b: readonly string[],
): boolean {
  return a.length === b.length && a.every((word, i) => word === b[i]);
}

/**
 * Irregular plural → singular word map from the catalogue's `plural`
 * fields: word by word where singular and plural have as many words
 * ("leaves" → "leaf"), whole when they do not.
 */
export function irregularPlurals(
  entries: readonly {
    readonly name: string;
    readonly plural?: string | undefined;
  }[],
): Map<string, string> {
  const map = new Map<string, string>();
  const none = new Map<string, string>();
  for (const { name, plural } of entries) {
    if (plural === undefined) continue;
    const singularWords = foldText(name).split(' ');
    const pluralWords = foldText(plural).split(' ');
    if (singularWords.length !== pluralWords.length) continue;
    pluralWords.forEach((word, i) => {
      const single = singularWords[i];
      if (single === undefined || single === word) return;
      // Only where the regular rules would not already agree.
      if (wordKey(word, none) !== wordKey(single, none)) {
        map.set(word, wordKey(single, none));
      }
    });
  }
  return map;
}

/** Plurals English does not form with -s or -es (the -f/-fe nouns a kitchen meets). */
const IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ['leaf', 'leaves'],
  ['loaf', 'loaves'],
  ['knife', 'knives'],
  ['half', 'halves'],
  ['shelf', 'shelves'],
  ['calf', 'calves'],
  ['sheaf', 'sheaves'],
  ['life', 'lives'],
  ['wife', 'wives'],
  ['thief', 'thieves'],
  ['wolf', 'wolves'],
  ['mouse', 'mice'],
  ['goose', 'geese'],
  ['tooth', 'teeth'],
  ['foot', 'feet'],
  ['person', 'people'],
  ['child', 'children'],
]);

/** Nouns whose plural is the singular ("2 shrimp", "3 fish"). */
const INVARIANT_PLURALS: ReadonlySet<string> = new Set([
  'shrimp',
  'fish',
  'sheep',
  'deer',
  'squid',
  'salmon',
  'cod',
  'trout',
  'series',
  'species',
]);

/** Words ending in a consonant and -o whose plural takes -es. */
const O_ES_PLURALS: ReadonlySet<string> = new Set([
  'tomato',
  'potato',
  'mango',
  'hero',
  'echo',
  'volcano',
  'mosquito',
]);

/**
 * English plural of one word, keeping its case pattern ("onions",
 * "cherries", "tomatoes", "leaves"); a word already plural is returned as
 * it is only when the caller knows it (see countNoun).
 */
export function pluralise(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_PLURALS.get(lower);
  if (irregular !== undefined) {
    return word.slice(0, -lower.length) + matchCase(word, irregular);
  }
  if (INVARIANT_PLURALS.has(lower)) return word;
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|sh|ch|x|z)$/i.test(word)) return `${word}es`;
  if (O_ES_PLURALS.has(lower)) return `${word}es`;
  return `${word}s`;
}

const matchCase = (model: string, word: string): string =>
  model === model.toUpperCase() && model !== model.toLowerCase()
    ? word.toUpperCase()
    : model.charAt(0) === model.charAt(0).toUpperCase()
      ? word.charAt(0).toUpperCase() + word.slice(1)
      : word;

/**
 * Plural of a phrase: its head noun takes the plural, which is the word
 * before "of" ("pieces of root", "packs of 8") or else the last word, and
 * a bracketed remark stays as it is ("dashi packs (makes 1 l)").
 */
export function pluralisePhrase(phrase: string): string {
  const bracket = phrase.indexOf(' (');
  const head = bracket >= 0 ? phrase.slice(0, bracket) : phrase;
  const rest = bracket >= 0 ? phrase.slice(bracket) : '';
  const of = head.indexOf(' of ');
  const noun = of >= 0 ? head.slice(0, of) : head;
  const tail = of >= 0 ? head.slice(of) : '';
  const match = /^(.*?)([\p{L}'’-]+)$/u.exec(noun);
  if (match === null) return phrase;
  return `${match[1] ?? ''}${pluralise(match[2] ?? '')}${tail}${rest}`;
}

/**
 * The form of a noun that agrees with a quantity: singular up to 1 ("½
 * lemon", "1 onion"), plural above ("1½ limes", "2 onions"). `plural` is
 * the catalogue's where it has one.
 */
export function countNoun(
  singular: string,
  quantity: number,
  plural?: string,
): string {
  if (quantity <= 1) return singular;
  return plural ?? pluralisePhrase(singular);
}

/** Singular of one plural word ("leaves" → "leaf", "pinches" → "pinch"); others as they are. */
export function singularOf(word: string): string {
  const lower = word.toLowerCase();
  for (const [singular, plural] of IRREGULAR_PLURALS) {
    if (plural === lower) return singular;
  }
  if (INVARIANT_PLURALS.has(lower) || lower.length <= 3) return word;
  if (lower.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (lower.endsWith('oes') && O_ES_PLURALS.has(lower.slice(0, -2))) {
    return word.slice(0, -2);
  }
  if (/(?:ss|sh|ch|x|z)es$/.test(lower)) return word.slice(0, -2);
  if (lower.endsWith('s') && !/(?:ss|us|is)$/.test(lower)) {
    return word.slice(0, -1);
  }
  return word;
}
