import { ingredientById, lineGrams, SEED_RECIPES } from '@platewise/food-data';
import type { Ingredient } from '@platewise/food-data';
import { DIETS } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import { deriveCatalogueRecipes, SEED_PLANNER_RECIPES } from './catalogue.js';
import { benchProfiles, enabledSlots } from './profiles.js';

const byId = (id: string | null): Ingredient => {
  const found = id === null ? undefined : ingredientById(id);
  if (found === undefined) throw new Error(`no ingredient ${id}`);
  return found;
};

const SIZE = SEED_RECIPES.length + 400;
const derived = deriveCatalogueRecipes(SIZE, 3);
const variants = derived.slice(SEED_RECIPES.length);

describe('the derived benchmark catalogue', () => {
  it('has the size asked for, the seed recipes first, unique ids and names', () => {
    expect(derived).toHaveLength(SIZE);
    expect(derived.slice(0, SEED_RECIPES.length)).toEqual(SEED_PLANNER_RECIPES);
    expect(new Set(derived.map((r) => r.id)).size).toBe(SIZE);
    expect(new Set(derived.map((r) => r.name)).size).toBe(SIZE);
  });

  it('is the same for the same seed and differs for another', () => {
    expect(deriveCatalogueRecipes(SIZE, 3)).toEqual(derived);
    expect(deriveCatalogueRecipes(SIZE, 4)).not.toEqual(derived);
  });

  it('varies the recipes: most variants swap a fresh ingredient', () => {
    const swapped = variants.filter((variant, index) => {
      const base = SEED_PLANNER_RECIPES[index % SEED_PLANNER_RECIPES.length];
      const baseIds = new Set(base?.lines.map((line) => line.ingredientId));
      return variant.lines.some((line) => !baseIds.has(line.ingredientId));
    });
    expect(swapped.length / variants.length).toBeGreaterThan(0.8);
  });

  it('keeps every line weighable', () => {
    const unweighable = variants.flatMap((recipe) =>
      recipe.lines
        .filter(
          (line) =>
            line.quantity !== null &&
            !((lineGrams(line, byId(line.ingredientId)) ?? 0) > 0),
        )
        .map(
          (line) => `${recipe.id}: ${line.quantity} ${line.unit} ${line.name}`,
        ),
    );
    expect(unweighable).toEqual([]);
  });

  it('states diets and allergens that its ingredients bear out', () => {
    // The hard constraints read these facts: check them against the
    // ingredients' own flags and allergens, not against the derivation.
    for (const recipe of variants) {
      const ingredients = recipe.lines.map((line) => byId(line.ingredientId));
      const has = (flag: Ingredient['flags'][number]) =>
        ingredients.some((ingredient) => ingredient.flags.includes(flag));
      const vegetarian = !has('meat') && !has('fish');
      const vegan = vegetarian && !has('dairy') && !has('egg') && !has('honey');
      expect(recipe.diets.includes('vegetarian'), recipe.id).toBe(vegetarian);
      expect(recipe.diets.includes('vegan'), recipe.id).toBe(vegan);
      expect(recipe.diets.includes('gluten-free'), recipe.id).toBe(
        !has('gluten'),
      );
      expect([...recipe.allergens].sort(), recipe.id).toEqual(
        [...new Set(ingredients.flatMap((i) => i.allergens))].sort(),
      );
    }
  });

  it('keeps each variant’s diets and allergens those of its seed recipe, keto aside', () => {
    const withoutKeto = (diets: readonly string[]) =>
      diets.filter((diet) => diet !== 'ketogenic');
    variants.forEach((variant, index) => {
      const base = SEED_PLANNER_RECIPES[index % SEED_PLANNER_RECIPES.length];
      expect(withoutKeto(variant.diets), variant.id).toEqual(
        withoutKeto(base?.diets ?? []),
      );
      expect(variant.allergens, variant.id).toEqual(base?.allergens);
    });
  });
});

describe('the benchmark profiles', () => {
  const profiles = benchProfiles(36);

  it('cover every diet, serving sizes 1 to 6, sparse and full weeks', () => {
    expect(new Set(profiles.map((p) => p.profile.diet))).toEqual(
      new Set(DIETS),
    );
    expect(new Set(profiles.map((p) => p.profile.servingSize))).toEqual(
      new Set([1, 2, 3, 4, 5, 6]),
    );
    const slotCounts = profiles.map(
      (p) => enabledSlots(p.profile.schedule).length,
    );
    expect(Math.min(...slotCounts)).toBeLessThanOrEqual(5);
    expect(Math.max(...slotCounts)).toBe(21);
    expect(
      profiles.filter((p) => p.profile.allergenIds.length > 0).length,
    ).toBeGreaterThan(10);
    expect(new Set(profiles.map((p) => p.name)).size).toBe(36);
  });
});
