/**
 * Planner quality against random: for each of 36 varied profiles (every
 * diet, allergen sets, sparse and full schedules, serving sizes 1 to 6), the
 * waste of our plan against the median waste of 100 random valid plans
 * (same hard constraints through the planner's own filter, no repeats, the
 * same evaluatePlan). Target: at least 50 % less waste than the random
 * median, on average and for 90 % of profiles. Also records fresh-item reuse
 * (meals served per fresh item bought), ours against random.
 * Writes bench/results/planner-vs-random.json and its README table.
 *
 *   npx tsx --conditions=source bench/planner/planner-vs-random.ts [profiles]
 */
import { compileCatalogue, generatePlan } from '@platewise/planner';

import { median, writeResult } from '../lib/results.js';
import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { benchProfiles, enabledSlots } from './profiles.js';
import { randomPlanTotals } from './random-plans.js';
import { writeReadmeSection } from './readme-section.js';
import { mean, round } from './stats.js';

const profileCount = Number(process.argv[2] ?? 36);
const RANDOM_PLANS = 100;
const TARGET_REDUCTION = 0.5;
const TARGET_SHARE_OF_PROFILES = 0.9;

const catalogue = compileCatalogue(
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
);

const rows = benchProfiles(profileCount).map(({ name, profile }, index) => {
  const plan = generatePlan({
    catalogue,
    profile,
    locked: [],
    seed: index + 1,
  });
  const random = randomPlanTotals(catalogue, profile, RANDOM_PLANS);
  const randomWaste = median(random.map((totals) => totals.wasteGrams));
  const randomReuse = median(random.map((totals) => totals.mealsPerFreshItem));
  const ours = plan.waste;
  // Nothing to save when random plans waste nothing either.
  const reduction = randomWaste > 0 ? 1 - ours.wasteGrams / randomWaste : 1;
  return {
    profile: name,
    slots: enabledSlots(profile.schedule).length,
    filled: plan.meals.length,
    oursWasteGrams: round(ours.wasteGrams, 0),
    oursBoughtGrams: round(ours.boughtGrams, 0),
    oursWasteShare: round(ours.wasteShare, 4),
    randomMedianWasteGrams: round(randomWaste, 0),
    randomMedianWasteShare: round(
      median(random.map((totals) => totals.wasteShare)),
      4,
    ),
    reduction: round(reduction, 4),
    oursMealsPerFreshItem: round(ours.mealsPerFreshItem, 2),
    randomMedianMealsPerFreshItem: round(randomReuse, 2),
    baselineWasteGrams: round(ours.baselineWasteGrams, 0),
  };
});

const reductions = rows.map((row) => row.reduction);
const meanReduction = mean(reductions);
const shareMeeting =
  reductions.filter((r) => r >= TARGET_REDUCTION).length / rows.length;
const worst = [...rows].sort((a, b) => a.reduction - b.reduction)[0];
const summary = {
  profiles: rows.length,
  randomPlansPerProfile: RANDOM_PLANS,
  meanReduction: round(meanReduction, 4),
  medianReduction: round(median(reductions), 4),
  shareOfProfilesAtTarget: round(shareMeeting, 4),
  worstReduction: worst?.reduction ?? null,
  worstProfile: worst?.profile ?? null,
  meanOursWasteShare: round(mean(rows.map((r) => r.oursWasteShare)), 4),
  meanRandomWasteShare: round(
    mean(rows.map((r) => r.randomMedianWasteShare)),
    4,
  ),
  meanOursMealsPerFreshItem: round(
    mean(rows.map((r) => r.oursMealsPerFreshItem)),
    2,
  ),
  meanRandomMealsPerFreshItem: round(
    mean(rows.map((r) => r.randomMedianMealsPerFreshItem)),
    2,
  ),
  meetsTarget:
    meanReduction >= TARGET_REDUCTION &&
    shareMeeting >= TARGET_SHARE_OF_PROFILES,
};
console.table(rows);
console.log(summary);
writeResult('planner-vs-random', { summary, rows });

const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
writeReadmeSection(
  'planner-vs-random',
  [
    '| measure | ours | random median | target |',
    '| --- | --- | --- | --- |',
    `| waste reduction vs random, mean over ${rows.length} profiles | ${pct(summary.meanReduction)} | | ≥ 50 % |`,
    `| profiles with ≥ 50 % less waste | ${pct(summary.shareOfProfilesAtTarget)} | | ≥ 90 % |`,
    `| worst profile's reduction | ${pct(summary.worstReduction ?? 0)} | | |`,
    `| waste share of fresh food bought (mean) | ${pct(summary.meanOursWasteShare)} | ${pct(summary.meanRandomWasteShare)} | |`,
    `| meals per fresh item bought (mean) | ${summary.meanOursMealsPerFreshItem} | ${summary.meanRandomMealsPerFreshItem} | |`,
    '',
    '<details><summary>Per profile</summary>',
    '',
    '| profile | slots filled | our waste | random median | reduction | meals per fresh item (ours / random) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.profile} | ${r.filled}/${r.slots} | ${r.oursWasteGrams} g | ${r.randomMedianWasteGrams} g | ${pct(r.reduction)} | ${r.oursMealsPerFreshItem} / ${r.randomMedianMealsPerFreshItem} |`,
    ),
    '',
    '</details>',
  ].join('\n'),
);
