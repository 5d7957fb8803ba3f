/**
 * Before/after planner speed in one run: the planner of this tree against a
 * copy of an earlier planner's sources (PLANNER_BEFORE=path to its
 * src/index.ts), call by call on the same profiles, alternating, so both
 * see the same machine load. CPU time (process.cpuUsage) per call.
 *
 *   PLANNER_BEFORE=bench/planner/.before/src/index.ts \
 *     npx tsx --conditions=source bench/planner/speed-compare.ts [seeds] [catalogue] [classes]
 *
 * catalogue: seed | realistic | both (default both); classes: comma-separated
 * indexes into the bench's schedule classes (default all). Prints, writes nothing.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import * as after from '@platewise/planner';
import type { PlannerRecipe } from '@platewise/planner';

import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { benchProfiles, SCHEDULES } from './profiles.js';
import { realisticCatalogueRecipes } from './realistic-catalogue.js';
import { percentile, round } from './stats.js';

type Planner = Pick<typeof after, 'compileCatalogue' | 'generatePlan'>;

const seeds = Number(process.argv[2] ?? 2);
const which = process.argv[3] ?? 'both';
const CLASSES = [
  'full week (21)',
  'lunch and dinner (14)',
  'dinners (7)',
  'weekday dinners (5)',
];
const classes = (process.argv[4] ?? '0,1,2,3')
  .split(',')
  .map((k) => CLASSES[Number(k)] ?? '');
const beforePath = process.env['PLANNER_BEFORE'];
const before: Planner | undefined =
  beforePath === undefined
    ? undefined
    : ((await import(pathToFileURL(resolve(beforePath)).href)) as Planner);
const profiles = benchProfiles(30);

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

function run(name: string, recipes: readonly PlannerRecipe[]): void {
  const byId = new Map(recipes.map((recipe) => [recipe.id, recipe]));
  const planners: [string, Planner][] = [['after', after]];
  if (before !== undefined) planners.unshift(['before', before]);
  const compiled = planners.map(([label, planner]) => ({
    label,
    planner,
    catalogue: planner.compileCatalogue(
      PLANNER_INGREDIENTS,
      recipes,
      PLANNER_ALLERGENS,
      PLANNER_FAMILIES,
    ),
  }));
  for (const { planner, catalogue } of compiled) {
    for (let i = 0; i < 6; i += 1) {
      const profile = profiles[i]?.profile;
      if (profile !== undefined) {
        planner.generatePlan({ catalogue, profile, locked: [], seed: i });
      }
    }
  }
  for (const schedule of classes) {
    const times = compiled.map(() => [] as number[]);
    const slowest = compiled.map(() => ({ ms: 0, profile: '' }));
    const waste = compiled.map(() => 0);
    const protein = compiled.map(() => 0);
    profiles.forEach(({ name: profileName, profile }, p) => {
      const withSchedule = { ...profile, schedule: SCHEDULES[schedule] ?? [] };
      for (let k = 0; k < seeds; k += 1) {
        compiled.forEach(({ planner, catalogue }, c) => {
          const started = process.cpuUsage();
          const plan = planner.generatePlan({
            catalogue,
            profile: withSchedule,
            locked: [],
            seed: 1000 + p * 7 + k,
          });
          const ms = cpuMs(started);
          times[c]?.push(ms);
          waste[c] = (waste[c] ?? 0) + plan.waste.wasteGrams;
          protein[c] =
            (protein[c] ?? 0) +
            plan.meals.reduce(
              (sum, meal) =>
                sum + (byId.get(meal.recipeId)?.proteinPerServingG ?? 0),
              0,
            ) /
              Math.max(1, plan.meals.length);
          const slow = slowest[c];
          if (slow !== undefined && ms > slow.ms) {
            slowest[c] = { ms, profile: `${profileName} seed ${k}` };
          }
        });
      }
    });
    compiled.forEach(({ label }, c) => {
      const t = times[c] ?? [];
      console.log(
        `${name} | ${schedule} | ${label} | p50 ${round(percentile(t, 50))} | p95 ${round(percentile(t, 95))} | max ${round(Math.max(...t))} ms (${slowest[c]?.profile}) | mean waste ${round((waste[c] ?? 0) / t.length, 1)} g | protein ${round((protein[c] ?? 0) / t.length, 1)} g`,
      );
    });
  }
}

console.log(
  'load',
  loadavg()
    .map((l) => round(l, 1))
    .join(' '),
);
if (which !== 'realistic') run('seed', SEED_PLANNER_RECIPES);
if (which !== 'seed') run('realistic', realisticCatalogueRecipes(5000));
console.log(
  'load',
  loadavg()
    .map((l) => round(l, 1))
    .join(' '),
);
