import { selectAll, selectOne } from 'css-select';
import { isTag, type Element } from 'domhandler';

import {
  groupsOf,
  ingredientsOf,
  instructionsOf,
  type Group,
} from './recipe-import-groups.js';
import { linesOf, linesToGroups, titleRole } from './recipe-import-headings.js';
import {
  hintRoles,
  nodeText,
  type Hint,
  type HintRole,
} from './recipe-import-html.js';
import { foldSpaces, type JsonObject } from './recipe-import-json-ld.js';
import { termLine } from './recipe-import-terms.js';

/**
 * A recipe that exists only in a page's HTML (issue 19): no JSON-LD, no
 * microdata, no plugin card, or a JSON-LD Recipe whose lists are empty. Its
 * lists are found by the class or id of the elements that hold them
 * ('ingredients', 'recipe-ingredient', 'instructions', 'directions',
 * 'method', 'recipe-steps', the hRecipe microformat's 'ingredient' and
 * 'instructions'), as scanPage kept them (hintRole, within the capture
 * bounds). The lists are read as the plugin cards are: h2-h6 and all-bold
 * paragraphs name groups, list items (else paragraphs) are the lines.
 *
 * Only the lists come from here: the name, times, yield and picture come
 * from whatever else the page has (the JSON-LD with empty lists, the first
 * h1, og:image), so this reader ranks last.
 */

/** Elements that are one line of a list themselves ('li.ingredient'). */
const LINE_TAGS = new Set(['li', 'p', 'dt', 'dd']);

/** Headings name a list; they hold none ('h3#ingredients'). */
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * A step's number as the page prints it ("Step 1", "2.", "3)"): the list
 * numbers the steps already.
 */
const withoutNumber = (text: string) =>
  text.replace(/^(?:step\s*)?\d{1,3}(?:[.:)]\s*|\s+)/i, '');

function groupsOfContainer(container: Element, role: HintRole): Group[] {
  if (HEADINGS.has(container.name)) return [];
  if (LINE_TAGS.has(container.name) && !hasLineBreak(container)) {
    const text =
      (role === 'ingredients' ? termLine(container) : null) ??
      foldSpaces(nodeText(container));
    return text === '' ? [] : [{ heading: '', items: [text] }];
  }
  // A table of lines and no list items or paragraphs ("<tr><td>1 ½</td>
  // <td>cups</td><td>flour</td></tr>"): each row is a line, a note after
  // a <br> in a cell included.
  if (selectOne('li, p', container) === null) {
    const rows = tableLines(container);
    if (rows.length > 0) return [{ heading: '', items: rows }];
  }
  // Lines written with <br> and no list items ("<p><b>Sauce</b><br>1 tin
  // tomatoes<br>…</p>"): read line by line, as under a heading.
  if (hasLineBreak(container) && selectOne('li', container) === null) {
    return linesToGroups(linesOf(container, role), role);
  }
  // The other list's title ("Method" after the ingredients, in one
  // element classed for the ingredients) ends this one.
  return groupsOf(container, {
    endsList: (text) => titleRole(text) === OTHER[role],
    terms: role === 'ingredients',
  });
}

/** Rows read from one table, at most: enough for the mapper's 200 lines. */
const MAX_ROWS = 400;

/**
 * The rows of the tables under `container` as lines, their cells in order
 * with a space between; a row of header cells only ("Amount", "Measure")
 * names the columns, no line, and a cell without a letter or digit (a
 * footnote's "*", an icon) adds nothing. One query, and one text walk per
 * cell, bounded by the capture.
 */
function tableLines(container: Element): string[] {
  const lines: string[] = [];
  for (const row of selectAll('tr', container).slice(0, MAX_ROWS)) {
    const cells = row.children.filter(
      (cell): cell is Element =>
        isTag(cell) && (cell.name === 'td' || cell.name === 'th'),
    );
    if (!cells.some((cell) => cell.name === 'td')) continue;
    const text = cells
      .map((cell) => foldSpaces(nodeText(cell)))
      .filter((cell) => /[\p{L}\p{N}]/u.test(cell))
      .join(' ');
    if (text !== '') lines.push(text);
  }
  return lines;
}

const hasLineBreak = (container: Element) =>
  selectOne('br', container) !== null;

