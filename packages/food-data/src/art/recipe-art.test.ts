import { describe, expect, it } from 'vitest';

import { INGREDIENTS } from '../catalogue/ingredients.js';
import { foodVisual } from './palette.js';
import { createRandom, hashString } from './random.js';
import {
  RECIPE_ART_HEIGHT,
  RECIPE_ART_WIDTH,
  renderDefaultRecipeArt,
  renderRecipeArt,
} from './recipe-art.js';
import type { RecipeArtInput } from './recipe-art.js';

interface Element {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
}

const ENTITY = '&(?:amp|lt|gt|quot|apos);';
const TAG = new RegExp(
  `<(/?)([A-Za-z][\\w:.-]*)((?:\\s+[A-Za-z_:][\\w:.-]*="(?:[^"<&]|${ENTITY})*")*)\\s*(/?)>`,
  'y',
);
const TEXT = new RegExp(`(?:[^<&]|${ENTITY})+`, 'y');
const ATTRIBUTE = /([A-Za-z_:][\w:.-]*)="([^"]*)"/g;

/** A strict little XML reader: throws on anything not well-formed. */
function parseXml(xml: string): Element[] {
  const elements: Element[] = [];
  const open: string[] = [];
  let position = 0;
  let roots = 0;
  while (position < xml.length) {
    TAG.lastIndex = position;
    const tag = TAG.exec(xml);
    if (tag !== null) {
      const [whole, closing, name = '', attributeText = '', selfClosing] = tag;
      if (closing === '/') {
        if (open.pop() !== name) throw new Error(`unbalanced </${name}>`);
      } else {
        if (open.length === 0) roots += 1;
        const attributes = new Map<string, string>();
        for (const [, key = '', value = ''] of attributeText.matchAll(
          ATTRIBUTE,
        )) {
          if (attributes.has(key))
            throw new Error(`duplicate ${key} on <${name}>`);
          attributes.set(key, value);
        }
        elements.push({ name, attributes });
        if (selfClosing !== '/') open.push(name);
      }
      position += whole.length;
      continue;
    }
    TEXT.lastIndex = position;
    const text = TEXT.exec(xml);
    if (text === null || open.length === 0) {
      throw new Error(
        `not well-formed at ${position}: ${xml.slice(position, position + 40)}`,
      );
    }
    position += text[0].length;
  }
  if (open.length > 0) throw new Error(`unclosed <${open.join('>, <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
  return elements;
}

function checkPicture(svg: string): Element[] {
  expect(svg.startsWith('<svg ')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  const elements = parseXml(svg);
  const root = elements[0];
  expect(root?.name).toBe('svg');
  expect(root?.attributes.get('xmlns')).toBe('http://www.w3.org/2000/svg');
  expect(root?.attributes.get('viewBox')).toBe(
    `0 0 ${RECIPE_ART_WIDTH} ${RECIPE_ART_HEIGHT}`,
  );
  expect(elements.filter((element) => element.name === 'title')).toHaveLength(
    1,
  );
  // Self-contained and inert.
  expect(svg).not.toMatch(/<script|<foreignObject|<image|<text|\son[a-z]+=/i);
  expect(svg).not.toMatch(/href=|@import|javascript:/i);
  expect(svg.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  // Every url(#id) names an element of the picture, and ids are unique.
  const ids = elements.flatMap((element) => element.attributes.get('id') ?? []);
  expect(new Set(ids).size).toBe(ids.length);
  for (const [, id] of svg.matchAll(/url\(#([^)]+)\)/g))
    expect(ids).toContain(id);
  return elements;
}

const TIKKA: RecipeArtInput = {
  name: 'Chicken Tikka Masala',
  cuisine: 'Indian',
  ingredientIds: [
    'chicken-thigh',
    'plain-yogurt',
    'canned-tomatoes',
    'onion',
    'garam-masala',
    'cilantro',
    'basmati-rice',
  ],
};

describe('the test XML reader', () => {
  it.each([
    '<svg><g></svg>',
    '<svg a="1" a="2"/>',
    '<svg>&nbsp;</svg>',
    '<svg/><svg/>',
    '<svg x=1/>',
    '<svg><g>',
  ])('rejects %s', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe('renderRecipeArt', () => {
  it('draws a well-formed, self-contained SVG', () => {
    const elements = checkPicture(renderRecipeArt(TIKKA));
    expect(elements.length).toBeGreaterThan(50);
  });

  it('draws the same picture for the same recipe', () => {
    expect(renderRecipeArt(TIKKA)).toBe(renderRecipeArt({ ...TIKKA }));
  });

  it('draws different pictures for different recipes', () => {
    const pictures = new Set([
      renderRecipeArt(TIKKA),
      renderRecipeArt({ ...TIKKA, name: 'Chicken Curry' }),
      renderRecipeArt({ ...TIKKA, cuisine: 'Italian' }),
      renderRecipeArt({
        ...TIKKA,
        ingredientIds: ['salmon-fillet', 'asparagus'],
      }),
    ]);
    expect(pictures.size).toBe(4);
  });

  it.each([
    ['Mexican', '#e07a3f'],
    ['italian', '#f6efe3'],
    ['Indian', '#eea63a'],
    ['Chinese', '#b3302a'],
    ['French', '#dde6ef'],
    ['Japanese', '#24395c'],
    ['Asian', '#2f7d6d'],
    ['Thai', '#2f7d6d'],
  ])('sets a %s table in %s', (cuisine, colour) => {
    const svg = renderRecipeArt({ ...TIKKA, cuisine });
    checkPicture(svg);
    expect(svg).toContain(`fill="${colour}"`);
  });

  it('gives an unknown cuisine a colour of its own', () => {
    const svg = renderRecipeArt({ ...TIKKA, cuisine: 'Ethiopian' });
    checkPicture(svg);
    expect(svg).toMatch(/fill="hsl\(\d+ 42% 74%\)"/);
  });

  it('serves soups and curries in a bowl', () => {
    const soup = renderRecipeArt({
      name: 'Red Lentil Soup',
      cuisine: 'Indian',
      ingredientIds: ['red-lentils', 'carrot', 'vegetable-stock'],
    });
    const salad = renderRecipeArt({
      name: 'Red Lentil Salad',
      cuisine: 'Indian',
      ingredientIds: ['red-lentils', 'carrot', 'vegetable-stock'],
    });
    checkPicture(soup);
    checkPicture(salad);
    // The broth fills the bowl's well edge to edge.
    expect(soup).toContain('r="165" fill="#e2b865"');
    expect(salad).not.toContain('r="165" fill="#e2b865"');
  });

  it('colours the food by its ingredients', () => {
    const svg = renderRecipeArt({
      name: 'Green salad',
      cuisine: 'French',
      ingredientIds: ['spinach', 'cherry-tomato', 'cucumber'],
    });
    expect(svg).toContain('#4e9a3c'); // leaves
    expect(svg).toContain('#da3b2b'); // tomatoes
    expect(svg).toContain('#d6e8a8'); // cucumber
  });

  it('escapes the name in the title', () => {
    const svg = renderRecipeArt({ ...TIKKA, name: 'Mac & "Cheese" <deluxe>' });
    checkPicture(svg);
    expect(svg).toContain('<title id="');
    expect(svg).toContain(
      'Mac &amp; &quot;Cheese&quot; &lt;deluxe&gt;</title>',
    );
  });

  it('draws an empty plate for no or unknown ingredients', () => {
    checkPicture(renderRecipeArt({ name: '', cuisine: '', ingredientIds: [] }));
    checkPicture(
      renderRecipeArt({
        name: 'Mystery',
        cuisine: 'Martian',
        ingredientIds: ['moon-cheese'],
      }),
    );
  });

  it('draws well-formed pictures for many catalogue combinations', () => {
    const random = createRandom(hashString('combinations'));
    const cuisines = [
      'Mexican',
      'Italian',
      'Indian',
      'Chinese',
      'French',
      'Japanese',
      'Asian',
      'Greek',
      'Fusion',
    ];
    const names = [
      'Weeknight Bowl',
      'Soup',
      'Roast',
      'Skillet',
      'Stew',
      'Salad',
      'Noodles',
    ];
    for (let index = 0; index < 120; index += 1) {
      const ingredientIds = Array.from(
        { length: random.int(1, 9) },
        () => INGREDIENTS[random.int(0, INGREDIENTS.length - 1)]?.id ?? 'salt',
      );
      const input = {
        name: names[index % names.length] ?? 'Dish',
        cuisine: cuisines[index % cuisines.length] ?? 'Other',
        ingredientIds,
      };
      checkPicture(renderRecipeArt(input));
    }
  });

  it('gives every produce, meat, fish and dairy ingredient a look', () => {
    const shown = INGREDIENTS.filter((ingredient) =>
      ['produce', 'meat', 'fish', 'legumes', 'grains', 'bakery'].includes(
        ingredient.category,
      ),
    ).filter(
      (ingredient) => !['garlic', 'ginger', 'galangal'].includes(ingredient.id),
    );
    const invisible = shown.filter(
      (ingredient) => foodVisual(ingredient) === undefined,
    );
    expect(invisible.map((ingredient) => ingredient.id)).toEqual([]);
  });
});

describe('renderDefaultRecipeArt', () => {
  it('draws a well-formed covered dish, always the same', () => {
    const svg = renderDefaultRecipeArt();
    checkPicture(svg);
    expect(svg).toBe(renderDefaultRecipeArt());
    expect(svg).toContain('<title id="pwdefault-title">Recipe picture</title>');
  });
});
