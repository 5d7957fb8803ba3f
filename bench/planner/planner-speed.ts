/**
 * Planner speed: p50 and p95 per weekly plan of 21 slots on the seed
 * catalogue and on a 5,000-recipe catalogue derived from it, and per
 * one-meal regeneration, over varied profiles and seeds. The catalogue is
 * compiled once, outside the timed loop, as the server does; its compile
 * time is reported separately. Target: p95 under 50 ms at 5,000 recipes.
 * Writes bench/results/planner-speed.json and the speed table of
 * bench/README.md.
 *
 *   npx tsx --conditions=source bench/planner/planner-speed.ts [plans]
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
import { DAYS, MEAL_SLOTS } from '@platewise/shared';

import { writeResult } from '../lib/results.js';
import {
  deriveCatalogueRecipes,
  PLANNER_ALLERGENS,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { createPrng } from './prng.js';
import { benchProfiles, SCHEDULES } from './profiles.js';
import { writeReadmeSection } from './readme-section.js';
import { percentile, round } from './stats.js';

const plans = Number(process.argv[2] ?? 200);
const TARGET_P95_MS = 50;
const FULL_WEEK = SCHEDULES['full week (21)'] ?? [];

/** Varied profiles, all on the full 21-slot week. */
const profiles: PlannerProfile[] = benchProfiles(30).map(({ profile }) => ({
  ...profile,
  schedule: FULL_WEEK,
}));

interface Timings {
  readonly generate: number[];
  /** CPU time of the same calls: what a busy machine does not inflate. */
  readonly generateCpu: number[];
  readonly regenerateOne: number[];
  readonly filledSlots: number[];
}

function timeCatalogue(catalogue: PlannerCatalogue, count: number): Timings {
  const timings: Timings = {
    generate: [],
    generateCpu: [],
    regenerateOne: [],
    filledSlots: [],
  };
  const prng = createPrng(7);
  // Warm-up: JIT and lazily built indexes, not timed.
  for (let i = 0; i < 10; i += 1) {
    const profile = profiles[i % profiles.length] as PlannerProfile;
    generatePlan({ catalogue, profile, locked: [], seed: i });
  }
  for (let i = 0; i < count; i += 1) {
    const profile = profiles[i % profiles.length] as PlannerProfile;
    const seed = 1000 + i;
    const cpuStarted = process.cpuUsage();
    let started = performance.now();
    const plan = generatePlan({ catalogue, profile, locked: [], seed });
    timings.generate.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuStarted);
    timings.generateCpu.push((cpu.user + cpu.system) / 1000);
    timings.filledSlots.push(plan.meals.length);
    const target = plan.meals[prng.int(plan.meals.length)];
    if (target === undefined) continue;
    started = performance.now();
    regenerateMeal({
      catalogue,
      profile,
      locked: [],
      seed,
      current: plan.meals,
      day: target.day,
      slot: target.slot,
    });
    timings.regenerateOne.push(performance.now() - started);
  }
  return timings;
}

function measure(name: string, recipes: readonly PlannerRecipe[]) {
  const started = performance.now();
  const catalogue = compileCatalogue(
    PLANNER_INGREDIENTS,
    recipes,
    PLANNER_ALLERGENS,
  );
  const compileMs = performance.now() - started;
  const timings = timeCatalogue(catalogue, plans);
  const summary = (values: readonly number[]) => ({
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    maxMs: round(Math.max(...values)),
  });
  const result = {
    catalogue: name,
    recipes: recipes.length,
    compileMs: round(compileMs),
    plans: timings.generate.length,
    meanFilledSlots: round(
      timings.filledSlots.reduce((a, b) => a + b, 0) /
        timings.filledSlots.length,
      1,
    ),
    generate: summary(timings.generate),
    generateCpu: summary(timings.generateCpu),
    regenerateOne: summary(timings.regenerateOne),
  };
  console.log(result);
  return result;
}

// Other work on the machine slows the timings: record how busy it was.
const loadBefore = loadavg()[0] ?? 0;
const deriveStarted = performance.now();
const large = deriveCatalogueRecipes(5000);
const deriveMs = performance.now() - deriveStarted;

const seed = measure('seed', SEED_PLANNER_RECIPES);
const derived = measure('derived 5,000', large);
const meetsTarget = derived.generate.p95Ms < TARGET_P95_MS;

const loadAfter = loadavg()[0] ?? 0;
writeResult('planner-speed', {
  loadAverage1m: { before: round(loadBefore), after: round(loadAfter) },
  slotsPerPlan: DAYS.length * MEAL_SLOTS.length,
  profiles: profiles.length,
  targetP95Ms: TARGET_P95_MS,
  meetsTarget,
  deriveCatalogueMs: round(deriveMs),
  catalogues: [seed, derived],
});

const row = (r: typeof seed, what: 'generate' | 'regenerateOne') =>
  `| ${r.catalogue} (${r.recipes.toLocaleString('en-GB')}) | ${what === 'generate' ? 'weekly plan (21 slots)' : 'one-meal regeneration'} | ${r[what].p50Ms} ms | ${r[what].p95Ms} ms | ${r[what].maxMs} ms |`;
writeReadmeSection(
  'planner-speed',
  [
    '| catalogue (recipes) | operation | p50 | p95 | max |',
    '| --- | --- | --- | --- | --- |',
    row(seed, 'generate'),
    row(seed, 'regenerateOne'),
    row(derived, 'generate'),
    row(derived, 'regenerateOne'),
    `| ${derived.catalogue} (${derived.recipes.toLocaleString('en-GB')}) | weekly plan, CPU time | ${derived.generateCpu.p50Ms} ms | ${derived.generateCpu.p95Ms} ms | ${derived.generateCpu.maxMs} ms |`,
    '',
    `Compile once per catalogue version (not timed above): ${seed.compileMs} ms for the seed catalogue, ${derived.compileMs} ms for 5,000 recipes. ${plans} plans per catalogue over ${profiles.length} profiles. Target p95 < ${TARGET_P95_MS} ms at 5,000 recipes: ${meetsTarget ? 'met' : `**missed** (${derived.generate.p95Ms} ms)`}. One-minute load average ${round(loadBefore, 1)} before and ${round(loadAfter, 1)} after the run.`,
  ].join('\n'),
);
