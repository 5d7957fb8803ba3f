import { selectAll, selectOne } from 'css-select';
import type { Element } from 'domhandler';

import { escapeHtml, nodeText } from './recipe-import-html.js';
import { foldSpaces } from './recipe-import-json-ld.js';

/**
 * Lists under headings, as recipe plugins and hand-written pages print
 * ingredients and instructions, read into groups and then into the shape
 * of schema.org's vocabulary (recipeIngredient lines, HowToSection and
 * HowToStep), for the readers of plugin cards, microdata and HTML lists.
 */

/**
 * List items read from one list: enough for the mapper's 200 lines and 100
 * steps, however many a list has.
 */
const MAX_ITEMS = 400;

const TITLE_WORDS = new Set([
  'ingredients',
  'instructions',
  'directions',
  'method',
  'steps',
  'preparation',
]);

/** A card's own title over a list ("Ingredients"), not a group's name. */
function isListTitle(element: Element, text: string): boolean {
  return (
    TITLE_WORDS.has(text.toLowerCase().replace(/:$/, '').trim()) ||
    (element.attribs.class ?? '').includes('-title')
  );
}

function hasListItemAbove(element: Element, container: Element): boolean {
  for (
    let parent = element.parent;
    parent !== null && parent !== container;
    parent = parent.parent
  ) {
    if ('name' in parent && parent.name === 'li') return true;
  }
  return false;
}

export interface Group {
  heading: string;
  items: string[];
}

/**
 * A paragraph that is all bold ("<p><strong>For the sauce</strong></p>"):
 * how many authors name a group instead of using a heading.
 */
function isBoldParagraph(element: Element): boolean {
  if (element.name !== 'p') return false;
  const parts = element.children.filter(
    (child) => child.type !== 'text' || child.data.trim() !== '',
  );
  const [only] = parts;
  return (
    parts.length === 1 &&
    only !== undefined &&
    'name' in only &&
    (only.name === 'strong' || only.name === 'b')
  );
}

/**
 * A list under headings, as Tasty Recipes and Mediavine Create print
 * ingredients and instructions: h2-h6 and all-bold paragraphs name the
 * groups, li (else p) are the items. Anything else between them (an
 * advertisement, a tip box) is neither. A list item inside another belongs
 * to the outer one's text.
 */
export function groupsOf(container: Element | null): Group[] {
  if (container === null) return [];
  const itemTag = selectOne('li', container) === null ? 'p' : 'li';
  const groups: Group[] = [{ heading: '', items: [] }];
  let items = 0;
  for (const element of selectAll('h2, h3, h4, h5, h6, p, li', container)) {
    if (items >= MAX_ITEMS) break;
    const text = foldSpaces(nodeText(element));
    if (text === '') continue;
    const isHeading =
      /^h[2-6]$/.test(element.name) ||
      (isBoldParagraph(element) && text.length <= 80);
    if (isHeading) {
      if (!isListTitle(element, text)) {
        groups.push({ heading: text, items: [] });
      }
    } else if (element.name === itemTag) {
      if (itemTag === 'li' && hasListItemAbove(element, container)) continue;
      groups.at(-1)?.items.push(text);
      items += 1;
    }
  }
  return groups.filter((group) => group.items.length > 0);
}

/** Groups as recipeInstructions: a named group is a HowToSection. */
export function instructionsOf(groups: readonly Group[]): unknown[] {
  return groups.map((group) => {
    const steps = group.items.map((text) => ({
      '@type': 'HowToStep',
      text: escapeHtml(text),
    }));
    return group.heading === ''
      ? steps
      : {
          '@type': 'HowToSection',
          name: escapeHtml(group.heading),
          itemListElement: steps,
        };
  });
}

export const ingredientsOf = (groups: readonly Group[]): string[] =>
  // Ingredient group names are dropped: a draft's ingredients are lines
  // for the parser, and a heading line would resolve to no ingredient.
  groups.flatMap((group) => group.items.map(escapeHtml));
