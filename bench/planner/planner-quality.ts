/**
 * Planner quality as a cook reads it (issue 22), on the seed catalogue and
 * on the realistic 5,000-recipe catalogue: for named personas, the share of
 * liked meals, protein per serving, distinct dishes, broken rules (dislike
 * leaks by food family, keto leaks, repeats, near-duplicates, main-protein
 * excess, cooking-time caps), fresh food per serving and waste against the
 * median of random valid plans and a greedy least-waste baseline, and the
 * overlap of four consecutive whole-week regenerates; the protein contrast
 * (High against Low) on one profile and over the bench profiles; the rules
 * broken over the 36 bench profiles. Writes
 * bench/results/planner-quality[-<label>].json.
 *
 *   npx tsx --conditions=source bench/planner/planner-quality.ts [label]
 */
import { loadavg } from 'node:os';

import {
  compileCatalogue,
  evaluatePlan,
  generatePlan,
  regeneratePlan,
} from '@platewise/planner';
import type {
  MealRef,
  PlannerCatalogue,
  PlannerProfile,
  PlannerRecipe,
} from '@platewise/planner';

import { median, writeResult } from '../lib/results.js';
import {
  PLANNER_ALLERGENS,
  PLANNER_FAMILIES,
  PLANNER_INGREDIENTS,
  SEED_PLANNER_RECIPES,
} from './catalogue.js';
import { PERSONAS, PROTEIN_PROBE } from './personas.js';
import { brokenCounts, PlanChecker } from './plan-checks.js';
import type { PlanChecks } from './plan-checks.js';
import { createPrng } from './prng.js';
import { benchProfiles, enabledSlots, SCHEDULES } from './profiles.js';
import { randomPlan, validRecipeIds } from './random-plans.js';
import { realisticCatalogueRecipes } from './realistic-catalogue.js';
import { mean, round } from './stats.js';

const label = process.argv[2] ?? '';
const RANDOM_PLANS = 50;
const GREEDY_SAMPLE = 150;

/** Greedy least-waste: each slot in time order takes the unused valid recipe adding least waste. */
function greedyLeastWaste(
  catalogue: PlannerCatalogue,
  profile: PlannerProfile,
): MealRef[] {
  const valid = validRecipeIds(catalogue, profile);
  const prng = createPrng(99);
  const meals: MealRef[] = [];
  const used = new Set<string>();
  for (const { day, slot } of enabledSlots(profile.schedule)) {
    let options = valid[slot].filter((id) => !used.has(id));
    if (options.length > GREEDY_SAMPLE) {
      options = prng.shuffle(options).slice(0, GREEDY_SAMPLE);
    }
    let best: string | undefined;
    let bestWaste = Number.POSITIVE_INFINITY;
    for (const recipeId of options) {
      const waste = evaluatePlan(
        catalogue,
        [...meals, { day, slot, recipeId }],
        profile.servingSize,
      ).totals.wasteGrams;
      if (waste < bestWaste) {
        bestWaste = waste;
        best = recipeId;
      }
    }
    if (best !== undefined) {
      used.add(best);
      meals.push({ day, slot, recipeId: best });
    }
  }
  return meals;
}

const overlap = (a: readonly MealRef[], b: readonly MealRef[]): number => {
  const ids = new Set(a.map((m) => m.recipeId));
  return b.length === 0
    ? 0
    : b.filter((m) => ids.has(m.recipeId)).length / b.length;
};

function summarise(checks: PlanChecks) {
  return {
    meals: checks.meals,
    distinct: checks.distinct,
    likedShare: round(checks.likedShare, 3),
    likeShares: Object.fromEntries(
      Object.entries(checks.likeShares).map(([k, v]) => [k, round(v, 3)]),
    ),
    proteinPerServing: round(checks.proteinPerServing, 1),
    meatMeals: checks.meatMeals,
    broken: brokenCounts(checks),
    freshGramsPerServing: round(checks.freshGramsPerServing, 0),
    wasteGrams: round(checks.wasteGrams, 0),
  };
}

