/**
 * Ingredient lines the markup gives without their amounts (issue 19): a
 * JSON-LD that names each ingredient only ("flour", "butter") where the
 * page's list prints "1 ½ cups all-purpose flour", "1 stick butter room
 * temp.". The printed lines are the recipe's then: they say all the
 * markup's lines say, and the amounts a plan needs.
 */

/** Words and numbers of a line, lower case, in order. */
const wordsOf = (line: string): string[] =>
  line.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** A word that is a number or holds one ("375", "½", "1½", "35%"'s "35"). */
const NUMBER = /[\d\u00bc-\u00be\u2150-\u215e]/;

const hasNumber = (words: readonly string[]) =>
  words.some((word) => NUMBER.test(word));

/** Whether every word of `own` is in `printed`, in the same order. */
function isInOrder(own: readonly string[], printed: readonly string[]) {
  let at = 0;
  for (const word of printed) {
    if (at < own.length && own[at] === word) at += 1;
  }
  return at === own.length;
}

/**
 * The page's printed lines where the markup's carry no amount at all and
 * the printed ones do: as many lines, each printed line holding every word
 * of the markup's line in the same order, and at least half of them a
 * number. Else the markup's lines. A markup line that has its amount
 * keeps it, even where the page prints a second measure beside it ("1 cup
 * (226 g) butter" for "1 cup butter"): which of the two a cook wants is
 * the site's choice, and its markup says which. Linear in the lines'
 * length (each at most the mapper's 500 characters).
 */
export function withPrintedAmounts(
  lines: readonly string[],
  printed: readonly string[],
): string[] {
  if (lines.length === 0 || printed.length !== lines.length) return [...lines];
  let withNumbers = 0;
  for (const [index, line] of lines.entries()) {
    const own = wordsOf(line);
    const theirs = wordsOf(printed[index] ?? '');
    if (hasNumber(own) || !isInOrder(own, theirs)) return [...lines];
    if (hasNumber(theirs)) withNumbers += 1;
  }
  return withNumbers * 2 >= lines.length ? [...printed] : [...lines];
}
