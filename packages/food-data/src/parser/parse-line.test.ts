import { describe, expect, it } from 'vitest';

import type { Ingredient } from '../types.js';
import {
  MAX_LINE_LENGTH,
  parseIngredientLine,
  parseIngredientLines,
  parseNumber,
  plainFractions,
} from './parse-line.js';
import type { ParsedLine } from './parse-line.js';
import { createIngredientResolver } from './resolve.js';

const item = (
  id: string,
  name: string,
  extra: Partial<Ingredient> = {},
): Ingredient => ({
  id,
  name,
  synonyms: [],
  category: 'other',
  perishable: false,
  package: { size: 1, unit: 'piece', label: 'piece' },
  proteinPer100g: 0,
  flags: [],
  allergens: [],
  ...extra,
});

const resolver = createIngredientResolver([
  item('onion', 'onion', { plural: 'onions', synonyms: ['yellow onion'] }),
  item('garlic', 'garlic', { pieceUnits: { clove: 5, head: 50 } }),
  item('salt', 'salt', { synonyms: ['sea salt', 'kosher salt'] }),
  item('black-pepper', 'black pepper', { synonyms: ['pepper'] }),
  item('milk', 'milk', { synonyms: ['whole milk'] }),
  item('flour', 'plain flour', {
    synonyms: ['all-purpose flour', 'flour', 'all purpose flour'],
  }),
  item('canned-tomatoes', 'canned tomatoes', {
    synonyms: ['chopped tomatoes', 'tinned tomatoes', 'diced tomatoes'],
  }),
  item('tomato', 'tomato', { plural: 'tomatoes' }),
  item('olive-oil', 'olive oil'),
  item('vegetable-oil', 'vegetable oil', { synonyms: ['corn oil'] }),
  item('peanut-oil', 'peanut oil'),
  item('lemon', 'lemon', { plural: 'lemons' }),
  item('lime', 'lime'),
  item('egg', 'egg'),
  item('butter', 'butter'),
  item('sugar', 'sugar', { synonyms: ['caster sugar', 'granulated sugar'] }),
  item('chickpeas', 'chickpeas', { synonyms: ['chickpea', 'garbanzo beans'] }),
  item('black-beans', 'black beans'),
  item('coconut-milk', 'coconut milk'),
  item('cilantro', 'cilantro', { synonyms: ['coriander'] }),
  item('ginger', 'ginger', { synonyms: ['root ginger', 'fresh root ginger'] }),
  item('thyme', 'thyme'),
  item('salmon', 'salmon', { pieceUnits: { fillet: 140 } }),
  item('chicken-thigh', 'chicken thigh'),
  item('chicken-breast', 'chicken breast'),
  item('spinach', 'spinach', { synonyms: ['baby spinach'] }),
  item('bacon', 'bacon', { synonyms: ['streaky bacon'] }),
  item('celery', 'celery', { pieceUnits: { stalk: 40 } }),
  item('water', 'water'),
  item('carrot', 'carrot'),
  item('cloves', 'cloves', { synonyms: ['whole cloves'] }),
  item('hot-sauce', 'hot sauce'),
  item('cream-cheese', 'cream cheese'),
  item('potato', 'potato', { plural: 'potatoes' }),
  item('honey', 'honey'),
  item('chicken-stock', 'chicken stock'),
  item('yeast', 'dried yeast', { synonyms: ['active dry yeast'] }),
]);

type Expected = Partial<Omit<ParsedLine, 'line' | 'unit'>> & {
  unit?: string | null;
};
const parse = (line: string) => parseIngredientLine(line, resolver);
const check = (line: string, expected: Expected) => {
  expect(parse(line)).toMatchObject({ line, ...expected });
};