function measureCatalogue(name: string, recipes: readonly PlannerRecipe[]) {
  const catalogue = compileCatalogue(
    PLANNER_INGREDIENTS,
    recipes,
    PLANNER_ALLERGENS,
    PLANNER_FAMILIES,
  );
  const checker = new PlanChecker(catalogue);
  const personas = PERSONAS.map(({ name: persona, profile }) => {
    const weeks: MealRef[][] = [];
    let plan = generatePlan({ catalogue, profile, locked: [], seed: 1 });
    const first = checker.check(profile, plan.meals);
    weeks.push([...plan.meals]);
    for (let k = 1; k < 4; k += 1) {
      plan = regeneratePlan({
        catalogue,
        profile,
        locked: [],
        seed: 1 + k,
        previous: plan.meals,
      });
      weeks.push([...plan.meals]);
    }
    const consecutive = [1, 2, 3].map((k) =>
      overlap(weeks[k - 1] ?? [], weeks[k] ?? []),
    );
    const inAllFour = [...new Set(weeks[0]?.map((m) => m.recipeId))].filter(
      (id) => weeks.every((w) => w.some((m) => m.recipeId === id)),
    ).length;
    const valid = validRecipeIds(catalogue, profile);
    const randoms = Array.from({ length: RANDOM_PLANS }, (_, i) =>
      checker.check(profile, randomPlan(valid, profile, i + 1)),
    );
    const greedy = checker.check(profile, greedyLeastWaste(catalogue, profile));
    return {
      persona,
      week: summarise(first),
      regenerates: {
        meanOverlapWithPrevious: round(mean(consecutive), 3),
        maxOverlapWithPrevious: round(Math.max(...consecutive), 3),
        dishesInAllFourWeeks: inAllFour,
        distinctOverFourWeeks: new Set(weeks.flat().map((m) => m.recipeId))
          .size,
      },
      random: {
        medianFreshGramsPerServing: round(
          median(randoms.map((r) => r.freshGramsPerServing)),
          0,
        ),
        medianWasteGrams: round(median(randoms.map((r) => r.wasteGrams)), 0),
        medianLikedShare: round(median(randoms.map((r) => r.likedShare)), 3),
      },
      greedyWasteGrams: round(greedy.wasteGrams, 0),
      greedyFreshGramsPerServing: round(greedy.freshGramsPerServing, 0),
    };
  });

  const proteinOf = (profile: PlannerProfile, seed: number) =>
    checker.check(
      profile,
      generatePlan({ catalogue, profile, locked: [], seed }).meals,
    ).proteinPerServing;
  const probe = Object.fromEntries(
    (['high', 'medium', 'low'] as const).map((level) => [
      level,
      round(
        mean(
          [1, 2, 3].map((seed) =>
            proteinOf({ ...PROTEIN_PROBE, proteinLevel: level }, seed),
          ),
        ),
        1,
      ),
    ]),
  );
  const full = SCHEDULES['full week (21)'] ?? [];
  const omnivores = benchProfiles(36)
    .map(({ profile }) => ({ ...profile, schedule: full }))
    .filter(
      (profile) => profile.diet === 'none' || profile.diet === 'gluten-free',
    );
  const byLevel = Object.fromEntries(
    (['high', 'low'] as const).map((level) => [
      level,
      round(
        mean(
          omnivores.map((profile, i) =>
            proteinOf({ ...profile, proteinLevel: level }, i + 1),
          ),
        ),
        1,
      ),
    ]),
  );

  // Rules broken over the bench profiles (every diet and schedule).
  const broken = {
    repeats: 0,
    nearDuplicates: 0,
    proteinDayExcess: 0,
    proteinWeekExcess: 0,
    timeOver: 0,
    weekendTimeOver: 0,
    dislikeLeaks: 0,
    ketoLeaks: 0,
  };
  let meals = 0;
  let forced = 0;
  let freshRatioBelowRandom = 0;
  // Below the random median where no week keeping the cooking-time caps
  // reaches it (PlanChecker.freshBound): forced, not missed.
  const freshBelowForced: string[] = [];
  const freshBelowMissed: string[] = [];
  const brokenBy: { profile: string; broken: Record<string, number> }[] = [];
  const profiles = benchProfiles(36);
  for (const [i, { name: profileName, profile }] of profiles.entries()) {
    const plan = generatePlan({ catalogue, profile, locked: [], seed: i + 1 });
    const checks = checker.check(profile, plan.meals);
    meals += checks.meals;
    forced += checks.forced;
    const counts = brokenCounts(checks);
    for (const key of Object.keys(broken) as (keyof typeof broken)[]) {
      broken[key] += counts[key] ?? 0;
    }
    if (Object.values(counts).some((count) => count > 0)) {
      brokenBy.push({ profile: profileName, broken: counts });
    }
    const valid = validRecipeIds(catalogue, profile);
    const randomFresh = median(
      Array.from(
        { length: 21 },
        (_, k) =>
          checker.check(profile, randomPlan(valid, profile, k + 1))
            .freshGramsPerServing,
      ),
    );
    if (checks.freshGramsPerServing < randomFresh - 1e-9) {
      freshRatioBelowRandom += 1;
      // Forced when no week keeping the rules reaches the median: the
      // bound under the cooking-time caps says so at once, the search over
      // every rule where it does not.
      const bound = checker.freshBound(profile, plan.meals);
      const reachable =
        bound < randomFresh - 1e-9
          ? false
          : checker.freshReachable(profile, plan.meals, randomFresh);
      (reachable === false ? freshBelowForced : freshBelowMissed).push(
        `${profileName}: ${round(checks.freshGramsPerServing, 1)} g against ${round(randomFresh, 1)} g (${reachable === false ? 'no valid alternative: no week keeping the rules reaches it' : reachable === true ? 'a week keeping the rules reaches it' : 'not settled'})`,
      );
    }
  }
  const result = {
    catalogue: name,
    recipes: recipes.length,
    personas,
    proteinProbe: probe,
    proteinByLevelOverBenchProfiles: {
      ...byLevel,
      highOverLow: round((byLevel.high ?? 0) / (byLevel.low || 1), 2),
    },
    benchProfiles: {
      profiles: profiles.length,
      meals,
      broken,
      // Repeats, near-duplicates and cooking times over their cap that no
      // week of the profile's slots can avoid (not counted in broken).
      forcedByCatalogue: forced,
      brokenBy,
      profilesWithLessFreshFoodThanRandomMedian: freshRatioBelowRandom,
      freshBelowMedianNoValidAlternative: freshBelowForced,
      freshBelowMedianMissed: freshBelowMissed,
    },
  };
  console.log(JSON.stringify(result, null, 1));
  return result;
}

const loadBefore = loadavg();
const seed = measureCatalogue('seed', SEED_PLANNER_RECIPES);
const realistic = measureCatalogue(
  'realistic 5,000',
  realisticCatalogueRecipes(5000),
);
writeResult(`planner-quality${label === '' ? '' : `-${label}`}`, {
  loadAverage: {
    before: loadBefore.map((l) => round(l)),
    after: loadavg().map((l) => round(l)),
  },
  catalogues: [seed, realistic],
});
