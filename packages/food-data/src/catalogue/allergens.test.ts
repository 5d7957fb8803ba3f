import { describe, expect, it } from 'vitest';

import {
  ALLERGEN_IDS,
  EU_14_ALLERGEN_IDS,
  US_9_ALLERGEN_IDS,
} from './allergen-ids.js';
import {
  ALLERGEN_CATEGORIES,
  allergenById,
  ALLERGENS,
  ingredientsContainingAllergen,
} from './allergens.js';
import { ingredientById, INGREDIENTS } from './ingredients.js';

const allergensOf = (id: string) => ingredientById(id)?.allergens ?? [];

describe('the allergen catalogue', () => {
  it('lists every allergen id once, in named categories', () => {
    const ids = ALLERGENS.map((allergen) => allergen.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...ALLERGEN_IDS].sort());
    for (const id of ids) expect(id).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    const names = ALLERGEN_CATEGORIES.map((category) => category.name);
    expect(new Set(names).size).toBe(names.length);
    for (const category of ALLERGEN_CATEGORIES) {
      expect(category.allergens.length).toBeGreaterThan(0);
    }
  });

  it('groups the chips for the dialog', () => {
    expect(ALLERGEN_CATEGORIES.map((category) => category.name)).toEqual([
      'Dairy & Eggs',
      'Seafood',
      'Nuts & Seeds',
      'Grains & Gluten',
      'Legumes & Soy',
      'Other',
    ]);
  });

  it.each(EU_14_ALLERGEN_IDS)('covers the EU allergen %s', (id) => {
    expect(allergenById(id)).toBeDefined();
  });

  it.each(US_9_ALLERGEN_IDS)('covers the US major allergen %s', (id) => {
    expect(allergenById(id)).toBeDefined();
  });

  it.each([
    'almonds',
    'hazelnuts',
    'walnuts',
    'cashews',
    'pecans',
    'brazil-nuts',
    'pistachios',
    'macadamia-nuts',
    'wheat',
    'rye',
    'barley',
    'oats',
  ])('names the EU family member %s', (id) => {
    expect(allergenById(id)?.name).toBeTruthy();
  });

  it('maps every allergen to the ingredients that contain it', () => {
    // One test naming every failing allergen (issue 15), not one per id.
    const problems = ALLERGEN_IDS.flatMap((id) => {
      const found = ingredientsContainingAllergen(id);
      if (found.length === 0) return [`${id}: no ingredient`];
      return found
        .filter((ingredient) => !ingredient.allergens.includes(id))
        .map((ingredient) => `${id}: ${ingredient.id} does not contain it`);
    });
    expect(problems).toEqual([]);
  });

  it('answers every gluten cereal for gluten', () => {
    const gluten = new Set(
      ingredientsContainingAllergen('gluten').map(
        (ingredient) => ingredient.id,
      ),
    );
    for (const ingredient of INGREDIENTS) {
      const cereal = ['wheat', 'rye', 'barley', 'oats'].some((id) =>
        ingredient.allergens.includes(id),
      );
      expect(gluten.has(ingredient.id)).toBe(cereal);
    }
  });

  it('answers nothing for an unknown allergen', () => {
    expect(ingredientsContainingAllergen('kryptonite')).toEqual([]);
  });
});

describe('allergens of ingredients', () => {
  it.each([
    ['all-purpose-flour', ['gluten', 'wheat'], []],
    ['soy-sauce', ['soy', 'gluten', 'wheat'], []],
    ['tamari', ['soy'], ['gluten', 'wheat']],
    ['parmesan', ['milk'], []],
    ['ghee', ['milk'], []],
    ['fish-sauce', ['fish'], []],
    ['worcestershire-sauce', ['fish'], []],
    ['oyster-sauce', ['molluscs'], ['fish']],
    ['mayonnaise', ['eggs'], []],
    ['basil-pesto', ['milk', 'tree-nuts', 'pine-nuts'], []],
    ['red-wine', ['sulphites'], []],
    ['white-wine-vinegar', ['sulphites'], []],
    ['dried-apricots', ['sulphites'], []],
    ['celery', ['celery'], []],
    ['celeriac', ['celery'], []],
    ['dijon-mustard', ['mustard'], []],
    ['tahini', ['sesame'], []],
    ['hummus', ['sesame'], []],
    ['sesame-oil', ['sesame'], []],
    ['shrimp', ['crustaceans'], ['molluscs']],
    ['mussel', ['molluscs'], ['crustaceans']],
    ['squid', ['molluscs'], []],
    ['peanut-butter', ['peanuts'], ['tree-nuts']],
    ['almond-milk', ['tree-nuts', 'almonds'], ['milk']],
    ['walnuts', ['tree-nuts', 'walnuts'], ['peanuts']],
    ['lupini-beans', ['lupin'], []],
    ['lupin-flour', ['lupin'], []],
    ['beer', ['gluten', 'barley'], ['wheat']],
    ['rye-bread', ['gluten', 'rye'], []],
    ['rolled-oats', ['gluten', 'oats'], ['wheat']],
    ['pearl-barley', ['gluten', 'barley'], []],
    ['firm-tofu', ['soy'], []],
    ['edamame', ['soy'], []],
    ['coconut-milk', ['coconut'], ['tree-nuts']],
    ['egg', ['eggs'], []],
    ['naan', ['gluten', 'wheat', 'milk'], []],
    ['gochujang', ['soy', 'gluten', 'wheat'], []],
    ['white-miso', ['soy'], ['gluten']],
    ['corn-tortilla', [], ['gluten', 'wheat']],
    ['long-grain-rice', [], ['gluten']],
    ['olive-oil', [], []],
  ])('gives %s %j and not %j', (id, present, absent) => {
    const allergens = allergensOf(id);
    expect(ingredientById(id)).toBeDefined();
    for (const allergen of present) expect(allergens).toContain(allergen);
    for (const allergen of absent) expect(allergens).not.toContain(allergen);
  });
});
