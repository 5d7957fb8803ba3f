/**
 * The before/after tables of issue 22 in bench/README.md, from the results
 * files. The first pass: planner-quality-before.json and
 * planner-speed-before.json (main's planner, measured by the same scripts)
 * against planner-quality-pass1.json and planner-speed-pass1.json (section
 * planner-quality). The second pass (`pass2`): planner-quality-before-pass2
 * and planner-speed-before-pass2 (the first pass's planner, measured by the
 * second pass's scripts) against planner-quality.json and planner-speed.json
 * (section planner-quality-pass2). The third pass (`pass3`): the second
 * pass's planner (planner-quality-before-pass3: the second pass's final
 * planner-quality.json, same planner code; planner-speed-before-pass3 run
 * again beside the third pass's) against planner-quality-pass3 and
 * planner-speed-pass3 (section planner-quality-pass3).
 *
 *   npx tsx bench/planner/quality-readme.ts [pass2|pass3]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { writeReadmeSection } from './readme-section.js';

const read = (name: string): unknown =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../results/${name}.json`, import.meta.url)),
      'utf8',
    ),
  );

interface Persona {
  persona: string;
  week: {
    distinct: number;
    likedShare: number;
    likeShares: Record<string, number>;
    proteinPerServing: number;
    meatMeals?: number;
    broken: Record<string, number>;
    freshGramsPerServing: number;
    wasteGrams: number;
  };
  regenerates: {
    maxOverlapWithPrevious: number;
    dishesInAllFourWeeks: number;
    distinctOverFourWeeks: number;
  };
  random: { medianFreshGramsPerServing: number; medianWasteGrams: number };
  greedyWasteGrams: number;
}
interface Catalogue {
  catalogue: string;
  personas: Persona[];
  proteinProbe: Record<string, number>;
  proteinByLevelOverBenchProfiles: Record<string, number>;
  benchProfiles: {
    meals: number;
    broken: Record<string, number>;
    profilesWithLessFreshFoodThanRandomMedian: number;
  };
}
interface Quality {
  loadAverage: { before: number[] };
  catalogues: Catalogue[];
}
interface Speed {
  loadAverage: { before: number[] };
  catalogues: {
    catalogue: string;
    classes: { schedule: string; p95Ms: number; maxMs: number }[];
  }[];
}

const pass = process.argv[2] ?? '';
const pass2 = pass === 'pass2' || pass === 'pass3';
const files: Record<string, [string, string, string, string]> = {
  '': [
    'planner-quality-before',
    'planner-quality-pass1',
    'planner-speed-before',
    'planner-speed-pass1',
  ],
  pass2: [
    'planner-quality-before-pass2',
    'planner-quality',
    'planner-speed-before-pass2',
    'planner-speed',
  ],
  pass3: [
    'planner-quality-before-pass3',
    'planner-quality-pass3',
    'planner-speed-before-pass3',
    'planner-speed-pass3',
  ],
};
const [qualityBeforeFile, qualityAfterFile, speedBeforeFile, speedAfterFile] =
  files[pass] ?? files[''] ?? ['', '', '', ''];
const before = read(qualityBeforeFile) as Quality;
const after = read(qualityAfterFile) as Quality;
const speedBefore = read(speedBeforeFile) as Speed;
const speedAfter = read(speedAfterFile) as Speed;
const pct = (x: number) => `${Math.round(x * 100)} %`;
const sum = (r: Record<string, number>) =>
  Object.values(r).reduce((a, b) => a + b, 0);
const brokenText = (r: Record<string, number>) =>
  Object.entries(r)
    .filter(([, v]) => v > 0)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

const lines: string[] = [];
for (const [c, cat] of after.catalogues.entries()) {
  const old = before.catalogues[c];
  if (old === undefined) continue;
  lines.push(
    `**${cat.catalogue} catalogue**, one week of 21 meals for two per person (before → after):`,
    '',
    `| person | liked meals (per like) | protein / serving${pass2 ? ' | meat or fish meals' : ''} | rules broken | fresh g / serving (random median) | waste (random median; greedy least-waste) | regenerates: max overlap, dishes in all 4 weeks |`,
    `| --- | --- | --- | --- | --- | --- | --- |${pass2 ? ' --- |' : ''}`,
  );
  for (const [p, now] of cat.personas.entries()) {
    const was = old.personas[p];
    if (was === undefined) continue;
    const likes = (x: Persona) =>
      `${pct(x.week.likedShare)}${
        Object.keys(x.week.likeShares).length === 0
          ? ''
          : ` (${Object.entries(x.week.likeShares)
              .map(([k, v]) => `${k} ${pct(v)}`)
              .join(', ')})`
      }`;
    lines.push(
      `| ${now.persona} | ${likes(was)} → ${likes(now)} | ${was.week.proteinPerServing} → ${now.week.proteinPerServing} g${pass2 ? ` | ${was.week.meatMeals ?? '?'} → ${now.week.meatMeals ?? '?'}` : ''} | ${brokenText(was.week.broken)} → ${brokenText(now.week.broken)} | ${was.week.freshGramsPerServing} → ${now.week.freshGramsPerServing} (${now.random.medianFreshGramsPerServing}) | ${was.week.wasteGrams} → ${now.week.wasteGrams} g (${now.random.medianWasteGrams}; ${now.greedyWasteGrams}) | ${pct(was.regenerates.maxOverlapWithPrevious)}, ${was.regenerates.dishesInAllFourWeeks} → ${pct(now.regenerates.maxOverlapWithPrevious)}, ${now.regenerates.dishesInAllFourWeeks} |`,
    );
  }
  lines.push(
    '',
    `Protein per serving, same profile with only the level changed: High ${old.proteinProbe.high} / Medium ${old.proteinProbe.medium} / Low ${old.proteinProbe.low} g before, ${cat.proteinProbe.high} / ${cat.proteinProbe.medium} / ${cat.proteinProbe.low} g after; over the omnivore bench profiles High ÷ Low ${old.proteinByLevelOverBenchProfiles.highOverLow} before, ${cat.proteinByLevelOverBenchProfiles.highOverLow} after (target ≥ 1.3 on the seed catalogue).`,
    `Over the 36 bench profiles (${cat.benchProfiles.meals} meals): rules broken ${sum(old.benchProfiles.broken)} (${brokenText(old.benchProfiles.broken)}) before, ${sum(cat.benchProfiles.broken)} (${brokenText(cat.benchProfiles.broken)}) after; profiles buying less fresh food per serving than the median random plan ${old.benchProfiles.profilesWithLessFreshFoodThanRandomMedian} before, ${cat.benchProfiles.profilesWithLessFreshFoodThanRandomMedian} after.`,
    '',
  );
}
lines.push(
  '**Speed**, CPU p95 / max per plan (before → after):',
  '',
  '| catalogue | schedule | before | after |',
  '| --- | --- | --- | --- |',
);
for (const [c, cat] of speedAfter.catalogues.entries()) {
  for (const [k, cls] of cat.classes.entries()) {
    const was = speedBefore.catalogues[c]?.classes[k];
    lines.push(
      `| ${cat.catalogue} | ${cls.schedule} | ${was?.p95Ms ?? '?'} / ${was?.maxMs ?? '?'} ms | ${cls.p95Ms} / ${cls.maxMs} ms |`,
    );
  }
}
lines.push(
  '',
  `Load average (1, 5, 15 min) at the start: quality ${before.loadAverage.before.join(', ')} before, ${after.loadAverage.before.join(', ')} after; speed ${speedBefore.loadAverage.before.join(', ')} before, ${speedAfter.loadAverage.before.join(', ')} after.`,
);
writeReadmeSection(
  pass === '' ? 'planner-quality' : `planner-quality-${pass}`,
  lines.join('\n'),
);
