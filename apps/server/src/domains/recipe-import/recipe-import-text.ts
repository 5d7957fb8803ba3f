import { isTag, type ChildNode, type Element } from 'domhandler';

/**
 * The text of captured elements as a browser shows it. Its own file, with
 * no import of the import's other files, so that every reader (the page
 * scan, the captures it feeds, the readers of lists and terms) shares one
 * text rule without an import loop.
 */

/** Tags that sit inside a line of text: no space around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/** Tags that end a line (recipe sites put one step per paragraph or item). */
const LINE_BREAKS = new Set([
  'address',
  'article',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);

/** What a tag adds to the text around it: a line break, a space or nothing. */
export function separatorOf(name: string): string {
  if (INLINE.has(name)) return '';
  return LINE_BREAKS.has(name) ? '\n' : ' ';
}

/**
 * The text of a captured element as a browser would show it, by the same
 * rules as htmlText (recipe-import-html.ts): a line break around block tags, nothing around inline
 * ones; the elements below it for which `skip` holds (a page's controls)
 * add nothing. Its cost is the size of the element's subtree, itself
 * bounded by MAX_CAPTURED_NODES and MAX_CAPTURE_DEPTH.
 */
export function nodeText(
  node: ChildNode,
  skip?: (element: Element) => boolean,
): string {
  const parts: string[] = [];
  const walk = (current: ChildNode) => {
    if (current.type === 'text') {
      parts.push(current.data);
      return;
    }
    if (!isTag(current) || (current !== node && skip?.(current) === true)) {
      return;
    }
    const separator = separatorOf(current.name);
    parts.push(separator);
    for (const child of current.children) walk(child);
    parts.push(separator);
  };
  walk(node);
  return parts.join('');
}
