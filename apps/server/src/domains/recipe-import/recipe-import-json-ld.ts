import type { MealSlot } from '@platewise/shared';

import { parseBoundedJson } from './bounded-json.js';
import { htmlText, scanPage, typeName } from './recipe-import-html.js';

/**
 * Reads a schema.org Recipe (https://schema.org/Recipe) from a page's
 * JSON-LD, the form recipe sites publish for search engines, and maps it to
 * plain fields. Pages are untrusted: every value is checked for its type,
 * HTML in strings is reduced to text by a tokenizer (recipe-import-html.ts),
 * lists are capped, and no regular expression that can backtrack runs over
 * page text.
 */

/**
 * One entry of a recipe's directions: a step, or the heading of the steps
 * that follow (a HowToSection's name, a plugin's instruction group name).
 */
export interface Direction {
  kind: 'step' | 'heading';
  text: string;
}

export interface ImportedRecipe {
  name: string;
  description: string;
  totalMinutes: number | null;
  servings: number | null;
  ingredientLines: string[];
  steps: Direction[];
  images: string[];
  keywords: string[];
  categories: string[];
  cuisines: string[];
  rating: number | null;
}

export type JsonObject = Record<string, unknown>;

const MAX_DEPTH = 12;
const MAX_NODES = 20_000;
const MAX_LINES = 200;
const MAX_STEPS = 100;
const MAX_IMAGES = 10;
const MAX_TAGS = 30;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asList = (value: unknown): unknown[] =>
  value === undefined || value === null
    ? []
    : Array.isArray(value)
      ? value
      : [value];

/** Drops a prefix, and the spaces after it, when the text starts with it. */
function dropPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length).trimStart() : text;
}

function dropSuffix(text: string, suffix: string): string {
  return text.endsWith(suffix) ? text.slice(0, -suffix.length).trimEnd() : text;
}

/**
 * A block's JSON without the wrappers old pages put around script content:
 * `<!-- … -->` and `//<![CDATA[ … //]]>`, and the semicolon that ends a
 * block written as a script's statement (`{…};`). JSON never starts or
 * ends with one, so dropping them cannot change a valid block.
 */
function unwrapBlock(text: string): string {
  let body = text.trim();
  for (const prefix of ['<!--', '//', '<![CDATA[']) {
    body = dropPrefix(body, prefix);
  }
  for (const suffix of [';', '-->', ']]>', '//', ';']) {
    body = dropSuffix(body, suffix);
  }
  return body;
}

/** Every JSON-LD block of a page that parses as JSON. */
export async function jsonLdBlocks(html: string): Promise<unknown[]> {
  return parseJsonLd((await scanPage(html)).jsonLd);
}

/** The blocks, of the texts of a page's JSON-LD scripts, that parse as JSON. */
export function parseJsonLd(texts: readonly string[]): unknown[] {
  const blocks: unknown[] = [];
  for (const text of texts) {
    // A broken or too deep block on a page does not hide a good one.
    const block = parseBoundedJson(unwrapBlock(text));
    if (block !== undefined) blocks.push(block);
  }
  return blocks;
}

/** 'Recipe', 'schema:Recipe' and 'https://schema.org/Recipe' alike. */
export function hasType(node: JsonObject, type: string): boolean {
  return asList(node['@type']).some(
    (value) => typeof value === 'string' && typeName(value) === type,
  );
}

/** Recipe nodes kept from one page. */
const MAX_RECIPE_NODES = 10;

/**
 * The Recipe nodes of a page's blocks, in order, also inside @graph,
 * arrays and nested entities (a Recipe's own nested nodes are not
 * searched).
 */
