import { describe, expect, it } from 'vitest';

import type { MealRef, PlannerRecipeLine } from './plan-types.js';
import {
  buildShoppingList,
  massQuantity,
  pieceCount,
  spoonQuantity,
  volumeQuantity,
} from './shopping-list.js';
import { catalogueOf, ingredient, recipe } from './test-support/builders.js';

const line = (
  ingredientId: string | null,
  quantity: number | null,
  unit: string | null,
  preparation?: string,
): PlannerRecipeLine => ({
  ingredientId,
  name: ingredientId ?? 'saffron threads',
  quantity,
  unit,
  preparation: preparation ?? null,
});

describe('rounding like a shopping list', () => {
  it.each([
    [1549, { quantity: 1.5, unit: 'kg' }],
    [1551, { quantity: 1.6, unit: 'kg' }],
    [247, { quantity: 250, unit: 'g' }],
    [43, { quantity: 45, unit: 'g' }],
    [7.4, { quantity: 7, unit: 'g' }],
  ])('%d g → %o', (grams, expected) => {
    expect(massQuantity(grams)).toEqual(expected);
  });

  it.each([
    [1250, { quantity: 1.3, unit: 'l' }],
    [333, { quantity: 330, unit: 'ml' }],
  ])('%d ml → %o', (ml, expected) => {
    expect(volumeQuantity(ml)).toEqual(expected);
  });

  it.each([
    // 2 tbsp = 29.57 ml stays in tablespoons.
    [29.57, { quantity: 2, unit: 'tbsp' }],
    // 1.1 tsp rounds up to the next quarter teaspoon.
    [5.42, { quantity: 1.25, unit: 'tsp' }],
    // 130 ml = 0.55 cup → ¾ cup.
    [130, { quantity: 0.75, unit: 'cup' }],
  ])('%d ml in spoons → %o', (ml, expected) => {
    expect(spoonQuantity(ml)).toEqual(expected);
  });

  it.each([
    [1.2, 1.5],
    [2, 2],
    [3.1, 4],
  ])('%d pieces → %d', (pieces, expected) => {
    expect(pieceCount(pieces)).toBe(expected);
  });
});

