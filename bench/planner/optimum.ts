/**
 * The exact optimum of the planner's waste model on a small instance, as a
 * mixed-integer linear programme solved by HiGHS (the `highs` package,
 * benchmark only), from scratch: no menu of the planner is given to it, so
 * its best menu and its proven bound are its own.
 *
 * The model (grams per meal, package sizes and shelf lives read through the
 * planner, so both sides share one waste model):
 *
 * - x[r] = 1 when candidate r is on the menu (so each recipe at most once);
 *   continuous a[r,s] ≥ 0 assign the chosen recipes to the slots they may
 *   fill, Σ_s a[r,s] = x[r] and Σ_r a[r,s] = 1. For integral x that is a
 *   transportation problem, whose vertices are integral, so a menu exists
 *   exactly when the LP does: no slot-level binaries and none of their
 *   symmetric optima.
 * - A perishable whose uses can all share one package (it keeps across all the
 *   meal days, or only one candidate uses it) costs the same wherever its
 *   recipes go: its waste depends only on which recipes are chosen. With at
 *   most SUBSET_MAX_RECIPES users, λ[i,S] ≥ 0 over the subsets S of its users
 *   with Σ_S λ = 1 and Σ_{S∋r} λ = x[r] cost ⌈grams(S)/package⌉ packages: for
 *   integral x the only λ is the chosen set's, and for fractional x it is the
 *   convex hull of the ingredient's own problem. With more users, integer
 *   packages k[i] ≥ grams / package and k[i] ≥ ⌈grams of r / package⌉ x[r].
 * - Only recipes using a perishable that must be bought twice when its uses
 *   are far apart ("timed" ingredients) get day binaries z[r,d], with
 *   Σ_{s on d} a[r,s] = z[r,d]. A timed ingredient buys integer packages
 *   p[i,b] on day b and sends flows f[i,b,d] ≥ 0 to the grams used on days
 *   b ≤ d ≤ b + L_i (the planner's rule: bought Monday with L = 2, usable to
 *   Wednesday), Σ_b f[i,b,d] = grams used on d, Σ_d f[i,b,d] ≤ package ·
 *   p[i,b].
 * - Objective: grams bought minus grams used, i.e. waste.
 *
 * Strengthenings, all valid for integral solutions, which the LP relaxation
 * (fractional packages waste nothing) would otherwise lack:
 * - window cuts: a meal using i on day d needs ⌈its grams / package⌉
 *   packages bought in [d − L, d];
 * - recipe cuts: a chosen recipe using i needs as many packages bought at all;
 * - a timed ingredient costs at least what it would cost if it kept all week
 *   (a longer life only lets more uses share): the subset hull above, or,
 *   with many users, the hull over how many recipes of each gram amount use
 *   it, bounds its packages from below.
 *
 * HiGHS's LP format does not sum a variable repeated in a row, so
 * coefficients are aggregated first.
 */
import { evaluatePlan } from '@platewise/planner';
import type { MealRef, PlannerCatalogue } from '@platewise/planner';
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';
import highsModule from 'highs';
import type { Highs } from 'highs';

// The planner's own life of a perishable (days a package serves after the
// day it is bought); not exported by the package, read from its index.
import { indexOf } from '../../packages/planner/src/catalogue.js';

export type HighsSolver = Highs;

/**
 * Loads the HiGHS WebAssembly solver. The package's types describe its
 * CommonJS build, whose default export TypeScript sees under `.default` when
 * imported from ESM, while Node loads its ESM build with the loader as the
 * default export: accept both.
 */
export function loadHighs(): Promise<Highs> {
  const loader =
    (highsModule as unknown as { default?: typeof highsModule.default })
      .default ?? (highsModule as unknown as typeof highsModule.default);
  return loader();
}

export interface OptimumSlot {
  readonly day: Day;
  readonly slot: MealSlot;
}

export interface OptimumInstance {
  /** A catalogue holding only the candidate recipes. */
  readonly catalogue: PlannerCatalogue;
  readonly slots: readonly OptimumSlot[];
  /** Each candidate with the slot indexes it may fill (hard constraints already applied). */
  readonly candidates: readonly {
    readonly recipeId: string;
    readonly slots: readonly number[];
  }[];
  readonly servingSize: number;
}

