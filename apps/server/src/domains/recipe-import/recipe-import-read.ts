import { setImmediate as nextTurn } from 'node:timers/promises';

import { DIRECTIONS_SEPARATOR } from '@platewise/shared';
import type { Element } from 'domhandler';

import { withPrintedAmounts } from './recipe-import-amounts.js';
import {
  groupsOf,
  printedGroupNames,
  withoutEquipment,
  withoutGroupNames,
  type Group,
} from './recipe-import-groups.js';
import {
  headedList,
  linesOf,
  linesToGroups,
  titleRole,
  type PrintedFacts,
} from './recipe-import-headings.js';
import {
  htmlList,
  htmlListsRecipe,
  isFactOrLink,
} from './recipe-import-html-lists.js';
import {
  scanPage,
  type HintRole,
  type PageMeta,
  type PageScan,
} from './recipe-import-html.js';
import {
  findRecipeNodes,
  images,
  mapRecipeNode,
  pagePicture,
  plainText,
  parseJsonLd,
  STEP_NUMBER,
  textMinutes,
  type Direction,
  type ImportedRecipe,
} from './recipe-import-json-ld.js';
import { microdataRecipe } from './recipe-import-microdata.js';
import { PLUGIN_READERS, type PluginName } from './recipe-import-plugins.js';

/**
 * A page's recipe from whichever markup it has, in one scan: JSON-LD, then
 * schema.org microdata, then the HTML card of a recipe plugin. The first
 * that has content (ingredient lines or steps) is the recipe; the others
 * fill the fields it lacks (a site whose JSON-LD has only a name and an
 * image, and whose card has the rest, gets both).
 */

export type RecipeSource = 'json-ld' | 'microdata' | PluginName | 'html';

export interface PageRecipe {
  recipe: ImportedRecipe;
  /** Where the ingredient lines and steps came from. */
  source: RecipeSource;
}

const hasContent = (recipe: ImportedRecipe) =>
  recipe.ingredientLines.length > 0 ||
  recipe.steps.some((entry) => entry.kind === 'step');

const isEmpty = (value: unknown) =>
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/** Letters and digits only: "Not Yo' Mama's Pudding" and "Not Yo’ Mama’s Pudding" alike. */
const nameKey = (name: string) =>
  name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The same recipe: a name equal to the other's but for case and punctuation,
 * or one that holds the other (a page's heading "Easy Lemon Bars" over a
 * recipe named "Lemon Bars"), or no name.
 */
function sameName(a: string, b: string): boolean {
  const [keyA, keyB] = [nameKey(a), nameKey(b)];
  return (
    keyA === '' || keyB === '' || keyA.includes(keyB) || keyB.includes(keyA)
  );
}

/** The primary recipe with each empty field taken from the others, in order. */
function merged(
  primary: ImportedRecipe,
  others: readonly ImportedRecipe[],
): ImportedRecipe {
  const recipe = { ...primary };
  // A listing page may carry another recipe's markup: only a source of the
  // same recipe (same name, or unnamed) fills fields.
  const sources = others.filter((other) => sameName(primary.name, other.name));
  for (const key of Object.keys(recipe) as (keyof ImportedRecipe)[]) {
    if (!isEmpty(recipe[key])) continue;
    const found = sources.find((other) => !isEmpty(other[key]));
    if (found) Object.assign(recipe, { [key]: found[key] });
  }
  return recipe;
}

/** Characters of an ingredient line the JSON-LD mapper keeps. */
const MAX_LINE_LENGTH = 500;

/** As many pictures as the JSON-LD mapper keeps. */
const MAX_IMAGES = 10;

/** Words of a file name that say it is the site's mark, not a dish. */
const SITE_MARKS = ['logo', 'icon', 'favicon', 'avatar', 'placeholder'];

function isSiteMark(address: string): boolean {
  const path = new URL(address).pathname.toLowerCase();
  const file = path.slice(path.lastIndexOf('/') + 1);
  return SITE_MARKS.some((word) => file.includes(word));
}

