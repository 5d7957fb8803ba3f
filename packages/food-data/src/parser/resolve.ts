/**
 * Maps a written ingredient phrase ('3 large ripe tomatoes' → 'large ripe
 * tomatoes') to an id of the ingredient catalogue. The index is built once
 * per catalogue; a lookup costs a bounded number of Map reads per word.
 */
import type { Ingredient } from '../types.js';
import { DESCRIPTOR_WORDS } from './vocabulary.js';

/** How a phrase matched, from the most to the least certain. */
export type MatchKind =
  'exact' | 'singular' | 'descriptors' | 'contained' | 'alternative';

export interface IngredientMatch {
  readonly id: string;
  readonly kind: MatchKind;
  /** The catalogue key (folded name, plural or synonym) that matched. */
  readonly key: string;
}

export interface IngredientResolver {
  /** The catalogue id of a written phrase, or null. */
  resolve(phrase: string): string | null;
  /** The match with how it was found, or null. */
  match(phrase: string): IngredientMatch | null;
  /** The catalogue entry of an id. */
  ingredient(id: string): Ingredient | undefined;
  /**
   * Ids with a name, plural or synonym holding every word of an unresolved
   * phrase ('coriander' → cilantro, ground coriander, coriander seed), for
   * the caller to choose from with what else the line says.
   */
  candidates(phrase: string): readonly string[];
  /** Keys claimed by more than one ingredient (the first one wins). */
  readonly conflicts: readonly {
    readonly key: string;
    readonly ids: readonly string[];
  }[];
}

/**
 * Lower case, diacritics folded ('crème fraîche' → 'creme fraiche'), '&' read
 * as 'and', hyphens and punctuation as spaces.
 */
export function foldPhrase(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9/]+/g, ' ')
    .trim();
}

const NO_SINGULAR = /(?:ss|us)$/;

/** Candidate singulars of an English word, most likely first. */
export function singularCandidates(word: string): string[] {
  if (word.length < 3 || !word.endsWith('s') || NO_SINGULAR.test(word)) {
    return [];
  }
  const stem = (n: number) => word.slice(0, word.length - n);
  // berries → berry, cookies → cookie, chillies → chilli
  if (word.endsWith('ies')) return [`${stem(3)}y`, stem(1), stem(2)];
  if (word.endsWith('ves')) return [`${stem(3)}f`, `${stem(3)}fe`, stem(1)];
  if (word.endsWith('oes')) return [stem(2), stem(1)];
  if (/(?:ch|sh|ss|x|z)es$/.test(word)) return [stem(2), stem(1)];
  return [stem(1)];
}

/** Words of a folded phrase, with a singular last word. */
function singularVariants(words: readonly string[]): string[] {
  const last = words.at(-1);
  if (last === undefined) return [];
  const head = words.slice(0, -1);
  const variants = singularCandidates(last).map((single) =>
    [...head, single].join(' '),
  );
  // 'bay leaves', 'cherry tomatoes' are covered above; 'heads lettuce' is not
  // worth the lookups.
  return variants;
}

/** Descriptors as folded word sequences, longest first. */
const DESCRIPTORS: readonly (readonly string[])[] = [...DESCRIPTOR_WORDS]
  .map((descriptor) => foldPhrase(descriptor).split(' '))
  .sort((a, b) => b.length - a.length);

/** Descriptors by their first word, so a word that starts none costs one read. */
const DESCRIPTORS_BY_FIRST = new Map<string, (readonly string[])[]>();
for (const descriptor of DESCRIPTORS) {
  const first = descriptor[0] ?? '';
  const list = DESCRIPTORS_BY_FIRST.get(first) ?? [];
  list.push(descriptor);
  DESCRIPTORS_BY_FIRST.set(first, list);
}

const CONJUNCTIONS = new Set(['and', 'or', 'and/or', 'or/and', '/']);

/**
 * Phrases of more words are not looked up: no catalogue name is near that
 * long, and each conjunction in a phrase starts another scan of the rest, so
 * the words bound the work (issue 9: a long line of 'x or x or …' took
 * seconds). The parser skips such phrases before building them.
 */
