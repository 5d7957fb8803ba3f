/**
 * The exact optimum of the planner's waste model on a small instance, as a
 * mixed-integer linear programme solved by HiGHS (the `highs` package,
 * benchmark only).
 *
 * Variables: x[r,s] = 1 when recipe r fills slot s; p[i,b] packages of
 * perishable i bought on day b (integer); f[i,b,d] grams of the day-b
 * packages used on day d, for b ≤ d ≤ b + L_i (L_i the days it keeps, the
 * planner's rule: bought Monday with L = 2, usable to Wednesday).
 * Constraints: each slot one recipe; each recipe at most once; per (i, d)
 * the flows into day d equal the grams the day's meals use; per (i, b) the
 * flows out of day b's packages fit in them. Objective: grams bought minus
 * grams used, i.e. waste.
 *
 * The grams q[r,i] (at the profile's serving size), package sizes and shelf
 * lives are read from the planner itself (evaluatePlan on one-meal menus and
 * the catalogue), so both sides share one waste model.
 */
import { evaluatePlan } from '@platewise/planner';
import type { MealRef, PlannerCatalogue } from '@platewise/planner';
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';
import highsModule from 'highs';
import type { Highs } from 'highs';

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
  readonly status: string;
  /** Waste of the best menu found by the MILP's objective, grams. */
  readonly wasteGrams: number;
  /** The least waste proved possible, grams. */
  readonly lowerBoundGrams: number;
  readonly meals: readonly MealRef[];
  readonly variables: number;
  readonly constraints: number;
  readonly solveMs: number;
}

interface Perishable {
  readonly index: number;
  readonly packageGrams: number;
  readonly keepsDays: number;
}

/** Grams of each perishable one serving-size-scaled meal of a recipe uses. */
function perishableGrams(
  catalogue: PlannerCatalogue,
  recipeId: string,
  slot: OptimumSlot,
  servingSize: number,
): Map<string, { grams: number; packageGrams: number }> {
  const { purchases } = evaluatePlan(
    catalogue,
    [{ day: slot.day, slot: slot.slot, recipeId }],
    servingSize,
  );
  const grams = new Map<string, { grams: number; packageGrams: number }>();
  for (const purchase of purchases) {
    if (!purchase.perishable || purchase.usedGrams <= 0) continue;
    const first = purchase.packages[0];
    if (first === undefined) continue;
    grams.set(purchase.ingredientId, {
      grams: purchase.usedGrams,
      packageGrams: first.grams,
    });
  }
  return grams;
}

/** Days a package keeps as the planner counts them (missing: 1, as the planner does). */
function keepsDays(catalogue: PlannerCatalogue, ingredientId: string): number {
  const ingredient = catalogue.ingredients.find((i) => i.id === ingredientId);
  const bought = ingredient?.shelfLifeDays ?? 1;
  return Math.min(bought, ingredient?.openedShelfLifeDays ?? bought);
}

/** Recipes using one ingredient up to which its subsets are enumerated. */
const PATTERN_MAX_RECIPES = 10;

/** A number as LP text: no exponent, enough digits for grams. */
const num = (value: number): string => {
  const text = value.toFixed(6).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
};

/** Sums repeated variables into one coefficient each: LP format does not. */
function linear(terms: readonly (readonly [string, number])[]): string {
  const summed = new Map<string, number>();
  for (const [name, coefficient] of terms) {
    summed.set(name, (summed.get(name) ?? 0) + coefficient);
  }
  return [...summed]
    .filter(([, coefficient]) => Math.abs(coefficient) > 1e-9)
    .map(([name, coefficient]) =>
      coefficient < 0
        ? ` - ${num(-coefficient)} ${name}`
        : ` + ${num(coefficient)} ${name}`,
    )
    .join('');
}

/** A recipe placed on a day, and the slots of that day it may fill. */
interface Placement {
  readonly recipeId: string;
  readonly day: number;
  readonly slots: readonly number[];
}

export interface OptimumModel {
  readonly lp: string;
  readonly variables: number;
  readonly constraints: number;
  /** z variable name → the placement it stands for. */
  readonly placements: ReadonlyMap<string, Placement>;
}

