/**
 * The seed recipes' pictures: a plate or bowl seen from above on a table in
 * the cuisine's colours, with stylised shapes for the main ingredients.
 * Self-contained SVG (no external references, scripts or fonts), 800×600,
 * the same picture for the same inputs. Element ids carry a hash of the
 * inputs so that several pictures can be inlined in one page.
 */
import { ingredientById } from '../catalogue/ingredients.js';
import type { Ingredient } from '../types.js';
import { cuisineTheme, foodVisual, roleOf } from './palette.js';
import type { CuisineTheme, FoodVisual } from './palette.js';
import { createRandom, hashString } from './random.js';
import type { Random } from './random.js';
import { drawFood } from './shapes.js';

export const RECIPE_ART_WIDTH = 800;
export const RECIPE_ART_HEIGHT = 600;

export interface RecipeArtInput {
  readonly name: string;
  readonly cuisine: string;
  /** Ingredient ids in recipe order; the first ones are drawn. */
  readonly ingredientIds: readonly string[];
}

const CX = 400;
const CY = 300;
const PLATE_R = 220;
const WELL_R = 165;
const FOOD_R = 145;
const MAX_TOPPINGS = 5;

/** Names that are served in a bowl rather than on a plate. */
const BOWL_DISH =
  /\b(soup|stew|curry|chili|chilli|ramen|pho|broth|bowl|porridge|oatmeal|dal|daal|dhal|chowder|congee|laksa|bisque|gumbo|goulash|miso|khichdi|risotto)\b/i;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

function clothPattern(id: string, theme: CuisineTheme): string {
  const [first = '#ffffff', second = first, third = first] =
    theme.patternColors;
  const open = (w: number, h: number) =>
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse">`;
  switch (theme.pattern) {
    case 'checks':
      return (
        `${open(60, 60)}<rect width="30" height="60" fill="${first}" opacity="0.16"/>` +
        `<rect width="60" height="30" fill="${first}" opacity="0.16"/></pattern>`
      );
    case 'stripes':
      return `${open(40, 40)}<rect width="40" height="12" fill="${first}" opacity="0.28"/></pattern>`;
    case 'serape':
      return (
        `${open(120, 120)}<rect y="10" width="120" height="14" fill="${first}" opacity="0.55"/>` +
        `<rect y="30" width="120" height="6" fill="${second}" opacity="0.55"/>` +
        `<rect y="42" width="120" height="10" fill="${third}" opacity="0.5"/>` +
        `<rect y="80" width="120" height="5" fill="${second}" opacity="0.5"/></pattern>`
      );
    case 'dots':
      return `${open(40, 40)}<circle cx="20" cy="20" r="4" fill="${first}" opacity="0.3"/></pattern>`;
    case 'waves':
      return (
        `${open(60, 30)}<g fill="none" stroke="${first}" stroke-width="2" opacity="0.22">` +
        `<path d="M0 30A30 30 0 0 1 60 30M10 30A20 20 0 0 1 50 30M20 30A10 10 0 0 1 40 30"/>` +
        `<path d="M-30 15A30 30 0 0 1 30 15M30 15A30 30 0 0 1 90 15"/></g></pattern>`
      );
    case 'lattice':
      return (
        `${open(50, 50)}<g fill="none" stroke="${first}" stroke-width="2" opacity="0.3">` +
        `<rect x="5" y="5" width="40" height="40"/><path d="M25 5L45 25L25 45L5 25Z"/></g></pattern>`
      );
  }
}

function table(id: string, theme: CuisineTheme): string {
  return (
    `<rect width="${RECIPE_ART_WIDTH}" height="${RECIPE_ART_HEIGHT}" fill="${theme.background}"/>` +
    `<rect width="${RECIPE_ART_WIDTH}" height="${RECIPE_ART_HEIGHT}" fill="url(#${id})"/>`
  );
}

function cutlery(napkin: string): string {
  const metal = 'fill="#e4e7eb" stroke="#a9b0b8" stroke-width="2"';
  const tines = [96, 104, 112, 120]
    .map(
      (x) => `<rect x="${x}" y="150" width="4" height="62" rx="2" ${metal}/>`,
    )
    .join('');
  return (
    `<rect x="52" y="140" width="116" height="330" rx="10" fill="${napkin}" opacity="0.92"/>` +
    `<path d="M52 200H168" stroke="#000" stroke-opacity="0.08" stroke-width="3"/>` +
    tines +
    `<path d="M94 208H126V226Q126 242 114 244V300H106V244Q94 242 94 226Z" ${metal}/>` +
    `<rect x="101" y="296" width="18" height="160" rx="9" ${metal}/>` +
    `<path d="M676 150Q712 164 712 270V318H676Z" ${metal}/>` +
    `<rect x="678" y="312" width="22" height="150" rx="11" ${metal}/>`
  );
}