describe('parseIngredientLine', () => {
  it('parses the lines of the issue', () => {
    expect(parse('1 1/2 cups finely chopped onion')).toEqual({
      line: '1 1/2 cups finely chopped onion',
      quantity: 1.5,
      quantityMax: null,
      unit: 'cup',
      ingredient: 'onion',
      ingredientId: 'onion',
      preparation: 'finely chopped',
    });
    expect(parse('2-3 cloves garlic, minced')).toEqual({
      line: '2-3 cloves garlic, minced',
      quantity: 2,
      quantityMax: 3,
      unit: 'clove',
      ingredient: 'garlic',
      ingredientId: 'garlic',
      preparation: 'minced',
    });
    expect(parse('½ tsp salt')).toEqual({
      line: '½ tsp salt',
      quantity: 0.5,
      quantityMax: null,
      unit: 'tsp',
      ingredient: 'salt',
      ingredientId: 'salt',
      preparation: null,
    });
    expect(parse('salt to taste')).toEqual({
      line: 'salt to taste',
      quantity: null,
      quantityMax: null,
      unit: null,
      ingredient: 'salt',
      ingredientId: 'salt',
      preparation: 'to taste',
    });
  });

  it.each([
    ['2 eggs', 2],
    ['1.5 l water', 1.5],
    ['1,5 l water', 1.5],
    ['0,25 l milk', 0.25],
    ['1,000 g potatoes', 1000],
    ['.5 cup milk', 0.5],
    ['1/2 cup milk', 0.5],
    ['1 1/2 cups milk', 1.5],
    ['2 3/4 cups flour', 2.75],
    ['½ cup milk', 0.5],
    ['1½ cups milk', 1.5],
    ['1 ½ cups milk', 1.5],
    ['⅓ cup milk', 1 / 3],
    ['¾ cup sugar', 0.75],
    ['2⅔ cups flour', 2 + 2 / 3],
    ['1⁄4 cup sugar', 0.25],
  ])('reads the quantity of %s', (line, quantity) => {
    const parsed = parse(line);
    expect(parsed.quantity).toBeCloseTo(quantity, 9);
    expect(parsed.quantityMax).toBeNull();
  });

  it.each([
    ['2-3 carrots', 2, 3],
    ['2 - 3 carrots', 2, 3],
    ['2 – 3 carrots', 2, 3],
    ['2—3 carrots', 2, 3],
    ['2 to 3 tbsp olive oil', 2, 3],
    ['3 or 4 sprigs thyme', 3, 4],
    ['1-1½ tsp salt', 1, 1.5],
    ['½-¾ cup milk', 0.5, 0.75],
    ['200-250g spinach', 200, 250],
    ['two to three carrots', 2, 3],
  ])('reads the range of %s', (line, quantity, quantityMax) => {
    expect(parse(line)).toMatchObject({ quantity, quantityMax });
  });

  it.each([
    ['a lemon', 1, 'lemon'],
    ['an onion', 1, 'onion'],
    ['one onion', 1, 'onion'],
    ['Two eggs', 2, 'egg'],
    ['twelve eggs', 12, 'egg'],
    ['half a lemon', 0.5, 'lemon'],
    ['half an onion', 0.5, 'onion'],
    ['a few sprigs thyme', 3, 'thyme'],
    ['a couple of carrots', 2, 'carrot'],
    ['a dozen eggs', 12, 'egg'],
    ['2 dozen eggs', 24, 'egg'],
    ['one and a half cups milk', 1.5, 'milk'],
    ['1 and 1/2 cups milk', 1.5, 'milk'],
    ['a quarter cup of sugar', 0.25, 'sugar'],
  ])('reads the words of %s as %d', (line, quantity, ingredientId) => {
    expect(parse(line)).toMatchObject({ quantity, ingredientId });
  });

  it.each([
    ['1 tablespoon olive oil', 'tbsp'],
    ['2 Tbsp. olive oil', 'tbsp'],
    ['2 tbs olive oil', 'tbsp'],
    ['1 T olive oil', 'tbsp'],
    ['1 T. olive oil', 'tbsp'],
    ['1 t salt', 'tsp'],
    ['1 tsp. salt', 'tsp'],
    ['2 teaspoons salt', 'tsp'],
    ['2 c flour', 'cup'],
    ['2 C. flour', 'cup'],
    ['200 grams flour', 'g'],
    ['200 gr flour', 'g'],
    ['200g flour', 'g'],
    ['1.5kg potatoes', 'kg'],
    ['2 kilograms potatoes', 'kg'],
    ['250ml milk', 'ml'],
    ['250 millilitres milk', 'ml'],
    ['250 milliliters milk', 'ml'],
    ['1 litre milk', 'l'],
    ['2 liters water', 'l'],
    ['1 l water', 'l'],
    ['5 dl milk', 'dl'],
    ['20 cl milk', 'cl'],
    ['8 oz milk', 'oz'],
    ['8 ounces cream cheese', 'oz'],
    ['2 lbs potatoes', 'lb'],
    ['1 pound potatoes', 'lb'],
    ['4 fl oz milk', 'fl oz'],
    ['4 fluid ounces milk', 'fl oz'],
    ['4floz milk', 'fl oz'],
    ['1 pint milk', 'pint'],
    ['2 quarts water', 'quart'],
    ['1 gallon water', 'gallon'],
    ['2 pinches salt', 'pinch'],
    ['a dash of hot sauce', 'dash'],
    ['2 cloves garlic', 'clove'],
    ['1 bunch coriander', 'bunch'],
    ['2 tins chickpeas', 'can'],
    ['1 can chickpeas', 'can'],
    ['2 slices bacon', 'slice'],
    ['3 sprigs thyme', 'sprig'],
    ['2 ribs celery', 'stalk'],
    ['2 stalks celery', 'stalk'],
    ['1 head garlic', 'head'],
    ['1 handful spinach', 'handful'],
    ['2 salmon fillets', 'fillet'],
    ['4 rashers streaky bacon', 'rasher'],
    ['1 packet yeast', 'packet'],
    ['2 pieces chicken breast', 'piece'],
    ['3 garlic cloves', 'clove'],
  ])('reads the unit of %s as %s', (line, unit) => {
    expect(parse(line).unit).toBe(unit);
  });

  it.each([
    ['3 eggs', null, 'egg'],
    ['3 large eggs', null, 'egg'],
    ['1 medium onion', null, 'onion'],
    ['6 cloves', null, 'cloves'],
    ['4 whole cloves', null, 'cloves'],
  ])('leaves %s without a unit', (line, unit, ingredientId) => {
    expect(parse(line)).toMatchObject({ unit, ingredientId });
  });

  it('turns a dessertspoon into two teaspoons', () => {
    check('1 dsp honey', { quantity: 2, unit: 'tsp', ingredientId: 'honey' });
  });

  it.each([
    ['200g/7oz plain flour', 200, 'g'],
    ['7oz/200g plain flour', 7, 'oz'],
    ['100g/3½oz butter, softened', 100, 'g'],
    ['300ml/½ pint milk', 300, 'ml'],
    ['500ml/18fl oz chicken stock', 500, 'ml'],
    ['1kg/2lb 4oz potatoes', 1, 'kg'],
    ['200 g (7 oz) flour', 200, 'g'],
    ['1 cup (240 ml) milk', 1, 'cup'],
    ['2 tbsp/30ml olive oil', 2, 'tbsp'],
    ['1 cup/240ml milk', 1, 'cup'],
  ])('keeps the first of the dual units in %s', (line, quantity, unit) => {
    const parsed = parse(line);
    expect(parsed).toMatchObject({ quantity, unit });
    expect(parsed.ingredientId).not.toBeNull();
  });

  it.each([
    ['1 (14 oz) can tomatoes', 14, 'oz', 'canned-tomatoes'],
    ['2 (15-ounce) cans black beans, drained', 30, 'oz', 'black-beans'],
    ['1 can (400g) coconut milk', 400, 'g', 'coconut-milk'],
    ['1 can coconut milk (400ml)', 400, 'ml', 'coconut-milk'],
    ['2 x 400g tins chopped tomatoes', 800, 'g', 'canned-tomatoes'],
    ['1 x 400g/14oz tin chickpeas', 400, 'g', 'chickpeas'],
    ['400g tin chopped tomatoes', 400, 'g', 'canned-tomatoes'],
    ['a 400g tin of chickpeas', 400, 'g', 'chickpeas'],
    ['2 400g tins chickpeas', 800, 'g', 'chickpeas'],
    ['one 14-ounce can black beans', 14, 'oz', 'black-beans'],
    ['two 15-oz cans chickpeas', 30, 'oz', 'chickpeas'],
    ['4 (6-ounce) salmon fillets', 24, 'oz', 'salmon'],
    ['4 x 150g salmon fillets', 600, 'g', 'salmon'],
    ['1 (8 oz) package cream cheese', 8, 'oz', 'cream-cheese'],
    ['1 packet (2 1/4 tsp) active dry yeast', 2.25, 'tsp', 'yeast'],
  ])(
    'multiplies the package size in %s',
    (line, quantity, unit, ingredientId) => {
      expect(parse(line)).toMatchObject({ quantity, unit, ingredientId });
    },
  );

  it('keeps a count and a counted unit when no size is given', () => {
    check('2 cans chickpeas', { quantity: 2, unit: 'can' });
    check('2 x chicken breasts', { quantity: 2, unit: null });
    check('1 onion (about 200 g)', { quantity: 1, unit: null });
  });

  it.each([
    ['1 lb 4 oz potatoes', 1.25, 'lb'],
    ['1 kg 200 g potatoes', 1.2, 'kg'],
    ['1/4 cup plus 2 tablespoons sugar', 0.375, 'cup'],
    ['3 tbsp + 1 tsp sugar', 3 + 1 / 3, 'tbsp'],
    ['2 tablespoons plus 1/3 cup sugar', 1 / 3 + 1 / 8, 'cup'],
    ['2 tsp plus 1 tbsp honey', 1 + 2 / 3, 'tbsp'],
    [
      '1 cup plus 2 tablespoons plus 1 teaspoon milk',
      1 + 1 / 8 + 1 / 48,
      'cup',
    ],
    ['100 g and 1 kg potatoes', 1.1, 'kg'],
  ])('adds up the parts of %s in the larger unit', (line, quantity, unit) => {
    const parsed = parse(line);
    expect(parsed.unit).toBe(unit);
    expect(parsed.quantity).toBeCloseTo(quantity, 6);
  });

  it.each([
    ['1 onion, finely chopped', 'onion', 'finely chopped'],
    ['finely chopped onion', 'onion', 'finely chopped'],
    ['1 onion finely chopped', 'onion', 'finely chopped'],
    ['2 potatoes, peeled and diced', 'potato', 'peeled and diced'],
    ['2 peeled and diced potatoes', 'potato', 'peeled and diced'],
    ['1 cup boiling water', 'water', 'boiling'],
    ['freshly ground black pepper', 'black-pepper', 'freshly ground'],
    [
      '2 cups cooked, shredded chicken breast',
      'chicken-breast',
      'cooked, shredded',
    ],
    ['600g boneless, skinless chicken thighs', 'chicken-thigh', null],
    ['1 (400g) tin chopped tomatoes', 'canned-tomatoes', null],
    ['2 tbsp hot sauce', 'hot-sauce', null],
    ['1 tbsp olive oil (or butter)', 'olive-oil', 'or butter'],
    ['2 eggs (at room temperature)', 'egg', 'at room temperature'],
    ['1 tsp salt (optional)', 'salt', 'optional'],
    ['olive oil, for drizzling', 'olive-oil', 'for drizzling'],
    [
      '2 tbsp olive oil, plus extra for greasing',
      'olive-oil',
      'plus extra for greasing',
    ],
    ['1/2 tsp salt, or to taste', 'salt', 'or to taste'],
    ['salt, to taste', 'salt', 'to taste'],
    ['thyme sprigs, to garnish', 'thyme', 'to garnish'],
    ['500g potatoes cut into chunks', 'potato', 'cut into chunks'],
    ['1 lemon, juiced', 'lemon', 'juiced'],
  ])(
    'splits %s into ingredient and preparation',
    (line, ingredientId, preparation) => {
      expect(parse(line)).toMatchObject({ ingredientId, preparation });
    },
  );

  it.each([
    ['juice of 1 lemon', 1, 'lemon', 'juice'],
    ['Juice of ½ lemon', 0.5, 'lemon', 'juice'],
    ['the juice of half a lime', 0.5, 'lime', 'juice'],
    ['zest of 2 lemons', 2, 'lemon', 'zest'],
    ['finely grated zest of 1 lemon', 1, 'lemon', 'finely grated zest'],
    ['zest and juice of 1 lime', 1, 'lime', 'zest and juice'],
  ])(
    'counts the fruit of %s and keeps the part as preparation',
    (line, quantity, ingredientId, preparation) => {
      check(line, { quantity, unit: null, ingredientId, preparation });
    },
  );

  it.each([
    ['salt', 'salt', null],
    ['salt to taste', 'salt', 'to taste'],
    ['Salt and pepper', 'salt', null],
    ['salt and freshly ground black pepper', 'salt', null],
    ['Sea salt & black pepper, to taste', 'salt', 'to taste'],
    ['a drizzle of olive oil', 'olive-oil', 'a drizzle'],
    ['a little milk', 'milk', 'a little'],
  ])('answers no quantity for %s', (line, ingredientId, preparation) => {
    check(line, {
      quantity: null,
      quantityMax: null,
      unit: null,
      ingredientId,
      preparation,
    });
  });

  it.each([
    ['a pinch of salt', 1, 'pinch', 'salt'],
    ['pinch of salt', 1, 'pinch', 'salt'],
    ['a handful of spinach', 1, 'handful', 'spinach'],
    ['small bunch coriander, chopped', 1, 'bunch', 'cilantro'],
    ['2 large handfuls of spinach', 2, 'handful', 'spinach'],
    ['1 heaped tbsp flour', 1, 'tbsp', 'flour'],
    ['2.5cm piece ginger, grated', 1, 'piece', 'ginger'],
    ['1 (2-inch) piece ginger', 1, 'piece', 'ginger'],
    ['thumb-sized piece of ginger', 1, 'piece', 'ginger'],
  ])('reads %s as %d %s', (line, quantity, unit, ingredientId) => {
    check(line, { quantity, unit, ingredientId });
  });

  it.each([
    ['  2 eggs.  ', 2, 'egg'],
    ['- 2 eggs', 2, 'egg'],
    ['• 1 onion', 1, 'onion'],
    ['2\u00a0cups milk', 2, 'milk'],
    ['Butter 50g', 50, 'butter'],
    ['Plain flour: 200g', 200, 'flour'],
  ])('cleans up %j', (line, quantity, ingredientId) => {
    check(line, { quantity, ingredientId });
  });

  it('lower-cases the ingredient and keeps its descriptors', () => {
    check('3 Large Free-Range EGGS', {
      ingredient: 'large free-range eggs',
      ingredientId: 'egg',
    });
  });

  it('answers a null id without a resolver or for an unknown ingredient', () => {
    expect(parseIngredientLine('2 cups milk')).toMatchObject({
      quantity: 2,
      unit: 'cup',
      ingredient: 'milk',
      ingredientId: null,
    });
    check('2 dragon fruits', {
      quantity: 2,
      ingredient: 'dragon fruits',
      ingredientId: null,
    });
  });

  it('parses a very long line on its first characters, keeping the line', () => {
    const line = `2 cups milk ${'and more '.repeat(200)}`;
    const parsed = parse(line);
    expect(parsed).toMatchObject({ line, quantity: 2, unit: 'cup' });
    expect(line.length).toBeGreaterThan(MAX_LINE_LENGTH);
  });

  it('answers an empty ingredient for an empty line', () => {
    expect(parse('')).toEqual({
      line: '',
      quantity: null,
      quantityMax: null,
      unit: null,
      ingredient: '',
      ingredientId: null,
      preparation: null,
    });
  });
});