describe('buildShoppingList', () => {
  const onion = ingredient('onion', {
    plural: 'onions',
    gramsPerPiece: 150,
    package: { size: 3, unit: 'piece', label: 'net' },
    shelfLifeDays: 30,
  });
  const garlic = ingredient('garlic', {
    gramsPerPiece: 5,
    pieceUnits: { clove: 5, head: 50 },
    package: { size: 50, unit: 'g', label: 'bulb' },
    shelfLifeDays: 30,
  });
  const cream = ingredient('cream', {
    category: 'dairy',
    densityGPerMl: 1,
    package: { size: 250, unit: 'ml', label: 'carton' },
    shelfLifeDays: 10,
  });
  const flour = ingredient('flour', {
    perishable: false,
    category: 'baking',
    package: { size: 1, unit: 'kg', label: 'bag' },
  });
  const water = ingredient('water', { perishable: false, notPurchased: true });
  const catalogue = catalogueOf(
    [onion, garlic, cream, flour, water],
    [
      recipe(
        'soup',
        {},
        {
          lines: [
            line('onion', 1, null, 'chopped'),
            line('garlic', 3, 'cloves'),
            line('cream', 2, 'tbsp'),
            line('flour', 300, 'g'),
            line('water', 1, 'l'),
            line(null, 1, 'pinch'),
          ],
        },
      ),
      recipe(
        'pie',
        {},
        {
          lines: [
            line('onion', 150, 'g', 'sliced'),
            line('garlic', 2, 'clove'),
            line('cream', 100, 'ml'),
            line('flour', 1.25, 'kg'),
            line(null, 1, 'pinch'),
          ],
        },
      ),
    ],
  );
  const meals: MealRef[] = [
    { day: 'Monday', slot: 'dinner', recipeId: 'soup' },
    { day: 'Tuesday', slot: 'dinner', recipeId: 'pie' },
  ];

  it('merges each ingredient across recipes into one unit with its packages and leftover', () => {
    const list = buildShoppingList(catalogue, meals, 1);
    expect(list.fresh).toEqual([
      {
        // 2 tbsp (29.6 ml) + 100 ml = 129.6 ml ≈ 0.55 cup → ¾ cup (a spoon measure
        // and a metric one tie: the list keeps the spoons). One 250 ml carton:
        // 120.4 ml left ≈ 0.51 cup → ¾ cup.
        ingredientId: 'cream',
        name: 'cream',
        quantity: 0.75,
        unit: 'cup',
        preparation: null,
        category: 'dairy',
        packages: '1 carton (250 ml)',
        packageCount: 1,
        leftover: { quantity: 0.75, unit: 'cup' },
        usedIn: 2,
      },
      {
        // 3 + 2 cloves = 25 g from one 50 g bulb: 25 g (5 cloves) left.
        ingredientId: 'garlic',
        name: 'garlic',
        quantity: 5,
        unit: 'cloves',
        preparation: null,
        category: 'produce',
        packages: '1 bulb (50 g)',
        packageCount: 1,
        leftover: { quantity: 5, unit: 'cloves' },
        usedIn: 2,
      },
      {
        // 1 onion + 150 g (one more) = 2 onions from a net of 3: 1 left,
        // which says what it is.
        ingredientId: 'onion',
        name: 'onions',
        quantity: 2,
        unit: '',
        preparation: 'chopped, sliced',
        category: 'produce',
        packages: '1 net',
        packageCount: 1,
        leftover: { quantity: 1, unit: 'onion' },
        usedIn: 2,
      },
    ]);
    expect(list.nonPerishable).toEqual([
      {
        // 300 g + 1.25 kg = 1.55 kg → two 1 kg bags, 450 g left.
        ingredientId: 'flour',
        name: 'flour',
        quantity: 1.6,
        unit: 'kg',
        preparation: null,
        category: 'baking',
        packages: '2 bags (1 kg)',
        packageCount: 2,
        leftover: { quantity: 450, unit: 'g' },
        usedIn: 2,
      },
      {
        // Unknown to the catalogue: merged by name, quantity as written,
        // the unit agreeing with it.
        ingredientId: null,
        name: 'saffron threads',
        quantity: 2,
        unit: 'pinches',
        preparation: null,
        category: 'other',
        packages: null,
        packageCount: 0,
        leftover: null,
        usedIn: 2,
      },
    ]);
  });

  it('scales to the serving size and buys what the waste model buys', () => {
    const list = buildShoppingList(catalogue, meals, 4);
    const onions = list.fresh.find((item) => item.ingredientId === 'onion');
    // 4 × 300 g = 1200 g = 8 onions: three nets of 3 (one on Monday for 4, then Tuesday's 4 take 2 left + a new net).
    expect(onions?.quantity).toBe(8);
    expect(onions?.packages).toBe('3 nets');
    expect(onions?.leftover).toEqual({ quantity: 1, unit: 'onion' });
  });
});

