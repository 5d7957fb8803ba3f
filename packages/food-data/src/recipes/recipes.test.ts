import { DIETS, MEAL_SLOTS, QUICK_CUISINES } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import { ingredientById } from '../catalogue/ingredients.js';
import { deriveRecipeFacts } from '../derive.js';
import { lineGrams } from '../quantities.js';
import type { ProteinLevelId } from '../types.js';
import { ASIAN_CUISINES, SEED_RECIPES } from './index.js';

const facts = new Map(
  SEED_RECIPES.map((recipe) => [recipe.slug, deriveRecipeFacts(recipe)]),
);
const factsOf = (slug: string) => {
  const found = facts.get(slug);
  if (!found) throw new Error(`no facts for ${slug}`);
  return found;
};

const inQuickCuisine = (cuisine: string, quick: string) =>
  quick === 'Asian'
    ? (ASIAN_CUISINES as readonly string[]).includes(cuisine)
    : cuisine === quick;

/** What is incomplete or unconvertible about a seed recipe. */
function recipeProblems(recipe: (typeof SEED_RECIPES)[number]): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  check(/^[a-z0-9]+(-[a-z0-9]+)*$/.test(recipe.slug), 'slug not kebab-case');
  check(recipe.name.trim() === recipe.name, 'untrimmed name');
  check(recipe.description.length > 30, 'description of 30 characters or less');
  check(recipe.totalCookingTime > 0, `cooking time ${recipe.totalCookingTime}`);
  check(
    recipe.rating >= 0 &&
      recipe.rating <= 5 &&
      Math.abs(Math.round(recipe.rating * 10) - recipe.rating * 10) < 1e-6,
    `rating ${recipe.rating}`,
  );
  check(
    Number.isInteger(recipe.servingSize) && recipe.servingSize >= 1,
    `serving size ${recipe.servingSize}`,
  );
  check(recipe.mealTypes.length > 0, 'no meal type');
  check(recipe.tags.length > 0, 'no tag');
  for (const tag of recipe.tags) {
    check(tag === tag.toLowerCase(), `tag "${tag}" not lower case`);
  }
  check(recipe.directions.length >= 3, 'fewer than 3 steps');
  for (const step of recipe.directions) {
    check(!step.includes('####'), `step holds the marker: "${step}"`);
    check(step.length > 10, `step too short: "${step}"`);
  }
  check(recipe.ingredients.length >= 3, 'fewer than 3 ingredients');
  for (const line of recipe.ingredients) {
    const ingredient = ingredientById(line.ingredientId);
    if (!ingredient) {
      problems.push(`"${line.text}": unknown ingredient ${line.ingredientId}`);
      continue;
    }
    check(line.text.length > 2, `line too short: "${line.text}"`);
    // 'to taste' lines have no quantity and no unit but a pinch.
    const convertsOrTasteLine =
      line.quantity === null
        ? line.unit === null || line.unit === 'pinch'
        : line.quantity > 0 && (lineGrams(line, ingredient) ?? 0) > 0;
    check(convertsOrTasteLine, `"${line.text}" does not convert to grams`);
  }
  return problems;
}

describe('seed recipes', () => {
  it('number at least 240 with unique slugs and names', () => {
    expect(SEED_RECIPES.length).toBeGreaterThanOrEqual(240);
    const slugs = new Set(SEED_RECIPES.map((r) => r.slug));
    const names = new Set(SEED_RECIPES.map((r) => r.name.toLowerCase()));
    expect(slugs.size).toBe(SEED_RECIPES.length);
    expect(names.size).toBe(SEED_RECIPES.length);
  });

  it('are complete, and every line resolves and converts (every failing recipe listed)', () => {
    // One test for the rule that names every failing recipe, not one test
    // per recipe (issue 15).
    const problems = SEED_RECIPES.flatMap((recipe) =>
      recipeProblems(recipe).map((problem) => `${recipe.slug}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('cover every meal type for every diet at least 12 times', () => {
    const table: Record<string, Record<string, number>> = {};
    for (const slot of MEAL_SLOTS) {
      table[slot] = {};
      for (const diet of DIETS) {
        const count = SEED_RECIPES.filter(
          (r) =>
            r.mealTypes.includes(slot) && factsOf(r.slug).diets.includes(diet),
        ).length;
        table[slot][diet] = count;
      }
    }
    console.table(table);
    for (const slot of MEAL_SLOTS) {
      for (const diet of DIETS) {
        expect(table[slot]?.[diet], `${slot} / ${diet}`).toBeGreaterThanOrEqual(
          12,
        );
      }
    }
  });

  it('offer at least 15 recipes for each quick cuisine of the preferences dialog', () => {
    const counts = Object.fromEntries(
      QUICK_CUISINES.map((quick) => [
        quick,
        SEED_RECIPES.filter((r) => inQuickCuisine(r.cuisine, quick)).length,
      ]),
    );
    console.table(counts);
    for (const quick of QUICK_CUISINES) {
      expect(counts[quick], quick).toBeGreaterThanOrEqual(15);
    }
  });

  it('have high, medium and low protein dishes within each meal type', () => {
    const table: Record<string, Record<ProteinLevelId, number>> = {};
    for (const slot of MEAL_SLOTS) {
      const row = { high: 0, medium: 0, low: 0 };
      for (const recipe of SEED_RECIPES) {
        if (recipe.mealTypes.includes(slot)) {
          row[factsOf(recipe.slug).proteinLevel] += 1;
        }
      }
      table[slot] = row;
    }
    console.table(table);
    for (const slot of MEAL_SLOTS) {
      for (const level of ['high', 'medium', 'low'] as const) {
        expect(
          table[slot]?.[level],
          `${slot} / ${level}`,
        ).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('share perishable ingredients across recipes', () => {
    // How often a perishable ingredient is used by at least three recipes:
    // the planner can only save waste where dishes overlap.
    const users = new Map<string, Set<string>>();
    for (const recipe of SEED_RECIPES) {
      for (const line of recipe.ingredients) {
        if (ingredientById(line.ingredientId)?.perishable) {
          const set = users.get(line.ingredientId) ?? new Set<string>();
          set.add(recipe.slug);
          users.set(line.ingredientId, set);
        }
      }
    }
    let uses = 0;
    let sharedUses = 0;
    for (const set of users.values()) {
      uses += set.size;
      if (set.size >= 3) sharedUses += set.size;
    }
    const share = sharedUses / uses;
    console.log(
      `perishable ingredient uses shared by 3+ recipes: ${(share * 100).toFixed(1)} % of ${uses}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.75);
  });

  it('never label a vegan recipe that holds an animal product', () => {
    const animal = new Set(['meat', 'fish', 'dairy', 'egg', 'honey']);
    for (const recipe of SEED_RECIPES) {
      if (!factsOf(recipe.slug).diets.includes('vegan')) continue;
      for (const line of recipe.ingredients) {
        const flags = ingredientById(line.ingredientId)?.flags ?? [];
        expect(
          flags.filter((flag) => animal.has(flag)),
          `${recipe.slug}: ${line.text}`,
        ).toEqual([]);
      }
    }
  });
});
