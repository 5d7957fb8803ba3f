import { setImmediate as nextTurn } from 'node:timers/promises';

import { DomHandler, isTag, type Element } from 'domhandler';
import { Parser } from 'htmlparser2';

import {
  createHeadedCapture,
  type HeadedRegion,
  type PrintedFacts,
} from './recipe-import-headings.js';
import { nodeText, separatorOf } from './recipe-import-text.js';
import {
  createUntitledCapture,
  type UntitledList,
} from './recipe-import-untitled.js';

export { nodeText };

/**
 * The HTML side of the import, on htmlparser2's tokenizer: one linear pass
 * over a page or a fragment, never a regular expression over HTML. Patterns
 * such as /<script\b[^>]*…>/ and /<[^>]*>/ backtrack on hostile input: a
 * page of "<script " repeated or a text of "<" repeated held the event loop
 * for seconds to minutes (issue 9).
 *
 * The same pass keeps, as small DOM trees, the parts of a page that hold a
 * recipe without JSON-LD (issue 12): elements marked up with schema.org
 * microdata (itemscope itemtype=…/Recipe) and the cards of the common recipe
 * plugins. Only those subtrees are built, within node, depth and text
 * bounds, so the readers that query them with css-select
 * (recipe-import-microdata.ts, recipe-import-plugins.ts) work on at most
 * MAX_CAPTURED_NODES nodes whatever the page's size.
 */

/**
 * A page is tokenized this many characters at a time, with a turn of the
 * event loop between slices: a 2 MB page costs about 100-200 ms of CPU on a
 * small machine, which would otherwise hold every other request that long.
 */
export const SCAN_SLICE = 64 * 1024;

/** More JSON-LD blocks than this on one page are ignored. */
export const MAX_JSON_LD_BLOCKS = 50;

/** A text longer than this (500 KB of HTML in one JSON-LD string) is cut. */
export const MAX_FRAGMENT_LENGTH = 100_000;

/**
 * Elements and text nodes kept from a page's recipe cards, all together. A
 * plugin card is a few hundred; microdata on a whole page's body a few
 * thousand. css-select walks this many nodes in about 5-10 ms per query on
 * the 2-core CI machine.
 */
export const MAX_CAPTURED_NODES = 10_000;

/** Characters of text kept from a page's recipe cards, all together. */
export const MAX_CAPTURED_TEXT = 500_000;

/**
 * Elements nested deeper than this under a card's root are dropped. It also
 * bounds what a descendant selector or a text walk costs per node.
 */
export const MAX_CAPTURE_DEPTH = 48;

/**
 * A page nested deeper than this is read no further. htmlparser2 keeps its
 * open elements in an array it shifts at each tag, so its cost grows with
 * the square of the nesting: 50,000 nested <div>s (250 KB) took about 2 s
 * and 200,000 (1 MB) over 20 s, in slices too long for the event loop.
 * Real pages nest a few dozen levels (Chromium stops nesting at 512).
 */
export const MAX_PAGE_DEPTH = 1_000;

/** Recipe cards kept from one page (a listing may have many). */
export const MAX_CAPTURED_ROOTS = 20;

export interface PageScan {
  /** The text of each `<script type="application/ld+json">`, in order. */
  jsonLd: string[];
  /**
   * The recipe cards of the page as DOM trees, in document order: each
   * element with microdata of a Recipe, and each card of WP Recipe Maker,
   * Tasty Recipes or Mediavine Create (a card inside another is part of
   * the outer one's tree).
   */
  cards: Element[];
  /**
   * The page's Open Graph picture and title (`<meta property="og:image">`,
   * `og:title`), the first of each: what the page shows when shared.
   */
  meta: PageMeta;
  /**
   * Outside the cards, the elements whose class or id names a recipe's
   * ingredients or steps (see hintRoles), as DOM trees in document order.
   */
  hints: Hint[];
  /**
   * What follows each heading that names a recipe's ingredients or steps
   * ("Ingredients", "Method"), for a page whose recipe is plain HTML.
   */
  headed: HeadedRegion[];
  /** Servings and times the page prints in short labelled texts. */
  facts: PrintedFacts;
  /**
   * The page's first list whose lines begin with amounts, and what follows
   * it, for a page whose recipe has no title over its lists.
   */
  untitled: UntitledList | null;
}

