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

/**
 * An element that holds a page's controls, no lines of a recipe: a
 * <nav>, an element whose ARIA role is a control's, and a list of two or
 * more links without a number (a post's tags or categories: "Summer",
 * "Main Meals"), each item only a link of plain text. Looks at the list's
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
    const [link] = inner;
    if (
      inner.length !== 1 ||
      link === undefined ||
      !isTag(link) ||
      link.name !== 'a'
    ) {
      return false;
    }
    const [text] = link.children;
    if (
      link.children.length !== 1 ||
      text?.type !== 'text' ||
      /\d/.test(text.data)
    ) {
      return false;
    }
    links += 1;
  }
  return links >= 2;
}