export interface OptimumResult {
  /** HiGHS's model status: 'Optimal', 'Time limit reached', … */
  readonly status: string;
  /** True only when HiGHS closed the gap (status Optimal). */
  readonly proven: boolean;
  /** Waste of the best menu HiGHS found (its objective), grams; NaN when none. */
  readonly wasteGrams: number;
  /** The least waste HiGHS proved possible (its dual bound), grams. */
  readonly lowerBoundGrams: number;
  /** HiGHS's relative MIP gap, (best − bound) / best. */
  readonly mipGap: number;
  /** The best menu found (empty when none). */
  readonly meals: readonly MealRef[];
  readonly variables: number;
  readonly integerVariables: number;
  readonly constraints: number;
  /** Wall time of HiGHS's run. */
  readonly solveMs: number;
  /** CPU time of the process during HiGHS's run (one thread: WebAssembly). */
  readonly cpuMs: number;
  /** Branch-and-bound nodes. */
  readonly nodes: number;
  /** Wall time at which the best menu was found (null: none found). */
  readonly bestFoundMs: number | null;
}

/** Subset enumeration up to this many users of one ingredient (2^n columns). */
const SUBSET_MAX_RECIPES = 10;
/** Gram-class count vectors enumerated per ingredient at most. */
const CLASS_VECTORS_MAX = 4000;
const EPSILON = 1e-9;

/** A number as LP text: no exponent, enough digits for grams. */
const num = (value: number): string => {
  const text = value.toFixed(6).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
};

type Terms = readonly (readonly [string, number])[];

/** Sums repeated variables into one coefficient each: LP format does not. */
function linear(terms: Terms): string {
  const summed = new Map<string, number>();
  for (const [name, coefficient] of terms) {
    summed.set(name, (summed.get(name) ?? 0) + coefficient);
  }
  const text = [...summed]
    .filter(([, coefficient]) => Math.abs(coefficient) > 1e-9)
    .map(([name, coefficient]) =>
      coefficient < 0
        ? ` - ${num(-coefficient)} ${name}`
        : ` + ${num(coefficient)} ${name}`,
    )
    .join('');
  return text === '' ? ' 0 x_none' : text;
}

/** One perishable the candidates use, with each user's grams. */
interface Perishable {
  readonly id: string;
  readonly packageGrams: number;
  /** Days a package serves after its purchase day. */
  readonly lifeDays: number;
  /** Candidate index → grams one meal uses at the profile's serving size. */
  readonly users: ReadonlyMap<number, number>;
}

/** The perishables of the candidates, read through evaluatePlan of one-meal menus. */
function perishablesOf(instance: OptimumInstance): Perishable[] {
  const { catalogue, slots, candidates, servingSize } = instance;
  const index = indexOf(catalogue);
  const byId = new Map<
    string,
    { packageGrams: number; lifeDays: number; users: Map<number, number> }
  >();
  candidates.forEach((candidate, r) => {
    const slot = slots[candidate.slots[0] ?? -1];
    if (slot === undefined) return;
    const { purchases } = evaluatePlan(
      catalogue,
      [{ day: slot.day, slot: slot.slot, recipeId: candidate.recipeId }],
      servingSize,
    );
    for (const purchase of purchases) {
      if (!purchase.perishable || purchase.usedGrams <= 0) continue;
      const first = purchase.packages[0];
      if (first === undefined) continue;
      let entry = byId.get(purchase.ingredientId);
      if (entry === undefined) {
        const i = index.ingredientIndexById.get(purchase.ingredientId);
        entry = {
          packageGrams: first.grams,
          lifeDays: i === undefined ? 0 : (index.lifeDays[i] ?? 0),
          users: new Map(),
        };
        byId.set(purchase.ingredientId, entry);
      }
      entry.users.set(r, purchase.usedGrams);
    }
  });
  return [...byId].map(([id, entry]) => ({ id, ...entry }));
}