describe('buildShoppingList texts', () => {
  const lemon = ingredient('lemon', {
    plural: 'lemons',
    gramsPerPiece: 100,
    pieceUnits: { wedge: 12 },
    package: { size: 1, unit: 'piece', label: 'each' },
    shelfLifeDays: 14,
  });
  const celeriac = ingredient('celeriac', {
    gramsPerPiece: 700,
    package: { size: 1, unit: 'piece', label: 'each' },
  });
  const onion = ingredient('onion', {
    plural: 'onions',
    gramsPerPiece: 150,
    package: { size: 1, unit: 'kg', label: 'bag' },
    shelfLifeDays: 30,
  });
  const bayLeaf = ingredient('bay-leaf', {
    plural: 'bay leaves',
    perishable: false,
    category: 'spices',
    gramsPerPiece: 0.2,
    pieceUnits: { leaf: 0.2 },
    package: { size: 5, unit: 'g', label: 'jar' },
  });
  const basil = ingredient('basil', {
    category: 'herbs',
    pieceUnits: { leaf: 0.5 },
    package: { size: 30, unit: 'g', label: 'pack' },
    shelfLifeDays: 5,
  });
  const ginger = ingredient('ginger', {
    gramsPerPiece: 30,
    package: { size: 100, unit: 'g', label: 'piece of root' },
    shelfLifeDays: 21,
  });
  const pepper = ingredient('black-pepper', {
    perishable: false,
    category: 'spices',
    densityGPerMl: 0.5,
    package: { size: 50, unit: 'g', label: 'jar' },
  });
  const catalogue = catalogueOf(
    [lemon, celeriac, onion, bayLeaf, basil, ginger, pepper],
    [
      recipe(
        'soup',
        {},
        {
          lines: [
            line('lemon', 1.5, null),
            line('celeriac', 1, 'whole'),
            line('onion', 1, null),
            line('bay-leaf', 1, 'leaf'),
            line('basil', 30, 'leaves'),
            line('ginger', 2, 'pieces'),
            line('black-pepper', null, null),
            line(null, null, null),
          ],
        },
      ),
      recipe(
        'salad',
        {},
        {
          lines: [
            line('lemon', 3, 'wedges'),
            line('bay-leaf', 2, 'leaves'),
            line('basil', 30, 'leaf'),
          ],
        },
      ),
    ],
  );
  const find = (list: ReturnType<typeof buildShoppingList>, id: string) =>
    [...list.fresh, ...list.nonPerishable].find(
      (item) => item.ingredientId === id,
    );

  it('counts an ingredient sold loose by its own noun, never "eaches"', () => {
    const list = buildShoppingList(
      catalogue,
      [
        { day: 'Monday', slot: 'dinner', recipeId: 'soup' },
        { day: 'Monday', slot: 'lunch', recipeId: 'salad' },
      ],
      1,
    );
    // 1.5 lemons + three 12 g wedges = 186 g: 2 lemons bought, 14 g left,
    // under a quarter of a lemon: said in grams.
    expect(find(list, 'lemon')).toMatchObject({
      name: 'lemons',
      quantity: 2,
      unit: '',
      packages: '2 lemons',
      leftover: { quantity: 14, unit: 'g' },
    });
    // No catalogue plural: the package reads as the English plural would.
    expect(find(list, 'celeriac')).toMatchObject({
      quantity: 1,
      packages: '1 celeriac',
    });
  });

  it('makes the name, unit and package agree with the number', () => {
    const list = buildShoppingList(
      catalogue,
      [{ day: 'Monday', slot: 'dinner', recipeId: 'soup' }],
      1,
    );
    // One onion, singular; a 1 kg bag leaves 850 g, about 6 onions.
    expect(find(list, 'onion')).toMatchObject({
      name: 'onion',
      quantity: 1,
      unit: '',
      packages: '1 bag (1 kg)',
      leftover: { quantity: 6, unit: 'onions' },
    });
    // The unit is the noun itself: "1 bay leaf", not "1 leaf bay leaf".
    expect(find(list, 'bay-leaf')).toMatchObject({
      name: 'bay leaf',
      quantity: 1,
      unit: '',
      leftover: { quantity: 24, unit: 'bay leaves' },
    });
    // Irregular plurals of unit words and package labels.
    expect(find(list, 'basil')).toMatchObject({
      quantity: 30,
      unit: 'leaves',
    });
    // Ginger has no plural in the catalogue: counted in pieces; the label
    // "piece of root" pluralises its head noun.
    const ginger2 = buildShoppingList(
      catalogue,
      [
        { day: 'Monday', slot: 'dinner', recipeId: 'soup' },
        { day: 'Tuesday', slot: 'dinner', recipeId: 'soup' },
      ],
      3,
    );
    expect(find(ginger2, 'ginger')).toMatchObject({
      name: 'ginger',
      unit: 'pieces',
      packages: '4 pieces of root (100 g)',
    });
  });

  it('gives "to taste" lines no amount and no leftover, never 0', () => {
    const list = buildShoppingList(
      catalogue,
      [{ day: 'Monday', slot: 'dinner', recipeId: 'soup' }],
      2,
    );
    expect(find(list, 'black-pepper')).toMatchObject({
      quantity: null,
      unit: '',
      packages: '1 jar (50 g)',
      leftover: null,
    });
    expect(
      list.nonPerishable.find((item) => item.ingredientId === null),
    ).toMatchObject({ quantity: null, unit: '' });
  });
});

