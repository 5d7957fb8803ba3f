/**
 * Likes through regenerated weeks: for people whose like has few valid
 * recipes (a vegan tofu lover who dislikes mushrooms: 10), a week of 21
 * meals for two and two whole-week regenerates after it, seeds 1 to 3, each
 * week read by plan-checks.ts (share of meals per like, protein a serving,
 * waste, rules broken). A regenerated week may keep at most a third of the
 * last one's dishes, so a like of few recipes is where it shows.
 * Writes bench/results/planner-regenerate-likes[-label].md.
 *
 *   npx tsx --conditions=source bench/planner/regenerate-likes.ts [label]
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { generatePlan, regeneratePlan } from '@platewise/planner';
import type { PlannerProfile, PlanResult } from '@platewise/planner';

import { compileSeedCatalogue } from './catalogue.js';
import { person } from './personas.js';
import { brokenCounts, PlanChecker } from './plan-checks.js';

const label = process.argv[2];
const SEEDS = [1, 2, 3];
const REGENERATES = 2;

const PEOPLE: readonly { name: string; profile: PlannerProfile }[] = [
  {
    name: 'vegan, High Protein, likes tofu and Indian, dislikes mushrooms',
    profile: person({
      diet: 'vegan',
      likes: ['tofu', 'Indian'],
      dislikes: ['mushrooms'],
      proteinLevel: 'high',
    }),
  },
  {
    name: 'vegan, High Protein, likes tofu and Indian',
    profile: person({
      diet: 'vegan',
      likes: ['tofu', 'Indian'],
      proteinLevel: 'high',
    }),
  },
  {
    name: 'vegetarian, likes pasta and Italian',
    profile: person({ diet: 'vegetarian', likes: ['pasta', 'Italian'] }),
  },
];

const catalogue = compileSeedCatalogue();
const checker = new PlanChecker(catalogue);
const load = loadavg()
  .map((value) => value.toFixed(1))
  .join(' ');

function cell(profile: PlannerProfile, plan: PlanResult): string {
  const checks = checker.check(profile, plan.meals);
  const shares = Object.entries(checks.likeShares)
    .map(([like, share]) => `${like} ${Math.round(share * 100)} %`)
    .join(', ');
  const broken = Object.values(brokenCounts(checks)).reduce(
    (sum, count) => sum + count,
    0,
  );
  return `${shares}; ${checks.proteinPerServing.toFixed(1)} g; ${Math.round(checks.wasteGrams)} g waste${broken > 0 ? `; ${broken} broken` : ''}`;
}

const lines = [
  `# Likes through regenerated weeks${label ? ` (${label})` : ''}`,
  '',
  `\`bench/planner/regenerate-likes.ts\`, ${new Date().toISOString()}, seed catalogue, 21 meals for two; load ${load}.`,
  'Each cell: share of meals per like; protein a serving; waste.',
  '',
  '| person | seed | first week | regenerated | regenerated again |',
  '| --- | --- | --- | --- | --- |',
];
for (const { name, profile } of PEOPLE) {
  for (const seed of SEEDS) {
    let plan = generatePlan({ catalogue, profile, locked: [], seed });
    const cells = [cell(profile, plan)];
    for (let round = 1; round <= REGENERATES; round += 1) {
      plan = regeneratePlan({
        catalogue,
        profile,
        locked: [],
        seed: seed + 100 * round,
        previous: plan.meals,
      });
      cells.push(cell(profile, plan));
    }
    lines.push(`| ${name} | ${seed} | ${cells.join(' | ')} |`);
  }
}
const text = `${lines.join('\n')}\n`;
const path = fileURLToPath(
  new URL(
    `../results/planner-regenerate-likes${label ? `-${label}` : ''}.md`,
    import.meta.url,
  ),
);
writeFileSync(path, text);
process.stdout.write(text);