/** Packages of `size` needed for `grams` (none for none). */
const packagesFor = (grams: number, size: number): number =>
  grams <= 0 ? 0 : Math.ceil(grams / size - EPSILON);

/**
 * Count vectors over gram classes: how many users of each distinct gram
 * amount are chosen, at most `meals` in all; null when more than the limit.
 */
function classVectors(
  sizes: readonly number[],
  meals: number,
): number[][] | null {
  const vectors: number[][] = [];
  const extend = (prefix: number[], left: number): boolean => {
    const k = prefix.length;
    if (k === sizes.length) {
      vectors.push(prefix);
      return vectors.length <= CLASS_VECTORS_MAX;
    }
    const most = Math.min(sizes[k] ?? 0, left);
    for (let v = 0; v <= most; v += 1) {
      if (!extend([...prefix, v], left - v)) return false;
    }
    return true;
  };
  return extend([], meals) ? vectors : null;
}

/**
 * The classes of meal days a perishable of the given life cannot tell
 * apart: day → class number, classes being runs of days within the life of
 * the same meal days (see buildOptimumModel).
 */
export function dayClasses(
  mealDays: readonly number[],
  lifeDays: number,
): Map<number, number> {
  const classes = new Map<number, number>();
  let previous = '';
  let k = -1;
  for (const d of mealDays) {
    const reach = mealDays.filter((e) => Math.abs(e - d) <= lifeDays).join(',');
    if (reach !== previous) k += 1;
    previous = reach;
    classes.set(d, k);
  }
  return classes;
}

/** A chosen recipe variable and the slots it may fill. */
interface RecipeColumns {
  readonly r: number;
  readonly x: string;
  /** Day index → the z variable of its block, for timed recipes. */
  readonly z: ReadonlyMap<number, string>;
}

export interface OptimumModel {
  readonly lp: string;
  readonly variables: number;
  readonly integerVariables: number;
  readonly constraints: number;
  /** x variable name → candidate index. */
  readonly recipeOf: ReadonlyMap<string, number>;
  /** z variable name → [candidate index, the days of its block]. */
  readonly dayOf: ReadonlyMap<string, readonly [number, readonly number[]]>;
}

