/**
 * A realistic large catalogue for the planner benchmarks: recipes built
 * from the ingredient catalogue the way cooks write them, not near-copies
 * of the seed dishes. Each recipe has a main (a meat, fish, egg, dairy,
 * pulse or soy protein, or a grain for some breakfasts), two to four fresh
 * items, often a starch, and pantry items (oil, spices, a sauce of its
 * cuisine). Cuisines and meal types are drawn from the seed catalogue's own
 * (cuisine, meal types) pairs, so they spread like the seed's; dish kinds
 * follow the cuisine; names say the main, the kind and two fresh items.
 * Facts (diets, allergens, protein) are derived from the lines, as for any
 * recipe. Deterministic for a seed.
 */
import { INGREDIENTS, SEED_RECIPES } from '@platewise/food-data';
import type { Ingredient, RecipeLine, SeedRecipe } from '@platewise/food-data';
import type { PlannerRecipe } from '@platewise/planner';
import type { MealSlot } from '@platewise/shared';

import { toPlannerRecipe } from './catalogue.js';
import { createPrng } from './prng.js';
import type { Prng } from './prng.js';

const byId = new Map(INGREDIENTS.map((i) => [i.id, i]));
const ids = (list: readonly string[]): Ingredient[] =>
  list.flatMap((id) => {
    const found = byId.get(id);
    return found === undefined ? [] : [found];
  });

const FRUIT =
  /apple|banana|berr|orange|mango|grape|pear|peach|plum|kiwi|melon|pineapple|cherry|pomegranate|apricot/;
const SAVOURY_VEG = INGREDIENTS.filter(
  (i) =>
    i.category === 'produce' &&
    i.perishable &&
    !FRUIT.test(i.id) &&
    !i.flags.includes('high-carb') &&
    !['garlic', 'ginger', 'galangal', 'lemon-juice', 'lime-juice'].includes(
      i.id,
    ),
);
const FRUITS = INGREDIENTS.filter(
  (i) => i.category === 'produce' && FRUIT.test(i.id),
);
const HERBS = INGREDIENTS.filter((i) => i.category === 'herbs');

type ProteinClass = 'meat' | 'fish' | 'veg' | 'vegan';
const PROTEINS: Readonly<Record<ProteinClass, Ingredient[]>> = {
  meat: INGREDIENTS.filter(
    (i) =>
      i.category === 'meat' &&
      i.perishable &&
      !['sliced-turkey', 'salami', 'pepperoni', 'cooked-chicken'].includes(
        i.id,
      ),
  ),
  fish: INGREDIENTS.filter(
    (i) => i.category === 'fish' && i.id !== 'imitation-crab',
  ),
  veg: ids(['egg', 'halloumi', 'paneer', 'feta', 'ricotta', 'cottage-cheese']),
  vegan: ids([
    'firm-tofu',
    'tempeh',
    'chickpeas',
    'black-beans',
    'red-lentils',
    'green-lentils',
    'cannellini-beans',
    'kidney-beans',
    'seitan',
    'edamame',
    'butter-beans',
  ]),
};

/** Dish kinds by cuisine (lunch and dinner), with the starch they usually carry. */
const KINDS: Readonly<Record<string, readonly [string, string | null][]>> = {
  Italian: [
    ['pasta', 'penne'],
    ['risotto', 'arborio-rice'],
    ['traybake', 'baby-potato'],
    ['salad', null],
    ['gnocchi', 'potato-gnocchi'],
  ],
  Mexican: [
    ['tacos', 'corn-tortilla'],
    ['burrito bowl', 'long-grain-rice'],
    ['enchiladas', 'flour-tortilla'],
    ['tostadas', 'taco-shell'],
  ],
  Indian: [
    ['curry', 'basmati-rice'],
    ['dal', 'basmati-rice'],
    ['masala', 'naan'],
    ['biryani', 'basmati-rice'],
  ],
  Chinese: [
    ['stir-fry', 'jasmine-rice'],
    ['fried rice', 'long-grain-rice'],
    ['noodles', 'egg-noodles'],
    ['braise', 'jasmine-rice'],
  ],
  Japanese: [
    ['donburi', 'sushi-rice'],
    ['udon soup', 'udon-noodles'],
    ['teriyaki', 'sushi-rice'],
    ['soba salad', 'soba-noodles'],
  ],
  Thai: [
    ['green curry', 'jasmine-rice'],
    ['noodle salad', 'rice-noodles'],
    ['stir-fry', 'jasmine-rice'],
  ],
  Korean: [
    ['bibimbap', 'sushi-rice'],
    ['stew', null],
  ],
  Vietnamese: [
    ['pho', 'rice-noodles'],
    ['rice bowl', 'jasmine-rice'],
  ],
  French: [
    ['gratin', 'potato'],
    ['casserole', null],
    ['tart', 'puff-pastry'],
    ['salad', null],
  ],
  British: [
    ['pie', 'shortcrust-pastry'],
    ['roast', 'potato'],
    ['soup', 'sourdough-bread'],
  ],
  Greek: [
    ['traybake', 'baby-potato'],
    ['pitta', 'pita'],
    ['salad', null],
  ],
  'Middle Eastern': [
    ['flatbread', 'pita'],
    ['pilaf', 'bulgur'],
    ['salad', null],
  ],
  Spanish: [
    ['paella', 'arborio-rice'],
    ['stew', null],
  ],
  Turkish: [
    ['kebab', 'pita'],
    ['pilaf', 'bulgur'],
  ],
  American: [
    ['burger', 'hamburger-bun'],
    ['sandwich', 'sourdough-bread'],
    ['chili', 'long-grain-rice'],
    ['salad', null],
    ['sheet-pan', 'sweet-potato'],
  ],
};
const DEFAULT_KINDS: readonly [string, string | null][] = [
  ['bowl', 'brown-rice'],
  ['stew', null],
  ['salad', null],
  ['wrap', 'flour-tortilla'],
  ['soup', null],
];

