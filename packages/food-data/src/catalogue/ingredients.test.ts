import { describe, expect, it } from 'vitest';

import { packageGrams, unitGrams } from '../quantities.js';
import { DIET_FLAGS, SHOPPING_CATEGORIES } from '../types.js';
import type { Ingredient, ShoppingCategory } from '../types.js';
import {
  ALLERGEN_IDS,
  GLUTEN_CEREAL_IDS,
  TREE_NUT_IDS,
} from './allergen-ids.js';
import {
  countIngredientsByCategory,
  foldIngredientName,
  ingredientById,
  ingredientByName,
  ingredientNames,
  INGREDIENTS,
  NON_PURCHASED_INGREDIENT_IDS,
} from './ingredients.js';

const byId = (id: string): Ingredient => {
  const found = ingredientById(id);
  if (found === undefined) throw new Error(`no ingredient ${id}`);
  return found;
};

/**
 * Every ingredient that breaks a rule, as `id: problem` lines: one test per
 * rule that names every failing row at once, instead of one test per row
 * (issue 15: 4,224 generated tests for 8 rules).
 */
function failingRows(
  check: (ingredient: Ingredient) => readonly string[],
): string[] {
  return INGREDIENTS.flatMap((ingredient) =>
    check(ingredient).map((problem) => `${ingredient.id}: ${problem}`),
  );
}

const PERISHABLE_CATEGORIES: readonly ShoppingCategory[] = [
  'produce',
  'herbs',
  'dairy',
  'eggs',
  'meat',
  'fish',
];
const KEEPING_CATEGORIES: readonly ShoppingCategory[] = [
  'canned',
  'frozen',
  'oils',
  'spices',
  'baking',
  'nuts-seeds',
];
/** Where an animal ingredient may sit outside the meat and fish aisles. */
const MEAT_FLAG_CATEGORIES: readonly ShoppingCategory[] = [
  'meat',
  'canned',
  'oils',
  'baking',
];
const FISH_FLAG_CATEGORIES: readonly ShoppingCategory[] = [
  'fish',
  'canned',
  'condiments',
  'frozen',
  'other',
];
const SEAFOOD_ALLERGENS = ['fish', 'crustaceans', 'molluscs'];
const PLANT_BASED = /\b(soy|oat|almond|coconut|vegan)\b/;

/** What is implausible about an ingredient's weights, as readable strings. */
function weightProblems(ingredient: Ingredient): string[] {
  const problems: string[] = [];
  const density = ingredient.densityGPerMl;
  if (density !== undefined && (density < 0.04 || density > 1.5)) {
    problems.push(`density ${density}`);
  }
  const piece = ingredient.gramsPerPiece;
  if (piece !== undefined && (piece <= 0 || piece > 2000)) {
    problems.push(`gramsPerPiece ${piece}`);
  }
  for (const [unit, grams] of Object.entries(ingredient.pieceUnits ?? {})) {
    if (!/^[a-z]+$/.test(unit) || grams <= 0) {
      problems.push(`pieceUnit ${unit}: ${grams}`);
    }
  }
  if (ingredient.package.unit === 'ml' && density === undefined) {
    problems.push('sold by volume without a density');
  }
  if (ingredient.package.unit === 'piece' && piece === undefined) {
    problems.push('sold by the piece without gramsPerPiece');
  }
  return problems;
}

