import { isTag, type Element } from 'domhandler';

/**
 * A page's controls beside its recipe (unit tabs, menus, a post's tag
 * links), which the list readers pass over: its own file, so the readers of
 * groups and of headed lists share it without importing each other.
 */

/** ARIA roles of a page's controls: tabs ("US", "Metric"), menus, navigation. */
const CONTROL_ROLES = new Set([
  'tablist',
  'tab',
  'navigation',
  'menu',
  'menubar',
  'toolbar',
]);

/** Elements a link's label may sit in ("<a><span>Tumblr</span></a>"). */
const MAX_LABEL_DEPTH = 3;

/**
 * The text of an element that holds only a text, directly or through at
 * most MAX_LABEL_DEPTH elements of one child each; else null.
 */
function onlyText(element: Element): string | null {
  let node: Element = element;
  for (let level = 0; level <= MAX_LABEL_DEPTH; level += 1) {
    const [child] = node.children;
    if (node.children.length !== 1 || child === undefined) return null;
    if (child.type === 'text') return child.data;
    if (!isTag(child)) return null;
    node = child;
  }
  return null;
}

/**
 * An element that holds a page's controls, no lines of a recipe: a
 * <nav>, an element whose ARIA role is a control's, and a list of two or
 * more links without a number (a post's tags or categories: "Summer",
 * "Main Meals"; a row of share buttons), each item only a link of plain
 * text, also inside an element or two ("<a><span>Tumblr</span></a>"). Looks at the list's
 * own items and their links' text only: constant work per child.
 */
export function isControlRow(element: Element): boolean {
  if (element.name === 'nav') return true;
  if (CONTROL_ROLES.has((element.attribs.role ?? '').toLowerCase())) {
    return true;
  }
  if (element.name !== 'ul' && element.name !== 'ol') return false;
  let links = 0;
  for (const child of element.children) {
    if (child.type === 'text' && child.data.trim() === '') continue;
    if (!isTag(child) || child.name !== 'li') return false;
    const inner = child.children.filter(
      (node) => !(node.type === 'text' && node.data.trim() === ''),
    );
    // An empty item (a row's end marker) is neither a link nor a line.
    if (inner.length === 0) continue;
    const [link] = inner;
    if (
      inner.length !== 1 ||
      link === undefined ||
      !isTag(link) ||
      link.name !== 'a'
    ) {
      return false;
    }
    const text = onlyText(link);
    if (text === null || /\d/.test(text)) return false;
    links += 1;
  }
  return links >= 2;
}
