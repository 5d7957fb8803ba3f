/**
 * Waste with and without carry-over (issue 20): for each bench profile,
 * four consecutive weeks of plans. Without carry-over every week starts
 * from an empty kitchen and what is left on Sunday night counts as waste
 * (the model before issue 20: bought − used). With carry-over, what is
 * still good on the next Monday goes into the next week's kitchen, where
 * the plan uses it first. Also records the new baseline (menus chosen
 * without regard to sharing, same rules) and kg per person per week.
 * Writes bench/results/kitchen-weeks.json.
 *
 *   npx tsx --conditions=source bench/planner/kitchen-weeks.ts [profiles]
 */
import { cpus, loadavg } from 'node:os';

import {
  compileCatalogue,
  evaluatePlan,
  generatePlan,
  type PlannerKitchenItem,
} from '@platewise/planner';

import { writeResult } from '../lib/results.js';
import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { benchProfiles } from './profiles.js';
import { mean, round } from './stats.js';

const profileCount = Number(process.argv[2] ?? 12);
const WEEKS = 4;

const catalogue = compileCatalogue(
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
);
const lifeOf = new Map(
  PLANNER_INGREDIENTS.map((ingredient) => {
    const shelf =
      ingredient.shelfLifeDays ??
      (ingredient.perishable ? 2 : Number.POSITIVE_INFINITY);
    const opened = ingredient.openedShelfLifeDays ?? Number.POSITIVE_INFINITY;
    const life = Math.min(shelf, opened);
    return [ingredient.id, Number.isFinite(life) ? life : 365];
  }),
);

const rows = benchProfiles(profileCount).map(({ name, profile }, index) => {
  const people = profile.servingSize > 0 ? profile.servingSize : 1;
  let kitchen: PlannerKitchenItem[] = [];
  const weeks = [];
  for (let week = 0; week < WEEKS; week += 1) {
    const seed = (index + 1) * 100 + week;
    const fresh = generatePlan({ catalogue, profile, locked: [], seed });
    // Before issue 20: Sunday night's leftovers are waste too.
    const withoutCarry = fresh.waste.wasteGrams + fresh.waste.keptGrams;
    const carried = generatePlan({
      catalogue,
      profile,
      locked: [],
      seed,
      kitchen,
    });
    const { purchases } = evaluatePlan(
      catalogue,
      carried.meals,
      profile.servingSize,
      kitchen,
    );
    // What is still good on Monday moves on; its use-by is counted from the
    // last package bought (or carried from the week before).
    const previous = new Map(kitchen.map((item) => [item.ingredientId, item]));
    kitchen = purchases.flatMap((purchase) => {
      if (!purchase.perishable || purchase.keptGrams <= 0) return [];
      const last = purchase.packages.at(-1);
      const useByDay =
        last === undefined
          ? (previous.get(purchase.ingredientId)?.useByDay ?? 7) - 7
          : last.dayIndex + (lifeOf.get(purchase.ingredientId) ?? 0) - 7;
      return [
        {
          ingredientId: purchase.ingredientId,
          grams: purchase.keptGrams,
          useByDay,
          opened: true,
        },
      ];
    });
    weeks.push({
      week: week + 1,
      withoutCarryGrams: round(withoutCarry, 0),
      withCarryGrams: round(carried.waste.wasteGrams, 0),
      fromKitchenGrams: round(carried.waste.fromKitchenGrams, 0),
      baselineGrams: round(carried.waste.baselineWasteGrams, 0),
      withoutKgPerPerson: round(withoutCarry / people / 1000, 3),
      withKgPerPerson: round(carried.waste.wasteGrams / people / 1000, 3),
      baselineKgPerPerson: round(
        carried.waste.baselineWasteGrams / people / 1000,
        3,
      ),
    });
  }
  return { profile: name, servingSize: people, weeks };
});

const all = rows.flatMap((row) => row.weeks);
const summary = {
  profiles: rows.length,
  weeks: WEEKS,
  meanWithoutCarryKgPerPersonWeek: round(
    mean(all.map((w) => w.withoutKgPerPerson)),
    3,
  ),
  meanWithCarryKgPerPersonWeek: round(
    mean(all.map((w) => w.withKgPerPerson)),
    3,
  ),
  meanBaselineKgPerPersonWeek: round(
    mean(all.map((w) => w.baselineKgPerPerson)),
    3,
  ),
  meanFromKitchenKgPerPersonWeek: round(
    mean(
      rows.flatMap((r) =>
        r.weeks.map((w) => w.fromKitchenGrams / r.servingSize / 1000),
      ),
    ),
    3,
  ),
  load: loadavg().map((value) => round(value, 2)),
  cores: cpus().length,
};
writeResult('kitchen-weeks', { summary, rows });
console.log(JSON.stringify(summary, null, 2));