export function findRecipeNodes(blocks: readonly unknown[]): JsonObject[] {
  const found: JsonObject[] = [];
  let visited = 0;
  const walk = (value: unknown, depth: number) => {
    if (depth > MAX_DEPTH || visited > MAX_NODES) return;
    if (found.length >= MAX_RECIPE_NODES) return;
    visited += 1;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    if (hasType(value, 'Recipe')) {
      found.push(value);
      return;
    }
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(blocks, 0);
  return found;
}

/** Types of the node that stands for the page itself. */
const PAGE_TYPES = ['WebPage', 'ItemPage', 'Article', 'BlogPosting'];

/**
 * The picture a page's JSON-LD gives the page itself: a WebPage's
 * primaryImageOfPage, image or thumbnailUrl, an Article's image, with an
 * {"@id"} reference read from the graph's ImageObject of that id (one
 * that names none is passed over). A page whose recipe is only in its
 * HTML often says its picture only there.
 */
export function pagePicture(blocks: readonly unknown[]): unknown {
  const imagesById = new Map<string, JsonObject>();
  const pages: JsonObject[] = [];
  let visited = 0;
  const walk = (value: unknown, depth: number) => {
    if (depth > MAX_DEPTH || visited > MAX_NODES) return;
    visited += 1;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    const id = value['@id'];
    if (typeof id === 'string' && hasType(value, 'ImageObject')) {
      imagesById.set(id, value);
    }
    if (PAGE_TYPES.some((type) => hasType(value, type))) pages.push(value);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(blocks, 0);
  for (const page of pages) {
    for (const value of [
      page.primaryImageOfPage,
      page.image,
      page.thumbnailUrl,
    ]) {
      const [first] = asList(value);
      const reference =
        isObject(first) &&
        typeof first['@id'] === 'string' &&
        first.url === undefined &&
        first.contentUrl === undefined;
      const picture = reference
        ? imagesById.get(first['@id'] as string)
        : first;
      if (picture !== undefined && picture !== null) return picture;
    }
  }
  return undefined;
}

/** The first Recipe node, also inside @graph, arrays and nested entities. */
export function findRecipeNode(
  blocks: readonly unknown[],
): JsonObject | undefined {
  return findRecipeNodes(blocks)[0];
}

export const foldSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What a text escaped twice still shows once decoded: a numeric character
 * reference ("350&#176;F" from "350&amp;#176;F") or a tag of the text
 * formatting a step carries ("<p>Mix.</p>" from "&lt;p&gt;Mix.&lt;/p&gt;").
 * No page means either literally. "&lt;" and other tags (a "<script>") stay
 * as they read: a text may name them. Neither pattern can backtrack.
 */
const ESCAPED_TWICE =
  /&#(?:\d{2,6}|x[\da-f]{2,5});|<\/?(?:p|br|li|ol|ul|b|i|em|strong|span|div)[\s/>]/i;

/** A page's HTML text decoded, once more where it was escaped twice. */
export function decodedText(html: string): string {
  const text = htmlText(html);
  return ESCAPED_TWICE.test(text) ? htmlText(text) : text;
}

/** Plain text of a JSON-LD string: tags dropped, entities decoded, spaces folded. */
export function plainText(value: unknown, maxLength = 2000): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return foldSpaces(decodedText(String(value))).slice(0, maxLength);
}

/**
 * A note in parentheses written twice, "1 chilli ((optional))" or
 * "2 lb pork shoulder ((butt) or pork belly, cubed)": one plugin's JSON-LD
 * wraps every ingredient note in parentheses, also one that brings its
 * own. The outer pair goes when it closes at the end of the line.
 */
export function singleParentheses(line: string): string {
  const open = line.indexOf('((');
  if (open === -1 || !line.endsWith(')')) return line;
  let depth = 0;
  for (let index = open; index < line.length; index += 1) {
    const char = line[index];
    if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      // The outer parenthesis closes before the end: not a doubled note.
      if (depth === 0 && index !== line.length - 1) return line;
    }
  }
  return depth === 0
    ? `${line.slice(0, open)}${line.slice(open + 1, -1)}`
    : line;
}

