import { isTag, type ChildNode, type Element } from 'domhandler';

import { isControl } from './recipe-import-controls.js';
import { nodeText } from './recipe-import-text.js';

/**
 * Ingredients printed as a definition list: each term a name and its
 * amount ("<dt><a><b>nagaimo</b></a><u>160 g, grated</u></dt>", or
 * "<dt>flour</dt><dd>200 g</dd>"), which a page's style sets apart where
 * the text runs them together ("nagaimo160 g, grated"). Its own file, so
 * the readers of classed and of headed lists share it without importing
 * each other.
 */

/** Longer names or amounts are no term of a list of ingredients. */
const MAX_PART_LENGTH = 80;

/** Text nodes and elements looked past for a term's <dd> (spaces between). */
const MAX_GAP = 3;

/** An amount as a line begins with one: a digit or a vulgar fraction. */
const AMOUNT_START = /^[\d½⅓⅔¼¾⅛⅜⅝⅞]/;

/** The text under a node, controls left out, spaces folded. */
const textOf = (node: ChildNode): string =>
  isTag(node) && isControl(node)
    ? ''
    : nodeText(node, isControl).replace(/\s+/g, ' ').trim();

/** The <dd> that follows a term, past blank text, else null. */
export function definitionOf(term: Element): Element | null {
  let next = term.next;
  for (let step = 0; step < MAX_GAP && next !== null; step += 1) {
    if (isTag(next)) return next.name === 'dd' ? next : null;
    if (next.type === 'text' && next.data.trim() !== '') return null;
    next = next.next;
  }
  return null;
}

/**
 * A term of a definition list as an ingredient line, in the order a cook
 * writes one: the amount first and a note after a comma ("160 g nagaimo,
 * grated"), or the name first where the amount is a word ("beni shouga,
 * to taste"). The name is the term's text before its last element (or the
 * whole term, before a <dd>), the amount that element's (or the <dd>'s);
 * null unless the name has a letter and no digit and both are short: then
 * the term is read as any other line. Work: the term's own subtree and
 * the <dd> beside it.
 */
export function termLine(term: Element): string | null {
  if (term.name !== 'dt') return null;
  const definition = definitionOf(term);
  let name: string;
  let amount: string;
  if (definition !== null) {
    name = textOf(term);
    amount = textOf(definition);
  } else {
    const parts = term.children.filter(
      (child) => !(child.type === 'text' && child.data.trim() === ''),
    );
    const last = parts.at(-1);
    if (parts.length < 2 || last === undefined || !isTag(last)) return null;
    name = parts.slice(0, -1).map(textOf).join(' ').trim();
    amount = textOf(last);
  }
  if (
    name === '' ||
    amount === '' ||
    name.length > MAX_PART_LENGTH ||
    amount.length > MAX_PART_LENGTH ||
    /\d/.test(name) ||
    !/\p{L}/u.test(name)
  ) {
    return null;
  }
  if (!AMOUNT_START.test(amount)) return `${name}, ${amount}`;
  const comma = amount.indexOf(',');
  return comma === -1
    ? `${amount} ${name}`
    : `${amount.slice(0, comma).trim()} ${name}, ${amount.slice(comma + 1).trim()}`;
}
