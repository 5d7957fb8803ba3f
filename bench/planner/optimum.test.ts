import { compileCatalogue, evaluatePlan } from '@platewise/planner';
import type { MealRef } from '@platewise/planner';
import type { Day, MealSlot } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import {
  PLANNER_ALLERGENS,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { buildOptimumModel, loadHighs, solveOptimum } from './optimum.js';
import type { OptimumInstance } from './optimum.js';

/**
 * Six candidates of the given meal types (every fifth of the seed list, so
 * they share some fresh ingredients and not others) for the given slots,
 * spread over the week so shelf life matters.
 */
function tinyInstance(
  slots: readonly { day: Day; slot: MealSlot }[],
  servingSize: number,
): OptimumInstance {
  const types = new Set(slots.map((s) => s.slot));
  const recipes = SEED_PLANNER_RECIPES.filter((r) =>
    r.mealTypes.some((type) => types.has(type)),
  )
    .filter((_, index) => index % 5 === 0)
    .slice(0, 6);
  return {
    catalogue: compileCatalogue(
      PLANNER_INGREDIENTS,
      recipes,
      PLANNER_ALLERGENS,
    ),
    slots,
    candidates: recipes.map((r) => ({
      recipeId: r.id,
      slots: slots.flatMap((s, index) =>
        r.mealTypes.includes(s.slot) ? [index] : [],
      ),
    })),
    servingSize,
  };
}

/** Every menu: distinct candidates in all slots, each in a slot it may fill. */
function allMenus(instance: OptimumInstance): MealRef[][] {
  const menus: MealRef[][] = [];
  const extend = (menu: MealRef[], used: ReadonlySet<string>) => {
    const s = menu.length;
    const slot = instance.slots[s];
    if (slot === undefined) {
      menus.push(menu);
      return;
    }
    for (const candidate of instance.candidates) {
      if (used.has(candidate.recipeId) || !candidate.slots.includes(s)) {
        continue;
      }
      extend(
        [
          ...menu,
          { day: slot.day, slot: slot.slot, recipeId: candidate.recipeId },
        ],
        new Set([...used, candidate.recipeId]),
      );
    }
  };
  extend([], new Set());
  return menus;
}

const DINNERS = [
  { day: 'Monday', slot: 'dinner' },
  { day: 'Wednesday', slot: 'dinner' },
  { day: 'Saturday', slot: 'dinner' },
] as const;
const TWO_A_DAY = [
  { day: 'Monday', slot: 'lunch' },
  { day: 'Monday', slot: 'dinner' },
  { day: 'Thursday', slot: 'dinner' },
] as const;

describe('the waste-model MILP', () => {
  it('writes each variable once in the objective', () => {
    const { lp } = buildOptimumModel(tinyInstance(DINNERS, 2));
    const objective = lp.split('\n')[1] ?? '';
    const names = objective.match(/[a-z]+_[0-9_]+/g) ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ['three dinners', 1, DINNERS],
    ['three dinners', 4, DINNERS],
    ['lunch and dinner on one day', 2, TWO_A_DAY],
  ] as const)(
    'finds the least waste of every menu of %s, as evaluatePlan scores it (%i servings)',
    async (_name, servingSize, slots) => {
      const highs = await loadHighs();
      const tiny = tinyInstance(slots, servingSize);
      const optimum = solveOptimum(highs, tiny, 30);
      expect(optimum.status).toBe('Optimal');
      expect(optimum.proven).toBe(true);
      expect(optimum.meals.map(({ day, slot }) => ({ day, slot }))).toEqual(
        slots,
      );
      const score = (menu: readonly MealRef[]) =>
        evaluatePlan(tiny.catalogue, menu, servingSize).totals.wasteGrams;
      expect(optimum.wasteGrams).toBeCloseTo(score(optimum.meals), 3);
      const wastes = allMenus(tiny).map(score);
      // The instance discriminates: menus differ in waste.
      expect(Math.max(...wastes) - Math.min(...wastes)).toBeGreaterThan(50);
      expect(optimum.wasteGrams).toBeCloseTo(Math.min(...wastes), 3);
    },
  );
});