/** The instance as CPLEX LP text. */
export function buildOptimumModel(instance: OptimumInstance): OptimumModel {
  const { slots, candidates } = instance;
  const dayIndex = (day: Day) => DAYS.indexOf(day);
  const mealDays = [...new Set(slots.map((s) => dayIndex(s.day)))].sort(
    (a, b) => a - b,
  );
  const perishables = perishablesOf(instance);

  // Days each candidate may go on.
  const daysOf = candidates.map((candidate) => [
    ...new Set(
      candidate.slots.flatMap((s) => {
        const slot = slots[s];
        return slot === undefined ? [] : [dayIndex(slot.day)];
      }),
    ),
  ]);
  // A perishable is timed when two of its uses can fall further apart than
  // a package keeps; otherwise all its uses share packages wherever they go.
  const timed = perishables.map((item) => {
    if (item.users.size < 2) return false;
    const days = [...item.users.keys()].flatMap((r) => daysOf[r] ?? []);
    return Math.max(...days) - Math.min(...days) > item.lifeDays;
  });
  // Days a timed perishable cannot tell apart: those within its life of the
  // same meal days. They form runs of days, and a use may move within its
  // run without changing the packages bought (a purchase on the run's first
  // day serves every day a later purchase in the run would; every other day
  // serves all or none of the run). Most perishables keep 4 or 5 days, so
  // their middle days merge and the search skips equal placements.
  const classOf = perishables.map((item, i) =>
    timed[i] === true
      ? dayClasses(mealDays, item.lifeDays)
      : new Map<number, number>(),
  );
  // Per timed recipe, the blocks of days it is placed in: its days grouped
  // by the classes of all its timed perishables.
  const blocksOf = new Map<number, number[][]>();
  candidates.forEach((_, r) => {
    const own = perishables.flatMap((item, i) =>
      timed[i] === true && item.users.has(r) ? [classOf[i]] : [],
    );
    if (own.length === 0) return;
    const groups = new Map<string, number[]>();
    for (const d of daysOf[r] ?? []) {
      const key = own.map((classes) => classes?.get(d) ?? -1).join(',');
      const list = groups.get(key) ?? [];
      list.push(d);
      groups.set(key, list);
    }
    blocksOf.set(
      r,
      [...groups.values()].map((days) => days.sort((a, b) => a - b)),
    );
  });

  const objective: [string, number][] = [];
  const rows: string[] = [];
  const binaries: string[] = [];
  const generals: string[] = [];
  const bounds: string[] = [];
  let continuous = 0;
  const recipeOf = new Map<string, number>();
  const dayOf = new Map<string, readonly [number, readonly number[]]>();

  // Recipes and their slots.
  const columns: RecipeColumns[] = [];
  const fillsSlot = slots.map(() => [] as [string, number][]);
  candidates.forEach((candidate, r) => {
    if (candidate.slots.length === 0) return;
    const x = `x_${r}`;
    binaries.push(x);
    recipeOf.set(x, r);
    const z = new Map<number, string>();
    const assign: [string, number][] = [];
    const onDay = new Map<number, [string, number][]>();
    for (const s of candidate.slots) {
      const slot = slots[s];
      if (slot === undefined) continue;
      const a = `a_${r}_${s}`;
      continuous += 1;
      assign.push([a, 1]);
      fillsSlot[s]?.push([a, 1]);
      const d = dayIndex(slot.day);
      const list = onDay.get(d) ?? [];
      list.push([a, 1]);
      onDay.set(d, list);
    }
    rows.push(`assign_${r}:${linear([...assign, [x, -1]])} = 0`);
    for (const block of blocksOf.get(r) ?? []) {
      const first = block[0] ?? 0;
      const name = `z_${r}_${first}`;
      binaries.push(name);
      dayOf.set(name, [r, block]);
      for (const d of block) z.set(d, name);
      rows.push(
        `day_${r}_${first}:${linear([
          ...block.flatMap((d) => onDay.get(d) ?? []),
          [name, -1],
        ])} = 0`,
      );
    }
    columns.push({ r, x, z });
  });
  fillsSlot.forEach((terms, s) => {
    if (terms.length === 0) throw new Error(`slot ${s} has no candidate`);
    rows.push(`slot_${s}:${linear(terms)} = 1`);
  });
  const columnOf = new Map(columns.map((c) => [c.r, c]));
  const xOf = (r: number): string => columnOf.get(r)?.x ?? 'x_none';

  // The waste of one perishable used by the chosen set S when all its uses
  // share packages: ⌈grams(S) / package⌉ packages minus grams(S).
  const sharedCost = (grams: number, item: Perishable) =>
    packagesFor(grams, item.packageGrams) * item.packageGrams - grams;

  /**
   * A lower bound on (or, for untimed perishables, the exact value of) an
   * ingredient's packages, from which of its users are chosen: subset
   * λ columns. `cost` is the expression the bound applies to; returns the
   * terms of the exact cost when `exact`.
   */
  const subsetHull = (
    i: number,
    item: Perishable,
    users: readonly number[],
  ): [string, number][] => {
    const terms: [string, number][] = [];
    const pick: [string, number][] = [];
    const has = users.map(() => [] as [string, number][]);
    for (let mask = 0; mask < 1 << users.length; mask += 1) {
      let grams = 0;
      let members = 0;
      users.forEach((r, k) => {
        if (((mask >> k) & 1) === 0) return;
        grams += item.users.get(r) ?? 0;
        members += 1;
      });
      if (members > slots.length) continue;
      const l = `l_${i}_${mask}`;
      continuous += 1;
      pick.push([l, 1]);
      users.forEach((_, k) => {
        if (((mask >> k) & 1) !== 0) has[k]?.push([l, 1]);
      });
      terms.push([l, sharedCost(grams, item)]);
    }
    rows.push(`pick_${i}:${linear(pick)} = 1`);
    users.forEach((r, k) => {
      rows.push(
        `has_${i}_${r}:${linear([...(has[k] ?? []), [xOf(r), -1]])} = 0`,
      );
    });
    return terms;
  };

  /**
   * The same hull over gram classes (how many users of each gram amount are
   * chosen): a lower bound only, since a fractional mix of count vectors
   * can average an integral count. Null when there are too many vectors.
   */
  const classHull = (
    i: number,
    item: Perishable,
    users: readonly number[],
  ): [string, number][] | null => {
    const classes = new Map<string, { grams: number; users: number[] }>();
    for (const r of users) {
      const grams = item.users.get(r) ?? 0;
      const key = grams.toFixed(6);
      const entry = classes.get(key) ?? { grams, users: [] };
      entry.users.push(r);
      classes.set(key, entry);
    }
    const list = [...classes.values()];
    const vectors = classVectors(
      list.map((c) => c.users.length),
      slots.length,
    );
    if (vectors === null) return null;
    const terms: [string, number][] = [];
    const pick: [string, number][] = [];
    const count = list.map(() => [] as [string, number][]);
    vectors.forEach((vector, v) => {
      const grams = vector.reduce(
        (sum, n, g) => sum + n * (list[g]?.grams ?? 0),
        0,
      );
      const l = `c_${i}_${v}`;
      continuous += 1;
      pick.push([l, 1]);
      vector.forEach((n, g) => {
        if (n > 0) count[g]?.push([l, n]);
      });
      terms.push([l, sharedCost(grams, item)]);
    });
    rows.push(`cpick_${i}:${linear(pick)} = 1`);
    list.forEach((entry, g) => {
      rows.push(
        `ccount_${i}_${g}:${linear([
          ...(count[g] ?? []),
          ...entry.users.map((r): [string, number] => [xOf(r), -1]),
        ])} = 0`,
      );
    });
    return terms;
  };

  perishables.forEach((item, i) => {
    const users = [...item.users.keys()].filter((r) => columnOf.has(r));
    if (users.length === 0) return;
    const size = item.packageGrams;
    const usedTerms = users.map((r): [string, number] => [
      xOf(r),
      -(item.users.get(r) ?? 0),
    ]);
    if (timed[i] !== true) {
      if (users.length <= SUBSET_MAX_RECIPES) {
        objective.push(...subsetHull(i, item, users));
        return;
      }
      // Many users: integer packages, with the class hull as a bound.
      const k = `k_${i}`;
      generals.push(k);
      bounds.push(`${k} >= 0`);
      objective.push([k, size], ...usedTerms);
      rows.push(`buy_${i}:${linear([[k, size], ...usedTerms])} >= 0`);
      for (const r of users) {
        const n = packagesFor(item.users.get(r) ?? 0, size);
        rows.push(
          `need_${i}_${r}:${linear([
            [k, 1],
            [xOf(r), -n],
          ])} >= 0`,
        );
      }
      const hull = classHull(i, item, users);
      if (hull !== null) {
        rows.push(
          `hull_${i}:${linear([
            [k, size],
            ...usedTerms,
            ...hull.map(([l, c]): [string, number] => [l, -c]),
          ])} >= 0`,
        );
      }
      return;
    }

    // Timed: per class of days (named by its first day), purchases on the
    // classes a user may go to and flows within the life.
    const classes = classOf[i] ?? new Map<number, number>();
    const firstDay = new Map<number, number>();
    for (const [d, k] of classes) if (!firstDay.has(k)) firstDay.set(k, d);
    const userDays = new Map<number, [string, number, number][]>();
    for (const r of users) {
      const grams = item.users.get(r) ?? 0;
      const seen = new Set<string>();
      for (const [d, z] of columnOf.get(r)?.z ?? []) {
        if (seen.has(z)) continue;
        seen.add(z);
        const at = firstDay.get(classes.get(d) ?? -1) ?? d;
        const list = userDays.get(at) ?? [];
        list.push([z, grams, packagesFor(grams, size)]);
        userDays.set(at, list);
      }
    }
    const useDays = [...userDays.keys()].sort((a, b) => a - b);
    const inflow = new Map<number, [string, number][]>();
    const purchases: [string, number][] = [];
    for (const b of useDays) {
      const out: [string, number][] = [];
      for (const d of useDays) {
        if (d < b || d - b > item.lifeDays) continue;
        const f = `f_${i}_${b}_${d}`;
        continuous += 1;
        out.push([f, 1]);
        const list = inflow.get(d) ?? [];
        list.push([f, 1]);
        inflow.set(d, list);
      }
      const p = `p_${i}_${b}`;
      generals.push(p);
      bounds.push(`${p} >= 0`);
      purchases.push([p, 1]);
      objective.push([p, size]);
      rows.push(`cap_${i}_${b}:${linear([...out, [p, -size]])} <= 0`);
    }
    for (const d of useDays) {
      const uses = userDays.get(d) ?? [];
      rows.push(
        `use_${i}_${d}:${linear([
          ...(inflow.get(d) ?? []),
          ...uses.map(([z, g]): [string, number] => [z, -g]),
        ])} = 0`,
      );
      objective.push(...uses.map(([z, g]): [string, number] => [z, -g]));
      // Window cut: each meal using i in class d needs its whole packages
      // bought within the life before it.
      const window = useDays
        .filter((b) => b <= d && d - b <= item.lifeDays)
        .map((b): [string, number] => [`p_${i}_${b}`, 1]);
      uses.forEach(([z, , n], u) => {
        rows.push(`win_${i}_${d}_${u}:${linear([...window, [z, -n]])} >= 0`);
      });
    }
    // Recipe cut: a chosen recipe needs its packages bought some day.
    for (const r of users) {
      const n = packagesFor(item.users.get(r) ?? 0, size);
      rows.push(`need_${i}_${r}:${linear([...purchases, [xOf(r), -n]])} >= 0`);
    }
    // A life of the whole week only lets more uses share, so the waste is
    // at least the hull's of the shared-package cost.
    const hull =
      users.length <= SUBSET_MAX_RECIPES
        ? subsetHull(i, item, users)
        : classHull(i, item, users);
    if (hull !== null) {
      rows.push(
        `hull_${i}:${linear([
          ...purchases.map(([p]): [string, number] => [p, size]),
          ...usedTerms,
          ...hull.map(([l, c]): [string, number] => [l, -c]),
        ])} >= 0`,
      );
    }
  });

  const lp = [
    'Minimize',
    ` waste:${linear(objective)}`,
    'Subject To',
    ...rows.map((row) => ` ${row}`),
    'Bounds',
    ...bounds.map((b) => ` ${b}`),
    ' x_none = 0',
    'Generals',
    ` ${generals.join(' ')}`,
    'Binaries',
    ` ${binaries.join(' ')}`,
    'End',
  ].join('\n');
  return {
    lp,
    variables: binaries.length + generals.length + continuous,
    integerVariables: binaries.length + generals.length,
    constraints: rows.length,
    recipeOf,
    dayOf,
  };
}

