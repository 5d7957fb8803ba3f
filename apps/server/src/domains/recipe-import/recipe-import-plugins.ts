import { selectAll, selectOne } from 'css-select';
import type { Element } from 'domhandler';
import { findOne } from 'domutils';

import {
  groupsOf,
  ingredientsOf,
  instructionsOf,
} from './recipe-import-groups.js';
import { escapeHtml, nodeText, tokens } from './recipe-import-html.js';
import {
  foldSpaces,
  textMinutes,
  type JsonObject,
} from './recipe-import-json-ld.js';
import { imageSource } from './recipe-import-microdata.js';

/**
 * The recipe cards of the common WordPress recipe plugins, read from their
 * HTML for pages whose JSON-LD is missing or empty (issue 12): WP Recipe
 * Maker, Tasty Recipes and Mediavine Create. Each reader turns a card into
 * the schema.org Recipe vocabulary, the shape JSON-LD has, so one mapper
 * (mapRecipeNode) checks and bounds every value. The cards are the small
 * trees scanPage kept (bounded in nodes and depth), so each selector costs
 * at most their size times MAX_CAPTURE_DEPTH.
 */

type Card = Element;

/**
 * List items read from one list: enough for the mapper's 200 lines and 100
 * steps, however many a card has.
 */
const MAX_ITEMS = 400;

/**
 * The first element under `root` with a class: a plain walk, for the
 * per-line lookups, where css-select would compile a selector each call.
 */
function byClass(root: Element, name: string): Element | null {
  return findOne(
    (element) => tokens(element.attribs.class).includes(name),
    root.children,
  );
}

/** An element's text, folded, as HTML for the mapper ('' when missing). */
function value(element: Element | null | undefined): string {
  return element ? escapeHtml(foldSpaces(nodeText(element))) : '';
}

function valueOf(card: Card, selector: string): string {
  return value(selectOne(selector, card));
}

/** "Keywords: soup, quick" → "soup, quick"; a text without a label stays. */
function withoutLabel(text: string): string {
  const colon = text.indexOf(':');
  return colon !== -1 && colon <= 30 ? text.slice(colon + 1).trim() : text;
}

/** Absolute or relative image addresses of the card's pictures. */
function imagesOf(card: Card, selector: string): string[] {
  return selectAll(selector, card)
    .map(imageSource)
    .filter((src) => src !== '');
}

function firstNumber(text: string): number | undefined {
  const match = /\d+(?:\.\d+)?/.exec(text);
  return match ? Number(match[0]) : undefined;
}

/**
 * WP Recipe Maker: an ingredient is amount, unit, name and notes spans.
 * The notes follow after a comma ("1 onion, finely chopped"), as a cook
 * writes them and as the line parser reads a preparation, unless they
 * bring their own parenthesis or comma.
 */
function wprmIngredient(line: Element): string {
  const part = (name: string) => {
    const element = byClass(line, `wprm-recipe-ingredient-${name}`);
    return element ? foldSpaces(nodeText(element)) : '';
  };
  if (byClass(line, 'wprm-recipe-ingredient-name') === null) {
    return escapeHtml(foldSpaces(nodeText(line)));
  }
  const main = [part('amount'), part('unit'), part('name')]
    .filter((text) => text !== '')
    .join(' ');
  const notes = part('notes');
  if (notes === '') return escapeHtml(main);
  if (notes.startsWith(',')) return escapeHtml(`${main}${notes}`);
  if (notes.startsWith('(')) return escapeHtml(`${main} ${notes}`);
  return escapeHtml(`${main}, ${notes}`);
}

/** Minutes of one WPRM time (total, prep, cook) from its unit spans. */
function wprmMinutes(card: Card, kind: string): number | undefined {
  let total = 0;
  let found = false;
  for (const [unit, minutes] of [
    ['days', 1440],
    ['hours', 60],
    ['minutes', 1],
  ] as const) {
    const element = selectOne(`.wprm-recipe-${kind}_time-${unit}`, card);
    // The span holds "15" and a screen-reader " minutes": the number counts.
    const amount = element ? firstNumber(nodeText(element)) : undefined;
    if (amount === undefined) continue;
    total += amount * minutes;
    found = true;
  }
  return found ? total : undefined;
}

