import { isTag, type ChildNode, type Element } from 'domhandler';
import { findOne } from 'domutils';

import {
  escapeHtml,
  isRecipeItem,
  nodeText,
  tokens,
  typeName,
} from './recipe-import-html.js';
import type { JsonObject } from './recipe-import-json-ld.js';

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
  const { src = '' } = element.attribs;
  if (src !== '' && !src.trimStart().startsWith('data:')) return src;
  return element.attribs['data-lazy-src'] ?? element.attribs['data-src'] ?? '';
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