describe('the shopping list knows the kitchen (issue 20)', () => {
  const potato = ingredient('potato', {
    package: { size: 2000, unit: 'g', label: 'bag' },
    shelfLifeDays: 30,
  });
  const salt = ingredient('salt', {
    perishable: false,
    category: 'spices',
    package: { size: 750, unit: 'g', label: 'tub' },
    shelfLifeDays: undefined,
  });
  const egg = ingredient('egg', {
    category: 'eggs',
    package: { size: 12, unit: 'piece', label: 'carton' },
    gramsPerPiece: 50,
    shelfLifeDays: 28,
  });
  const yolk = ingredient('egg-yolk', {
    category: 'eggs',
    plural: 'egg yolks',
    package: { size: 12, unit: 'piece', label: 'carton of eggs' },
    gramsPerPiece: 17,
    partOf: { ingredientId: 'egg', gramsPerWhole: 17, withWhole: 'add' },
  });
  const catalogue = catalogueOf(
    [potato, salt, egg, yolk],
    [
      recipe('mash', { potato: 1000, salt: 5 }),
      {
        ...recipe('custard', {}),
        lines: [line('egg-yolk', 3, null)],
      },
    ],
  );
  const meals: MealRef[] = [
    { day: 'Monday', slot: 'dinner', recipeId: 'mash' },
    { day: 'Tuesday', slot: 'dinner', recipeId: 'custard' },
  ];
  const items = (list: ReturnType<typeof buildShoppingList>) => [
    ...list.fresh,
    ...list.nonPerishable,
  ];

  it('puts staples in "You have these", never to buy', () => {
    const list = buildShoppingList(catalogue, meals, 1, { staples: ['salt'] });
    expect(items(list).map((item) => item.ingredientId)).not.toContain('salt');
    expect(list.have).toEqual([
      expect.objectContaining({
        ingredientId: 'salt',
        packageCount: 0,
        packages: null,
      }),
    ]);
  });

  it('takes what is at home off what to buy, and says how much it covers', () => {
    const list = buildShoppingList(catalogue, meals, 1, {
      items: [{ ingredientId: 'potato', grams: 1500, useByDay: 20 }],
    });
    expect(
      list.fresh.find((item) => item.ingredientId === 'potato'),
    ).toMatchObject({
      quantity: 1,
      unit: 'kg',
      haveQuantity: 1,
      packageCount: 0,
    });
    const half = buildShoppingList(catalogue, meals, 1, {
      items: [{ ingredientId: 'potato', grams: 500, useByDay: 20 }],
    });
    expect(
      half.fresh.find((item) => item.ingredientId === 'potato'),
    ).toMatchObject({ quantity: 1, haveQuantity: 0.5, packageCount: 1 });
  });

  it('lists yolks as eggs from a carton', () => {
    const list = buildShoppingList(catalogue, meals, 1);
    const eggs = list.fresh.find((item) => item.ingredientId === 'egg');
    expect(eggs).toMatchObject({
      quantity: 3,
      preparation: 'egg yolks',
      packageCount: 1,
    });
    expect(list.fresh.map((item) => item.ingredientId)).not.toContain(
      'egg-yolk',
    );
  });
});