describe('parseIngredientLine with the catalogue’s own knowledge', () => {
  const herbs = createIngredientResolver([
    item('cilantro', 'cilantro', {
      synonyms: ['fresh coriander', 'coriander leaves'],
      perishable: true,
      pieceUnits: { bunch: 60, sprig: 2 },
    }),
    item('ground-coriander', 'ground coriander'),
    item('coriander-seed', 'coriander seed', { plural: 'coriander seeds' }),
    item('lentils', 'green lentils', { synonyms: ['lentils'] }),
    item('canned-lentils', 'canned lentils', { synonyms: ['tinned lentils'] }),
    item('corn-on-the-cob', 'corn on the cob', {
      synonyms: ['ear of corn'],
      pieceUnits: { ear: 100 },
    }),
    item('sweetcorn', 'sweetcorn', { synonyms: ['corn'] }),
    item('cooked-chicken', 'cooked chicken', {
      synonyms: ['shredded chicken'],
    }),
    item('water', 'water', { synonyms: ['boiling water'] }),
    item('canned-tomatoes', 'canned tomatoes', {
      synonyms: ['chopped tomatoes'],
    }),
    item('tomato', 'tomato', { plural: 'tomatoes' }),
    item('bay-leaf', 'bay leaf', {
      plural: 'bay leaves',
      synonyms: ['bay'],
      pieceUnits: { leaf: 0.2 },
    }),
    item('cinnamon', 'ground cinnamon', { synonyms: ['cinnamon'] }),
    item('cinnamon-stick', 'cinnamon stick', {
      plural: 'cinnamon sticks',
      pieceUnits: { stick: 2.6 },
    }),
  ]);
  const read = (line: string) => parseIngredientLine(line, herbs);

  it('settles an ambiguous word by a counted unit or a fresh cut, else leaves it', () => {
    expect(read('small bunch coriander').ingredientId).toBe('cilantro');
    expect(read('2 tbsp chopped coriander').ingredientId).toBe('cilantro');
    expect(read('1 tsp coriander').ingredientId).toBeNull();
    expect(herbs.candidates('coriander')).toHaveLength(3);
  });

  it('reads a can as canned and a counted unit as part of a name', () => {
    expect(read('1 x 400g tin lentils').ingredientId).toBe('canned-lentils');
    expect(read('200 g lentils').ingredientId).toBe('lentils');
    expect(read('1 ear of corn')).toMatchObject({
      unit: 'ear',
      ingredientId: 'corn-on-the-cob',
    });
    expect(read('1 cup corn').ingredientId).toBe('sweetcorn');
  });

  it('cuts preparation words only as far as the name allows', () => {
    expect(read('1 cup boiling water')).toMatchObject({
      ingredientId: 'water',
      preparation: 'boiling',
    });
    expect(read('1 (400g) tin chopped tomatoes')).toMatchObject({
      ingredientId: 'canned-tomatoes',
      preparation: null,
    });
    expect(read('2 cups cooked, shredded chicken')).toMatchObject({
      ingredient: 'shredded chicken',
      ingredientId: 'cooked-chicken',
      preparation: 'cooked',
    });
  });

  it('takes a counted unit written last only where the catalogue counts in it', () => {
    expect(read('2 bay leaves')).toMatchObject({
      quantity: 2,
      unit: 'leaf',
      ingredientId: 'bay-leaf',
    });
    expect(read('1 cinnamon stick')).toMatchObject({
      quantity: 1,
      unit: null,
      ingredientId: 'cinnamon-stick',
    });
    expect(read('bay leaves, to serve')).toMatchObject({
      quantity: null,
      unit: null,
    });
  });
});

