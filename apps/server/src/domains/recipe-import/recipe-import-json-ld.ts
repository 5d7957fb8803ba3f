import type { MealSlot } from '@platewise/shared';

/**
 * Reads a schema.org Recipe (https://schema.org/Recipe) from a page's
 * JSON-LD, the form recipe sites publish for search engines, and maps it to
 * plain fields. Pages are untrusted: every value is checked for its type,
 * HTML in strings is reduced to text, and lists are capped.
 */

export interface ImportedRecipe {
  name: string;
  description: string;
  totalMinutes: number | null;
  servings: number | null;
  ingredientLines: string[];
  steps: string[];
  images: string[];
  keywords: string[];
  categories: string[];
  cuisines: string[];
  rating: number | null;
}

type JsonObject = Record<string, unknown>;

const MAX_DEPTH = 12;
const MAX_NODES = 20_000;
const MAX_LINES = 200;
const MAX_STEPS = 100;
const MAX_IMAGES = 10;
const MAX_TAGS = 30;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null
    ? []
    : Array.isArray(value)
      ? value
      : [value];

const SCRIPT_PATTERN =
  /<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json\b[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** Every JSON-LD block of a page that parses as JSON. */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  for (const match of html.matchAll(SCRIPT_PATTERN)) {
    const text = (match[1] ?? '')
      .trim()
      .replace(/^<!--|-->$/g, '')
      .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
      .trim();
    try {
      blocks.push(JSON.parse(text));
    } catch {
      // A broken block on a page does not hide a good one.
    }
  }
  return blocks;
}

/** 'Recipe', 'schema:Recipe' and 'https://schema.org/Recipe' alike. */
function hasType(node: JsonObject, type: string): boolean {
  return asList(node['@type']).some(
    (value) =>
      typeof value === 'string' && value.replace(/^.*[/:#]/, '') === type,
  );
}

/** The first Recipe node, also inside @graph, arrays and nested entities. */
export function findRecipeNode(
  blocks: readonly unknown[],
): JsonObject | undefined {
  let visited = 0;
  const walk = (value: unknown, depth: number): JsonObject | undefined => {
    if (depth > MAX_DEPTH || visited > MAX_NODES) return undefined;
    visited += 1;
    if (Array.isArray(value)) {
      for (const item of value) {
        const found = walk(item, depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    if (!isObject(value)) return undefined;
    if (hasType(value, 'Recipe')) return value;
    for (const child of Object.values(value)) {
      const found = walk(child, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(blocks, 0);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  deg: '°',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  eacute: 'é',
  egrave: 'è',
  times: '×',
};

function decodeEntities(text: string): string {
  return text.replace(
    /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,8});/gi,
    (whole, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X'
            ? Number.parseInt(name.slice(2), 16)
            : Number.parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    },
  );
}

/** Plain text of a JSON-LD string: tags dropped, entities decoded, spaces folded. */
export function plainText(value: unknown, maxLength = 2000): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return decodeEntities(String(value).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength);
}

/** ISO 8601 durations as recipe sites write them: PT1H30M, P0DT45M, PT90M. */
export function durationMinutes(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    return Math.round(value);
  }
  if (typeof value !== 'string') return null;
  const match =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      value.trim(),
    );
  if (match === null || value.trim().toUpperCase() === 'P') return null;
  const [, days, hours, minutes, seconds] = match;
  const total =
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
 * itemListElement holds steps, nested to any sensible depth.
 */
function steps(value: unknown): string[] {
  const out: string[] = [];
  const walk = (item: unknown, depth: number) => {
    if (depth > 6 || out.length >= MAX_STEPS) return;
    if (typeof item === 'string') {
      // Paragraph and line breaks inside one text separate steps.
      const text = item.replace(/<\/(p|li|div)>|<br\s*\/?>/gi, '\n');
      for (const line of text.split(/\n+/)) {
        const step = plainText(line);
        if (step) out.push(step);
      }
      return;
    }
    if (Array.isArray(item)) {
      for (const child of item) walk(child, depth + 1);
      return;
    }
    if (!isObject(item)) return;
    if (item.itemListElement !== undefined) {
      walk(item.itemListElement, depth + 1);
      return;
    }
    const step = plainText(item.text) || plainText(item.name);
    if (step) out.push(step);
  };
  walk(value, 0);
  return out.slice(0, MAX_STEPS);
}

/** image: a URL, a list of them, or ImageObjects (url, else contentUrl). */
function images(value: unknown, pageUrl: string): string[] {
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

function rating(value: unknown): number | null {
  if (!isObject(value)) return null;
  const score = Number(plainText(value.ratingValue, 20));
  const best = Number(plainText(value.bestRating, 20)) || 5;
  if (!Number.isFinite(score) || score < 0 || best <= 0) return null;
  const onFive = (score / best) * 5;
  return onFive > 5 ? null : Math.round(onFive * 10) / 10;
}

export function mapRecipeNode(
  node: JsonObject,
  pageUrl: string,
): ImportedRecipe {
  const ingredients = asList(node.recipeIngredient ?? node.ingredients)
    .map((line) => plainText(line, 500))
    .filter((line) => line !== '')
    .slice(0, MAX_LINES);
  return {
    name: plainText(node.name, 200),
    description: plainText(node.description, 2000),
    totalMinutes: totalMinutes(node),
    servings: servings(node.recipeYield ?? node.yield),
    ingredientLines: ingredients,
    steps: steps(node.recipeInstructions),
    images: images(node.image, pageUrl),
    keywords: terms(node.keywords),
    categories: terms(node.recipeCategory),
    cuisines: terms(node.recipeCuisine),
    rating: rating(node.aggregateRating),
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