/** Pantry items by cuisine: a fat, spices and a sauce. */
const PANTRY: Readonly<Record<string, readonly string[]>> = {
  Italian: ['olive-oil', 'dried-oregano', 'canned-tomatoes', 'black-pepper'],
  Mexican: ['vegetable-oil', 'ground-cumin', 'chili-powder', 'salsa'],
  Indian: ['ghee', 'garam-masala', 'ground-turmeric', 'canned-tomatoes'],
  Chinese: ['peanut-oil', 'soy-sauce', 'shaoxing-wine', 'sesame-oil'],
  Japanese: ['soy-sauce', 'white-miso', 'rice-vinegar', 'sesame-seeds'],
  Thai: ['coconut-milk', 'fish-sauce', 'thai-green-curry-paste'],
  Korean: ['gochujang', 'soy-sauce', 'sesame-oil'],
  Vietnamese: ['fish-sauce', 'rice-vinegar', 'star-anise'],
  French: ['butter', 'dijon-mustard', 'dried-thyme', 'white-wine'],
  British: ['butter', 'worcestershire-sauce', 'black-pepper'],
  Greek: ['olive-oil', 'dried-oregano', 'red-wine-vinegar'],
  'Middle Eastern': ['olive-oil', 'sumac', 'tahini', 'ground-cumin'],
  Spanish: ['olive-oil', 'smoked-paprika', 'saffron'],
  Turkish: ['olive-oil', 'ground-cumin', 'red-pepper-flakes'],
  American: ['vegetable-oil', 'smoked-paprika', 'garlic-powder'],
};
const DEFAULT_PANTRY = ['olive-oil', 'salt', 'black-pepper', 'ground-cumin'];

/** Breakfast kinds: a main, its fresh items' pool, pantry. */
const BREAKFASTS: readonly {
  kind: string;
  main: readonly string[];
  fresh: 'fruit' | 'veg';
  base: readonly string[];
  pantry: readonly string[];
  minutes: readonly [number, number];
}[] = [
  {
    kind: 'porridge',
    main: ['rolled-oats', 'steel-cut-oats'],
    fresh: 'fruit',
    base: ['milk', 'oat-milk', 'almond-milk'],
    pantry: ['ground-cinnamon', 'chia-seeds'],
    minutes: [5, 25],
  },
  {
    kind: 'yogurt bowl',
    main: ['greek-yogurt', 'plain-yogurt', 'coconut-yogurt'],
    fresh: 'fruit',
    base: ['granola'],
    pantry: ['pumpkin-seeds', 'walnuts'],
    minutes: [5, 10],
  },
  {
    kind: 'scramble',
    main: ['egg', 'firm-tofu'],
    fresh: 'veg',
    base: ['sourdough-bread', 'whole-wheat-bread'],
    pantry: ['butter', 'black-pepper'],
    minutes: [10, 20],
  },
  {
    kind: 'omelette',
    main: ['egg'],
    fresh: 'veg',
    base: ['cheddar', 'feta'],
    pantry: ['olive-oil', 'black-pepper'],
    minutes: [10, 20],
  },
  {
    kind: 'pancakes',
    main: ['all-purpose-flour', 'whole-wheat-flour'],
    fresh: 'fruit',
    base: ['milk', 'buttermilk', 'oat-milk'],
    pantry: ['baking-powder', 'maple-syrup'],
    minutes: [20, 35],
  },
  {
    kind: 'toast',
    main: ['sourdough-bread', 'rye-bread', 'whole-wheat-bread'],
    fresh: 'veg',
    base: ['avocado', 'cottage-cheese', 'ricotta'],
    pantry: ['olive-oil', 'red-pepper-flakes'],
    minutes: [5, 15],
  },
  {
    kind: 'smoothie bowl',
    main: ['frozen-mixed-berries', 'frozen-mango'],
    fresh: 'fruit',
    base: ['soy-milk', 'greek-yogurt', 'almond-milk'],
    pantry: ['chia-seeds', 'hemp-seeds'],
    minutes: [5, 10],
  },
];

const title = (text: string): string =>
  text.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase());