describe('parseIngredientLine on site habits', () => {
  it.each([
    ['zest 1 lemon', 1, 'lemon', 'zest'],
    ['juice ½ lemon', 0.5, 'lemon', 'juice'],
    ['Freshly squeezed juice of 1 lime', 1, 'lime', 'freshly squeezed juice'],
  ])('reads the BBC-style %s', (line, quantity, ingredientId, preparation) => {
    check(line, { quantity, unit: null, ingredientId, preparation });
  });

  it.each([
    ['Scant 1/2 teaspoon salt', 0.5, 'tsp', 'salt'],
    ['1/2 teaspoon each salt and pepper', 0.5, 'tsp', 'salt'],
    ['1 cup (2 sticks) butter, softened', 1, 'cup', 'butter'],
    ['2 1/4 tsp active dry yeast (1 packet)', 2.25, 'tsp', 'yeast'],
    ['One 3- to 4-pound chicken breast', 3, 'lb', 'chicken-breast'],
    ['1 pkt active dry yeast', 1, 'packet', 'yeast'],
  ])('reads %s', (line, quantity, unit, ingredientId) => {
    check(line, { quantity, unit, ingredientId });
  });

  it('drops an amount in other words and keeps notes inside the preparation', () => {
    check('1 cup (2 sticks) butter, softened', { preparation: 'softened' });
    check('1 can chickpeas, liquid (aquafaba) reserved', {
      preparation: 'liquid (aquafaba) reserved',
    });
    check('2 aubergines, cut into 2cm cubes', {
      preparation: 'cut into 2cm cubes',
    });
  });
});