/**
 * Chosen recipes matched to the slots they may fill, the timed ones within
 * their block of days (the model guarantees a matching exists): augmenting
 * paths.
 */
function matchToSlots(
  instance: OptimumInstance,
  chosen: readonly { r: number; days: readonly number[] | null }[],
): MealRef[] {
  const { slots, candidates } = instance;
  const allowed = chosen.map(({ r, days }) =>
    (candidates[r]?.slots ?? []).filter((s) => {
      const slot = slots[s];
      return (
        slot !== undefined &&
        (days === null || days.includes(DAYS.indexOf(slot.day)))
      );
    }),
  );
  const holder = new Array<number>(slots.length).fill(-1);
  const augment = (k: number, seen: Set<number>): boolean => {
    for (const s of allowed[k] ?? []) {
      if (seen.has(s)) continue;
      seen.add(s);
      const other = holder[s] ?? -1;
      if (other === -1 || augment(other, seen)) {
        holder[s] = k;
        return true;
      }
    }
    return false;
  };
  chosen.forEach((_, k) => {
    if (!augment(k, new Set())) throw new Error('no matching to the slots');
  });
  const meals: MealRef[] = [];
  holder.forEach((k, s) => {
    const slot = slots[s];
    const pick = chosen[k];
    const recipeId =
      pick === undefined ? undefined : candidates[pick.r]?.recipeId;
    if (slot === undefined || recipeId === undefined) return;
    meals.push({ day: slot.day, slot: slot.slot, recipeId });
  });
  const order = (meal: MealRef) =>
    DAYS.indexOf(meal.day) * 3 + MEAL_SLOTS.indexOf(meal.slot);
  return meals.sort((a, b) => order(a) - order(b));
}

