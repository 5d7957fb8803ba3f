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

/** What a batch of typed entries leaves: the ones taken and the ones refused. */
export interface EntryBatch {
  /** Valid entries, in the order typed, that fit in the list. */
  accepted: string[];
  /** Entries refused, in the order typed, to stay in the input. */
  rejected: string[];
  /** Why the first refused entry was refused, naming it; null when none was. */
  problem: string | null;
}

const preview = (entry: string) =>
  entry.length > 24 ? `${entry.slice(0, 24)}…` : entry;

/**
 * Splits a batch into what can join `existing` and what cannot (issue 21):
 * one entry over the length limit no longer costs the valid ones, and the
 * message names the entry that stays behind.
 */
export function partitionEntries(
  existing: readonly string[],
  additions: readonly string[],
): EntryBatch {
  const accepted: string[] = [];
  const rejected: string[] = [];
  let problem: string | null = null;
  const refuse = (entry: string, why: string) => {
    rejected.push(entry);
    problem ??= `${why} Left in the box to shorten or fix: “${preview(entry)}”.`;
  };
  for (const entry of additions) {
    if (entry.length > PREFERENCE_ITEM_MAX) {
      refuse(entry, preferenceMessages.itemTooLong);
    } else if (hasControlCharacters(entry)) {
      refuse(entry, CONTROL_CHARACTERS_MESSAGE);
    } else if (
      mergeEntries(existing, [...accepted, entry]).length > PREFERENCE_LIST_MAX
    ) {
      rejected.push(entry);
      problem ??= preferenceMessages.tooManyItems;
    } else {
      accepted.push(entry);
    }
  }
  return { accepted, rejected, problem };
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
