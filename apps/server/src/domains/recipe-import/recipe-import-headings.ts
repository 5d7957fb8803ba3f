import { DomHandler, Element, isTag, type ChildNode } from 'domhandler';

import { isControlRow } from './recipe-import-controls.js';
import type { Group } from './recipe-import-groups.js';
import type { HintRole } from './recipe-import-html.js';
import { definitionOf, termLine } from './recipe-import-terms.js';

/**
 * A recipe written as plain HTML (issue 19): no JSON-LD, no microdata, no
 * plugin card, no class names that say ingredients or steps, only headings
 * a cook reads ("Ingredients", "Method", "Directions", …) each followed by
 * its list. scanPage feeds this capture every tag and text of the page, in
 * one pass: an element whose whole text is such a word starts a region,
 * which keeps the elements after it, up to the end of its parent, the next
 * such word, or a heading as high as its own. Constant work per event:
 * the text of an element is known from a running count of the characters
 * seen and the last few of them, never by reading the element again.
 */

const INGREDIENT_TITLES = [
  'ingredients',
  'ingredient',
  'ingredient list',
  'ingredients list',
  'what you need',
  'what youll need',
  'you will need',
  'youll need',
  // German pages print these.
  'zutaten',
];
const STEP_TITLES = [
  'method',
  'methods',
  'directions',
  'instructions',
  'preparation',
  'steps',
  'procedure',
  'how to make it',
  'how to make',
  'zubereitung',
];
const TITLES = new Map<string, HintRole>([
  ...INGREDIENT_TITLES.map((title) => [title, 'ingredients'] as const),
  ...STEP_TITLES.map((title) => [title, 'steps'] as const),
]);

/**
 * The sections of a shop a page may sort its ingredients under, in place
 * of a title ("Produce", "Pantry", "Dairy"), as a shopping list is: each
 * section's list is a group of one list of ingredients.
 */
const AISLE_TITLES = new Set([
  'produce',
  'pantry',
  'dairy',
  'dairy eggs',
  'dairy and eggs',
  'meat',
  'meat seafood',
  'meat and seafood',
  'meat poultry',
  'meat and poultry',
  'seafood',
  'poultry',
  'bakery',
  'frozen',
  'refrigerated',
  'deli',
  'spices',
  'herbs spices',
  'herbs and spices',
  'canned goods',
  'dry goods',
  'condiments',
]);