/** Where an ingredient's flags, allergens and aisle disagree. */
function flagProblems(ingredient: Ingredient): string[] {
  const { category, flags, allergens, name } = ingredient;
  const problems: string[] = [];
  const has = (flag: Ingredient['flags'][number]) => flags.includes(flag);
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  check(category !== 'meat' || (has('meat') && !has('fish')), 'meat aisle');
  check(category !== 'fish' || (has('fish') && !has('meat')), 'fish aisle');
  check(!has('meat') || MEAT_FLAG_CATEGORIES.includes(category), 'meat flag');
  check(!has('fish') || FISH_FLAG_CATEGORIES.includes(category), 'fish flag');
  check(
    category !== 'dairy' || has('dairy') !== PLANT_BASED.test(name),
    'dairy aisle: dairy unless plant-based',
  );
  check(category !== 'eggs' || has('egg'), 'egg aisle');
  check(
    !(category === 'spices' || category === 'oils') || !has('high-carb'),
    'high-carb seasoning',
  );
  check(
    has('fish') === allergens.some((id) => SEAFOOD_ALLERGENS.includes(id)),
    'fish flag and seafood allergen',
  );
  check(has('dairy') === allergens.includes('milk'), 'dairy flag and milk');
  check(has('egg') === allergens.includes('eggs'), 'egg flag and eggs');
  check(
    has('gluten') === allergens.includes('gluten'),
    'gluten flag and allergen',
  );
  return problems;
}