/**
 * The first picture whose text alternative is part of the recipe's name
 * ("Chicken Salad" for "Chicken Salad with Red Grapes"): the dish, as the
 * page describes it, where the page marks no picture as the recipe's.
 */
function describedPicture(name: string, meta: PageMeta): string | null {
  const key = nameKey(name);
  if (key === '') return null;
  const found = meta.described.find(({ alt }) => {
    const altKey = nameKey(alt);
    return altKey !== '' && key.includes(altKey);
  });
  return found?.src ?? null;
}

/**
 * The page's share picture (og:image) first: the one its author chose to
 * stand for the page, at full size, where a recipe's own list often starts
 * with a square thumbnail (…-225x225.jpg) or a step photo. The recipe's
 * pictures follow. A share picture that is the site's logo or icon is none.
 */
function withSharePicture(
  recipe: ImportedRecipe,
  meta: PageMeta,
  pageUrl: string,
  jsonLdPicture: () => unknown,
): ImportedRecipe {
  // Open Graph asks for an absolute address; anything else is a broken
  // tag, and the site's logo or icon is the site's, not the page's.
  const [picture] = /^https?:\/\//i.test(meta.image ?? '')
    ? images(meta.image, pageUrl)
    : [];
  if (picture === undefined || isSiteMark(picture)) {
    // Without one, a recipe with no picture of its own takes the one the
    // page marks as the recipe's (itemprop="image", hRecipe's photo),
    // else the one its JSON-LD gives the page, else one whose alt is
    // part of the recipe's name, else, where the share picture is the
    // site's icon (share tags written for the site, not the page), the one
    // printed right under its name (the page's first h1); a page without
    // share tags may print a banner there (round 6).
    if (recipe.images.length > 0) return recipe;
    const marked = images(
      meta.picture ??
        jsonLdPicture() ??
        describedPicture(recipe.name, meta) ??
        (picture === undefined ? null : meta.underHeading),
      pageUrl,
    ).slice(0, 1);
    return marked.some(isSiteMark) ? recipe : { ...recipe, images: marked };
  }
  return {
    ...recipe,
    images: [
      picture,
      ...recipe.images.filter((image) => image !== picture),
    ].slice(0, MAX_IMAGES),
  };
}

/**
 * What the page calls itself: its first h1 where the share title agrees
 * (the h1 is the cleaner, without the site's name), else the share title
 * without the site's parts, else the h1. A page's first h1 may be a box's
 * or the site's own, where og:title is the page's.
 */
function pageTitle(page: PageMeta): string {
  // A share title that is only the site's name (og:title "Grimgrains",
  // as og:site_name) names no page: as none.
  const meta =
    page.title !== null &&
    page.site !== null &&
    nameKey(page.title) !== '' &&
    nameKey(page.title) === nameKey(page.site)
      ? { ...page, title: null }
      : page;
  // Without a share title, the page's <title> says which of its first h1s
  // names the dish: a section's banner ("For Your Table") may come before
  // it ("Chicken Salad with Grapes", titled "Recipe - Chicken Salad with
  // Grapes | Site").
  if (meta.title === null && meta.document !== null) {
    const documentKey = nameKey(meta.document);
    const named = meta.headings.find((text) => {
      const key = nameKey(text);
      return key !== '' && documentKey.includes(key);
    });
    if (named !== undefined) return named;
  }
  const { heading } = meta;
  const title = meta.title === null ? null : shareTitle(meta.title, meta.site);
  // The heading, when it names the same dish as the share title: also one
  // that says more than the title does without its trailing "Recipe"
  // ("Burger Patty (Using Savoury Mix)" under "Burger Patty Recipe").
  if (
    heading !== null &&
    (title === null ||
      sameName(heading, title) ||
      sameName(heading, title.replace(/\s+recipe$/i, '')))
  ) {
    return heading;
  }
  return title ?? '';
}

/**
 * A share title without the site's parts: what follows " | ", then the
 * site's own name, as og:site_name gives it, after a dash ("Roast Chicken -
 * Site Name | Section").
 */
