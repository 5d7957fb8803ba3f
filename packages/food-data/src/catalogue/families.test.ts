import {
  compileCatalogue,
  familyIngredientIds,
  generatePlan,
} from '@platewise/planner';
import type { PlannerProfile, PlannerRecipe } from '@platewise/planner';
import { DAYS } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import { deriveRecipeFacts } from '../derive.js';
import { SEED_RECIPES } from '../recipes/index.js';
import { FOOD_FAMILIES } from './families.js';
import { INGREDIENTS } from './ingredients.js';

/** The catalogue as the planner compiles it, with the families. */
const catalogue = compileCatalogue(INGREDIENTS, [], [], FOOD_FAMILIES);
const members = (term: string) => familyIngredientIds(catalogue, term);
const byId = (id: string) => {
  const found = INGREDIENTS.find((i) => i.id === id);
  if (found === undefined) throw new Error(`no ${id}`);
  return found;
};

describe('food families', () => {
  it.each([
    [
      'pork',
      [
        'bacon',
        'ham',
        'prosciutto',
        'pancetta',
        'pork-sausage',
        'italian-sausage',
        'breakfast-sausage',
        'chorizo',
        'mexican-chorizo',
        'salami',
        'pepperoni',
        'lard',
        'pork-belly',
        'ground-pork',
        'pork-chop',
      ],
      ['ground-turkey', 'sliced-turkey', 'chicken-breast', 'ground-beef'],
    ],
    [
      'beef',
      [
        'ground-beef',
        'sirloin-steak',
        'ribeye-steak',
        'beef-tenderloin',
        'flank-steak',
        'beef-brisket',
        'beef-short-rib',
        'beef-chuck',
        'beef-stock',
      ],
      [
        'turkey-breast',
        'tuna-steak',
        'salmon-fillet',
        'pork-chop',
        'ground-lamb',
        'ground-turkey',
        'ground-pork',
        'ground-chicken',
      ],
    ],
    [
      'fish',
      [
        'salmon-fillet',
        'smoked-salmon',
        'cod-fillet',
        'canned-tuna',
        'anchovy-fillet',
        'sardines',
        'smoked-mackerel',
        'fish-sauce',
        'worcestershire-sauce',
        'dashi',
        'imitation-crab',
      ],
      ['shrimp', 'scallop', 'mussel', 'chicken-breast'],
    ],
    [
      'shellfish',
      [
        'shrimp',
        'frozen-shrimp',
        'crab-meat',
        'lobster-tail',
        'scallop',
        'mussel',
        'clam',
        'squid',
        'oyster-sauce',
        'thai-red-curry-paste',
      ],
      ['salmon-fillet', 'imitation-crab', 'oyster-mushroom'],
    ],
    [
      'poultry',
      [
        'chicken-breast',
        'chicken-thigh',
        'whole-chicken',
        'ground-turkey',
        'turkey-breast',
        'duck-breast',
        'chicken-stock',
      ],
      ['ground-beef', 'egg', 'ground-pork'],
    ],
    [
      'lamb',
      ['ground-lamb', 'lamb-shoulder', 'leg-of-lamb', 'lamb-chop'],
      ['ground-beef', 'arugula'],
    ],
    ['offal', ['chicken-liver'], ['kidney-beans', 'chicken-breast']],
  ])(
    "a dislike of '%s' takes in its family and nothing else",
    (term, inside, outside) => {
      const found = members(term);
      expect(found).toEqual(expect.arrayContaining(inside));
      for (const id of outside) expect(found).not.toContain(id);
    },
  );

  it.each([
    ['Pork', 'bacon'],
    ['pork products', 'ham'],
    ['Prawns', 'shrimp'],
    ['steaks', 'ground-beef'],
    ['SEAFOOD', 'salmon-fillet'],
    ['seafood', 'mussel'],
    ['red meat', 'lamb-chop'],
    ['meat', 'chicken-thigh'],
    ['mushrooms', 'shiitake-mushroom'],
    ['cheese', 'parmesan'],
    ['nuts', 'cashews'],
    ['fishes', 'cod-fillet'],
    ['Fish', 'salmon-fillet'],
    ['white fish', 'cod-fillet'],
    ['shrimps', 'shrimp'],
    ['prawn', 'frozen-shrimp'],
    ['crustaceans', 'lobster-tail'],
    ['molluscs', 'squid'],
    ['Shellfish', 'scallop'],
    ['sea food', 'shrimp'],
    ['chickens', 'chicken-thigh'],
    ['Turkey', 'ground-turkey'],
    ['mutton', 'lamb-shoulder'],
    ['veal', 'ground-beef'],
  ])(
    "reads '%s' with any case, plural or synonym (takes in %s)",
    (term, id) => {
      expect(members(term)).toContain(id);
    },
  );

  it('keeps a plant sausage or a turkey bacon out of pork by their flags and words', () => {
    const extra = compileCatalogue(
      [
        ...INGREDIENTS,
        {
          ...byId('bacon'),
          id: 'turkey-bacon',
          name: 'turkey bacon',
          synonyms: [],
        },
        {
          ...byId('firm-tofu'),
          id: 'vegan-sausage',
          name: 'vegan sausage',
          synonyms: [],
        },
      ],
      [],
      [],
      FOOD_FAMILIES,
    );
    const pork = familyIngredientIds(extra, 'pork');
    expect(pork).toContain('bacon');
    expect(pork).not.toContain('turkey-bacon');
    expect(pork).not.toContain('vegan-sausage');
    expect(familyIngredientIds(extra, 'poultry')).toContain('turkey-bacon');
  });

  it('names no family for an ordinary ingredient word', () => {
    expect(members('carrot')).toEqual([]);
  });
});