/** HiGHS model status codes used here (highs.constants.modelStatus). */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  7: 'Optimal',
  8: 'Infeasible',
  13: 'Time limit reached',
  17: 'CPU limit reached',
};

const cpuNow = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Solves an instance from scratch to optimality or to a limit: wall time
 * (HiGHS's own time limit) or CPU time of this process (checked at HiGHS's
 * interrupt points; on a shared machine the CPU time is what a run gets).
 * Only status 'Optimal' (gap closed to half a gram) sets `proven`;
 * otherwise `lowerBoundGrams` is the least waste HiGHS proved possible by
 * then.
 */
export function solveOptimum(
  highs: HighsSolver,
  instance: OptimumInstance,
  timeLimitSeconds = 120,
  cpuLimitSeconds = Number.POSITIVE_INFINITY,
): OptimumResult {
  const model = buildOptimumModel(instance);
  const started = performance.now();
  const cpuStarted = cpuNow();
  let bestFoundMs: number | null = null;
  const solved = highs.withModel({ format: 'lp', data: model.lp }, (m) => {
    m.options.set({
      output_flag: false,
      time_limit: timeLimitSeconds,
      // Proved optimal to within half a gram.
      mip_rel_gap: 1e-6,
      mip_abs_gap: 0.5,
    });
    const types = highs.constants.callbackType;
    m.run({
      [types.mipImprovingSolution]: () => {
        bestFoundMs = performance.now() - started;
      },
      [types.mipInterrupt]: (event) => {
        if (cpuNow() - cpuStarted > cpuLimitSeconds * 1000) event.interrupt();
      },
    });
    const code = m.getModelStatus() as number;
    const values = m.getSolution().colValue;
    const chosen: { r: number; days: readonly number[] | null }[] = [];
    const days = new Map<number, readonly number[]>();
    values.forEach((value, column) => {
      if (value <= 0.5) return;
      const name = m.getColName(column);
      const placed = model.dayOf.get(name);
      if (placed !== undefined) days.set(placed[0], placed[1]);
    });
    values.forEach((value, column) => {
      if (value <= 0.5) return;
      const r = model.recipeOf.get(m.getColName(column));
      if (r !== undefined) chosen.push({ r, days: days.get(r) ?? null });
    });
    // 2: a feasible solution is known (HiGHS's solution status codes).
    const feasible = Number(m.info.get('primal_solution_status')) === 2;
    return {
      status: STATUS_NAMES[code] ?? `status ${code}`,
      proven: code === 7,
      wasteGrams: feasible ? m.getObjectiveValue() : Number.NaN,
      lowerBoundGrams: Number(m.info.get('mip_dual_bound')),
      mipGap: feasible
        ? Number(m.info.get('mip_gap'))
        : Number.POSITIVE_INFINITY,
      nodes: Number(m.info.get('mip_node_count')),
      chosen: feasible ? chosen : [],
    };
  });
  const cpuMs = cpuNow() - cpuStarted;
  const solveMs = performance.now() - started;
  const meals =
    solved.chosen.length > 0 ? matchToSlots(instance, solved.chosen) : [];
  return {
    status: solved.status,
    proven: solved.proven,
    wasteGrams: solved.wasteGrams,
    lowerBoundGrams: solved.lowerBoundGrams,
    mipGap: solved.mipGap,
    meals,
    variables: model.variables,
    integerVariables: model.integerVariables,
    constraints: model.constraints,
    solveMs,
    cpuMs,
    nodes: solved.nodes,
    bestFoundMs,
  };
}