export interface Hint {
  root: Element;
  /** The page element it sat in, as a number: equal for siblings. */
  parent: number;
}

export interface PageMeta {
  image: string | null;
  title: string | null;
  /** The site's name (og:site_name), which share titles often end with. */
  site: string | null;
  /** The text of the page's first h1. */
  heading: string | null;
  /** The texts of the page's first MAX_HEADINGS h1s that have any. */
  headings: string[];
  /** The text of the page's `<title>` (outside any `<svg>`). */
  document: string | null;
  /**
   * The first picture the page marks as its recipe's own, outside any
   * share tag: an `<img itemprop="image">` or the hRecipe microformat's
   * `<img class="photo">` (its src, else data-src).
   */
  picture: string | null;
  /**
   * The first MAX_DESCRIBED pictures with a text alternative: what each
   * shows, as its alt says ("Chicken Salad"), and its address.
   */
  described: { alt: string; src: string }[];
  /**
   * The first picture printed right under the page's first h1: among the
   * first MAX_UNDER_HEADING elements after it closes, its src.
   */
  underHeading: string | null;
}

/** Pictures with a text alternative kept from one page. */
export const MAX_DESCRIBED = 20;

/**
 * Elements after the first h1 that may hold the picture printed under it
 * (a subtitle, its line, a figure and its image): past them, an image is
 * the page's, not the name's.
 */
export const MAX_UNDER_HEADING = 8;

/** The meta properties read, and the PageMeta field each fills. */
const META_PROPERTIES: Record<string, 'image' | 'title' | 'site'> = {
  'og:image': 'image',
  'og:image:url': 'image',
  'og:image:secure_url': 'image',
  'twitter:image': 'image',
  'og:title': 'title',
  'og:site_name': 'site',
};

/** An image marked as the recipe's: itemprop="image" or hRecipe's class="photo". */
function isRecipePicture(attributes: Record<string, string>): boolean {
  const words = (value: string | undefined) =>
    (value ?? '').toLowerCase().split(/\s+/);
  return (
    words(attributes.itemprop).includes('image') ||
    words(attributes.class).includes('photo')
  );
}

/** A meta value longer than this is no address or title. */
const MAX_META_LENGTH = 2000;

/** A class word naming a recipe's picture: recipe-image, recipe_photo, recipeImg. */
const RECIPE_IMAGE_CLASS = /^recipe[-_]?(?:image|photo|img|picture)$/i;

/**
 * The address of a style's background-image (`url('a.jpg')`, `url(a.jpg)`),
 * read within the first MAX_META_LENGTH characters, else null.
 */
export function backgroundImage(style: string): string | null {
  const text = style.slice(0, MAX_META_LENGTH);
  const at = text.toLowerCase().indexOf('url(');
  if (at === -1) return null;
  const end = text.indexOf(')', at);
  if (end === -1) return null;
  const address = text
    .slice(at + 4, end)
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim();
  return address === '' || address.startsWith('data:') ? null : address;
}

function isJsonLdType(type: string | undefined): boolean {
  const essence = (type ?? '').split(';')[0] ?? '';
  return essence.trim().toLowerCase() === 'application/ld+json';
}

/** Tags whose content is no text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template']);

/** The class names of the plugins' outermost recipe elements. */
const PLUGIN_CARD_CLASSES = new Set([
  'wprm-recipe-container',
  'wprm-recipe',
  'tasty-recipes',
  'mv-create-card',
]);

/** The last segment of a type IRI: 'https://schema.org/Recipe' → 'Recipe'. */
export function typeName(iri: string): string {
  return iri.slice(
    Math.max(iri.lastIndexOf('/'), iri.lastIndexOf(':'), iri.lastIndexOf('#')) +
      1,
  );
}

/** Space-separated tokens of an attribute (class, itemtype, itemprop). */
export const tokens = (value: string | undefined): string[] =>
  (value ?? '').split(/[ \t\n\f\r]+/).filter((token) => token !== '');

