import { selectAll, selectOne } from 'css-select';
import { isTag, type Element } from 'domhandler';

import { isControl, isControlRow } from './recipe-import-controls.js';
import { escapeHtml, nodeText, tokens } from './recipe-import-html.js';
import { foldSpaces } from './recipe-import-json-ld.js';
import { termLine } from './recipe-import-terms.js';

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
 * to the outer one's text. With titlesEndGroups, a list's title ("Ingredients")
 * ends the group before it instead of being passed over; a heading for
 * which endsList holds ends the list once it has items.
 */
export function groupsOf(
  container: Element | null,
  {
    titlesEndGroups = false,
    endsList,
    terms = false,
  }: {
    titlesEndGroups?: boolean;
    endsList?: (text: string) => boolean;
    /** Ingredients: a definition list's terms are read as lines (termLine). */
    terms?: boolean;
  } = {},
): Group[] {
  if (container === null) return [];
  const itemTag = itemTagOf(container, terms);
  const groups: Group[] = [{ heading: '', items: [] }];
  let items = 0;
  const controls = new Map<Element, boolean>();
  for (const element of selectAll(
    itemTag === 'dt' ? 'h2, h3, h4, h5, h6, dt' : 'h2, h3, h4, h5, h6, p, li',
    container,
  )) {
    if (items >= MAX_ITEMS) break;
    if (inControlRow(element, container, controls)) continue;
    // A line's own controls (a <select> of servings beside its label)
    // are no part of its text.
    const text =
      (itemTag === 'dt' ? termLine(element) : null) ??
      foldSpaces(nodeText(element, isControl));
    if (text === '') continue;
    const isHeading =
      /^h[2-6]$/.test(element.name) ||
      (isBoldParagraph(element) && text.length <= 80);
    if (isHeading) {
      if (items > 0 && endsList?.(text) === true) break;
      if (!isListTitle(element, text)) {
        groups.push({ heading: text, items: [] });
      } else if (titlesEndGroups) {
        // A card's next list ("Ingredients" after "Equipment") is no part
        // of the group before it.
        groups.push({ heading: '', items: [] });
      }
    } else if (element.name === itemTag) {
      if (itemTag === 'li' && hasListItemAbove(element, container)) continue;
      groups.at(-1)?.items.push(text);
      items += 1;
    }
  }
  return groups.filter((group) => group.items.length > 0);
}

/**
 * The tag of a list's lines: li, else p, else (for ingredients) the terms
 * of a definition list ("<dl><dt>…</dt></dl>").
 */
function itemTagOf(container: Element, terms: boolean): 'li' | 'p' | 'dt' {
  if (selectOne('li', container) !== null) return 'li';
  if (!terms || selectOne('p', container) !== null) return 'p';
  return selectOne('dt', container) === null ? 'p' : 'dt';
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

/**
 * Whether an element is in a control row below `container`, memoised so
 * each element is looked at once: linear in the container's size.
 */
function inControlRow(
  element: Element,
  container: Element,
  memo: Map<Element, boolean>,
): boolean {
  if (element === container) return false;
  const known = memo.get(element);
  if (known !== undefined) return known;
  const parent = element.parent;
  const inside =
    isControlRow(element) ||
    (parent !== null && isTag(parent) && inControlRow(parent, container, memo));
  memo.set(element, inside);
  return inside;
}

/**
 * Class words of an element that names a group ("…__title", "group-head",
 * an underline's "uline" or "underlined").
 */
const GROUP_CLASS = /title|head|group|category|underline|^uline$/i;
const GROUP_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);
/** Bold or underlined text, which names a group when it starts with a capital. */
const BOLD_TAGS = new Set(['strong', 'b', 'u']);
/** Longer texts name no group. */
const MAX_GROUP_NAME = 80;

/**
 * A text as group names are compared: spaces folded, case kept (a card
 * titled "Salt" over a line "salt" names no group).
 */
const groupKey = (text: string) => foldSpaces(text);

/**
 * The texts the page prints as group names: headings, bold text that
 * starts with a capital and
 * elements whose class says title, heading, group or category, of at most
 * 80 characters and without a digit (an amount makes a line an
 * ingredient). One walk of the captured trees; each candidate's text is
 * read once, within the capture's node and depth bounds.
 */
export function printedGroupNames(roots: readonly Element[]): Set<string> {
  const names = new Set<string>();
  const walk = (element: Element) => {
    const bold = BOLD_TAGS.has(element.name);
    if (
      bold ||
      GROUP_TAGS.has(element.name) ||
      tokens(element.attribs.class).some(
        (word) => word.length <= 80 && GROUP_CLASS.test(word),
      )
    ) {
      const text = foldSpaces(nodeText(element));
      if (
        text !== '' &&
        text.length <= MAX_GROUP_NAME &&
        !/\d/.test(text) &&
        // Bold alone is weak: authors also bold an ingredient ("pinch of
        // salt"); a group's name starts with a capital ("Sauce").
        (!bold || /^\p{Lu}/u.test(text))
      ) {
        names.add(groupKey(text));
      }
    }
    for (const child of element.children) {
      if (isTag(child)) walk(child);
    }
  };
  for (const root of roots) walk(root);
  return names;
}

/**
 * Ingredient lines without the group names a page's JSON-LD or microdata
 * writes among them ("Sauce", "For the topping:", "DRESSING (whisk
 * together)"): a line without a digit that ends in a colon, or that the
 * page prints as a group name, and that has lines after it to head. A
 * line such as "salt" stays, unless the page prints it as a heading.
 */
export function withoutGroupNames(
  lines: readonly string[],
  printed: () => Set<string>,
): string[] {
  let names: Set<string> | null = null;
  return lines.filter((line, index) => {
    if (index === lines.length - 1 || /\d/.test(line)) return true;
    if (line.endsWith(':') && line.length <= MAX_GROUP_NAME) return false;
    names ??= printed();
    return !names.has(groupKey(line));
  });
}

/**
 * A group's name that says its lines are tools, not food ("Equipment",
 * "Equipment Needed", "Kitchen tools", "Special equipment:").
 */
const EQUIPMENT_GROUP =
  /^(?:special |kitchen |recipe )?(?:equipment|tools|utensils)(?: needed| used| you(?:'|’)ll need)?:?$/i;

/** A line as lines of the markup and of the page are compared. */
const lineKey = (line: string) =>
  line.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Ingredient lines without the tools a page lists as a group of its
 * ingredients ("Equipment Needed": "4 (8-ounce) ramekins", "Baking pan"),
 * which a plugin's JSON-LD writes among the recipe's lines: a line the
 * page prints under such a group's name is none. `roots` (the page's
 * cards and classed lists) are read only when there are lines.
 */
export function withoutEquipment(
  lines: readonly string[],
  roots: () => readonly Element[],
): string[] {
  if (lines.length === 0) return [...lines];
  const tools = new Set<string>();
  for (const root of roots()) {
    for (const group of groupsOf(root, { titlesEndGroups: true })) {
      if (EQUIPMENT_GROUP.test(group.heading)) {
        for (const item of group.items) tools.add(lineKey(item));
      }
    }
  }
  if (tools.size === 0) return [...lines];
  const kept = lines.filter((line) => !tools.has(lineKey(line)));
  // Every line a tool is a misread, not a recipe without food.
  return kept.length > 0 ? kept : [...lines];
}
