/**
 * Where the waste goes (issue 22 second pass): the six personas' weeks on
 * the seed catalogue, seeds 1 to 6, with the planner's weights as given
 * (JSON, e.g. '{"likeShare":0}' drops the like targets,
 * '{"wasteMarginPercent":0}' the fit search). Prints the mean waste per
 * persona and its sum, the rules broken as plan-checks.ts reads them, and
 * the CPU time per plan. The fresh and meat floors are constants of
 * planner.ts (FRESH_FLOOR_SHARE, MEAT_FLOOR_SHARE): to measure without
 * them, set them to 0 in a copy of the tree and run this there.
 * bench/results/planner-waste-attribution.txt holds one line per run.
 *
 *   npx tsx --conditions=source bench/planner/waste-by-rule.ts [weights] [label] [first seed]
 */
import { compileCatalogue, generatePlan } from '@platewise/planner';

import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { PERSONAS } from './personas.js';
import { PlanChecker } from './plan-checks.js';

const weights = JSON.parse(process.argv[2] ?? '{}') as Record<string, number>;
const label = process.argv[3] ?? '';
/** Seeds first..first+5 (default 1 to 6): other seeds show the spread between random streams. */
const firstSeed = Number(process.argv[4] ?? 1);
const SEEDS = Array.from({ length: 6 }, (_, k) => firstSeed + k);

const catalogue = compileCatalogue(
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
);
const checker = new PlanChecker(catalogue);
let total = 0;
let cpu = 0;
let cpuMax = 0;
const parts: string[] = [];
for (const { name, profile } of PERSONAS) {
  let waste = 0;
  let broken = 0;
  for (const seed of SEEDS) {
    const started = process.cpuUsage();
    const plan = generatePlan({
      catalogue,
      profile,
      locked: [],
      seed,
      weights,
    });
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    cpu += ms;
    cpuMax = Math.max(cpuMax, ms);
    const c = checker.check(profile, plan.meals);
    waste += c.wasteGrams;
    broken +=
      c.repeats +
      c.nearDuplicates +
      c.proteinDayExcess +
      c.proteinWeekExcess +
      c.timeOver +
      c.dislikeLeaks +
      c.ketoLeaks;
  }
  total += waste / SEEDS.length;
  parts.push(
    `${name.slice(0, 20)}:${Math.round(waste / SEEDS.length)}/${broken}`,
  );
}
console.log(
  label,
  JSON.stringify(weights),
  Math.round(total),
  'cpu mean',
  Math.round(cpu / (SEEDS.length * PERSONAS.length)),
  'max',
  Math.round(cpuMax),
  parts.join(' '),
);