const UNIT_MINUTES: Record<string, number> = {
  d: 1440,
  day: 1440,
  days: 1440,
  h: 60,
  hr: 60,
  hrs: 60,
  hour: 60,
  hours: 60,
  m: 1,
  min: 1,
  mins: 1,
  minute: 1,
  minutes: 1,
};

/**
 * A duration as the plugins print it: "1 hour 10 minutes", "1 hr 5 mins",
 * "45 minutes", "1h30", "2 1/2 hours", "1:15 h". A number without a unit after hours
 * is minutes. Only the first 200 characters are read, so the few ways the
 * pattern can retry a match stay bounded.
 */
export function textMinutes(text: string): number | undefined {
  // A clock's form, hours and minutes: "1:15 h", "0:45".
  const clock = /^\s*(\d{1,2}):([0-5]\d)(?!\d)/.exec(text);
  if (clock !== null) return Number(clock[1]) * 60 + Number(clock[2]);
  let total = 0;
  let found = false;
  let lastUnit = 0;
  for (const match of text
    .slice(0, 200)
    .toLowerCase()
    .matchAll(/(\d+(?:[.,]\d+)?)(?:\s+(\d+)\/(\d+)|\/(\d+))?\s*([a-z]*)/g)) {
    const [, whole = '', numerator, denominator, under, unitName = ''] = match;
    let amount = Number(whole.replace(',', '.'));
    // "2 1/2" is two and a half; "1/2" alone is a half.
    if (numerator !== undefined && Number(denominator) > 0) {
      amount += Number(numerator) / Number(denominator);
    } else if (under !== undefined && Number(under) > 0) {
      amount /= Number(under);
    }
    const unit = UNIT_MINUTES[unitName] ?? (lastUnit === 60 ? 1 : 0);
    if (unit === 0 || !Number.isFinite(amount)) continue;
    total += amount * unit;
    lastUnit = unit;
    found = true;
  }
  return found ? Math.round(total) : undefined;
}

/** Longer than any real duration; nothing longer is read. */
const MAX_DURATION_LENGTH = 40;

/** ISO 8601 durations as recipe sites write them: PT1H30M, P0DT45M, PT90M. */
export function durationMinutes(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    return Math.round(value);
  }
  if (typeof value !== 'string' || value.length > MAX_DURATION_LENGTH) {
    return null;
  }
  // Written without the T ("P1H", "P30M"), as some sites do: a recipe's
  // M is minutes, never months.
  const text =
    /^P\d/i.test(value.trim()) && !/[TDWY]/i.test(value)
      ? `PT${value.trim().slice(1)}`
      : value.trim();
  // The full form, "P0Y0M0DT0H30M0S", as some plugins write it: years
  // and months of nothing are no duration of their own.
  const match =
    /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      text,
    );
  if (
    match === null ||
    text.toUpperCase() === 'P' ||
    text.toUpperCase() === 'PT'
  ) {
    // Not ISO 8601: a duration in words ("45 mins", "1 hour 10 minutes").
    // A broken ISO form ("PT-471406H28M55S") is none.
    return /^P/i.test(text) ? null : (textMinutes(text) ?? null);
  }
  const [, years, months, weeks, days, hours, minutes, seconds] = match;
  if (Number(years ?? 0) > 0 || Number(months ?? 0) > 0) return null;
  const total =
    Number(weeks ?? 0) * 10080 +
    Number(days ?? 0) * 1440 +
    Number(hours ?? 0) * 60 +
    Number(minutes ?? 0) +
    Number(seconds ?? 0) / 60;
  return Math.round(total);
}

function totalMinutes(node: JsonObject): number | null {
  const total = durationMinutes(node.totalTime);
  if (total !== null && total > 0) return total;
  const prep = durationMinutes(node.prepTime);
  const cook = durationMinutes(node.cookTime);
  if (prep === null && cook === null) return null;
  return (prep ?? 0) + (cook ?? 0);
}