const short = (i: Ingredient): string =>
  (i.plural ?? i.name).replace(/ fillets?$/, '');

function line(ingredient: Ingredient, grams: number): RecipeLine {
  const quantity = Math.max(1, Math.round(grams / 5) * 5);
  return {
    ingredientId: ingredient.id,
    quantity,
    unit: 'g',
    text: `${quantity} g ${ingredient.name}`,
  };
}

function freshPicks(prng: Prng, pool: readonly Ingredient[], n: number) {
  return prng.shuffle(pool).slice(0, n);
}

function breakfast(
  prng: Prng,
  n: number,
  cuisine: string,
  servings: number,
): SeedRecipe {
  const template = prng.pick(BREAKFASTS);
  const main = prng.pick(ids(template.main));
  const base = prng.pick(ids(template.base));
  const fresh = freshPicks(
    prng,
    template.fresh === 'fruit' ? FRUITS : SAVOURY_VEG,
    2 + prng.int(2),
  );
  const lines = [
    line(main, (main.id === 'egg' ? 110 : 70) * servings),
    line(base, 80 * servings),
    ...fresh.map((f) => line(f, (40 + prng.int(60)) * servings)),
    ...ids(template.pantry).map((p) => line(p, 5 + prng.int(10))),
  ];
  const [lo, hi] = template.minutes;
  return recipe(
    n,
    `${title(template.kind)} with ${short(fresh[0] ?? main)} and ${short(fresh[1] ?? base)}`,
    cuisine,
    ['breakfast'],
    servings,
    lo + prng.int(hi - lo + 1),
    prng,
    lines,
  );
}

function main(
  prng: Prng,
  n: number,
  cuisine: string,
  mealTypes: readonly MealSlot[],
  servings: number,
): SeedRecipe {
  const roll = prng.next();
  const proteinClass: ProteinClass =
    roll < 0.4 ? 'meat' : roll < 0.58 ? 'fish' : roll < 0.78 ? 'veg' : 'vegan';
  const protein = prng.pick(PROTEINS[proteinClass]);
  const [kind, starchId] = prng.pick(KINDS[cuisine] ?? DEFAULT_KINDS);
  const starch = starchId === null ? undefined : byId.get(starchId);
  const fresh = freshPicks(prng, SAVOURY_VEG, 2 + prng.int(3));
  const herb = prng.next() < 0.5 ? prng.pick(HERBS) : undefined;
  const proteinGrams =
    protein.category === 'meat' || protein.category === 'fish'
      ? 120 + prng.int(60)
      : protein.id === 'egg'
        ? 110
        : 90 + prng.int(60);
  const lines: RecipeLine[] = [
    line(protein, proteinGrams * servings),
    ...fresh.map((f) => line(f, (50 + prng.int(100)) * servings)),
    ...(herb === undefined ? [] : [line(herb, 5 * servings)]),
    ...(starch === undefined ? [] : [line(starch, 75 * servings)]),
    ...ids(PANTRY[cuisine] ?? DEFAULT_PANTRY).map((p) =>
      line(p, 5 + prng.int(25)),
    ),
    ...ids(['garlic']).map((g) => line(g, 5 * servings)),
  ];
  const dinnerOnly = mealTypes.length === 1 && mealTypes[0] === 'dinner';
  const minutes = dinnerOnly ? 20 + prng.int(70) : 10 + prng.int(50);
  return recipe(
    n,
    `${title(short(protein))} ${kind} with ${short(fresh[0] ?? protein)} and ${short(fresh[1] ?? protein)}`,
    cuisine,
    mealTypes,
    servings,
    minutes,
    prng,
    lines,
  );
}

function recipe(
  n: number,
  name: string,
  cuisine: string,
  mealTypes: readonly MealSlot[],
  servingSize: number,
  totalCookingTime: number,
  prng: Prng,
  ingredients: RecipeLine[],
): SeedRecipe {
  return {
    slug: `realistic-${n}`,
    name,
    description: '',
    totalCookingTime,
    rating: Math.round((3 + prng.next() * 2) * 10) / 10,
    servingSize,
    cuisine,
    mealTypes,
    tags: [],
    ingredients,
    directions: [],
  };
}

/** `size` realistic recipes (not seed copies), deterministic for `seed`. */
export function realisticCatalogueRecipes(
  size: number,
  seed = 1,
): readonly PlannerRecipe[] {
  const prng = createPrng(seed * 7919 + 17);
  const shapes = SEED_RECIPES.map((r) => ({
    cuisine: r.cuisine,
    mealTypes: r.mealTypes,
  }));
  const out: PlannerRecipe[] = [];
  for (let n = 0; n < size; n += 1) {
    const shape = prng.pick(shapes);
    const servings = prng.pick([2, 2, 4, 4, 4, 6]);
    const seedRecipe = shape.mealTypes.includes('breakfast')
      ? breakfast(prng, n, shape.cuisine, servings)
      : main(prng, n, shape.cuisine, shape.mealTypes, servings);
    out.push(toPlannerRecipe(seedRecipe));
  }
  return out;
}
