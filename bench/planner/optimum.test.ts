import {
  compileCatalogue,
  evaluatePlan,
  generatePlan,
} from '@platewise/planner';
import type { MealRef } from '@platewise/planner';
import { DAYS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';
import { describe, expect, it } from 'vitest';

import {
  PLANNER_ALLERGENS,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { buildCase, INSTANCE_KINDS } from './optimum-instances.js';
import type { InstanceKind } from './optimum-instances.js';
import {
  buildOptimumModel,
  keepsToMonday,
  loadHighs,
  solveOptimum,
} from './optimum.js';
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

/**
 * Dinners using perishables that keep 2 days (chicken thighs) or 5 (cilantro,
 * tomato), so uses days apart need fresh packages and the placement matters.
 */
function perishableInstance(
  slots: readonly { day: Day; slot: MealSlot }[],
  servingSize: number,
): OptimumInstance {
  const using = (id: string) =>
    SEED_PLANNER_RECIPES.filter(
      (r) =>
        r.mealTypes.includes('dinner') &&
        r.lines.some((line) => line.ingredientId === id),
    ).slice(0, 4);
  const recipes = [
    ...new Map(
      ['chicken-thigh', 'cilantro', 'tomato']
        .flatMap(using)
        .map((r) => [r.id, r]),
    ).values(),
  ].slice(0, slots.length);
  return {
    catalogue: compileCatalogue(
      PLANNER_INGREDIENTS,
      recipes,
      PLANNER_ALLERGENS,
    ),
    slots,
    candidates: recipes.map((r) => ({
      recipeId: r.id,
      slots: slots.map((_, index) => index),
    })),
    servingSize,
  };
}

const DINNERS = [
  { day: 'Monday', slot: 'dinner' },
  { day: 'Wednesday', slot: 'dinner' },
  { day: 'Saturday', slot: 'dinner' },
] as const;
const SIX_DINNERS = DAYS.slice(0, 6).map((day) => ({
  day,
  slot: 'dinner' as const,
}));
const TWO_A_DAY = [
  { day: 'Monday', slot: 'lunch' },
  { day: 'Monday', slot: 'dinner' },
  { day: 'Thursday', slot: 'dinner' },
] as const;

describe('the waste-model MILP', () => {
  it('prices only perishables bought on a day whose leftover is not kept', () => {
    // Kept 2 days (meat): bought on Friday it is still good on Monday.
    expect(keepsToMonday(4, 2)).toBe(false);
    expect(keepsToMonday(5, 2)).toBe(true);
    // Kept a week: every purchase is kept, so it never wastes.
    expect(keepsToMonday(0, 7)).toBe(true);
    // Dinners on Saturday and Sunday only: a 2-day life keeps from Saturday.
    const weekend = [
      { day: 'Saturday', slot: 'dinner' },
      { day: 'Sunday', slot: 'dinner' },
    ] as const;
    expect(
      buildOptimumModel(perishableInstance(weekend, 2)).pricedPerishables,
    ).toBe(0);
    expect(
      buildOptimumModel(perishableInstance(SIX_DINNERS, 2)).pricedPerishables,
    ).toBeGreaterThan(0);
  });

  it('writes each variable once in the objective', () => {
    const { lp } = buildOptimumModel(tinyInstance(DINNERS, 2));
    const objective = lp.split('\n')[1] ?? '';
    const names = objective.match(/[a-z]+_[0-9_]+/g) ?? [];
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ['three dinners', 1, DINNERS, tinyInstance],
    ['three dinners', 4, DINNERS, tinyInstance],
    ['lunch and dinner on one day', 2, TWO_A_DAY, tinyInstance],
    // As many candidates as slots: every arrangement of one set of dishes
    // over six days, so only the days differ.
    [
      'six dinners in a row, short-lived food',
      2,
      SIX_DINNERS,
      perishableInstance,
    ],
  ] as const)(
    'finds the least waste of every menu of %s, as evaluatePlan scores it (%i servings)',
    async (_name, servingSize, slots, build) => {
      const highs = await loadHighs();
      const tiny = build(slots, servingSize);
      const optimum = solveOptimum(highs, tiny, 30);
      expect(optimum.status).toBe('Optimal');
      expect(optimum.proven).toBe(true);
      expect(optimum.meals.map(({ day, slot }) => ({ day, slot }))).toEqual(
        slots,
      );
      // The planner's waste: what passes its use-by day within the week;
      // what still keeps on the next Monday is kept, not waste.
      const score = (menu: readonly MealRef[]) =>
        evaluatePlan(tiny.catalogue, menu, servingSize).totals.wasteGrams;
      expect(optimum.wasteGrams).toBeCloseTo(score(optimum.meals), 3);
      const wastes = allMenus(tiny).map(score);
      // The instance discriminates: menus differ in waste.
      expect(Math.max(...wastes) - Math.min(...wastes)).toBeGreaterThan(50);
      expect(optimum.wasteGrams).toBeCloseTo(Math.min(...wastes), 3);
    },
    30_000,
  );

  it('calls a solve stopped by its limit unproven, with a bound below its best', async () => {
    const highs = await loadHighs();
    // A 7-dinner instance HiGHS needs a few seconds for, stopped at
    // its first interrupt point by a CPU limit of zero.
    const { instance } = buildCase('7 dinners from 40', 1);
    const stopped = solveOptimum(highs, instance, 600, 0);
    expect(stopped.status).toBe('CPU limit reached');
    expect(stopped.proven).toBe(false);
    expect(stopped.lowerBoundGrams).toBeLessThan(
      Number.isNaN(stopped.wasteGrams) ? Infinity : stopped.wasteGrams,
    );
  }, 60_000);

  // The bench's instances: the MILP with the planner's menu pinned must
  // price it exactly as the planner does (its own waste of that menu).
  const cases = (Object.keys(INSTANCE_KINDS) as InstanceKind[]).flatMap(
    (kind) => [1, 2, 3, 4, 5].map((seed) => [kind, seed] as const),
  );
  it.each(cases)(
    "prices the planner's menu of %s, seed %i, at the planner's own waste",
    async (kind, seed) => {
      const highs = await loadHighs();
      const { profile, instance } = buildCase(kind, seed);
      const plan = generatePlan({
        catalogue: instance.catalogue,
        profile,
        locked: [],
        seed,
      });
      expect(plan.meals).toHaveLength(instance.slots.length);
      const pinned = solveOptimum(highs, instance, 60, 60, plan.meals);
      expect(pinned.status).toBe('Optimal');
      expect(pinned.wasteGrams).toBeCloseTo(plan.waste.wasteGrams, 3);
    },
    60_000,
  );
});
