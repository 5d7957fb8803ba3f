/**
 * Planner speed in CPU time (process.cpuUsage around each call, one thread:
 * the planner runs synchronously), per schedule class (the full week of 21
 * slots, 14 lunches and dinners, 7 dinners, 5 weekday dinners) over 30
 * varied profiles and two seeds each, on the seed catalogue and on the
 * realistic 5,000-recipe catalogue (realistic-catalogue.ts), plus one-meal
 * regeneration. The catalogue is compiled once, outside the timed loop, as
 * the server does. Targets: p95 < 50 ms and max < 150 ms of CPU for every
 * class on both catalogues. Records the machine's load (os.loadavg, as
 * `uptime` shows it) before and after. Writes
 * bench/results/planner-speed[-<label>].json and the speed table of
 * bench/README.md.
 *
 *   npx tsx --conditions=source bench/planner/planner-speed.ts [seeds] [label]
 */
import { loadavg } from 'node:os';

import {
  compileCatalogue,
  generatePlan,
  regenerateMeal,
} from '@platewise/planner';
import type {
  PlannerCatalogue,
  PlannerProfile,
  PlannerRecipe,
} from '@platewise/planner';

import { writeResult } from '../lib/results.js';
import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { createPrng } from './prng.js';
import { benchProfiles, SCHEDULES } from './profiles.js';
import { writeReadmeSection } from './readme-section.js';
import { realisticCatalogueRecipes } from './realistic-catalogue.js';
import { percentile, round } from './stats.js';

const seedsPerProfile = Number(process.argv[2] ?? 2);
const label = process.argv[3] ?? '';
const TARGET_P95_MS = 50;
const TARGET_MAX_MS = 150;
const CLASSES = [
  'full week (21)',
  'lunch and dinner (14)',
  'dinners (7)',
  'weekday dinners (5)',
] as const;

const baseProfiles = benchProfiles(30);

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

interface ClassTiming {
  readonly schedule: string;
  readonly plans: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  readonly slowestProfile: string;
  readonly meetsTarget: boolean;
}

function timeClass(catalogue: PlannerCatalogue, schedule: string): ClassTiming {
  const times: number[] = [];
  let slowest = { ms: -1, profile: '' };
  baseProfiles.forEach(({ name, profile }, p) => {
    const withSchedule: PlannerProfile = {
      ...profile,
      schedule: SCHEDULES[schedule] ?? [],
    };
    for (let k = 0; k < seedsPerProfile; k += 1) {
      const started = process.cpuUsage();
      generatePlan({
        catalogue,
        profile: withSchedule,
        locked: [],
        seed: 1000 + p * 7 + k,
      });
      const ms = cpuMs(started);
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, profile: name };
    }
  });
  const p95 = percentile(times, 95);
  const max = Math.max(...times);
  return {
    schedule,
    plans: times.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(p95),
    maxMs: round(max),
    slowestProfile: slowest.profile,
    meetsTarget: p95 < TARGET_P95_MS && max < TARGET_MAX_MS,
  };
}

function timeRegenerateOne(catalogue: PlannerCatalogue) {
  const prng = createPrng(7);
  const times: number[] = [];
  baseProfiles.forEach(({ profile }, p) => {
    const full = { ...profile, schedule: SCHEDULES['full week (21)'] ?? [] };
    const plan = generatePlan({
      catalogue,
      profile: full,
      locked: [],
      seed: p,
    });
    const target = plan.meals[prng.int(plan.meals.length)];
    if (target === undefined) return;
    const started = process.cpuUsage();
    regenerateMeal({
      catalogue,
      profile: full,
      locked: [],
      seed: p,
      current: plan.meals,
      day: target.day,
      slot: target.slot,
    });
    times.push(cpuMs(started));
  });
  return {
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(Math.max(...times)),
  };
}

function measure(name: string, recipes: readonly PlannerRecipe[]) {
  const started = process.cpuUsage();
  const catalogue = compileCatalogue(
    PLANNER_INGREDIENTS,
    recipes,
    PLANNER_ALLERGENS,
    PLANNER_FAMILIES,
  );
  const compileMs = cpuMs(started);
  // Warm-up: JIT, not timed.
  for (let i = 0; i < 6; i += 1) {
    const { profile } = baseProfiles[i] ?? { profile: undefined };
    if (profile !== undefined) {
      generatePlan({ catalogue, profile, locked: [], seed: i });
    }
  }
  const classes = CLASSES.map((schedule) => {
    const timing = timeClass(catalogue, schedule);
    console.log(name, timing);
    return timing;
  });
  return {
    catalogue: name,
    recipes: recipes.length,
    compileCpuMs: round(compileMs),
    classes,
    regenerateOne: timeRegenerateOne(catalogue),
  };
}

const loadBefore = loadavg();
const seed = measure('seed', SEED_PLANNER_RECIPES);
const realistic = measure('realistic 5,000', realisticCatalogueRecipes(5000));
const loadAfter = loadavg();
const meetsTarget = [seed, realistic].every((c) =>
  c.classes.every((k) => k.meetsTarget),
);
writeResult(`planner-speed${label === '' ? '' : `-${label}`}`, {
  clock: 'CPU time of the process (user + system) around each call',
  loadAverage: {
    before: loadBefore.map((l) => round(l)),
    after: loadAfter.map((l) => round(l)),
  },
  profiles: baseProfiles.length,
  seedsPerProfile,
  targetP95Ms: TARGET_P95_MS,
  targetMaxMs: TARGET_MAX_MS,
  meetsTarget,
  catalogues: [seed, realistic],
});

if (label === '') {
  writeReadmeSection(
    'planner-speed',
    [
      '| catalogue (recipes) | schedule | plans | p50 CPU | p95 CPU | max CPU | target met |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...[seed, realistic].flatMap((c) =>
        c.classes.map(
          (k) =>
            `| ${c.catalogue} (${c.recipes.toLocaleString('en-GB')}) | ${k.schedule} | ${k.plans} | ${k.p50Ms} ms | ${k.p95Ms} ms | ${k.maxMs} ms | ${k.meetsTarget ? 'yes' : '**no**'} |`,
        ),
      ),
      ...[seed, realistic].map(
        (c) =>
          `| ${c.catalogue} (${c.recipes.toLocaleString('en-GB')}) | one-meal regeneration | ${baseProfiles.length} | ${c.regenerateOne.p50Ms} ms | ${c.regenerateOne.p95Ms} ms | ${c.regenerateOne.maxMs} ms | |`,
      ),
      '',
      `CPU time per call (process.cpuUsage), ${baseProfiles.length} profiles × ${seedsPerProfile} seeds per schedule. Compile once per catalogue version (not timed above): ${seed.compileCpuMs} ms for the seed catalogue, ${realistic.compileCpuMs} ms for 5,000 recipes. Targets p95 < ${TARGET_P95_MS} ms and max < ${TARGET_MAX_MS} ms: ${meetsTarget ? 'met' : '**missed**'}. Load average (1, 5, 15 min) ${loadBefore.map((l) => round(l, 1)).join(', ')} before and ${loadAfter.map((l) => round(l, 1)).join(', ')} after the run.`,
    ].join('\n'),
  );
}