/** The instance as CPLEX LP text. */
export function buildOptimumModel(instance: OptimumInstance): OptimumModel {
  const { catalogue, slots, candidates, servingSize } = instance;
  const dayIndex = (day: Day) => DAYS.indexOf(day);
  const mealDays = [...new Set(slots.map((s) => dayIndex(s.day)))].sort(
    (a, b) => a - b,
  );

  // q[r][i]: grams at the user's serving size (independent of the slot).
  const perishables = new Map<string, Perishable>();
  const use = candidates.map((candidate) => {
    const first = slots[candidate.slots[0] ?? 0];
    if (first === undefined) throw new Error('a candidate without a slot');
    const grams = perishableGrams(
      catalogue,
      candidate.recipeId,
      first,
      servingSize,
    );
    for (const [id, { packageGrams }] of grams) {
      if (!perishables.has(id)) {
        perishables.set(id, {
          index: perishables.size,
          packageGrams,
          keepsDays: keepsDays(catalogue, id),
        });
      }
    }
    return grams;
  });

  const ids = [...perishables.keys()];
  const usesOf = (r: number, i: number): number | undefined => {
    const id = ids[i];
    return id === undefined ? undefined : use[r]?.get(id)?.grams;
  };
  const objective: [string, number][] = [];
  const rows: string[] = [];
  const binaries: string[] = [];
  const generals: string[] = [];
  // Slots per meal day; a recipe is placed on a day (z[r,d]) and matched to
  // one of the day's slots afterwards: lunch and dinner of one day share the
  // day index, so slot-level variables would only add symmetric optima.
  const slotsOfDay = new Map<number, number[]>();
  slots.forEach((slot, s) => {
    const list = slotsOfDay.get(dayIndex(slot.day)) ?? [];
    list.push(s);
    slotsOfDay.set(dayIndex(slot.day), list);
  });
  const placements = new Map<string, Placement>();
  const zByRecipe = candidates.map(() => [] as string[]);
  // Per (perishable, day): the z terms using it that day, with grams and
  // the whole packages one such meal needs at least.
  const usesByDay = new Map<string, [string, number, number][]>();
  // Per (perishable, recipe): its z terms and the packages it needs.
  const needsByRecipe = new Map<string, [string, number][]>();

  candidates.forEach((candidate, r) => {
    const grams = use[r] ?? new Map();
    const total = [...grams.values()].reduce((sum, g) => sum + g.grams, 0);
    for (const [d, daySlots] of slotsOfDay) {
      const valid = daySlots.filter((s) => candidate.slots.includes(s));
      if (valid.length === 0) continue;
      const z = `z_${r}_${d}`;
      binaries.push(z);
      placements.set(z, { recipeId: candidate.recipeId, day: d, slots: valid });
      zByRecipe[r]?.push(z);
      objective.push([z, -total]);
      for (const [id, g] of grams) {
        const i = perishables.get(id)?.index;
        const packages = Math.ceil(g.grams / g.packageGrams - 1e-9);
        const key = `${i}_${d}`;
        const list = usesByDay.get(key) ?? [];
        list.push([z, g.grams, packages]);
        usesByDay.set(key, list);
        const recipeKey = `${i}_${r}`;
        const needs = needsByRecipe.get(recipeKey) ?? [];
        needs.push([z, packages]);
        needsByRecipe.set(recipeKey, needs);
      }
    }
  });

  // Each day gets as many recipes as it has slots, and (Hall's condition)
  // every set of its slots has at least as many recipes that may fill one
  // of them, so the recipes can be matched to the slots.
  for (const [d, daySlots] of slotsOfDay) {
    const onDay = [...placements].filter(
      ([, placement]) => placement.day === d,
    );
    for (let mask = 1; mask < 1 << daySlots.length; mask += 1) {
      const subset = daySlots.filter((_, k) => (mask >> k) & 1);
      const terms = onDay
        .filter(([, placement]) =>
          placement.slots.some((s) => subset.includes(s)),
        )
        .map(([name]): [string, number] => [name, 1]);
      if (terms.length < subset.length) {
        throw new Error(`day ${d} cannot be filled from the candidates`);
      }
      const full = subset.length === daySlots.length;
      rows.push(
        `day_${d}_${mask}:${linear(terms)} ${full ? '=' : '>='} ${subset.length}`,
      );
    }
  }
  zByRecipe.forEach((zs, r) => {
    if (zs.length > 1) {
      rows.push(`once_${r}:${linear(zs.map((z) => [z, 1]))} <= 1`);
    }
  });

  let flows = 0;
  let purchases = 0;
  let patterns = 0;
  const span = Math.max(...mealDays) - Math.min(...mealDays);
  const mealCount = slots.length;
  for (const [, item] of perishables) {
    const i = item.index;
    // An ingredient that keeps across all the meal days is bought at its
    // first use and every later use shares its packages: its waste depends
    // only on which recipes use it, not when. For those (when few recipes
    // use them) the model chooses among the subsets S of those recipes
    // (λ[i,S], a convex combination that integral z makes integral) at the
    // cost of ⌈grams(S) / package⌉ packages: the convex hull of the
    // ingredient's own problem, far tighter than rounding packages in the
    // relaxation.
    const users = candidates.flatMap((_, r) =>
      needsByRecipe.has(`${i}_${r}`) ? [r] : [],
    );
    if (item.keepsDays >= span && users.length <= PATTERN_MAX_RECIPES) {
      const gramsOf = (r: number) => usesOf(r, i) ?? 0;
      const lambdas: [string, number[]][] = [];
      for (let mask = 0; mask < 1 << users.length; mask += 1) {
        const members = users.filter((_, k) => (mask >> k) & 1);
        if (members.length > mealCount) continue;
        const grams = members.reduce((sum, r) => sum + gramsOf(r), 0);
        const bought =
          item.packageGrams * Math.ceil(grams / item.packageGrams - 1e-9);
        const l = `l_${i}_${mask}`;
        patterns += 1;
        lambdas.push([l, members]);
        objective.push([l, bought]);
      }
      rows.push(
        `pick_${i}:${linear(lambdas.map(([l]): [string, number] => [l, 1]))} = 1`,
      );
      for (const r of users) {
        rows.push(
          `has_${i}_${r}:${linear([
            ...lambdas
              .filter(([, members]) => members.includes(r))
              .map(([l]): [string, number] => [l, 1]),
            ...(zByRecipe[r] ?? []).map((z): [string, number] => [z, -1]),
          ])} = 0`,
        );
      }
      continue;
    }
    const usedOn = (d: number) => usesByDay.has(`${i}_${d}`);
    const inflow = new Map<number, [string, number][]>();
    for (const b of mealDays) {
      // Buying on a day nothing is used is never better than buying later.
      if (!usedOn(b)) continue;
      const out: [string, number][] = [];
      for (const d of mealDays) {
        if (d < b || d - b > item.keepsDays || !usedOn(d)) continue;
        const f = `f_${i}_${b}_${d}`;
        flows += 1;
        out.push([f, 1]);
        const list = inflow.get(d) ?? [];
        list.push([f, 1]);
        inflow.set(d, list);
      }
      const p = `p_${i}_${b}`;
      purchases += 1;
      generals.push(p);
      objective.push([p, item.packageGrams]);
      rows.push(
        `cap_${i}_${b}:${linear([...out, [p, -item.packageGrams]])} <= 0`,
      );
    }
    const purchasesIn = (from: number, to: number) =>
      mealDays
        .filter((b) => b >= from && b <= to && usedOn(b))
        .map((b): [string, number] => [`p_${i}_${b}`, 1]);
    for (const d of mealDays) {
      const uses = usesByDay.get(`${i}_${d}`);
      if (uses === undefined) continue;
      rows.push(
        `use_${i}_${d}:${linear([
          ...(inflow.get(d) ?? []),
          ...uses.map(([z, g]): [string, number] => [z, -g]),
        ])} = 0`,
      );
      // Window cut: a meal using i on day d needs whole packages bought in
      // [d − L, d]; the day's meals share them, so the day's need is at
      // least the largest meal's, at least the mean over its slots. Implied
      // by the flows for integer p, but they lift the LP relaxation (where
      // fractional packages waste nothing) and keep the search small.
      const window = purchasesIn(d - item.keepsDays, d);
      const mealsOnDay = slotsOfDay.get(d)?.length ?? 1;
      rows.push(
        `win_${i}_${d}:${linear([
          ...window,
          ...uses.map(([z, , n]): [string, number] => [z, -n / mealsOnDay]),
        ])} >= 0`,
      );
      // With several meals a day the mean is weak: state each meal's own.
      if (mealsOnDay > 1) {
        uses.forEach(([z, , n], k) => {
          rows.push(`win_${i}_${d}_${k}:${linear([...window, [z, -n]])} >= 0`);
        });
      }
    }
    // Recipe cut: a recipe using i, wherever it goes, needs its packages
    // bought some day. Without it the relaxation spreads recipes thinly and
    // buys almost nothing (a bound of a few grams against a kilogram).
    const all = purchasesIn(0, 6);
    candidates.forEach((_, r) => {
      const needs = needsByRecipe.get(`${i}_${r}`);
      if (needs === undefined) return;
      rows.push(
        `need_${i}_${r}:${linear([
          ...all,
          ...needs.map(([z, n]): [string, number] => [z, -n]),
        ])} >= 0`,
      );
    });
  }

  const lp = [
    'Minimize',
    ` waste:${linear(objective)}`,
    'Subject To',
    ...rows.map((row) => ` ${row}`),
    'Bounds',
    ...generals.map((p) => ` ${p} >= 0`),
    'Generals',
    ` ${generals.join(' ')}`,
    'Binaries',
    ` ${binaries.join(' ')}`,
    'End',
  ].join('\n');
  return {
    lp,
    variables: binaries.length + purchases + flows + patterns,
    constraints: rows.length,
    placements,
  };
}