/** recipeYield: 4, "4", "4 servings", ["4", "4 servings"], "Serves 4-6". */
function servings(value: unknown): number | null {
  for (const item of asList(value)) {
    const match = /\d+/.exec(plainText(item, 100));
    const number = match ? Number(match[0]) : Number.NaN;
    if (Number.isInteger(number) && number >= 1 && number <= 1000) {
      return number;
    }
  }
  return null;
}

/**
 * recipeInstructions: one text (steps on lines), a list of strings,
 * HowToStep objects (text, else name), HowToSection or ItemList objects whose
 * itemListElement holds steps, nested to any sensible depth. A
 * HowToSection's name becomes a heading before its steps, not a step.
 */
function steps(value: unknown): Direction[] {
  const out: Direction[] = [];
  const walk = (item: unknown, depth: number) => {
    if (depth > 6 || out.length >= MAX_STEPS) return;
    if (typeof item === 'string') {
      // Paragraphs, list items and line breaks inside one text separate
      // steps; the text is decoded once, so "&amp;lt;" stays "&lt;".
      for (const line of decodedText(item).split('\n')) {
        for (const part of numberedSteps(foldSpaces(line))) {
          const step = withoutRelatedLinks(part).slice(0, 2000);
          // A line that only numbers the step after it ("1", "Step 2.")
          // is no step: the list numbers its steps.
          if (step && !STEP_NUMBER.test(step)) {
            out.push({ kind: 'step', text: step });
          }
        }
      }
      return;
    }
    if (Array.isArray(item)) {
      for (const child of item) walk(child, depth + 1);
      return;
    }
    if (!isObject(item)) return;
    if (item.itemListElement !== undefined) {
      const heading = hasType(item, 'HowToSection') ? plainText(item.name) : '';
      // A section named only by a step's number ("Step 2") heads nothing.
      if (heading && !STEP_NUMBER.test(heading)) {
        out.push({ kind: 'heading', text: heading });
      }
      walk(item.itemListElement, depth + 1);
      return;
    }
    const text = plainText(item.text);
    const name = plainText(item.name);
    // A step with a title of its own ("Make the glaze", then what to do):
    // the title reads as a heading. A name that repeats the text, begins
    // it (some plugins cut the text short as the name) or only numbers the
    // step ("Step 1") is none.
    if (
      text &&
      name &&
      !isShortenedFrom(name, text) &&
      !STEP_NUMBER.test(name)
    ) {
      out.push({ kind: 'heading', text: name });
    }
    const step = withoutRelatedLinks(text || name);
    if (step) out.push({ kind: 'step', text: step });
  };
  walk(value, 0);
  // A heading with no step after it heads nothing.
  return out
    .slice(0, MAX_STEPS)
    .filter(
      (entry, index, all) =>
        entry.kind === 'step' || all[index + 1]?.kind === 'step',
    );
}

/**
 * Where a step's related reading starts: a label such as "Links:",
 * "Related recipes:" or "See also:" at the step's start or after a
 * sentence's end. A page prints that list as its own paragraph after the
 * method; its JSON-LD runs it into the last step. One regular-expression
 * pass, no nested repetition: linear in the step's length.
 */
const RELATED_LINKS =
  /(?:^|(?<=[.!?)]\s))(?:links|related(?: links| recipes| posts)?|see also|you (?:may|might) also like|more recipes)\s*:(?:\s|$)/i;

/** A step without the related reading run into it, if any. */
export function withoutRelatedLinks(step: string): string {
  const at = step.search(RELATED_LINKS);
  return at === -1 ? step : step.slice(0, at).trimEnd();
}

/**
 * Steps numbered inside one text ("1. Mix. 2. Bake. 3. Serve."), as some
 * pages write all their instructions in one string: split where the next
 * number follows a sentence's end, when at least "2." and "3." do. The
 * numbers go (the list numbers its steps). One indexOf per number: linear.
 */