function shareTitle(title: string, site: string | null): string {
  const bar = title.indexOf(' | ');
  const name = bar > 0 ? title.slice(0, bar) : title;
  const own = site?.trim() ?? '';
  for (const dash of [' - ', ' – ', ' — ']) {
    const ending = `${dash}${own}`;
    if (own !== '' && name.endsWith(ending) && name.length > ending.length) {
      return name.slice(0, -ending.length).trim();
    }
  }
  return name;
}

/**
 * The first candidate with content, passing over a microdata item or a
 * plugin card named for another recipe than the page's heading or share
 * title (a sidebar's recipe on a page whose own recipe is elsewhere) while
 * another candidate has content. JSON-LD is the page's word on its recipe
 * and is never passed over.
 */
function pageRecipe(
  candidates: readonly PageRecipe[],
  meta: PageMeta,
): PageRecipe | undefined {
  const withContent = candidates.filter(({ recipe }) => hasContent(recipe));
  return (
    withContent.find((candidate) => !isElsewhere(candidate, meta)) ??
    withContent[0]
  );
}

/** A microdata item or plugin card named for another recipe than the page. */
function isElsewhere({ source, recipe }: PageRecipe, meta: PageMeta): boolean {
  const title = pageTitle(meta);
  return (
    source !== 'json-ld' &&
    source !== 'html' &&
    nameKey(recipe.name) !== '' &&
    nameKey(title) !== '' &&
    !sameName(recipe.name, title)
  );
}

/**
 * A list of the page's HTML: under an element whose class or id names it,
 * else under a heading that names it ("Ingredients", "Method").
 */
function listOf(scan: PageScan, role: HintRole): Group[] {
  // A tab or a link named for the list ("<li class="ingredients">
  // Ingredients</li>") holds only its title: no list.
  const named = htmlList(scan.hints, role)
    .map((group) => ({
      heading: group.heading,
      items: group.items.filter((item) => titleRole(item) === undefined),
    }))
    .filter((group) => group.items.length > 0);
  // Steps that are all links or facts ("Facebook", "Twitter"; "Prep 10
  // mins", "Easy") are a row classed for the method, not the method.
  const isSteps =
    role !== 'steps' ||
    named.some((group) => group.items.some((item) => !isFactOrLink(item)));
  return withoutControls(
    named.length > 0 && isSteps ? named : headedList(scan.headed, role),
  );
}

/**
 * The words of a page's share and print controls and of a post's
 * counters: an item or a group that is only one of them ("Print",
 * "Share", "Facebook", "Pin It", "Post Views: 66") is the row of buttons
 * after a list, never a line or a step of a recipe.
 */
const CONTROL_WORDS = new Set([
  'print',
  'print recipe',
  'share',
  'share this',
  'share this recipe',
  'save',
  'save recipe',
  'email',
  'e-mail',
  'facebook',
  'twitter',
  'x',
  'pinterest',
  'pin',
  'pin it',
  'pin recipe',
  'tweet',
  'whatsapp',
  'reddit',
  'yummly',
  'flipboard',
  'linkedin',
  'jump to recipe',
  // A post's counters ("Post Views: 66", "Comments 3").
  'post views',
  'views',
  'comments',
  'likes',
]);

const isControl = (text: string) =>
  text.length <= 30 &&
  CONTROL_WORDS.has(
    text
      .toLowerCase()
      .replace(/[^a-z -]+/g, '')
      .trim(),
  );

function withoutControls(groups: readonly Group[]): Group[] {
  return groups
    .map((group) => ({
      heading: isControl(group.heading) ? '' : group.heading,
      items: group.items.filter((item) => !isControl(item)),
    }))
    .filter((group) => group.items.length > 0);
}

/**
 * A method's words as compared with the page's print: letters and digits
 * only, without the step numbers written in the text (" 2. ", " 3) "). A
 * text that runs its steps together keeps the first number after a
 * group's name ("For the dough: 1. In a saucepan…") where the page prints
 * it before the step; both sides lose the same marks, so the same words
 * compare equal however they are split. One pass without nested
 * repetition: linear in the text.
 */