export function isRecipeItem(attributes: Record<string, string>): boolean {
  return (
    'itemscope' in attributes &&
    tokens(attributes.itemtype).some((type) => typeName(type) === 'Recipe')
  );
}

function isCardRoot(attributes: Record<string, string>): boolean {
  return (
    isRecipeItem(attributes) ||
    tokens(attributes.class).some((name) => PLUGIN_CARD_CLASSES.has(name))
  );
}

/**
 * Class or id words that mark an element holding a recipe's ingredients or
 * steps on a page without recipe markup: 'ingredients', 'recipe-ingredient',
 * 'instructions', 'directions', 'method', 'preparation', 'recipe-steps'; the
 * hRecipe microformat's 'ingredient' and 'instructions' among them. Tested
 * on each word alone, at most MAX_HINT_WORD characters, so the patterns run
 * over short strings only.
 */
const INGREDIENT_WORD = /ingredient/i;
const STEP_WORD =
  /instruction|direction|method|preparation|(?:^|[-_])steps?(?:$|[-_])/i;
const MAX_HINT_WORD = 80;

/** Tags whose class never marks a list of a recipe (controls, links). */
const NOT_HINTS = new Set([
  'a',
  'button',
  'input',
  'label',
  'select',
  'option',
  'textarea',
  'form',
  'nav',
  'img',
  'svg',
  'script',
  'style',
  'template',
  'body',
  'html',
]);

export type HintRole = 'ingredients' | 'steps';

/** The roles an element's class and id give it (none, one or both). */
export function hintRoles(
  name: string,
  attributes: Record<string, string>,
): HintRole[] {
  if (NOT_HINTS.has(name)) return [];
  const words = [...tokens(attributes.class), ...tokens(attributes.id)].filter(
    (word) => word.length <= MAX_HINT_WORD,
  );
  const roles: HintRole[] = [];
  if (words.some((word) => INGREDIENT_WORD.test(word))) {
    roles.push('ingredients');
  }
  if (words.some((word) => STEP_WORD.test(word))) roles.push('steps');
  return roles;
}

/**
 * Builds small DOM trees of the elements a test picks as roots, with
 * everything under them, within the node, depth, text and root bounds.
 */
function createCapture(
  isRoot: (name: string, attributes: Record<string, string>) => boolean,
  parentOf: () => number,
) {
  const dom = new DomHandler();
  const parents = new WeakMap<Element, number>();
  let roots = 0;
  let nodes = 0;
  let textLength = 0;
  // One entry per element open inside a root: whether the handler got it.
  let open: boolean[] | null = null;
  // Inside a script, style or template: its text is no content.
  let hidden = 0;
  return {
    onopentag(name: string, attributes: Record<string, string>) {
      if (open === null) {
        if (roots >= MAX_CAPTURED_ROOTS || nodes >= MAX_CAPTURED_NODES) return;
        if (!isRoot(name, attributes)) return;
        roots += 1;
        open = [];
      }
      if (HIDDEN.has(name)) hidden += 1;
      const kept =
        hidden === 0 &&
        nodes < MAX_CAPTURED_NODES &&
        open.length < MAX_CAPTURE_DEPTH &&
        (open.length === 0 || open.at(-1) === true);
      open.push(kept);
      if (kept) {
        nodes += 1;
        dom.onopentag(name, attributes);
        const root = open.length === 1 ? dom.dom.at(-1) : undefined;
        if (root !== undefined && isTag(root)) parents.set(root, parentOf());
      }
    },
    ontext(text: string) {
      if (
        open?.at(-1) === true &&
        hidden === 0 &&
        nodes < MAX_CAPTURED_NODES &&
        textLength < MAX_CAPTURED_TEXT
      ) {
        const kept = text.slice(0, MAX_CAPTURED_TEXT - textLength);
        textLength += kept.length;
        nodes += 1;
        dom.ontext(kept);
      }
    },
    onclosetag(name: string) {
      if (open === null) return;
      if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
      if (open.pop() === true) dom.onclosetag();
      if (open.length === 0) open = null;
    },
    roots: () => dom.dom.filter(isTag),
    /** The page element a root sat in, as a number: equal for siblings. */
    parent: (root: Element) => parents.get(root) ?? -1,
  };
}

