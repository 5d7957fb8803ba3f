import { DomHandler, Element, isTag } from 'domhandler';

import { nodeText } from './recipe-import-text.js';

/**
 * A recipe printed without a title over its lists (issue 19): a heading
 * with the dish's name, a list whose lines begin with amounts ("6 cups
 * rotisserie chicken, shredded", "½ cup blue cheese"), then the method as
 * paragraphs, with no "Ingredients", no "Method" and no class that says
 * either. scanPage feeds this capture every tag and text of the page, in
 * one pass: each outermost <ul> or <ol> is kept as a small DOM tree while
 * it is open (within MAX_UNTITLED_NODES) and dropped when it closes unless
 * it reads as such a list; the first that does is kept, with the elements
 * after it up to the end of its parent, where the method is. The readers
 * use it only on a page in which nothing else reads as a recipe.
 */

/** Nodes kept from one list, and from what follows the list found. */
export const MAX_UNTITLED_NODES = 2_000;
const MAX_UNTITLED_TEXT = 100_000;
const MAX_UNTITLED_DEPTH = 24;

/** Fewer lines than this are no list of ingredients. */
const MIN_LINES = 3;

/** A line that begins with an amount: a digit or a vulgar fraction. */
const AMOUNT = /^[\d\u00bc-\u00be\u2150-\u215e]/;

const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

export interface UntitledList {
  /** The list whose lines begin with amounts. */
  list: Element;
  /** A div holding what followed the list in its parent. */
  after: Element;
}

/**
 * Whether a list's own items are ingredient lines: at least MIN_LINES, the
 * first and at least two in three beginning with an amount.
 */
export function isAmountList(list: Element): boolean {
  const items = list.children.filter(
    (child): child is Element => isTag(child) && child.name === 'li',
  );
  if (items.length < MIN_LINES) return false;
  // Spaces folded here, not by the JSON-LD mapper's helper: scanPage
  // imports this file, and the mapper imports scanPage's.
  const texts = items.map((item) => nodeText(item).replace(/\s+/g, ' ').trim());
  const withAmounts = texts.filter((text) => AMOUNT.test(text)).length;
  return AMOUNT.test(texts[0] ?? '') && withAmounts * 3 >= texts.length * 2;
}

interface Capture {
  dom: DomHandler;
  /** Depth of its root element. */
  level: number;
  nodes: number;
  text: number;
  /** One entry per element open under the root: whether it is kept. */
  open: boolean[];
}

const newCapture = (level: number): Capture => ({
  dom: new DomHandler(),
  level,
  nodes: 0,
  text: 0,
  open: [],
});

export function createUntitledCapture() {
  let depth = 0;
  let hidden = 0;
  // The list open now, then the elements after the one found.
  let list: Capture | null = null;
  let found: Element | null = null;
  let after: Capture | null = null;
  let done = false;

  const open = (
    capture: Capture,
    name: string,
    attributes: Record<string, string>,
  ) => {
    const kept =
      hidden === 0 &&
      capture.nodes < MAX_UNTITLED_NODES &&
      capture.open.length < MAX_UNTITLED_DEPTH &&
      (capture.open.length === 0 || capture.open.at(-1) === true);
    capture.open.push(kept);
    if (kept) {
      capture.nodes += 1;
      capture.dom.onopentag(name, attributes);
    }
  };
  const text = (capture: Capture, data: string) => {
    if (
      hidden > 0 ||
      capture.nodes >= MAX_UNTITLED_NODES ||
      capture.text >= MAX_UNTITLED_TEXT ||
      (capture.open.length > 0 && capture.open.at(-1) !== true)
    ) {
      return;
    }
    const kept = data.slice(0, MAX_UNTITLED_TEXT - capture.text);
    capture.text += kept.length;
    capture.nodes += 1;
    capture.dom.ontext(kept);
  };
  const close = (capture: Capture) => {
    if (capture.open.pop() === true) capture.dom.onclosetag();
  };

  return {
    onopentag(name: string, attributes: Record<string, string>) {
      depth += 1;
      if (HIDDEN.has(name)) hidden += 1;
      if (done) return;
      if (after !== null) {
        if (depth >= after.level) open(after, name, attributes);
        return;
      }
      if (list === null && found === null && (name === 'ul' || name === 'ol')) {
        list = newCapture(depth);
      }
      if (list !== null) open(list, name, attributes);
    },
    ontext(data: string) {
      if (done) return;
      if (after !== null) text(after, data);
      else if (list !== null) text(list, data);
    },
    onclosetag(name: string) {
      if (!done && after !== null) {
        if (depth >= after.level) close(after);
        // The found list's parent ends: so does the method after it.
        else done = true;
      } else if (!done && list !== null) {
        close(list);
        if (depth === list.level) {
          const [root] = list.dom.dom;
          if (
            root !== undefined &&
            isTag(root) &&
            list.nodes < MAX_UNTITLED_NODES &&
            isAmountList(root)
          ) {
            found = root;
            after = newCapture(depth);
          }
          list = null;
        }
      }
      if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
      depth -= 1;
    },
    /** The first list of amounts and what follows it, if any. */
    result(): UntitledList | null {
      if (found === null || after === null) return null;
      for (const kept of after.open.reverse()) {
        if (kept) after.dom.onclosetag();
      }
      after.open = [];
      return {
        list: found,
        after: new Element('div', {}, after.dom.dom),
      };
    },
  };
}