const methodKey = (text: string) =>
  nameKey(text.replace(/(?:^|\s)\d{1,3}[.)](?=\s|$)/g, ' '));

/**
 * Instructions the markup runs together (a JSON-LD string with every step
 * in it, or split only at its numbers) as the page prints them, step by
 * step: the printed steps, when they are the same words in the same order
 * and more pieces than the markup's. Printed step numbers ("Step 1", alone
 * or before the step) go; a printed group name ("For the dough:") stays a
 * line of its own, as the page prints it. The text decides: the markup's
 * words, never the page's others.
 */
export function printedSplit(
  texts: readonly string[],
  printed: readonly Group[],
): Direction[] | null {
  const steps = printed
    .flatMap((group) => group.items)
    .filter((item) => !STEP_NUMBER.test(item))
    // The number a page prints before a step ("Step 1 Place…", "2. Add…").
    .map((item) => item.replace(/^(?:step\s*)?\d{1,2}(?:[.:)]\s*|\s+)/i, ''));
  if (steps.length < 2 || steps.length <= texts.length) return null;
  const [joinedPrinted, joinedMarkup] = [steps.join(' '), texts.join(' ')];
  if (
    nameKey(joinedPrinted) !== nameKey(joinedMarkup) &&
    methodKey(joinedPrinted) !== methodKey(joinedMarkup)
  ) {
    return null;
  }
  return steps.map((step) => ({ kind: 'step', text: step }));
}

/** Words of a step that is only a title ("Cook the rice noodles"), at most. */
const MAX_TITLE_WORDS = 10;

/** A step that is a title, not an instruction: a few words, no sentence. */
const isStepTitle = (text: string) =>
  text.length <= 100 &&
  !/[.!?:;,]$/.test(text) &&
  text.split(/\s+/, MAX_TITLE_WORDS + 1).length <= MAX_TITLE_WORDS;

/**
 * Markup steps that are titles only ("Cook the rice noodles", "Serve"), as
 * the page prints the method: each title, in order, with the text under it
 * (its paragraphs and bullets) joined after a dash ("Cook the rice noodles
 * - Bring a pot of water to a boil. …"). Read from the first of `roots`
 * that prints every title in order, each with text under it; the printed
 * step numbers go, and a heading that is not the next title ends the
 * method (a box of tips after it). Else null. One pass over each root's
 * lines (at most linesOf's bound).
 */
export function printedUnderTitles(
  steps: readonly Direction[],
  roots: readonly Element[],
): Direction[] | null {
  if (
    steps.length < 2 ||
    !steps.every((step) => step.kind === 'step' && isStepTitle(step.text))
  ) {
    return null;
  }
  const titles = steps.map((step) => nameKey(step.text));
  for (const root of roots) {
    const bodies: string[][] = [];
    for (const line of linesOf(root, 'steps')) {
      if (
        bodies.length < titles.length &&
        nameKey(line.text) === titles[bodies.length]
      ) {
        bodies.push([]);
      } else if (bodies.length > 0 && line.heading) {
        break;
      } else if (bodies.length > 0 && !STEP_NUMBER.test(line.text)) {
        bodies.at(-1)?.push(line.text);
      }
    }
    if (
      bodies.length === titles.length &&
      bodies.every((body) => body.length > 0)
    ) {
      return steps.map((step, index) => ({
        kind: 'step',
        text: `${step.text} - ${(bodies[index] ?? []).join(' ')}`,
      }));
    }
  }
  return null;
}

/** "4", "4 sandwiches", "2-3": the first whole number from 1 to 1000. */
function printedServings(facts: PrintedFacts): number | null {
  const match = /^\d{1,4}/.exec(facts.servings ?? '');
  const count = match ? Number(match[0]) : 0;
  return count >= 1 && count <= 1000 ? count : null;
}