/** Whether a short text is a shop's section ("Meat & Seafood"). */
export function isAisleTitle(text: string): boolean {
  return (
    text.length <= MAX_TITLE_LENGTH &&
    AISLE_TITLES.has(
      text
        .toLowerCase()
        .replace(/[^a-z ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
  );
}

/**
 * Regions started by a shop's section kept from one page, at most, so that
 * a page of such words leaves room for the regions of its titles.
 */
const MAX_AISLE_REGIONS = 3;

/** Longer texts are no title; the last this many characters are kept. */
const MAX_TITLE_LENGTH = 60;

/** Elements whose text is a control's or a link's, not a heading's. */
const NOT_TITLES = new Set([
  'a',
  'button',
  'option',
  'select',
  'label',
  'li',
  'title',
  'textarea',
  'summary',
  'td',
  'th',
]);

const HIDDEN = new Set(['script', 'style', 'template', 'noscript']);

/** Regions kept from one page, and nodes and depth kept in all of them. */
export const MAX_HEADED_REGIONS = 12;
export const MAX_HEADED_NODES = 10_000;
const MAX_HEADED_TEXT = 500_000;
const MAX_REGION_DEPTH = 40;

/** The role a short text names, if it is a title ("INGREDIENTS:" → ingredients). */
export function titleRole(text: string): HintRole | undefined {
  if (text.length > MAX_TITLE_LENGTH) return undefined;
  const key = text
    .toLowerCase()
    .replace(/[^a-z ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // "Cooking Instructions", "Recipe Ingredients": the same titles.
  return (
    TITLES.get(key) ??
    TITLES.get(key.replace(TITLE_PREFIX, '')) ??
    (HOW_TO_MAKE.test(key) && !NOT_THE_METHOD.test(key) ? 'steps' : undefined)
  );
}

/** "How to Make Slow Cooker Chili": the method, titled with the dish. */
const HOW_TO_MAKE = /^how to (?:make|cook)(?: [a-z]+){1,8}$/;
/** How to make it ahead, store it or change it: tips, not the method. */
const NOT_THE_METHOD =
  /\b(?:ahead|store|storage|reheat|freeze|substitutions?|variations?|tips|vegan|gluten|dairy|without)\b/;

/** A word some pages put before a title. */
const TITLE_PREFIX = /^(?:recipe|cooking|the) /;

/** h1-h6 rank 1-6; a title in another element ranks as an h3. */
const rankOf = (name: string) => (/^h[1-6]$/.test(name) ? Number(name[1]) : 3);

/**
 * Facts a page prints in short labelled texts ("Serves: 4", "Total Time:
 * 1 hour 20 minutes", "Prep time | 15 minutes"), the first of each: an
 * element's whole text, of at most MAX_TITLE_LENGTH characters, so the
 * label and the value beside it ("<li><b>Servings</b> 4</li>") read as
 * one. The values are read by the caller.
 */
export interface PrintedFacts {
  servings?: string;
  total?: string;
  prep?: string;
  cook?: string;
}

/** The parts of a summary line: "4 servings", a dash or a dot, "20 minutes". */
const SERVINGS_WORD = String.raw`\s*(?:servings?|portions)`;
const SUMMARY_SEPARATOR = String.raw`\s*[—–|·•/-]\s*`;
// Hours or minutes, and minutes after hours ("1 hour 20 minutes", "45
// min"): fixed parts, no nested repetition.
const SUMMARY_TIME = String.raw`\d{1,3}\s*(?:hours?|hrs?|minutes|mins?)(?:\s*\d{1,2}\s*(?:minutes|mins?))?`;

const FACT_LABELS: [keyof PrintedFacts, RegExp][] = [
  // A summary line of the yield and the time, as a heading under the
  // recipe's name prints them ("4 servings — 20 minutes", "30 min · 2
  // portions"): nothing else in the text, either order. The time beside
  // the servings, unlabelled, is the whole time. Read before the labels:
  // "servings - 20 minutes" is no yield of 20.
  [
    'servings',
    new RegExp(
      `^(\\d{1,4})${SERVINGS_WORD}${SUMMARY_SEPARATOR}${SUMMARY_TIME}$`,
      'i',
    ),
  ],
  [
    'servings',
    new RegExp(
      `^${SUMMARY_TIME}${SUMMARY_SEPARATOR}(\\d{1,4})${SERVINGS_WORD}$`,
      'i',
    ),
  ],
  [
    'total',
    new RegExp(
      `^\\d{1,4}${SERVINGS_WORD}${SUMMARY_SEPARATOR}(${SUMMARY_TIME})$`,
      'i',
    ),
  ],
  [
    'total',
    new RegExp(
      `^(${SUMMARY_TIME})${SUMMARY_SEPARATOR}\\d{1,4}${SERVINGS_WORD}$`,
      'i',
    ),
  ],
  [
    'servings',
    /\b(?:serves|servings|serving\s+size|yields?|makes|portions)\s*[:|-]?\s*(\d.*)$/i,
  ],
  // "Time: 30 minutes" alone is the total; "Cook time" is not.
  ['total', /(?:\btotal\s*time|\bready\s+in|^time)\s*[:|-]?\s*(\d.*)$/i],
  // "Prep in 10 min", "Cooks in 20 min" as well.
  ['prep', /\bprep(?:aration)?\s*(?:time|in)?\s*[:|-]?\s*(\d.*)$/i],
  ['cook', /\bcook(?:ing|s)?\s*(?:time|in)?\s*[:|-]?\s*(\d.*)$/i],
  // Chinese pages print the yield as 分量 or 份量 ("分量：30 个").
  ['servings', /^(?:分量|份量)\s*[:：]?\s*(\d.*)$/],
  // The value over its label, as a row of facts prints it ("<span>10
  // min</span><p>Preparation Time</p>", "4 Servings"): the whole text is
  // the value and the label, nothing else.
  ['servings', /^(\d{1,4})\s*(?:servings?|portions)$/i],
  ['total', /^(\d[^|]{0,30}?)\s*total\s*time$/i],
  ['prep', /^(\d[^|]{0,30}?)\s*prep(?:aration)?\s*time$/i],
  ['cook', /^(\d[^|]{0,30}?)\s*cook(?:ing)?\s*time$/i],
];

/** An icon's text alternative that is a fact's label ("time", "serves"). */
const ICON_LABEL =
  /^\s*(?:serves|servings|yields?|makes|time|total\s+time|prep(?:\s+time)?|cook(?:ing)?\s+time|ready\s+in)\s*$/i;

/** What ends a labelled value: a bar, or the next label's word. */
const NEXT_LABEL =
  /\||\b(?:prep|cook|total|ready|serves|servings|yields?|makes)\b/i;

export interface HeadedRegion {
  role: HintRole;
  /** A div holding what followed the title. */
  root: Element;
  /** The title's rank (h2: 2): a heading as high may end the list. */
  rank: number;
  /**
   * Titled by a shop's section ("Produce"): the sections after it in the
   * region are its groups, and no heading ends it before its parent does.
   */
  aisle?: boolean;
}

interface Region {
  role: HintRole;
  /** Depth of the title and of the siblings kept after it. */
  level: number;
  rank: number;
  dom: DomHandler;
  /** One entry per element open in the region: whether it is kept. */
  open: boolean[];
  hasText: boolean;
  /** Whether it had text before its last top-level element opened. */
  hadText: boolean;
  aisle: boolean;
}

export function createHeadedCapture() {
  const regions: HeadedRegion[] = [];
  let aisleRegions = 0;
  const facts: PrintedFacts = {};
  let active: Region | null = null;
  let depth = 0;
  let hidden = 0;
  let nodes = 0;
  let textKept = 0;
  // Characters of visible text seen so far, and the last of them.
  let seen = 0;
  let recent = '';
  // The count of `seen` when each open element opened (bounded by depth).
  const starts: number[] = [];
  // The count of `seen` at the last <br>.
  let lastBreak = -1;

  /** Facts of the last `length` characters seen, when they are short. */
  const readFacts = (length: number) => {
    if (length <= 0 || length > MAX_TITLE_LENGTH) return;
    const text = recent.slice(-length).replace(/\s+/g, ' ').trim();
    for (const [fact, pattern] of FACT_LABELS) {
      const value = facts[fact] === undefined ? pattern.exec(text) : null;
      // "10 min | Cook time: 20 min": the value ends at the next label;
      // "8 hours on low or 4 hours on high": the first of two ways.
      const [first = ''] = (value?.[1] ?? '').split(NEXT_LABEL);
      const [one = ''] = first.split(/\s+or\s+/i);
      if (one.trim() !== '') facts[fact] = one.trim();
    }
  };

  const finish = (region: Region, dropLast: boolean) => {
    for (const kept of region.open.reverse()) {
      if (kept) region.dom.onclosetag();
    }
    region.open = [];
    const children = region.dom.dom;
    if (dropLast) children.pop();
    active = null;
    if (
      region.hasText &&
      children.length > 0 &&
      regions.length < MAX_HEADED_REGIONS
    ) {
      if (region.aisle) aisleRegions += 1;
      regions.push({
        role: region.role,
        root: new Element('div', {}, children as ChildNode[]),
        rank: region.rank,
        ...(region.aisle ? { aisle: true } : {}),
      });
    }
  };

  return {
    onopentag(name: string, attributes: Record<string, string>) {
      depth += 1;
      starts.push(seen);
      if (HIDDEN.has(name)) hidden += 1;
      // An icon labelling the fact after it ("<img alt="time"> 1 hour"):
      // its label is read as the fact's, as a reader sees the icon.
      if (
        name === 'img' &&
        hidden === 0 &&
        ICON_LABEL.test(attributes.alt ?? '')
      ) {
        const label = `${(attributes.alt ?? '').trim()}: `;
        seen += label.length;
        recent = (recent + label).slice(-MAX_TITLE_LENGTH);
      }
      const region: Region | null = active;
      if (region === null || depth < region.level) return;
      // A heading higher than the title's ends its region. One as high is
      // kept: it may name a group of ingredients ("<h2>Glaze</h2>"), or end
      // the list (headedList decides).
      if (
        depth === region.level &&
        region.hasText &&
        /^h[1-6]$/.test(name) &&
        rankOf(name) < region.rank
      ) {
        finish(region, false);
        return;
      }
      if (depth === region.level) region.hadText = region.hasText;
      const kept =
        hidden === 0 &&
        nodes < MAX_HEADED_NODES &&
        region.open.length < MAX_REGION_DEPTH &&
        (region.open.length === 0 || region.open.at(-1) === true);
      region.open.push(kept);
      if (kept) {
        nodes += 1;
        region.dom.onopentag(name, attributes);
      }
    },
    ontext(text: string) {
      if (hidden > 0) return;
      // Counted with runs of spaces as one: a page's indentation around a
      // short label ("<li>\n\t\t<b>Servings:</b>\n\t\t4</li>") is no text.
      const folded = text.replace(/\s+/g, ' ');
      seen += folded.length;
      recent = (recent + folded.slice(-MAX_TITLE_LENGTH)).slice(
        -MAX_TITLE_LENGTH,
      );
      const region: Region | null = active;
      if (
        region === null ||
        depth < region.level - 1 ||
        nodes >= MAX_HEADED_NODES ||
        textKept >= MAX_HEADED_TEXT ||
        (region.open.length > 0 && region.open.at(-1) !== true)
      ) {
        return;
      }
      const kept = text.slice(0, MAX_HEADED_TEXT - textKept);
      textKept += kept.length;
      nodes += 1;
      region.dom.ontext(kept);
      if (/\S/.test(kept)) region.hasText = true;
    },
    onclosetag(name: string) {
      const start = starts.pop() ?? seen;
      const region: Region | null = active;
      if (region !== null) {
        if (depth >= region.level) {
          if (region.open.pop() === true) region.dom.onclosetag();
        } else if (depth === region.level - 1) {
          // The title's parent ends: so does the region.
          finish(region, false);
        }
      }
      const length = seen - start;
      const role =
        hidden === 0 &&
        !NOT_TITLES.has(name) &&
        length > 0 &&
        length <= MAX_TITLE_LENGTH
          ? titleRole(recent.slice(-length))
          : undefined;
      if (hidden === 0) {
        readFacts(length);
        // Facts on lines of one element ("<p><b>Serves:</b> 4<br><b>Prep
        // time:</b> 20 minutes</p>"): each line between its <br>s.
        if (name === 'br') {
          readFacts(seen - Math.max(lastBreak, starts.at(-1) ?? 0));
          lastBreak = seen;
        } else if (lastBreak > start) {
          readFacts(seen - lastBreak);
        }
      }
      // A shop's section where no list is open starts one; under a title,
      // or under another section, it names a group.
      const aisle =
        role === undefined &&
        active === null &&
        hidden === 0 &&
        !NOT_TITLES.has(name) &&
        length > 0 &&
        length <= MAX_TITLE_LENGTH &&
        aisleRegions < MAX_AISLE_REGIONS &&
        isAisleTitle(recent.slice(-length));
      if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
      if (aisle && regions.length < MAX_HEADED_REGIONS) {
        active = {
          role: 'ingredients',
          level: depth,
          rank: rankOf(name),
          dom: new DomHandler(),
          open: [],
          hasText: false,
          hadText: false,
          aisle: true,
        };
      }
      if (role !== undefined && regions.length < MAX_HEADED_REGIONS) {
        const current: Region | null = active;
        let rank = rankOf(name);
        if (current !== null) {
          // The text before the element holding this title: its own is
          // none of the list's.
          const before =
            depth >= current.level ? current.hadText : current.hasText;
          if (before || current.role !== role || current.aisle) {
            // The next title ends this region; the element holding it is
            // no part of the list.
            finish(current, depth >= current.level);
          } else {
            // An element around the title, holding only it ("<p><strong>
            // Ingredients</strong></p>"), or a subtitle under it ("Method",
            // then "Preparation"): the list follows it instead, ranked as
            // the higher of the two.
            rank = Math.min(rank, current.rank);
            current.open = [];
            active = null;
          }
        }
        active = {
          role,
          level: depth,
          rank,
          dom: new DomHandler(),
          open: [],
          hasText: false,
          hadText: false,
          aisle: false,
        };
      }
      depth -= 1;
    },
    onend() {
      if (active !== null) finish(active, false);
    },
    regions: () => regions,
    facts: () => facts,
  };
}

/** Tags that end a line of text. */
const BLOCKS = new Set([
  'br',
  'div',
  'p',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'figure',
  'figcaption',
  'blockquote',
  'hr',
  'pre',
]);
const BOLD = new Set(['strong', 'b']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'button']);

export interface Line {
  text: string;
  /** All of its text is in a heading element, or in bold. */
  heading: boolean;
  bold: boolean;
  /** The rank of the heading element it is in (h3: 3), if any. */
  rank?: number;
}

/**
 * Bold written as a style, as site builders do ("<span style="font-weight:
 * 700">"): bold, 600 and more. Read within the first 500 characters.
 */
export function boldStyle(style: string | undefined): boolean {
  const match = /font-weight\s*:\s*(bold(?:er)?|[6-9]00)\b/i.exec(
    (style ?? '').slice(0, 500),
  );
  return match !== null;
}

/** Lines read from one region, at most: enough for 200 lines and 100 steps. */
const MAX_LINES = 400;

/**
 * The lines of a region as a reader sees them: a line ends at each block
 * tag and <br>; a line whose every letter is in a heading or in bold is a
 * heading. The walk costs the region's size, bounded by the capture.
 */
export function linesOf(root: Element, role?: HintRole): Line[] {
  const lines: Line[] = [];
  // The <dd>s read with their terms (a list of ingredients only).
  const defined = new Set<Element>();
  let parts: string[] = [];
  let letters = 0;
  let headingLetters = 0;
  let boldLetters = 0;
  let inHeading = 0;
  let inBold = 0;
  let rank: number | undefined;
  const flush = () => {
    const text = parts.join('').replace(/\s+/g, ' ').trim();
    if (text !== '' && lines.length < MAX_LINES) {
      const heading = letters > 0 && headingLetters === letters;
      lines.push({
        text,
        heading,
        bold: letters > 0 && boldLetters === letters,
        ...(heading && rank !== undefined ? { rank } : {}),
      });
    }
    parts = [];
    letters = 0;
    headingLetters = 0;
    boldLetters = 0;
  };
  const walk = (node: ChildNode) => {
    if (node.type === 'text') {
      parts.push(node.data);
      const count = node.data.replace(/\s+/g, '').length;
      letters += count;
      if (inHeading > 0) headingLetters += count;
      if (inBold > 0) boldLetters += count;
      return;
    }
    if (!isTag(node) || SKIPPED.has(node.name) || isControlRow(node)) return;
    if (defined.has(node)) return;
    // A definition list's term of a name and its amount: one line, as a
    // cook writes it ("160 g nagaimo, grated").
    const term = role === 'ingredients' ? termLine(node) : null;
    if (term !== null) {
      flush();
      if (lines.length < MAX_LINES) {
        lines.push({ text: term, heading: false, bold: false });
      }
      const definition = definitionOf(node);
      if (definition !== null) defined.add(definition);
      return;
    }
    const block = BLOCKS.has(node.name);
    if (block) flush();
    const bold = BOLD.has(node.name) || boldStyle(node.attribs.style);
    const marks = HEADINGS.has(node.name) || bold;
    const first = lines.length;
    if (HEADINGS.has(node.name)) {
      inHeading += 1;
      rank = Number(node.name[1]);
    }
    if (bold) inBold += 1;
    for (const child of node.children) walk(child);
    if (HEADINGS.has(node.name)) inHeading -= 1;
    if (bold) inBold -= 1;
    if (block) flush();
    // A heading is one line: a heading element or bold text holding
    // several (a list written inside an <h5> with <br>s) is a list.
    if (marks && lines.length - first > 1) {
      for (const line of lines.slice(first)) {
        line.heading = false;
        line.bold = false;
        delete line.rank;
      }
    }
  };
  walk(root);
  flush();
  return lines;
}

/** A line that is only a step's number ("STEP 1.", "2", "3)"). */
const ONLY_NUMBER = /^(?:step\s*)?\d{1,3}\s*[.:)]?$/i;

/** A picture's credit printed under it ("Photo credit: © Site", "Image by …"). */
const CREDIT =
  /^(?:(?:photo|image|picture)s?\s*(?:credits?|courtesy|by)\b|©|\(c\)\s)/i;

/** A bullet a page prints before a line ("• 2 eggs", "- salt", "– Stir."). */
const BULLET = /^[•·▪◦‣*–—-]\s*/;

/**
 * The groups of the first region of a role that has any: headings (and
 * bold lines of at most 80 characters) name groups, other lines are its
 * items. A line that is only a step's number is neither. A region under a
 * shop's section is read only where no titled region has a list.
 */
export function headedList(
  regions: readonly HeadedRegion[],
  role: HintRole,
): Group[] {
  // Regions under a shop's sections only where no title has a list: a
  // page's "Ingredients" says more surely where they are.
  for (const aisle of [false, true]) {
    for (const region of regions) {
      if (region.role !== role || (region.aisle === true) !== aisle) continue;
      // Its sections are its groups: none ends it.
      const rank = aisle ? 0 : region.rank;
      const found = linesToGroups(linesOf(region.root, role), role, rank);
      if (found.length > 0) return found;
    }
  }
  return [];
}

/**
 * Lines as groups: headings (and bold lines of at most 80 characters)
 * name groups, other lines are items; a line that is only a step's number
 * is neither. A heading ranked `rank` or higher (h2 under an h2 title)
 * ends the list, unless it heads more ingredient lines.
 */
export function linesToGroups(
  lines: readonly Line[],
  role: HintRole,
  rank = 0,
): Group[] {
  const groups: Group[] = [{ heading: '', items: [] }];
  for (const [index, line] of lines.entries()) {
    if (ONLY_NUMBER.test(line.text) || CREDIT.test(line.text)) continue;
    if (line.heading || (line.bold && line.text.length <= 80)) {
      if (
        line.rank !== undefined &&
        line.rank <= rank &&
        (role === 'steps' || !headsAmounts(lines.slice(index + 1)))
      ) {
        break;
      }
      if (titleRole(line.text) === undefined) {
        groups.push({ heading: line.text.replace(/:$/, ''), items: [] });
      }
      continue;
    }
    groups.at(-1)?.items.push(line.text.replace(BULLET, ''));
  }
  return groups.filter((group) => group.items.length > 0);
}

/** Whether the lines up to the next heading are amounts ("4 Tbs flour"). */
function headsAmounts(lines: readonly Line[]): boolean {
  let count = 0;
  for (const line of lines) {
    if (line.heading) break;
    if (!/^[\d½⅓⅔¼¾⅛]/.test(line.text.replace(BULLET, ''))) return false;
    count += 1;
  }
  return count > 0;
}
