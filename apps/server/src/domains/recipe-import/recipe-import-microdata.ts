import { selectOne } from 'css-select';
import { isTag, type ChildNode, type Element } from 'domhandler';
import { findOne } from 'domutils';

import { groupsOf, instructionsOf } from './recipe-import-groups.js';
import {
  escapeHtml,
  isRecipeItem,
  nodeText,
  tokens,
  typeName,
} from './recipe-import-html.js';
import { STEP_NUMBER, type JsonObject } from './recipe-import-json-ld.js';

/**
 * schema.org microdata (https://html.spec.whatwg.org/#microdata) of a
 * Recipe, read from the cards that scanPage kept, into the shape of the
 * same vocabulary in JSON-LD, so one mapper (mapRecipeNode) reads both.
 * itemref is not followed: recipe sites do not use it, and it would let a
 * page point the reader anywhere in a tree it has not kept.
 */

/** Items nested deeper than this (Recipe → HowToSection → HowToStep …) are skipped. */
const MAX_ITEM_DEPTH = 6;

/** Elements whose value is a URL attribute rather than their text. */
const URL_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  audio: 'src',
  embed: 'src',
  iframe: 'src',
  img: 'src',
  source: 'src',
  track: 'src',
  video: 'src',
  object: 'data',
};

/**
 * An image's address: its src, or the address a lazy loader will put there
 * when src is a placeholder (a data: URI or nothing).
 */
export function imageSource(element: Element): string {
  const { attribs } = element;
  const { src = '' } = attribs;
  if (src !== '' && !src.trimStart().startsWith('data:')) return src;
  return (
    attribs['data-lazy-src'] ??
    attribs['data-src'] ??
    largestInSrcset(
      attribs['data-lazy-srcset'] ?? attribs['data-srcset'] ?? attribs.srcset,
    )
  );
}

/** Candidates of a srcset read, at most: a real one lists a handful. */
const MAX_SRCSET_CANDIDATES = 30;

/**
 * The widest picture of a srcset ("a.jpg 300w, b.jpg 1024w" → b.jpg),
 * else its first, else ''. A lazy loader may keep the only real addresses
 * there, with a placeholder in src.
 */
export function largestInSrcset(srcset: string | undefined): string {
  let best = '';
  let widest = -1;
  for (const candidate of (srcset ?? '')
    .split(',')
    .slice(0, MAX_SRCSET_CANDIDATES)) {
    const [address = '', descriptor = ''] = candidate.trim().split(/\s+/);
    if (address === '' || address.startsWith('data:')) continue;
    const width = descriptor.endsWith('w')
      ? Number(descriptor.slice(0, -1))
      : 0;
    if (Number.isFinite(width) && width > widest) {
      best = address;
      widest = width;
    }
  }
  return best;
}

/** The value of a property element without itemscope, as the spec reads it. */
function propertyValue(element: Element): string {
  const { attribs, name } = element;
  if (name === 'meta') return escapeHtml(attribs.content ?? '');
  const urlAttribute = URL_ATTRIBUTE[name];
  if (urlAttribute !== undefined) {
    return name === 'img'
      ? imageSource(element)
      : (attribs[urlAttribute] ?? '');
  }
  if ((name === 'data' || name === 'meter') && attribs.value !== undefined) {
    return escapeHtml(attribs.value);
  }
  if (name === 'time' && attribs.datetime !== undefined) {
    return escapeHtml(attribs.datetime);
  }
  // Not in the HTML standard, but search engines read content on any
  // element, and recipe sites rely on it (<span itemprop="ratingValue"
  // content="4.5">4½</span>).
  if (attribs.content !== undefined) return escapeHtml(attribs.content);
  return escapeHtml(nodeText(element));
}

/**
 * Instructions in one element with headings between the steps (<h3>For
 * the sauce</h3><p>…</p>): groups, not one text whose headings would read
 * as steps.
 */
function hasGroupHeadings(element: Element): boolean {
  return (
    selectOne('h2, h3, h4, h5, h6', element) !== null &&
    selectOne('p, li', element) !== null
  );
}

/** A step's title: a short line that is no sentence. */
const isStepTitle = (line: string) =>
  line.length <= 80 &&
  line.split(/\s+/, 12).length <= 10 &&
  !/[.!?;,]$/.test(line);

/**
 * One element of several marked recipeInstructions, each a step, that
 * starts with the step's title on a line of its own (after its number,
 * if printed, which goes): <div itemprop="recipeInstructions"><span>1</span>
 * <span>Cook the farro</span><p>Fill a pot…</p></div>. The title reads as
 * a heading before the step's text, as a JSON-LD HowToStep's name does,
 * not as a step of its own. Lines are those of the element's text
 * (nodeText puts one between blocks).
 */
function titledStep(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines[0] !== undefined && STEP_NUMBER.test(lines[0])) lines.shift();
  // The number printed on the title's line ("1 Cook the farro").
  const title = lines[0]?.replace(/^(?:step\s*)?\d{1,2}(?:[.:)]\s*|\s+)/i, '');
  const text = lines.slice(1);
  if (
    title === undefined ||
    !isStepTitle(title) ||
    !text.some((line) => /[.!?]/.test(line))
  ) {
    return value;
  }
  return {
    '@type': ['HowToSection'],
    name: title.endsWith(':') ? title.slice(0, -1) : title,
    itemListElement: text.join('\n'),
  };
}

function readItem(item: Element, depth: number): JsonObject {
  const properties = new Map<string, unknown[]>();
  const walk = (children: readonly ChildNode[]) => {
    for (const child of children) {
      if (!isTag(child)) continue;
      const isItem = 'itemscope' in child.attribs;
      // itemprop="https://schema.org/name" names the same property.
      for (const name of tokens(child.attribs.itemprop).map(typeName)) {
        const value = isItem
          ? depth < MAX_ITEM_DEPTH
            ? readItem(child, depth + 1)
            : undefined
          : name === 'recipeInstructions' && hasGroupHeadings(child)
            ? instructionsOf(groupsOf(child))
            : propertyValue(child);
        if (value === undefined) continue;
        const values = properties.get(name) ?? [];
        values.push(value);
        properties.set(name, values);
      }
      // A nested item's properties are its own, not this item's.
      if (!isItem) walk(child.children);
    }
  };
  walk(item.children);
  const instructions = properties.get('recipeInstructions');
  if (instructions !== undefined && instructions.length > 1) {
    properties.set('recipeInstructions', instructions.map(titledStep));
  }
  const types = tokens(item.attribs.itemtype).map(typeName);
  const node: JsonObject = { '@type': types };
  for (const [name, values] of properties) {
    node[name] = values.length === 1 ? values[0] : values;
  }
  // <li itemprop="recipeInstructions" itemscope itemtype="…/HowToStep">Mix.</li>
  // carries its text in the element itself.
  if (
    types.includes('HowToStep') &&
    node.text === undefined &&
    node.name === undefined
  ) {
    node.text = escapeHtml(nodeText(item));
  }
  return node;
}

/** The first Recipe item among the cards, as a JSON-LD-shaped object. */
export function microdataRecipe(
  cards: readonly Element[],
): JsonObject | undefined {
  const root = findOne(
    (element) => isRecipeItem(element.attribs),
    cards as Element[],
  );
  return root === null ? undefined : readItem(root, 0);
}