/** The seed recipes as the planner takes them, facts derived from their lines. */
const seedRecipes: PlannerRecipe[] = SEED_RECIPES.map((recipe) => {
  const facts = deriveRecipeFacts(recipe);
  return {
    id: recipe.slug,
    name: recipe.name,
    cuisine: recipe.cuisine,
    mealTypes: recipe.mealTypes,
    diets: facts.diets,
    allergens: facts.allergens,
    proteinLevel: facts.proteinLevel,
    proteinPerServingG: facts.proteinPerServingG,
    rating: recipe.rating,
    totalCookingTime: recipe.totalCookingTime,
    servingSize: recipe.servingSize,
    tags: recipe.tags,
    lines: recipe.ingredients.map((line) => ({
      ingredientId: line.ingredientId,
      name: byId(line.ingredientId).name,
      quantity: line.quantity,
      unit: line.unit,
    })),
  };
});
const seed = compileCatalogue(INGREDIENTS, seedRecipes, [], FOOD_FAMILIES);
const fullWeek = DAYS.map((day) => ({
  day,
  breakfast: true,
  lunch: true,
  dinner: true,
}));
const omnivore = (overrides: Partial<PlannerProfile>): PlannerProfile => ({
  schedule: fullWeek,
  diet: 'none',
  allergenIds: [],
  customAllergens: [],
  likes: [],
  dislikes: [],
  proteinLevel: null,
  servingSize: 2,
  ...overrides,
});
/** The ingredient ids of a generated week. */
const weekIngredients = (profile: PlannerProfile): Set<string> => {
  const plan = generatePlan({ catalogue: seed, profile, locked: [], seed: 7 });
  const byRecipe = new Map(seedRecipes.map((r) => [r.id, r]));
  return new Set(
    plan.meals.flatMap(
      (meal) =>
        byRecipe.get(meal.recipeId)?.lines.map((l) => l.ingredientId ?? '') ??
        [],
    ),
  );
};
const SHELLFISH = familyIngredientIds(seed, 'shellfish');
const FISH = familyIngredientIds(seed, 'fish');
const MEAT_MAINS = [
  ...familyIngredientIds(seed, 'poultry'),
  ...familyIngredientIds(seed, 'beef'),
  ...familyIngredientIds(seed, 'lamb'),
].filter((id) => !id.endsWith('-stock'));

describe('dislikes by family in a week of the seed catalogue', () => {
  it.each([['fish'], ['Fish'], ['fishes']])(
    "a dislike of '%s' keeps fish and shellfish out of the week",
    (term) => {
      const used = weekIngredients(omnivore({ dislikes: [term] }));
      expect([...used].filter((id) => FISH.includes(id))).toEqual([]);
      expect([...used].filter((id) => SHELLFISH.includes(id))).toEqual([]);
    },
  );

  it.each([['prawns'], ['shrimp'], ['shellfish']])(
    "a dislike of fish with a like of '%s' keeps the shellfish in reach",
    (like) => {
      const used = weekIngredients(
        omnivore({ dislikes: ['fish'], likes: [like] }),
      );
      expect([...used].filter((id) => FISH.includes(id))).toEqual([]);
      expect([...used].some((id) => SHELLFISH.includes(id))).toBe(true);
    },
  );

  it("a dislike of 'white fish' is fish only, not shellfish", () => {
    expect(familyIngredientIds(seed, 'white fish')).not.toContain('shrimp');
  });

  it('an omnivore who dislikes fish and pork still eats chicken, beef or lamb', () => {
    const plan = generatePlan({
      catalogue: seed,
      profile: omnivore({ dislikes: ['fish', 'pork'] }),
      locked: [],
      seed: 3,
    });
    const byRecipe = new Map(seedRecipes.map((r) => [r.id, r]));
    const meatMeals = plan.meals.filter((meal) =>
      byRecipe
        .get(meal.recipeId)
        ?.lines.some((line) => MEAT_MAINS.includes(line.ingredientId ?? '')),
    );
    // 21 meals, of which 14 lunches and dinners: a meat eater's week.
    expect(meatMeals.length).toBeGreaterThanOrEqual(4);
    const pork = familyIngredientIds(seed, 'pork');
    const used = weekIngredients(omnivore({ dislikes: ['fish', 'pork'] }));
    expect([...used].filter((id) => pork.includes(id))).toEqual([]);
  });
});