/** A day's recipes matched to its slots (the model guarantees a matching). */
function matchToSlots(
  placements: readonly Placement[],
  slots: readonly OptimumSlot[],
): MealRef[] {
  const assign = (k: number, taken: readonly number[]): number[] | null => {
    const placement = placements[k];
    if (placement === undefined) return [...taken];
    for (const s of placement.slots) {
      if (taken.includes(s)) continue;
      const rest = assign(k + 1, [...taken, s]);
      if (rest !== null) return rest;
    }
    return null;
  };
  const assignment = assign(0, []);
  if (assignment === null) {
    throw new Error('no matching of recipes to slots');
  }
  return placements.map((placement, k) => {
    const slot = slots[assignment[k] ?? -1];
    if (slot === undefined) throw new Error('unmatched recipe');
    return { day: slot.day, slot: slot.slot, recipeId: placement.recipeId };
  });
}

/** HiGHS model status codes used here (highs.constants.modelStatus). */
const STATUS_NAMES: Readonly<Record<number, string>> = {
  7: 'Optimal',
  8: 'Infeasible',
  13: 'Time limit reached',
};

/**
 * Solves an instance to optimality, or to the time limit: the status says
 * which, and `lowerBoundGrams` is the least waste HiGHS has proved possible
 * (equal to `wasteGrams`, within half a gram, when optimal).
 */