describe('parseIngredientLine on the name gaps (issue 12)', () => {
  it('takes the first alternative the catalogue knows, the others as a note', () => {
    check('1 cup corn, peanut or vegetable oil', {
      quantity: 1,
      unit: 'cup',
      ingredient: 'corn oil',
      ingredientId: 'vegetable-oil',
      preparation: 'or peanut or vegetable oil',
    });
    check('2 tbsp peanut, corn or vegetable oil', {
      ingredientId: 'peanut-oil',
      preparation: 'or corn or vegetable oil',
    });
    // Walnut and hazelnut oil are not in this catalogue.
    check('2 tbsp walnut, hazelnut or olive oil', {
      ingredient: 'olive oil',
      ingredientId: 'olive-oil',
      preparation: 'or walnut or hazelnut oil',
    });
    check('3 tbsp milk, water or butter, warmed', {
      ingredientId: 'milk',
      preparation: 'or water or butter, warmed',
    });
  });

  it('keeps a comma list that is not of alternatives as it was', () => {
    check('1 onion, chopped or sliced', {
      ingredientId: 'onion',
      preparation: 'chopped or sliced',
    });
    check('salt, to taste', { ingredientId: 'salt', preparation: 'to taste' });
    // Without a catalogue no alternative can be known.
    expect(
      parseIngredientLine('1 cup corn, peanut or vegetable oil'),
    ).toMatchObject({
      ingredient: 'corn',
      ingredientId: null,
      preparation: 'peanut or vegetable oil',
    });
  });

  it.each([
    [
      '2 tbsp butter or 1/4 cup olive oil',
      2,
      null,
      'tbsp',
      'butter',
      'or 1/4 cup olive oil',
    ],
    ['3 onions or 1 leek, sliced', 3, null, null, 'onion', 'or 1 leek, sliced'],
    [
      '2 or 3 cloves garlic or 1 tsp salt',
      2,
      3,
      'clove',
      'garlic',
      'or 1 tsp salt',
    ],
    ['1 lemon or two limes', 1, null, null, 'lemon', 'or two limes'],
  ])(
    'reads an alternative with its own amount as a note: %s',
    (line, quantity, quantityMax, unit, ingredientId, preparation) => {
      check(line, { quantity, quantityMax, unit, ingredientId, preparation });
    },
  );

  it('keeps a range written with or', () => {
    check('2 or 3 cloves garlic', { quantity: 2, quantityMax: 3 });
    check('one or two onions', { quantity: 1, quantityMax: 2 });
  });

  it('moves adjectives before a comma to the preparation', () => {
    check('1/2 cup unsifted, unbleached flour', {
      quantity: 0.5,
      unit: 'cup',
      ingredient: 'flour',
      ingredientId: 'flour',
      preparation: 'unsifted, unbleached',
    });
    check('2 cups unbleached, unsifted all-purpose flour, divided', {
      ingredient: 'all-purpose flour',
      ingredientId: 'flour',
      preparation: 'unbleached, unsifted, divided',
    });
    // A head that names something keeps the words after its comma.
    check('1 onion, unpeeled', {
      ingredientId: 'onion',
      preparation: 'unpeeled',
    });
    // An unknown name followed by a preparation stays unknown.
    check('1 cup xyzzy, chopped', {
      ingredient: 'xyzzy',
      ingredientId: null,
      preparation: 'chopped',
    });
  });

  it.each([
    ['1 13 3/4-ounce can chickpeas', 13.75, 'oz', 'chickpeas'],
    ['2 14 1/2-ounce cans chopped tomatoes', 29, 'oz', 'canned-tomatoes'],
    ['1 15 1/2 oz can black beans', 15.5, 'oz', 'black-beans'],
    ['2 1/2 cups flour', 2.5, 'cup', 'flour'],
    ['2 1/2-pound chicken breast', 2.5, 'lb', 'chicken-breast'],
  ])(
    'reads the package size without parentheses in %s',
    (line, quantity, unit, ingredientId) => {
      check(line, { quantity, unit, ingredientId });
    },
  );

  it.each([
    ['1 1-inch piece ginger', 1, 'piece', '1 inch'],
    ['2 2-inch pieces ginger, peeled', 2, 'piece', '2 inch, peeled'],
    ['1 1/2 inch piece ginger', 1, 'piece', '1 1/2 inch'],
    ['2.5cm piece ginger, grated', 1, 'piece', '2.5 cm, grated'],
    ['1 (2-inch) piece ginger', 1, 'piece', '2 inch'],
  ])(
    'counts %s by the piece, the length as a note',
    (line, quantity, unit, preparation) => {
      check(line, { quantity, unit, ingredientId: 'ginger', preparation });
    },
  );

  it.each([
    ['2 scoops vanilla ice cream', 2, 'scoop'],
    ['1 loaf crusty bread', 1, 'loaf'],
    ['2 loaves sourdough', 2, 'loaf'],
    ['4 rashers bacon', 4, 'rasher'],
    ['8 spears asparagus', 8, 'spear'],
    ['1 bar dark chocolate', 1, 'bar'],
    ['3 thin slices bacon', 3, 'slice'],
    ['4 thick slices bread', 4, 'slice'],
    ['several sprigs thyme', 3, 'sprig'],
    ['Several large scoops ricotta', 3, 'scoop'],
    ['1 (400 g) loaf white bread', 400, 'g'],
    ['2 bars dark chocolate (100 g each)', 200, 'g'],
  ])('reads the counted unit of %s', (line, quantity, unit) => {
    check(line, { quantity, unit });
  });

  it.each([
    ['Honey (2 tbsp)', 2, 'tbsp', 'honey', null],
    ['Butter (50 g), softened', 50, 'g', 'butter', 'softened'],
    ['Butter, 50g, softened', 50, 'g', 'butter', 'softened'],
    ['Garlic (4 cloves), crushed', 4, 'clove', 'garlic', 'crushed'],
    ['Chickpeas (2 x 400g tins), drained', 800, 'g', 'chickpeas', 'drained'],
    ['Coconut milk (400ml can)', 400, 'ml', 'coconut-milk', null],
    ['Speculoos spread (400g)', 400, 'g', null, null],
  ])(
    'reads the amount after the name in %s',
    (line, quantity, unit, ingredientId, preparation) => {
      check(line, { quantity, unit, ingredientId, preparation });
    },
  );

  it('keeps an amount of its own and notes that are not amounts', () => {
    check('1 onion (about 200 g)', { quantity: 1, unit: null });
    check('salt (optional)', { quantity: null, preparation: 'optional' });
    check('olive oil, for drizzling (about 2 tbsp)', {
      quantity: null,
      ingredientId: 'olive-oil',
    });
    expect(parseIngredientLine('Speculoos spread (400g)')).toMatchObject({
      quantity: 400,
      unit: 'g',
      ingredient: 'speculoos spread',
      ingredientId: null,
    });
  });
});

describe('parseIngredientLines', () => {
  it('parses every line in order with one resolver', () => {
    const parsed = parseIngredientLines(['2 eggs', 'salt to taste'], resolver);
    expect(parsed.map((line) => line.ingredientId)).toEqual(['egg', 'salt']);
  });
});

describe('parseNumber', () => {
  it.each([
    ['3', 3],
    ['1.25', 1.25],
    ['.5', 0.5],
    ['3/4', 0.75],
    ['1 1/2', 1.5],
  ])('reads %s', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  it.each(['', 'a', '1/0', '1-2'])('refuses %j', (text) => {
    expect(parseNumber(text)).toBeNull();
  });
});

describe('plainFractions', () => {
  it('writes vulgar fractions and fraction slashes with a plain slash', () => {
    expect(plainFractions('1½ cups')).toBe('1 1/2  cups');
    expect(plainFractions('¾ tsp')).toBe(' 3/4  tsp');
    expect(plainFractions('3\u20444 cup')).toBe('3/4 cup');
  });

  it('folds a long run of spaces before reading fractions', () => {
    expect(plainFractions(`1${' '.repeat(50_000)}½`)).toBe('1 1/2 ');
  });
});
