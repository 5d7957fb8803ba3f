/**
 * JSON.parse with a nesting limit checked first (issue 16 point 3). A page
 * can hold a JSON-LD block nested 900,000 deep (`[[[…"a"…]]]`): JSON.parse
 * builds it all before any depth limit of ours can look, and that blocked
 * the event loop for most of a second per import. One pass over the text,
 * counting brackets outside strings, refuses such a block in linear time
 * before anything is built.
 */

/** Deeper than any real recipe's JSON-LD (a HowToSection in a graph is ~8). */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/** Whether `text`'s arrays and objects nest deeper than `maxDepth`. */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (inString) {
      if (unit === BACKSLASH) index += 1;
      else if (unit === QUOTE) inString = false;
    } else if (unit === QUOTE) {
      inString = true;
    } else if (unit === OPEN_BRACKET || unit === OPEN_BRACE) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (unit === CLOSE_BRACKET || unit === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * `text` with the control characters written raw inside its strings
 * escaped: a line break typed into a step ("Mix.\r\nBake.") is no JSON,
 * but every browser and search engine reads what the page meant. Outside
 * strings they are left (a tab or a line break there is JSON's own
 * whitespace). One pass, as nestsDeeperThan.
 */
export function escapeRawControls(text: string): string {
  const parts: string[] = [];
  let from = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (inString) {
      if (unit === BACKSLASH) index += 1;
      else if (unit === QUOTE) inString = false;
      else if (unit < 0x20) {
        parts.push(
          text.slice(from, index),
          `\\u${unit.toString(16).padStart(4, '0')}`,
        );
        from = index + 1;
      }
    } else if (unit === QUOTE) {
      inString = true;
    }
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * The JSON value of `text`, or undefined when it does not parse or nests
 * deeper than `maxDepth`. Control characters written raw inside strings
 * are read as escaped.
 */
export function parseBoundedJson(
  text: string,
  maxDepth: number = MAX_JSON_DEPTH,
): unknown {
  if (nestsDeeperThan(text, maxDepth)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    try {
      return JSON.parse(escapeRawControls(text)) as unknown;
    } catch {
      return undefined;
    }
  }
}
