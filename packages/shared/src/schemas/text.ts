import { z } from 'zod';

/**
 * The text primitive every string field of a request is built on (issue 9
 * point 4). PostgreSQL cannot store NUL in text at all, and the other C0
 * controls, DEL, lone UTF-16 surrogates and the non-characters U+FFFE/U+FFFF
 * are never typed by a person: they only smuggle line breaks into logs,
 * confuse terminals and mail clients, or fail deep in the database driver.
 * So they are refused at the schema boundary with one clear text, on the
 * client and the server alike. Tab, line feed and carriage return are
 * allowed only where a field holds several lines (directions, ingredients).
 */

export const CONTROL_CHARACTERS_MESSAGE =
  'Text must not contain control characters.';

export interface TextOptions {
  /** Allow tab, line feed and carriage return (multi-line fields). */
  multiline?: boolean;
  /** Trim surrounding white space first (default true; false for secrets). */
  trim?: boolean;
  /** The message for a value that is not a string at all. */
  typeError?: string;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * True when `value` holds a character no text field accepts (see above).
 * One pass over the UTF-16 code units: linear in the length.
 */
export function hasControlCharacters(
  value: string,
  options: Pick<TextOptions, 'multiline'> = {},
): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0x20) {
      if (
        options.multiline &&
        (unit === TAB || unit === LINE_FEED || unit === CARRIAGE_RETURN)
      ) {
        continue;
      }
      return true;
    }
    if (unit === 0x7f || unit === 0xfffe || unit === 0xffff) return true;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate is fine only as the first half of a pair (emoji).
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index += 1;
        continue;
      }
      return true;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  }
  return false;
}

/**
 * A string field: trimmed (unless `trim: false`), then refused with
 * CONTROL_CHARACTERS_MESSAGE if it holds a control character. Chain the
 * field's own rules after it: `text().min(1, …).max(100)`.
 */
export function text(options: TextOptions = {}) {
  const string = options.typeError
    ? z.string({ error: options.typeError })
    : z.string();
  const base = options.trim === false ? string : string.trim();
  return base.refine((value) => !hasControlCharacters(value, options), {
    message: CONTROL_CHARACTERS_MESSAGE,
    // The field's other rules would only add noise to this answer.
    abort: true,
  });
}

/** A multi-line string field (tab, line feed and carriage return allowed). */
export function multilineText(options: Omit<TextOptions, 'multiline'> = {}) {
  return text({ ...options, multiline: true });
}

/**
 * A uuid as an id parameter, in its canonical lower-case form. PostgreSQL
 * matches a uuid in either case, so every comparison the server makes in
 * code (the caller's own id, an admin's self-demotion rail) must see the
 * form the database answers with, or `ABC…` and `abc…` are two users to the
 * code and one to the database.
 */
export function uuidId(error: string) {
  return z.uuid({ error }).transform((value) => value.toLowerCase());
}