function wpRecipeMaker(cards: readonly Card[]): JsonObject | undefined {
  const card =
    selectOne('.wprm-recipe-container', cards as Card[]) ??
    selectOne('.wprm-recipe', cards as Card[]);
  if (card === null) return undefined;
  const groups = selectAll('.wprm-recipe-instruction-group', card);
  const instructions = (groups.length > 0 ? groups : [card]).map((group) => {
    let steps = selectAll('.wprm-recipe-instruction-text', group);
    if (steps.length === 0)
      steps = selectAll('.wprm-recipe-instruction', group);
    const name = selectOne('.wprm-recipe-group-name', group);
    return {
      heading: name ? foldSpaces(nodeText(name)) : '',
      items: steps
        .slice(0, MAX_ITEMS)
        .map((step) => foldSpaces(nodeText(step))),
    };
  });
  const rating = selectOne('.wprm-recipe-rating', card);
  return {
    '@type': 'Recipe',
    name: valueOf(card, '.wprm-recipe-name'),
    description: valueOf(card, '.wprm-recipe-summary'),
    image: imagesOf(card, '.wprm-recipe-image img'),
    recipeIngredient: selectAll('.wprm-recipe-ingredient', card)
      .slice(0, MAX_ITEMS)
      .map(wprmIngredient),
    recipeInstructions: instructionsOf(
      instructions.filter((group) => group.items.length > 0),
    ),
    totalTime: wprmMinutes(card, 'total'),
    prepTime: wprmMinutes(card, 'prep'),
    cookTime: wprmMinutes(card, 'cook'),
    recipeYield: valueOf(card, '.wprm-recipe-servings'),
    aggregateRating: {
      ratingValue:
        rating?.attribs['data-average'] ??
        valueOf(card, '.wprm-recipe-rating-average'),
      bestRating: 5,
    },
    recipeCategory: valueOf(card, '.wprm-recipe-course'),
    recipeCuisine: valueOf(card, '.wprm-recipe-cuisine'),
    keywords: valueOf(card, '.wprm-recipe-keyword'),
  };
}

function tastyRecipes(cards: readonly Card[]): JsonObject | undefined {
  const card = selectOne('.tasty-recipes', cards as Card[]);
  if (card === null) return undefined;
  const list = (name: string) =>
    groupsOf(
      selectOne(`.tasty-recipes-${name}-body`, card) ??
        selectOne(`.tasty-recipes-${name}`, card),
    );
  const minutes = (name: string) => {
    const element = selectOne(`.tasty-recipes-${name}`, card);
    return element ? textMinutes(nodeText(element)) : undefined;
  };
  return {
    '@type': 'Recipe',
    name: valueOf(card, '.tasty-recipes-title'),
    description:
      valueOf(card, '.tasty-recipes-description-body') ||
      valueOf(card, '.tasty-recipes-description'),
    image: imagesOf(card, '.tasty-recipes-image img'),
    recipeIngredient: ingredientsOf(list('ingredients')),
    recipeInstructions: instructionsOf(list('instructions')),
    totalTime: minutes('total-time'),
    prepTime: minutes('prep-time'),
    cookTime: minutes('cook-time'),
    recipeYield: valueOf(card, '.tasty-recipes-yield'),
    aggregateRating: {
      ratingValue: valueOf(card, '.tasty-recipes-rating .average'),
      bestRating: 5,
    },
    recipeCategory: withoutLabel(valueOf(card, '.tasty-recipes-category')),
    recipeCuisine: withoutLabel(valueOf(card, '.tasty-recipes-cuisine')),
    keywords: withoutLabel(valueOf(card, '.tasty-recipes-keywords')),
  };
}

function mediavineCreate(cards: readonly Card[]): JsonObject | undefined {
  const card = selectOne('.mv-create-card', cards as Card[]);
  if (card === null) return undefined;
  const time = (name: string) => {
    const element =
      selectOne(`.mv-create-time-${name} .mv-create-time-format`, card) ??
      selectOne(`.mv-create-time-${name}`, card);
    return element
      ? textMinutes(withoutLabel(foldSpaces(nodeText(element))))
      : undefined;
  };
  return {
    '@type': 'Recipe',
    name:
      valueOf(card, '.mv-create-title-primary') ||
      valueOf(card, '.mv-create-title'),
    description: valueOf(card, '.mv-create-description'),
    image: imagesOf(card, 'img.mv-create-image, .mv-create-image img'),
    recipeIngredient: ingredientsOf(
      groupsOf(selectOne('.mv-create-ingredients', card)),
    ),
    recipeInstructions: instructionsOf(
      groupsOf(selectOne('.mv-create-instructions', card)),
    ),
    totalTime: time('total'),
    prepTime: time('prep'),
    // Mediavine calls the cooking time "active time".
    cookTime: time('active'),
    recipeYield: withoutLabel(valueOf(card, '.mv-create-yield')),
    aggregateRating: {
      ratingValue:
        selectOne('[data-mv-create-rating]', card)?.attribs[
          'data-mv-create-rating'
        ] ?? '',
      bestRating: 5,
    },
    recipeCategory: withoutLabel(valueOf(card, '.mv-create-category')),
    recipeCuisine: withoutLabel(valueOf(card, '.mv-create-cuisine')),
    keywords: withoutLabel(valueOf(card, '.mv-create-keywords')),
  };
}

export type PluginName =
  'wp-recipe-maker' | 'tasty-recipes' | 'mediavine-create';

/**
 * The plugins' readers, in order of precedence. Each returns the first
 * card of its plugin among the cards, as a JSON-LD-shaped Recipe.
 */
export const PLUGIN_READERS: readonly {
  plugin: PluginName;
  read: (cards: readonly Card[]) => JsonObject | undefined;
}[] = [
  { plugin: 'wp-recipe-maker', read: wpRecipeMaker },
  { plugin: 'tasty-recipes', read: tastyRecipes },
  { plugin: 'mediavine-create', read: mediavineCreate },
];