/** Steps without the numbers the page printed before them. */
const unnumbered = (groups: readonly Group[]): Group[] =>
  groups.map((group) => ({
    heading: group.heading,
    items: group.items.map(withoutNumber).filter((text) => text !== ''),
  }));

const OTHER: Record<HintRole, HintRole> = {
  ingredients: 'steps',
  steps: 'ingredients',
};

/**
 * The lists of one role under a kept root: those of the highest elements
 * of that role with nothing of the other role inside, so a wrapper named
 * for both ('ingredients-and-directions') is looked into. Two walks of the
 * tree: its size is bounded by the capture.
 */
function groupsUnder(root: Element, role: HintRole): Group[][] {
  const rolesInside = new Map<Element, Set<HintRole>>();
  const collect = (element: Element): Set<HintRole> => {
    const roles = new Set(hintRoles(element.name, element.attribs));
    for (const child of element.children) {
      if (!isTag(child)) continue;
      for (const inner of collect(child)) roles.add(inner);
    }
    rolesInside.set(element, roles);
    return roles;
  };
  collect(root);
  const found: Group[][] = [];
  const walk = (element: Element) => {
    if (
      hintRoles(element.name, element.attribs).includes(role) &&
      !rolesInside.get(element)?.has(OTHER[role])
    ) {
      const groups = groupsOfContainer(element, role);
      if (groups.length > 0) {
        found.push(groups);
        return;
      }
    }
    for (const child of element.children) {
      if (isTag(child) && rolesInside.get(child)?.has(role)) walk(child);
    }
  };
  walk(root);
  return found;
}

/**
 * An item of a row of links or facts, not a step: at most three words and
 * no sentence ("Facebook", "Easy", "Serves 2"), or a short label before a
 * time ("Total Cook Time 3 mins", "Prep: 1 hr 10 min").
 */
export function isFactOrLink(item: string): boolean {
  if (/[.!?]$/.test(item)) return false;
  const words = item.split(/\s+/, 8).length;
  return words <= 3 || (words <= 7 && LABELLED_TIME.test(item));
}

const LABELLED_TIME =
  /^[a-z][a-z ]{0,30}:? \d{1,4} ?(?:min|mins|minutes|hr|hrs|hours?)(?: \d{1,2} ?(?:min|mins|minutes))?$/i;

/**
 * The groups of one role: those under the first kept root that has that
 * list, and under the roots of the same tag beside it (one element per
 * line, or per group), so that a second copy of a list elsewhere on the
 * page (a print view, a summary) is not read twice.
 */
export function htmlList(hints: readonly Hint[], role: HintRole): Group[] {
  let first: Hint | null = null;
  const groups: Group[] = [];
  for (const hint of hints) {
    if (
      first !== null &&
      (hint.parent !== first.parent || hint.root.name !== first.root.name)
    ) {
      continue;
    }
    const found = groupsUnder(hint.root, role).flat();
    // A row of facts classed for the method ("Prep 10 mins", "Total Cook
    // Time 3 mins", "Easy", "Serves 2") is not the method: the next list
    // classed for it may be.
    if (
      found.length === 0 ||
      (role === 'steps' &&
        found.every((group) => group.items.every(isFactOrLink)))
    ) {
      continue;
    }
    first ??= hint;
    groups.push(...found);
  }
  return groups;
}

/**
 * The lists of a page's HTML as a JSON-LD-shaped Recipe, or undefined
 * unless it has both: one list alone is a page that mentions ingredients,
 * not a recipe.
 */
export function htmlListsRecipe(
  ingredients: readonly Group[],
  steps: readonly Group[],
  /**
   * One list is enough where the page's markup already names the recipe and
   * lacks that list (JSON-LD with ingredient lines and no steps, the steps
   * printed under a heading): the other list comes from the markup.
   */
  oneEnough = false,
): JsonObject | undefined {
  if (ingredients.length === 0 && steps.length === 0) return undefined;
  if (!oneEnough && (ingredients.length === 0 || steps.length === 0)) {
    return undefined;
  }
  return {
    '@type': 'Recipe',
    recipeIngredient: ingredientsOf(ingredients),
    recipeInstructions: instructionsOf(unnumbered(steps)),
  };
}