export function numberedSteps(text: string): string[] {
  const cuts: number[] = [];
  let from = 0;
  for (let number = 2; number <= MAX_STEPS; number += 1) {
    let at = -1;
    for (const mark of [`. ${number}. `, `. ${number}) `]) {
      const found = text.indexOf(mark, from);
      if (found !== -1 && (at === -1 || found < at)) at = found;
    }
    if (at === -1) break;
    cuts.push(at + 2);
    from = at + 2;
  }
  if (cuts.length < 2) return [text];
  const parts: string[] = [];
  let start = 0;
  for (const cut of [...cuts, text.length]) {
    parts.push(
      text
        .slice(start, cut)
        .trim()
        .replace(/^\d{1,3}[.)]\s+/, ''),
    );
    start = cut;
  }
  return parts.filter((part) => part !== '');
}

/** A step's name that only numbers it ("Step 1", "2."): no title. */
export const STEP_NUMBER = /^(?:step\s*)?\d{1,3}\s*[.:)]?$/i;

/** Whether `name` is `text` or its beginning, cut short ("Mix the…"). */
function isShortenedFrom(name: string, text: string): boolean {
  const start = name.replace(/(?:\.\.\.|…)$/, '').trimEnd();
  return text.toLowerCase().startsWith(start.toLowerCase());
}

/** image: a URL, a list of them, or ImageObjects (url, else contentUrl). */
export function images(value: unknown, pageUrl: string): string[] {
  const urls: string[] = [];
  for (const item of asList(value).slice(0, 50)) {
    const raw = isObject(item) ? (item.url ?? item.contentUrl) : item;
    for (const candidate of asList(raw)) {
      if (typeof candidate !== 'string') continue;
      try {
        const url = new URL(candidate.trim(), pageUrl);
        if (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.href.length <= 2000 &&
          !urls.includes(url.href)
        ) {
          urls.push(url.href);
        }
      } catch {
        // Not a URL: skipped.
      }
    }
  }
  return urls.slice(0, MAX_IMAGES);
}

/** Strings or a comma-separated string (keywords, recipeCategory, recipeCuisine). */
function terms(value: unknown): string[] {
  return asList(value)
    .flatMap((item) => plainText(item, 500).split(','))
    .map((term) => term.trim())
    .filter((term) => term !== '' && term.length <= 50)
    .slice(0, MAX_TAGS);
}