export const MAX_PHRASE_WORDS = 16;

/**
 * Builds a resolver over a catalogue: every name, plural and synonym (and the
 * singular of a plural-looking synonym) is folded into one Map.
 */
export function createIngredientResolver(
  ingredients: readonly Ingredient[],
): IngredientResolver {
  const index = new Map<string, string>();
  const byId = new Map<string, Ingredient>();
  const claims = new Map<string, Set<string>>();
  let longestKey = 1;

  const claim = (key: string, id: string, strong: boolean) => {
    if (key === '') return;
    if (strong) {
      const ids = claims.get(key) ?? new Set<string>();
      ids.add(id);
      claims.set(key, ids);
    }
    if (!index.has(key)) {
      index.set(key, id);
      longestKey = Math.max(longestKey, key.split(' ').length);
    }
  };

  for (const ingredient of ingredients) byId.set(ingredient.id, ingredient);
  // Names first, so that a synonym never shadows another entry's own name.
  for (const ingredient of ingredients) {
    claim(foldPhrase(ingredient.name), ingredient.id, true);
  }
  for (const ingredient of ingredients) {
    for (const written of [ingredient.plural ?? '', ...ingredient.synonyms]) {
      claim(foldPhrase(written), ingredient.id, true);
    }
  }
  for (const ingredient of ingredients) {
    claim(foldPhrase(ingredient.id.replace(/-/g, ' ')), ingredient.id, false);
    for (const written of [ingredient.name, ...ingredient.synonyms]) {
      for (const single of singularVariants(foldPhrase(written).split(' '))) {
        claim(single, ingredient.id, false);
      }
    }
  }

  // Which ids have a key holding a word: for candidates().
  const byWord = new Map<string, Set<string>>();
  for (const [key, id] of index) {
    for (const word of key.split(' ')) {
      const ids = byWord.get(word) ?? new Set<string>();
      ids.add(id);
      byWord.set(word, ids);
    }
  }

  const conflicts = [...claims]
    .filter(([, ids]) => ids.size > 1)
    .map(([key, ids]) => ({ key, ids: [...ids] }));

  const lookup = (words: readonly string[]): string | undefined => {
    if (words.length === 0) return undefined;
    const key = words.join(' ');
    const found = index.get(key);
    if (found !== undefined) return found;
    for (const variant of singularVariants(words)) {
      const id = index.get(variant);
      if (id !== undefined) return id;
    }
    return undefined;
  };

  /** Word spans of the descriptors in a phrase, longest first. */
  const descriptorSpans = (words: readonly string[]) => {
    const spans: [number, number][] = [];
    for (let at = 0; at < words.length;) {
      const length = DESCRIPTORS_BY_FIRST.get(words[at] ?? '')?.find(
        (descriptor) =>
          descriptor.every((part, offset) => words[at + offset] === part),
      )?.length;
      if (length === undefined) {
        at += 1;
      } else {
        spans.push([at, at + length]);
        at += length;
      }
    }
    return spans;
  };

  /** Whether descriptors alone make up the words ('free range', 'large'). */
  const allDescriptors = (words: readonly string[]) =>
    descriptorSpans(words).reduce((sum, [from, to]) => sum + to - from, 0) ===
    words.length;

  /** The longest run of words that is a catalogue key; rightmost on a tie. */
  const contained = (words: readonly string[]): IngredientMatch | null => {
    const longest = Math.min(longestKey, words.length);
    for (let size = longest; size >= 1; size -= 1) {
      for (let start = words.length - size; start >= 0; start -= 1) {
        const run = words.slice(start, start + size);
        const id = lookup(run);
        if (id !== undefined && !allDescriptors(run)) {
          return { id, kind: 'contained', key: run.join(' ') };
        }
      }
    }
    return null;
  };

  const matchWords = (words: readonly string[]): IngredientMatch | null => {
    if (words.length === 0) return null;
    const key = words.join(' ');
    const exact = index.get(key);
    if (exact !== undefined) return { id: exact, kind: 'exact', key };
    const single = lookup(words);
    if (single !== undefined) return { id: single, kind: 'singular', key };

    const split = words.findIndex((word) => CONJUNCTIONS.has(word));
    if (split > 0 && split < words.length - 1) {
      const alternative = matchAlternatives(
        words.slice(0, split),
        words.slice(split + 1),
        words[split] !== 'and',
      );
      if (alternative) return alternative;
    }

    // Without one descriptor ('bone-in, skin-on chicken thighs' → bone-in
    // chicken thighs), then without all of them.
    const spans = descriptorSpans(words);
    const without = (drop: readonly [number, number][]) =>
      words.filter(
        (_, at) => !drop.some(([from, to]) => at >= from && at < to),
      );
    // The last descriptor first: it is the least likely part of a name. A
    // phrase left longer than every key cannot match, so it is not built.
    const dropped = (drop: readonly [number, number][]) =>
      drop.reduce((sum, [from, to]) => sum + to - from, 0);
    for (const candidate of [...spans.map((span) => [span]).reverse(), spans]) {
      if (candidate.length === 0) continue;
      if (words.length - dropped(candidate) > longestKey) continue;
      const plain = without(candidate);
      const id = lookup(plain);
      if (id !== undefined) {
        return { id, kind: 'descriptors', key: plain.join(' ') };
      }
    }
    return contained(words);
  };

  /**
   * 'salt and pepper' → salt; 'butter or margarine' → butter; 'red or white
   * wine vinegar' → red wine vinegar; 'chicken or vegetable stock' → chicken
   * stock, else vegetable stock.
   */
  const matchAlternatives = (
    left: readonly string[],
    right: readonly string[],
    either: boolean,
  ): IngredientMatch | null => {
    const asAlternative = (m: IngredientMatch | null) =>
      m && { ...m, kind: 'alternative' as const };
    if (left.length === 1 && right.length > 1) {
      const shared = lookup([...left, ...right.slice(1)]);
      if (shared !== undefined) {
        return {
          id: shared,
          kind: 'alternative',
          key: [...left, ...right.slice(1)].join(' '),
        };
      }
      const rightMatch = matchWords(right);
      // 'cornstarch or potato starch', 'buttermilk or whole milk': a word
      // that already ends in the right's noun is a thing of its own, not a
      // modifier of that noun, so it is the first alternative.
      const [word = ''] = left;
      const noun = right.at(-1) ?? '';
      if (word.length > noun.length && word.endsWith(noun)) {
        const own = lookup(left);
        if (own !== undefined) {
          return { id: own, kind: 'alternative', key: word };
        }
      }
      if (either || lookup(left) === undefined) {
        // 'chicken or vegetable stock', 'fresh or frozen peas': the left word
        // modifies the right's noun, so the right side names what is bought.
        if (rightMatch) return asAlternative(rightMatch);
      }
      // The right side is matched once: matching it again here made each
      // conjunction double the work ('x or x or …', issue 9).
      return asAlternative(matchWords(left) ?? rightMatch);
    }
    return asAlternative(matchWords(left) ?? matchWords(right));
  };

  const match = (phrase: string): IngredientMatch | null => {
    const words = foldPhrase(phrase)
      .split(' ')
      .filter((word) => word !== '');
    let first = 0;
    while (words[first] === 'of' || words[first] === 'the') first += 1;
    if (words.length - first > MAX_PHRASE_WORDS) return null;
    return matchWords(first === 0 ? words : words.slice(first));
  };

  const candidates = (phrase: string): readonly string[] => {
    const words = foldPhrase(phrase)
      .split(' ')
      .filter((word) => word !== '' && !allDescriptors([word]));
    let found: Set<string> | undefined;
    for (const word of words) {
      const ids = new Set<string>();
      for (const form of [word, ...singularCandidates(word)]) {
        for (const id of byWord.get(form) ?? []) ids.add(id);
      }
      found = found ? new Set([...found].filter((id) => ids.has(id))) : ids;
      if (found.size === 0) break;
    }
    return found ? [...found] : [];
  };

  return {
    match,
    resolve: (phrase) => match(phrase)?.id ?? null,
    ingredient: (id) => byId.get(id),
    candidates,
    conflicts,
  };
}