export function solveOptimum(
  highs: HighsSolver,
  instance: OptimumInstance,
  timeLimitSeconds = 120,
  start: readonly MealRef[] = [],
): OptimumResult {
  const model = buildOptimumModel(instance);
  const started = performance.now();
  const solved = highs.withModel({ format: 'lp', data: model.lp }, (m) => {
    m.options.set({
      output_flag: false,
      time_limit: timeLimitSeconds,
      // Proved optimal to within half a gram.
      mip_rel_gap: 1e-6,
      mip_abs_gap: 0.5,
    });
    if (start.length > 0) {
      // A known menu (the planner's) as the first incumbent: every
      // placement variable given, HiGHS completes the packages and flows.
      const wanted = new Set(
        start.map((meal) => `${meal.recipeId}@${DAYS.indexOf(meal.day)}`),
      );
      const indices: number[] = [];
      const values: number[] = [];
      for (let column = 0; column < m.getDimensions().numCols; column += 1) {
        const placement = model.placements.get(m.getColName(column));
        if (placement === undefined) continue;
        indices.push(column);
        values.push(
          wanted.has(`${placement.recipeId}@${placement.day}`) ? 1 : 0,
        );
      }
      m.setSolution({ indices, values });
    }
    m.run();
    const code = m.getModelStatus() as number;
    const values = m.getSolution().colValue;
    const chosen: Placement[] = [];
    values.forEach((value, column) => {
      if (value <= 0.5) return;
      const placement = model.placements.get(m.getColName(column));
      if (placement !== undefined) chosen.push(placement);
    });
    return {
      status: STATUS_NAMES[code] ?? `status ${code}`,
      wasteGrams: m.getObjectiveValue(),
      lowerBoundGrams: Number(m.info.get('mip_dual_bound')),
      chosen,
    };
  });
  const solveMs = performance.now() - started;
  const byDay = new Map<number, Placement[]>();
  for (const placement of solved.chosen) {
    const list = byDay.get(placement.day) ?? [];
    list.push(placement);
    byDay.set(placement.day, list);
  }
  const meals = [...byDay.values()].flatMap((day) =>
    matchToSlots(day, instance.slots),
  );
  const order = (meal: MealRef) =>
    DAYS.indexOf(meal.day) * 3 + MEAL_SLOTS.indexOf(meal.slot);
  meals.sort((a, b) => order(a) - order(b));
  return {
    status: solved.status,
    wasteGrams: solved.wasteGrams,
    lowerBoundGrams: solved.lowerBoundGrams,
    meals,
    variables: model.variables,
    constraints: model.constraints,
    solveMs,
  };
}
