/**
 * The entry rules of spec point 5 for custom allergens, likes and dislikes:
 * "trimmed, blanks and duplicates dropped", with the server's limits
 * (POST /preferences/save) checked before anything is sent.
 */
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  PREFERENCE_ITEM_MAX,
  PREFERENCE_LIST_MAX,
  preferenceMessages,
} from '@platewise/shared';

/** Entries of a comma-separated input, trimmed, blanks dropped. */
export function splitEntries(input: string): string[] {
  return input
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Entries are compared without case: "Peanut" and "peanut" are one. */
export const entryKey = (value: string) => value.toLocaleLowerCase('en');

/**
 * `existing` followed by the `additions` it lacks; duplicates are compared
 * without case (the server's rule: "Peanut" and "peanut" are one entry), and
 * the first spelling is kept.
 */
export function mergeEntries(
  existing: readonly string[],
  additions: readonly string[],
): string[] {
  const seen = new Set(existing.map(entryKey));
  const out = [...existing];
  for (const entry of additions) {
    const trimmed = entry.trim();
    if (trimmed === '' || seen.has(entryKey(trimmed))) continue;
    seen.add(entryKey(trimmed));
    out.push(trimmed);
  }
  return out;
}

/**
 * Why `additions` cannot join `existing`, in the server's words (the shared
 * limits of POST /preferences/save), or null when they can.
 */
export function entriesProblem(
  existing: readonly string[],
  additions: readonly string[],
): string | null {
  for (const entry of additions) {
    if (entry.length > PREFERENCE_ITEM_MAX) {
      return preferenceMessages.itemTooLong;
    }
    if (hasControlCharacters(entry)) return CONTROL_CHARACTERS_MESSAGE;
  }
  if (mergeEntries(existing, additions).length > PREFERENCE_LIST_MAX) {
    return preferenceMessages.tooManyItems;
  }
  return null;
}

export function removeEntry(list: readonly string[], entry: string): string[] {
  return list.filter((item) => entryKey(item) !== entryKey(entry));
}

export function hasEntry(list: readonly string[], entry: string): boolean {
  return list.some((item) => entryKey(item) === entryKey(entry));
}

/**
 * The Dislikes input's Enter (spec "Preferences dialog": "Enter adds the last
 * item of a comma list"): the last entry is added, and what came before it
 * stays in the input, so a second Enter adds the next one instead of losing
 * it.
 */
export function takeLastEntry(input: string): {
  entry: string | null;
  rest: string;
} {
  const entries = splitEntries(input);
  const entry = entries.pop() ?? null;
  return { entry, rest: entries.join(', ') };
}