function plate(bowl: boolean): string {
  const shadow = `<circle cx="${CX + 12}" cy="${CY + 16}" r="${PLATE_R}" fill="#000" opacity="0.18"/>`;
  if (bowl) {
    return (
      shadow +
      `<circle cx="${CX}" cy="${CY}" r="${PLATE_R}" fill="#fbfaf6" stroke="#e2ddd1" stroke-width="3"/>` +
      `<circle cx="${CX}" cy="${CY}" r="${WELL_R + 14}" fill="#ece7dc"/>`
    );
  }
  return (
    shadow +
    `<circle cx="${CX}" cy="${CY}" r="${PLATE_R}" fill="#fbfaf6" stroke="#e2ddd1" stroke-width="3"/>` +
    `<circle cx="${CX}" cy="${CY}" r="${WELL_R}" fill="#f3f0e8" stroke="#e6e0d3" stroke-width="2"/>` +
    `<path d="M${CX - 150} ${CY - 110}A185 185 0 0 1 ${CX + 60} ${CY - 190}" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`
  );
}

interface Chosen {
  readonly base?: FoodVisual;
  readonly sauce?: FoodVisual;
  readonly toppings: readonly FoodVisual[];
  readonly garnishes: readonly FoodVisual[];
}

function choose(
  ingredientIds: readonly string[],
  lookup: (id: string) => Ingredient | undefined,
): Chosen {
  let base: FoodVisual | undefined;
  let sauce: FoodVisual | undefined;
  let sauceIsSpice = false;
  const toppings: FoodVisual[] = [];
  const garnishes: FoodVisual[] = [];
  const seen = new Set<string>();
  for (const id of ingredientIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    const ingredient = lookup(id);
    if (ingredient === undefined) continue;
    const visual = foodVisual(ingredient);
    if (visual === undefined) continue;
    const isSpice = ingredient.category === 'spices';
    switch (roleOf(visual.kind)) {
      case 'base':
        base ??= visual;
        break;
      case 'sauce':
        // A spice only tints the dish when nothing else makes a sauce.
        if (sauce === undefined || (sauceIsSpice && !isSpice)) {
          sauce = visual;
          sauceIsSpice = isSpice;
        }
        break;
      case 'garnish':
        if (garnishes.length < 2) garnishes.push(visual);
        break;
      case 'topping':
        if (toppings.length < MAX_TOPPINGS) toppings.push(visual);
        break;
    }
  }
  return {
    ...(base === undefined ? {} : { base }),
    ...(sauce === undefined ? {} : { sauce }),
    toppings,
    garnishes,
  };
}