/** A number written in a rating field ('4.5', 4.5, '4,5'); NaN otherwise. */
function ratingNumber(value: unknown): number {
  const text = plainText(value, 20).replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/**
 * aggregateRating on our 0-5 scale, one decimal. A scale whose best is 5
 * is ours already (1-5 stars included: 4.7 stars stay 4.7); another scale
 * is mapped from worstRating (default 0) to bestRating onto 0-5, so 8 of 10
 * is 4.0 and 8 on 1-10 is 3.9. A value outside its scale is clamped.
 */
export function normaliseRating(value: unknown): number | null {
  if (!isObject(value)) return null;
  const score = ratingNumber(value.ratingValue);
  const bestGiven = ratingNumber(value.bestRating);
  const best = Number.isFinite(bestGiven) && bestGiven > 0 ? bestGiven : 5;
  const worstGiven = ratingNumber(value.worstRating);
  const worst =
    Number.isFinite(worstGiven) && worstGiven >= 0 && worstGiven < best
      ? worstGiven
      : 0;
  // A rating of nothing yet: sites print 0 before the first vote, and a
  // count of 0 votes rates nothing whatever the value says.
  const count = ratingNumber(value.ratingCount ?? value.reviewCount);
  if (!Number.isFinite(score) || score <= 0 || count === 0) return null;
  const onFive = best === 5 ? score : ((score - worst) / (best - worst)) * 5;
  return Math.round(Math.min(5, Math.max(0, onFive)) * 10) / 10;
}

/** A JSON text longer than this in a string is not read as JSON. */
const MAX_EMBEDDED_JSON = 200_000;

/**
 * A list written as JSON inside a string, as some pages put their
 * HowToSteps in a microdata content attribute ('[{"@type":"HowToStep",…}]'):
 * the parsed list, else the string as it is. Such a list cut short (the
 * attribute's unescaped quote ends it at '[{') is none: its text is no step.
 */
function embeddedJson(value: unknown): unknown {
  if (
    typeof value !== 'string' ||
    value.length > MAX_EMBEDDED_JSON ||
    !value.trimStart().startsWith('[')
  ) {
    return value;
  }
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return /^\s*\[\s*[{"]/.test(value) ? null : value;
  }
}

/**
 * Ingredient lines: each item of the list, and each line of an item that
 * holds the whole list in one text (lines separated by line breaks, <br>
 * or paragraphs).
 */
function ingredientLines(value: unknown): string[] {
  const items = asList(embeddedJson(value));
  // Only a list of one holds the whole list: in a list of many, a line
  // break inside an item ("2<br>eggs") is layout.
  const [only] = items;
  if (items.length === 1 && typeof only === 'string') {
    return decodedText(only.slice(0, MAX_EMBEDDED_JSON))
      .split('\n')
      .map((line) => singleParentheses(foldSpaces(line).slice(0, 500)))
      .filter((line) => line !== '')
      .slice(0, MAX_LINES);
  }
  return items
    .slice(0, MAX_LINES * 2)
    .map((line) => singleParentheses(plainText(line, 500)))
    .filter((line) => line !== '')
    .slice(0, MAX_LINES);
}

/**
 * The first value of a node's properties that is an item of `type`, under
 * whatever property the page put it: an AggregateRating written as
 * `itemprop="reviews"` or `"review"` is the recipe's rating all the same.
 */
function typedProperty(node: JsonObject, type: string): JsonObject | null {
  for (const value of Object.values(node)) {
    for (const item of asList(value).slice(0, 50)) {
      if (isObject(item) && hasType(item, type)) return item;
    }
  }
  return null;
}

export function mapRecipeNode(
  node: JsonObject,
  pageUrl: string,
): ImportedRecipe {
  const ingredients = ingredientLines(
    node.recipeIngredient ?? node.ingredients,
  );
  return {
    name: plainText(node.name, 200),
    description: plainText(node.description, 2000),
    totalMinutes: totalMinutes(node),
    servings: servings(node.recipeYield ?? node.yield),
    ingredientLines: ingredients,
    steps: steps(embeddedJson(node.recipeInstructions)),
    images: images(node.image, pageUrl),
    keywords: terms(node.keywords),
    categories: terms(node.recipeCategory),
    cuisines: terms(node.recipeCuisine),
    // Microdata may put ratingValue on the recipe itself, its
    // aggregateRating element carrying no itemscope of its own.
    rating: normaliseRating(
      node.aggregateRating ??
        typedProperty(node, 'AggregateRating') ??
        (node.ratingValue === undefined ? null : node),
    ),
  };
}

const MEAL_TYPE_WORDS: Record<string, MealSlot> = {
  breakfast: 'breakfast',
  brunch: 'breakfast',
  lunch: 'lunch',
  dinner: 'dinner',
  supper: 'dinner',
  'main course': 'dinner',
  'main dish': 'dinner',
  main: 'dinner',
  mains: 'dinner',
  entree: 'dinner',
  entrée: 'dinner',
};

/** recipeCategory words that name a meal of the planner. */
export function mealTypesOf(categories: readonly string[]): MealSlot[] {
  const slots = categories.flatMap((category) => {
    const slot = MEAL_TYPE_WORDS[category.toLowerCase()];
    return slot ? [slot] : [];
  });
  return [...new Set(slots)];
}
