/**
 * Planner CPU time on the small catalogues of the optimum instances
 * (optimum-instances.ts: 7 dinners from 40 recipes and 14 lunches and
 * dinners from 60, seeds 1 to 8; 21 meals from 90, seeds 1 to 4), where the
 * package pass runs (catalogues of at most 150 recipes): this tree's planner
 * against an earlier copy (PLANNER_BEFORE=path to its src/index.ts), call by
 * call, alternating, both phases (least-waste alone and delivered). The
 * first of three rounds warms up and gives the wastes; the other two the
 * times. Prints, writes nothing.
 *
 *   PLANNER_BEFORE=$PWD/bench/planner/.before/src/index.ts \
 *     npx tsx --conditions=source bench/planner/small-catalogue-speed.ts
 */
import { loadavg } from 'node:os';

import * as after from '@platewise/planner';

import { buildCase } from './optimum-instances.js';
import type { InstanceKind } from './optimum-instances.js';
const before = (await import(process.env.PLANNER_BEFORE ?? '')) as typeof after;
const cases: [InstanceKind, number][] = [];
for (const k of [
  '7 dinners from 40',
  '14 lunches and dinners from 60',
] as InstanceKind[])
  for (let s = 1; s <= 8; s += 1) cases.push([k, s]);
for (let s = 1; s <= 4; s += 1) cases.push(['21 meals from 90', s]);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const times: Record<string, number[]> = {};
const waste: Record<string, number[]> = {};
console.log(
  'load',
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' '),
);
for (let rep = 0; rep < 3; rep += 1) {
  for (const [kind, seed] of cases) {
    const { profile, instance } = buildCase(kind, seed);
    for (const [name, p] of [
      ['before', before],
      ['after', after],
    ] as const) {
      for (const margin of [0, undefined]) {
        const key = `${kind.slice(0, 2)} ${name} ${margin === 0 ? 'least-waste' : 'delivered'}`;
        const t = cpu();
        const plan = p.generatePlan({
          catalogue: instance.catalogue,
          profile,
          locked: [],
          seed,
          ...(margin === 0 ? { weights: { wasteMarginPercent: 0 } } : {}),
        });
        const ms = cpu() - t;
        if (rep > 0) (times[key] ??= []).push(ms);
        if (rep === 0)
          (waste[key] ??= []).push(Math.round(plan.waste.wasteGrams * 10) / 10);
      }
    }
  }
}
const q = (xs: number[], f: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(f * s.length) - 1)] ?? 0;
};
for (const [key, xs] of Object.entries(times))
  console.log(
    `${key} | p50 ${q(xs, 0.5).toFixed(1)} | p95 ${q(xs, 0.95).toFixed(1)} | max ${Math.max(...xs).toFixed(1)} ms | waste ${waste[key]?.join(' ')}`,
  );
console.log(
  'load',
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' '),
);