function food(chosen: Chosen, bowl: boolean, random: Random): string {
  const parts: string[] = [];
  const draw = (visual: FoodVisual, cx: number, cy: number, r: number) =>
    parts.push(drawFood({ cx, cy, r, visual, random }));
  const { base, sauce, toppings, garnishes } = chosen;
  const turn = random.between(0, Math.PI * 2);
  const offset = (distance: number, angle = turn) => ({
    x: CX + Math.cos(angle) * distance,
    y: CY + Math.sin(angle) * distance,
  });

  // Where the toppings gather: around the middle, or beside the base when a
  // sauce shares the plate with it (curry next to its rice).
  let centre = { x: CX, y: CY };
  let ring: number;
  let size: number;
  const count = toppings.length;
  if (bowl) {
    const broth: FoodVisual = sauce ?? {
      kind: 'sauce',
      color: '#e7c27a',
      accent: '#c9a055',
    };
    parts.push(
      `<circle cx="${CX}" cy="${CY}" r="${WELL_R}" fill="${broth.color}"/>`,
      `<circle cx="${CX}" cy="${CY}" r="${WELL_R - 4}" fill="none" stroke="#000" stroke-opacity="0.08" stroke-width="10"/>`,
    );
    if (base !== undefined) draw(base, CX, CY, 92);
    ring = count <= 1 ? 0 : base === undefined ? 72 : 95;
    size = count <= 1 ? 95 : count <= 3 ? 70 : 60;
  } else if (base !== undefined && sauce !== undefined) {
    const baseAt = offset(-58);
    centre = offset(52);
    draw(sauce, centre.x, centre.y, 102);
    draw(base, baseAt.x, baseAt.y, 98);
    ring = count <= 1 ? 0 : 52;
    size = count <= 1 ? 90 : count <= 3 ? 66 : 56;
  } else if (base !== undefined) {
    draw(base, CX, CY, 118);
    ring = count <= 1 ? 0 : 88;
    size = count <= 1 ? 95 : count <= 3 ? 72 : 62;
  } else {
    if (sauce !== undefined) draw(sauce, CX, CY, 132);
    ring = count <= 1 ? 0 : count === 2 ? 62 : 80;
    size = count <= 1 ? 115 : count === 2 ? 88 : count === 3 ? 78 : 68;
  }
  toppings.forEach((visual, index) => {
    const angle = turn + (index / Math.max(1, count)) * Math.PI * 2;
    draw(
      visual,
      centre.x + Math.cos(angle) * ring,
      centre.y + Math.sin(angle) * ring,
      size,
    );
  });
  for (const visual of garnishes) draw(visual, CX, CY, FOOD_R);
  return parts.join('');
}

function svg(title: string, prefix: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${RECIPE_ART_WIDTH}" height="${RECIPE_ART_HEIGHT}" ` +
    `viewBox="0 0 ${RECIPE_ART_WIDTH} ${RECIPE_ART_HEIGHT}" role="img" aria-labelledby="${prefix}-title">` +
    `<title id="${prefix}-title">${escapeXml(title)}</title>${body}</svg>`
  );
}

/**
 * The picture of a recipe. Unknown ingredient ids are skipped; the optional
 * lookup defaults to the built-in catalogue.
 */
export function renderRecipeArt(
  input: RecipeArtInput,
  lookup: (id: string) => Ingredient | undefined = ingredientById,
): string {
  const key = `${input.name}\u0000${input.cuisine}\u0000${input.ingredientIds.join(',')}`;
  const seed = hashString(key);
  const random = createRandom(seed);
  const prefix = `pw${seed.toString(36)}`;
  const theme = cuisineTheme(input.cuisine, hashString(input.cuisine) % 360);
  const bowl = BOWL_DISH.test(input.name);
  const clip = `${prefix}-well`;
  const chosen = choose(input.ingredientIds, lookup);
  const body =
    `<defs>${clothPattern(`${prefix}-cloth`, theme)}` +
    `<clipPath id="${clip}"><circle cx="${CX}" cy="${CY}" r="${WELL_R + (bowl ? 0 : 30)}"/></clipPath></defs>` +
    table(`${prefix}-cloth`, theme) +
    cutlery(theme.napkin) +
    plate(bowl) +
    `<g clip-path="url(#${clip})">${food(chosen, bowl, random)}</g>`;
  return svg(
    input.name.trim() === '' ? 'Recipe picture' : input.name,
    prefix,
    body,
  );
}

/** The fallback picture: a covered dish on a neutral table. */
export function renderDefaultRecipeArt(): string {
  const prefix = 'pwdefault';
  const theme: CuisineTheme = {
    background: '#e9e4da',
    pattern: 'dots',
    patternColors: ['#b9ad97'],
    napkin: '#8fa98a',
  };
  const cloche =
    `<path d="M230 318A170 165 0 0 1 570 318Z" fill="#d9dee3" stroke="#a9b0b8" stroke-width="3"/>` +
    `<path d="M280 300A130 125 0 0 1 380 186" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.7"/>` +
    `<rect x="214" y="312" width="372" height="18" rx="9" fill="#c7cdd4" stroke="#a9b0b8" stroke-width="3"/>` +
    `<circle cx="400" cy="140" r="16" fill="#c7cdd4" stroke="#a9b0b8" stroke-width="3"/>`;
  const body =
    `<defs>${clothPattern(`${prefix}-cloth`, theme)}</defs>` +
    table(`${prefix}-cloth`, theme) +
    cutlery(theme.napkin) +
    plate(false) +
    cloche;
  return svg('Recipe picture', prefix, body);
}