/** The printed total time, else the printed preparation and cooking times. */
function printedMinutes(facts: PrintedFacts): number | null {
  const minutes = (text: string | undefined) =>
    text === undefined ? undefined : textMinutes(text);
  const total = minutes(facts.total);
  if (total !== undefined && total > 0) return total;
  const [prep, cook] = [minutes(facts.prep), minutes(facts.cook)];
  if (prep === undefined && cook === undefined) return null;
  return (prep ?? 0) + (cook ?? 0);
}

/**
 * The markup's time, else the printed one. A markup time of whole hours
 * that the page prints as as many minutes ("PT10H" and "PT20H" where it
 * prints "Prep in 10 min", "Cooks in 20 min": a plugin that wrote minutes
 * in the hours' place) is the printed one.
 */
export function minutesAsPrinted(
  markup: number | null,
  printed: number | null,
): number | null {
  if (markup === null) return printed;
  return printed !== null && printed > 0 && markup === printed * 60
    ? printed
    : markup;
}

/** The recipe of a page, or null when it has none that can be read. */
export async function readRecipePage(
  html: string,
  pageUrl: string,
): Promise<PageRecipe | null> {
  const scan = await scanPage(html);
  const candidates: PageRecipe[] = [];
  const blocks = parseJsonLd(scan.jsonLd);
  const [jsonLd, ...otherJsonLd] = findRecipeNodes(blocks);
  if (jsonLd) {
    candidates.push({
      source: 'json-ld',
      recipe: mapRecipeNode(jsonLd, pageUrl),
    });
  }
  // Each reader queries cards of up to MAX_CAPTURED_NODES nodes a dozen
  // times or so: tens of milliseconds on a small machine at the bound, so
  // other requests get a turn of the event loop between readers.
  await nextTurn();
  const microdata = microdataRecipe(scan.cards);
  if (microdata) {
    candidates.push({
      source: 'microdata',
      recipe: mapRecipeNode(microdata, pageUrl),
    });
  }
  for (const { plugin, read } of PLUGIN_READERS) {
    await nextTurn();
    const node = read(scan.cards);
    if (node) {
      candidates.push({ source: plugin, recipe: mapRecipeNode(node, pageUrl) });
    }
  }
  // Further JSON-LD Recipe nodes (a rating plugin's block that holds only
  // the recipe's rating and picture): they fill what the first lacks when
  // they name the same recipe, and are the recipe only when no other
  // markup has one.
  for (const node of otherJsonLd) {
    candidates.push({
      source: 'json-ld',
      recipe: mapRecipeNode(node, pageUrl),
    });
  }
  // A recipe read from the page's HTML lists, named as the page names it.
  const addListsRecipe = (lists: ReturnType<typeof htmlListsRecipe>) => {
    if (!lists) return;
    candidates.push({
      source: 'html',
      recipe: mapRecipeNode({ ...lists, name: pageTitle(scan.meta) }, pageUrl),
    });
  };
  // Last, the page's HTML lists: the markup above, where a page has it,
  // says what is the recipe far more surely than class names do. They are
  // the recipe of a page without it (or with only a sidebar's), and fill a
  // list its markup left empty; read only then, each list in a turn of its
  // own.
  const first = pageRecipe(candidates, scan.meta);
  if (
    first === undefined ||
    first.recipe.ingredientLines.length === 0 ||
    !first.recipe.steps.some((entry) => entry.kind === 'step') ||
    isElsewhere(first, scan.meta)
  ) {
    await nextTurn();
    const ingredients = listOf(scan, 'ingredients');
    await nextTurn();
    addListsRecipe(
      htmlListsRecipe(
        ingredients,
        listOf(scan, 'steps'),
        first !== undefined && !isElsewhere(first, scan.meta),
      ),
    );
  }
  // Last of all, a page where nothing above reads as a recipe: its first
  // list whose lines begin with amounts, without a title, and the method
  // printed after it.
  if (pageRecipe(candidates, scan.meta) === undefined && scan.untitled) {
    addListsRecipe(
      htmlListsRecipe(
        withoutControls(groupsOf(scan.untitled.list)),
        withoutControls(linesToGroups(linesOf(scan.untitled.after), 'steps')),
      ),
    );
  }
  const primary = pageRecipe(candidates, scan.meta);
  if (primary === undefined) return null;
  const recipe = merged(
    primary.recipe,
    candidates
      .filter((candidate) => candidate !== primary)
      .map(({ recipe: other }) => other),
  );
  // Lines the markup gives without the amounts the page prints beside them
  // ("flour" for "1 ½ cups all-purpose flour").
  if (primary.source !== 'html' && recipe.ingredientLines.length > 0) {
    await nextTurn();
    recipe.ingredientLines = withPrintedAmounts(
      recipe.ingredientLines,
      listOf(scan, 'ingredients').flatMap((group) =>
        group.items.map((item) => item.slice(0, MAX_LINE_LENGTH)),
      ),
    );
  }
  // Instructions the markup gives as one text (or split only at its
  // numbers), which the page prints as more steps.
  if (
    recipe.steps.length > 0 &&
    recipe.steps.every((entry) => entry.kind === 'step')
  ) {
    await nextTurn();
    recipe.steps =
      printedSplit(
        recipe.steps.map((entry) => entry.text),
        listOf(scan, 'steps'),
      ) ?? recipe.steps;
  }
  // Steps that are titles only, where the page prints each title with its
  // text under it.
  if (recipe.steps.length > 1) {
    await nextTurn();
    recipe.steps =
      printedUnderTitles(recipe.steps, [
        ...scan.hints.map((hint) => hint.root),
        ...scan.headed
          .filter((region) => region.role === 'steps')
          .map((region) => region.root),
      ]) ?? recipe.steps;
  }
  // Group names a list of lines carries among them, by what the page
  // prints as headings around its lists and cards.
  recipe.ingredientLines = withoutGroupNames(recipe.ingredientLines, () => {
    const names = printedGroupNames([
      ...scan.cards,
      ...scan.hints.map((hint) => hint.root),
    ]);
    // The recipe's own name printed over its card heads no group.
    names.delete(recipe.name);
    return names;
  });
  // Tools the page lists as a group of its ingredients.
  await nextTurn();
  recipe.ingredientLines = withoutEquipment(recipe.ingredientLines, () => [
    ...scan.cards,
    ...scan.hints.map((hint) => hint.root),
  ]);
  // Servings and time the markup lacks, as the page prints them.
  recipe.servings ??= printedServings(scan.facts);
  recipe.totalMinutes = minutesAsPrinted(
    recipe.totalMinutes,
    printedMinutes(scan.facts),
  );
  if (recipe.name === '') {
    // A recipe without a name of its own: the page's heading, else its
    // share title.
    recipe.name = plainText(pageTitle(scan.meta), 200);
  }
  return {
    source: primary.source,
    recipe: withSharePicture(recipe, scan.meta, pageUrl, () =>
      pagePicture(blocks),
    ),
  };
}

/**
 * A section heading as the spec's directions string can carry it: a step
 * of its own, the section's name ending in a colon ("For the sauce:").
 * The '####'-joined string has no other place for it; this way the recipe
 * form shows it as a line of its own that the admin can edit or remove,
 * and a reader that numbers steps shows a line that reads as a heading.
 * A page's step that itself ends in a colon reads the same way, which is
 * how a cook would read it too.
 */
export function headingStep(name: string): string {
  if (name.endsWith(':')) return name;
  // A step's title may end as a sentence does ("Prepare the pan.").
  return `${name.endsWith('.') ? name.slice(0, -1) : name}:`;
}

/** Directions as the stored string: steps and headings joined by '####'. */
export function directionsText(directions: readonly Direction[]): string {
  return directions
    .map((entry) =>
      entry.kind === 'heading' ? headingStep(entry.text) : entry.text,
    )
    .join(DIRECTIONS_SEPARATOR);
}