describe('the ingredient catalogue', () => {
  it('holds at least 320 ingredients', () => {
    expect(INGREDIENTS.length).toBeGreaterThanOrEqual(320);
  });

  it('uses unique kebab-case ids', () => {
    const ids = INGREDIENTS.map((ingredient) => ingredient.id);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives no name, plural or synonym to two ingredients', () => {
    const owners = new Map<string, Set<string>>();
    for (const ingredient of INGREDIENTS) {
      for (const name of ingredientNames(ingredient)) {
        const key = foldIngredientName(name);
        const ids = owners.get(key) ?? new Set<string>();
        ids.add(ingredient.id);
        owners.set(key, ids);
      }
    }
    const shared = [...owners]
      .filter(([, ids]) => ids.size > 1)
      .map(([key, ids]) => `${key}: ${[...ids].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('fills every shopping category', () => {
    const counts = countIngredientsByCategory();
    for (const category of SHOPPING_CATEGORIES) {
      expect(counts[category] ?? 0).toBeGreaterThan(0);
    }
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(INGREDIENTS.length);
  });

  it('gives every ingredient tidy names', () => {
    const problems = failingRows((ingredient) => {
      const names = ingredientNames(ingredient);
      const found: string[] = [];
      for (const name of names) {
        if (name !== name.trim()) found.push(`untrimmed name "${name}"`);
        if (/\s{2}/.test(name)) found.push(`double space in "${name}"`);
        if (name.length < 2) found.push(`name "${name}" too short`);
      }
      if (ingredient.plural === ingredient.name) {
        found.push('plural equals the name');
      }
      const ownKeys = names.map((name) => name.toLowerCase());
      if (new Set(ownKeys).size !== ownKeys.length) {
        found.push('a name repeated among its own names');
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('gives every ingredient a package that converts to grams', () => {
    const problems = failingRows((ingredient) => {
      const { size, unit, label } = ingredient.package;
      const found: string[] = [];
      if (!(size > 0)) found.push(`package size ${size}`);
      if (!['g', 'ml', 'piece'].includes(unit)) {
        found.push(`package unit ${unit}`);
      }
      if (label.trim() === '') found.push('blank package label');
      const grams = packageGrams(ingredient);
      if (grams === undefined || grams <= 0) {
        found.push(`package of ${grams} g`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('gives every ingredient plausible weights', () => {
    expect(failingRows(weightProblems)).toEqual([]);
  });

  it('gives every ingredient between 0 and 100 g protein per 100 g', () => {
    const problems = failingRows(({ proteinPer100g: protein }) =>
      protein >= 0 && protein <= 100 ? [] : [`protein ${protein}`],
    );
    expect(problems).toEqual([]);
  });

  it('names known flags and allergens, each once', () => {
    const problems = failingRows(({ flags, allergens }) => [
      ...flags
        .filter((flag) => !DIET_FLAGS.includes(flag))
        .map((flag) => `unknown flag ${flag}`),
      ...allergens
        .filter((id) => !(ALLERGEN_IDS as readonly string[]).includes(id))
        .map((id) => `unknown allergen ${id}`),
      ...(new Set(flags).size === flags.length ? [] : ['a flag twice']),
      ...(new Set(allergens).size === allergens.length
        ? []
        : ['an allergen twice']),
    ]);
    expect(problems).toEqual([]);
  });

  it('gives every ingredient flags consistent with its aisle', () => {
    expect(failingRows(flagProblems)).toEqual([]);
  });

  it('names allergen families with their members', () => {
    const problems = failingRows(({ allergens }) => {
      const found: string[] = [];
      const cereals = GLUTEN_CEREAL_IDS.some((id) => allergens.includes(id));
      if (allergens.includes('gluten') !== cereals) {
        found.push('gluten without a gluten cereal, or the reverse');
      }
      const nuts = TREE_NUT_IDS.some((id) => allergens.includes(id));
      if (allergens.includes('tree-nuts') !== nuts) {
        found.push('tree-nuts without a tree nut, or the reverse');
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('makes every ingredient perishable as its aisle says', () => {
    const problems = failingRows(({ category, perishable }) => {
      const expected = PERISHABLE_CATEGORIES.includes(category)
        ? true
        : KEEPING_CATEGORIES.includes(category)
          ? false
          : perishable;
      return perishable === expected
        ? []
        : [`perishable ${perishable} in aisle ${category}`];
    });
    expect(problems).toEqual([]);
  });

  it('leaves only water and ice off shopping lists', () => {
    expect(
      [...NON_PURCHASED_INGREDIENT_IDS].map(byId).map((i) => i.id),
    ).toEqual(['water', 'ice']);
  });
});

describe('catalogue spot checks', () => {
  it.each([
    ['cilantro', 60, 'g', 'bunch'],
    ['milk', 1000, 'ml', 'carton'],
    ['egg', 12, 'piece', 'carton'],
    ['chicken-breast', 500, 'g', 'pack'],
    ['spinach', 200, 'g', 'bag'],
    ['canned-tomatoes', 400, 'g', 'can'],
    ['salt', 750, 'g', 'tub'],
    ['coconut-milk', 400, 'ml', 'can'],
    ['all-purpose-flour', 1500, 'g', 'bag'],
  ])('sells %s as %d %s (%s)', (id, size, unit, label) => {
    expect(byId(id).package).toEqual({ size, unit, label });
  });

  it.each([
    ['all-purpose-flour', 0.53],
    ['sugar', 0.85],
    ['milk', 1.03],
    ['olive-oil', 0.92],
    ['vegetable-oil', 0.92],
    ['long-grain-rice', 0.78],
    ['cilantro', 0.1],
    ['water', 1],
  ])('weighs %s at %d g/ml', (id, density) => {
    expect(byId(id).densityGPerMl).toBe(density);
  });

  it.each([
    ['egg', null, 50],
    ['onion', null, 150],
    ['lemon', null, 100],
    ['flour-tortilla', null, 45],
    ['garlic', 'clove', 5],
    ['garlic', 'head', 50],
    ['butter', 'stick', 113],
    ['celery', 'stalk', 40],
    ['bacon', 'rasher', 25],
    ['salmon-fillet', 'fillet', 140],
    ['canned-tomatoes', 'can', 400],
    ['white-bread', 'slice', 35],
  ])('weighs one %s (%s) at %d g', (id, unit, grams) => {
    expect(unitGrams(unit, byId(id))).toBe(grams);
  });

  it.each([
    ['chicken-breast', 20, 25],
    ['egg', 12, 13.5],
    ['firm-tofu', 10, 17.5],
    ['red-lentils', 22, 27],
    ['parmesan', 32, 38],
    ['cheddar', 22, 26],
    ['salmon-fillet', 19, 22],
    ['greek-yogurt', 8, 11],
    ['all-purpose-flour', 9, 12],
    ['long-grain-rice', 6, 8],
    ['spinach', 2, 3.5],
    ['olive-oil', 0, 0],
    ['sugar', 0, 0],
  ])('gives %s between %d and %d g protein per 100 g', (id, low, high) => {
    const protein = byId(id).proteinPer100g;
    expect(protein).toBeGreaterThanOrEqual(low);
    expect(protein).toBeLessThanOrEqual(high);
  });

  it.each([
    ['cilantro', 'cilantro'],
    ['fresh coriander', 'cilantro'],
    ['coriander leaves', 'cilantro'],
    ['scallion', 'scallion'],
    ['spring onion', 'scallion'],
    ['green onion', 'scallion'],
    ['courgette', 'zucchini'],
    ['aubergine', 'eggplant'],
    ['capsicum', 'red-bell-pepper'],
    ['bell pepper', 'red-bell-pepper'],
    ['double cream', 'heavy-cream'],
    ['heavy cream', 'heavy-cream'],
    ['plain flour', 'all-purpose-flour'],
    ['All-Purpose Flour', 'all-purpose-flour'],
    ['rocket', 'arugula'],
    ['icing sugar', 'powdered-sugar'],
    ['cornflour', 'cornstarch'],
    ['bicarbonate of soda', 'baking-soda'],
    ['prawns', undefined],
    ['prawn', 'shrimp'],
    ['beef mince', 'ground-beef'],
    ['creme fraiche', 'creme-fraiche'],
    ['Crème Fraîche', 'creme-fraiche'],
    ['gruyere', 'gruyere'],
    ['pak choi', 'bok-choy'],
    ['garbanzo beans', 'chickpeas'],
    ['tomato purée', 'tomato-paste'],
    ['mangetout', 'snow-pea'],
    ['swede', 'rutabaga'],
    ['beetroot', 'beet'],
  ])('resolves %s', (name, id) => {
    expect(ingredientByName(name)?.id).toBe(id);
  });

  it.each([
    'tortilla',
    'masa harina',
    'queso fresco',
    'chipotle in adobo',
    'parmesan',
    'mozzarella',
    'arborio rice',
    'paneer',
    'garam masala',
    'ghee',
    'basmati rice',
    'soy sauce',
    'tamari',
    'fish sauce',
    'gochujang',
    'miso',
    'mirin',
    'rice vinegar',
    'nori',
    'dashi',
    'sesame oil',
    'coconut milk',
    'lemongrass',
    'thai basil',
    'galangal',
    'bok choy',
    'shiitake',
    'gruyère',
    'crème fraîche',
    'shallots',
    'tarragon',
    'tofu',
    'tempeh',
    'seitan',
  ])('stocks %s', (name) => {
    expect(ingredientByName(name)).toBeDefined();
  });

  it.each([
    ['sugar', true],
    ['all-purpose-flour', true],
    ['long-grain-rice', true],
    ['spaghetti', true],
    ['white-bread', true],
    ['potato', true],
    ['honey', true],
    ['maple-syrup', true],
    ['black-beans', true],
    ['orange-juice', true],
    ['banana', true],
    ['olive-oil', false],
    ['chicken-breast', false],
    ['spinach', false],
    ['cheddar', false],
    ['almonds', false],
    ['almond-flour', false],
    ['firm-tofu', false],
    ['egg', false],
    ['ground-cumin', false],
  ])('flags %s high-carb: %s', (id, highCarb) => {
    expect(byId(id).flags.includes('high-carb')).toBe(highCarb);
  });

  it.each([
    ['honey', ['honey', 'high-carb']],
    ['butter', ['dairy']],
    ['gelatin', ['meat']],
    ['chicken-stock', ['meat']],
    ['oyster-sauce', ['fish', 'gluten']],
    ['thai-red-curry-paste', ['fish']],
    ['mayonnaise', ['egg']],
    ['vegetable-stock', []],
    ['vegan-butter', []],
    ['tamari', []],
  ])('flags %s as %j', (id, flags) => {
    expect([...byId(id).flags].sort()).toEqual([...flags].sort());
  });
});