/** Characters of each h1, and of the `<title>`, kept. */
const MAX_HEADING_LENGTH = 300;

/** The page's h1s read, at most: a section's banner may come first. */
export const MAX_HEADINGS = 5;

/** What the import reads from a page, in one pass. */
export async function scanPage(html: string): Promise<PageScan> {
  const jsonLd: string[] = [];
  const meta: PageMeta = {
    image: null,
    title: null,
    site: null,
    heading: null,
    headings: [],
    document: null,
    picture: null,
    described: [],
    underHeading: null,
  };
  let block: string[] | null = null;
  // The recipe cards: a DOM handler fed only the events inside a card.
  // Serial numbers of the open elements, for the hints' parents.
  const openSerials: number[] = [];
  let serial = 0;
  const parentOf = () => openSerials.at(-2) ?? -1;
  const cards = createCapture(
    (_, attributes) => isCardRoot(attributes),
    parentOf,
  );
  // The elements whose class or id names ingredients or steps, for a page
  // whose recipe is in its HTML only (or whose card no reader knows). Their own bounds:
  // a long page of them cannot crowd out a card further down.
  const hints = createCapture(
    (name, attributes) => hintRoles(name, attributes).length > 0,
    parentOf,
  );
  const headed = createHeadedCapture();
  const untitled = createUntitledCapture();
  // The text of the h1 open now (null: none), of h1Count read so far.
  let heading: string[] | null = null;
  let headingLength = 0;
  let h1Count = 0;
  // Elements opened since the first h1 closed (-1: not yet closed).
  let afterHeading = -1;
  // The <title>'s text while it is open; an <svg>'s own titles are none.
  let titleText: string[] | null = null;
  let svg = 0;
  let depth = 0;
  let tooDeep = false;
  const parser = new Parser({
    onopentag(name, attributes) {
      depth += 1;
      serial += 1;
      if (openSerials.length < MAX_PAGE_DEPTH) openSerials.push(serial);
      if (depth > MAX_PAGE_DEPTH && !tooDeep) {
        tooDeep = true;
        parser.pause();
      }
      if (name === 'meta') {
        // A tag written with typographic quotes (property=”og:image”, as
        // a word processor writes it) names its property all the same.
        const field =
          META_PROPERTIES[
            (attributes.property ?? attributes.name ?? '')
              .replace(/^[\u201c\u201d]|[\u201c\u201d]$/g, '')
              .toLowerCase()
          ];
        const content = (attributes.content ?? '').trim();
        if (
          field !== undefined &&
          meta[field] === null &&
          content !== '' &&
          content.length <= MAX_META_LENGTH &&
          // A title without a letter ("2") is a broken tag: the next one
          // may be the page's.
          (field !== 'title' || /\p{L}/u.test(content))
        ) {
          meta[field] = content;
        }
      }
      if (
        name === 'img' &&
        meta.picture === null &&
        isRecipePicture(attributes)
      ) {
        const address = (attributes.src ?? '').startsWith('data:')
          ? ''
          : (attributes.src ?? '').trim();
        const found = address || (attributes['data-src'] ?? '').trim();
        if (found !== '' && found.length <= MAX_META_LENGTH)
          meta.picture = found;
      }
      if (afterHeading >= 0 && afterHeading < MAX_UNDER_HEADING) {
        afterHeading += 1;
        const src = (attributes.src ?? '').trim();
        if (name === 'img' && src !== '' && !src.startsWith('data:')) {
          if (src.length <= MAX_META_LENGTH) meta.underHeading = src;
          afterHeading = MAX_UNDER_HEADING;
        }
      }
      if (name === 'img' && meta.described.length < MAX_DESCRIBED) {
        const alt = (attributes.alt ?? '').trim();
        const src = (attributes.src ?? '').trim();
        if (
          alt !== '' &&
          alt.length <= MAX_HEADING_LENGTH &&
          src !== '' &&
          !src.startsWith('data:') &&
          src.length <= MAX_META_LENGTH
        ) {
          meta.described.push({ alt, src });
        }
      }
      // A picture shown as the background of an element classed for the
      // recipe's image ("<div class="recipe-image" style="background-image:
      // url('…')">").
      if (
        meta.picture === null &&
        attributes.style !== undefined &&
        tokens(attributes.class).some((word) => RECIPE_IMAGE_CLASS.test(word))
      ) {
        const found = backgroundImage(attributes.style);
        if (found !== null) meta.picture = found;
      }
      if (name === 'h1' && heading === null && h1Count < MAX_HEADINGS) {
        heading = [];
        headingLength = 0;
      }
      if (name === 'svg') svg += 1;
      if (name === 'title' && svg === 0 && meta.document === null) {
        titleText ??= [];
      }
      if (
        name === 'script' &&
        jsonLd.length < MAX_JSON_LD_BLOCKS &&
        isJsonLdType(attributes.type)
      ) {
        block = [];
      }
      cards.onopentag(name, attributes);
      hints.onopentag(name, attributes);
      headed.onopentag(name, attributes);
      untitled.onopentag(name, attributes);
    },
    ontext(text) {
      // Script content is raw text in HTML: no entity is decoded in it.
      block?.push(text);
      if (heading !== null && headingLength < MAX_HEADING_LENGTH) {
        heading.push(text.slice(0, MAX_HEADING_LENGTH));
        headingLength += text.length;
      }
      if (titleText !== null && titleText.length < MAX_HEADING_LENGTH) {
        titleText.push(text.slice(0, MAX_HEADING_LENGTH));
      }
      cards.ontext(text);
      hints.ontext(text);
      headed.ontext(text);
      untitled.ontext(text);
    },
    onclosetag(name) {
      // Bounded by MAX_PAGE_DEPTH, as the open elements are.
      if (depth <= MAX_PAGE_DEPTH) openSerials.pop();
      depth -= 1;
      if (name === 'script' && block !== null) {
        jsonLd.push(block.join(''));
        block = null;
      }
      if (name === 'h1' && heading !== null) {
        const text = heading
          .join('')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, MAX_HEADING_LENGTH);
        if (h1Count === 0) {
          meta.heading = text === '' ? null : text;
          afterHeading = 0;
        }
        if (text !== '') meta.headings.push(text);
        h1Count += 1;
        heading = null;
      }
      if (name === 'svg') svg = Math.max(0, svg - 1);
      if (name === 'title' && titleText !== null) {
        const text = titleText.join('').replace(/\s+/g, ' ').trim();
        meta.document = text === '' ? null : text.slice(0, MAX_HEADING_LENGTH);
        titleText = null;
      }
      cards.onclosetag(name);
      hints.onclosetag(name);
      headed.onclosetag(name);
      untitled.onclosetag(name);
    },
  });
  for (let start = 0; start < html.length && !tooDeep; start += SCAN_SLICE) {
    if (start > 0) await nextTurn();
    parser.write(html.slice(start, start + SCAN_SLICE));
  }
  // Ending would close every open element: read no further instead.
  if (!tooDeep) parser.end();
  headed.onend();
  const hintRoots = hints.roots();
  return {
    jsonLd,
    cards: cards.roots(),
    hints: hintRoots.map((root) => ({ root, parent: hints.parent(root) })),
    headed: headed.regions(),
    facts: headed.facts(),
    untitled: untitled.result(),
    meta,
  };
}

/**
 * The text of an HTML fragment as a browser would show it: tags dropped
 * (a line break for block tags, a space for other non-inline ones), entities
 * decoded, a "<" that starts no tag kept as text. Spaces are not folded.
 */
export function htmlText(fragment: string): string {
  const html = fragment.slice(0, MAX_FRAGMENT_LENGTH);
  if (!html.includes('<') && !html.includes('&')) return html;
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser({
    onopentag(name) {
      if (HIDDEN.has(name)) hidden += 1;
      else parts.push(separatorOf(name));
    },
    ontext(text) {
      if (hidden === 0) parts.push(text);
    },
    onclosetag(name) {
      if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
      else parts.push(separatorOf(name));
    },
  });
  parser.end(html);
  return parts.join('');
}

/**
 * Text as HTML that decodes back to it. The readers of cards hand their
 * text to the JSON-LD mapper, which decodes what it reads once, so a decoded
 * "&amp;lt;" in a card must not be decoded a second time.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}
