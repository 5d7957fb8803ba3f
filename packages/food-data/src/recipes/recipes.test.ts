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

describe('seed recipes', () => {
  it('number at least 240 with unique slugs and names', () => {
    expect(SEED_RECIPES.length).toBeGreaterThanOrEqual(240);
    const slugs = new Set(SEED_RECIPES.map((r) => r.slug));
    const names = new Set(SEED_RECIPES.map((r) => r.name.toLowerCase()));
    expect(slugs.size).toBe(SEED_RECIPES.length);
    expect(names.size).toBe(SEED_RECIPES.length);
  });

  it.each(SEED_RECIPES.map((r) => [r.slug, r] as const))(
    '%s is complete and every line resolves and converts',
    (_slug, recipe) => {
      expect(recipe.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(recipe.name.trim()).toBe(recipe.name);
      expect(recipe.description.length).toBeGreaterThan(30);
      expect(recipe.totalCookingTime).toBeGreaterThan(0);
      expect(recipe.rating).toBeGreaterThanOrEqual(0);
      expect(recipe.rating).toBeLessThanOrEqual(5);
      expect(Math.round(recipe.rating * 10)).toBeCloseTo(recipe.rating * 10, 6);
      expect(Number.isInteger(recipe.servingSize)).toBe(true);
      expect(recipe.servingSize).toBeGreaterThanOrEqual(1);
      expect(recipe.mealTypes.length).toBeGreaterThan(0);
      expect(recipe.tags.length).toBeGreaterThan(0);
      for (const tag of recipe.tags) expect(tag).toBe(tag.toLowerCase());
      expect(recipe.directions.length).toBeGreaterThanOrEqual(3);
      for (const step of recipe.directions) {
        expect(step).not.toContain('####');
        expect(step.length).toBeGreaterThan(10);
      }
      expect(recipe.ingredients.length).toBeGreaterThanOrEqual(3);
      for (const line of recipe.ingredients) {
        const ingredient = ingredientById(line.ingredientId);
        expect(ingredient, `${line.text}: ${line.ingredientId}`).toBeDefined();
        if (!ingredient) continue;
        expect(line.text.length).toBeGreaterThan(2);
        // 'to taste' lines have no quantity and no unit but a pinch.
        const convertsOrTasteLine =
          line.quantity === null
            ? line.unit === null || line.unit === 'pinch'
            : line.quantity > 0 && (lineGrams(line, ingredient) ?? 0) > 0;
        expect(
          convertsOrTasteLine,
          `${recipe.slug}: "${line.text}" does not convert to grams`,
        ).toBe(true);
      }
    },
  );

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
