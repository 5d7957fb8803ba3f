/**
 * The exact optimum of the planner's waste model on a small instance, as a
 * mixed-integer linear programme solved by HiGHS (the `highs` package,
 * benchmark only), from scratch: no menu of the planner is given to it, so
 * its best menu and its proven bound are its own.
 *
 * The waste is the planner's (issue 20's kitchen rule, ADR 009's packages):
 * fresh food that passes its use-by day within the week; what is still good
 * on the next Monday is kept, not waste. Grams per meal and package sizes
 * are read through evaluatePlan of one-meal menus and shelf lives from the
 * compiled catalogue, so both sides share one model; the bench's test pins
 * the planner's menu of every instance and checks that the MILP prices it
 * at the planner's own waste.
 *
 * - x[r] = 1 when candidate r is on the menu (so each recipe at most once);
 *   continuous a[r,s] ≥ 0 assign the chosen recipes to the slots they may
 *   fill, Σ_s a[r,s] = x[r] and Σ_r a[r,s] = 1.
 * - A perishable is priced when a package bought on some meal day d is not
 *   kept (7 − d > its life L): one bought on or after day 7 − L never
 *   wastes, since it is still good on Monday and nothing bought that late
 *   passes its life within the week. Recipes using a priced perishable get
 *   day binaries z[r,d] = Σ_{s on d} a[r,s] (lunch and dinner of one day
 *   are one use, as in the planner, so only days are told apart).
 * - A priced perishable buys integer packages p[i,b] on the days b that are
 *   not kept and sends flows f[i,b,d] ≥ 0 to uses on days b ≤ d ≤ b + L.
 *   A use on a day that is not kept must be served by them; a use on a kept
 *   day may take what they leave (the rest is bought that day and kept).
 *   Waste = Σ_b (package · p[i,b] − Σ_d f[i,b,d]) over those days.
 * - Window cut: a meal using i on a day that is not kept needs its whole
 *   packages bought within the life before it.
 * - The planner's rules, which its search keeps at a cost above any
 *   preference, are hard rows (for profiles without likes, the bench's):
 *   its floors (planFloors: fresh food per week at the serving size, meat
 *   or fish meals), so the optimum cannot cut waste by dropping fresh food;
 *   no two near-duplicates (one per protein-and-kind key and per head
 *   noun); one main animal protein at most once a day (recipes with one get
 *   day binaries too) and at most its weekly cap. Weekday cooking-time caps
 *   are in the candidates' slots (optimum-instances.ts). A pinned menu gets
 *   none of these: it is only priced.
 * - Symmetry: candidates with the same slots and the same priced grams are
 *   taken in order.
 *
 * HiGHS's LP format does not sum a variable repeated in a row, so
 * coefficients are aggregated first.
 */
import { evaluatePlan, freshGramsPerServing } from '@platewise/planner';
import type { MealRef, PlannerCatalogue } from '@platewise/planner';
import { DAYS, MEAL_SLOTS } from '@platewise/shared';
import type { Day, MealSlot } from '@platewise/shared';
import highsModule from 'highs';
import type { Highs } from 'highs';

// The planner's own life of a perishable (days a package serves after the
// day it is bought); not exported by the package, read from its index.
import { indexOf } from '../../packages/planner/src/catalogue.js';
import { animalWeeklyCap } from '../../packages/planner/src/objective.js';
import { NEXT_MONDAY } from '../../packages/planner/src/waste.js';

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
  /**
   * The planner's floors for this profile (planFloors): grams of fresh food
   * (perishables at the serving size) over the menu, and meals with a main
   * meat or fish protein. Absent: none.
   */
  readonly floors?: { readonly freshGrams: number; readonly meatMeals: number };
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

/** A chosen recipe variable and its day variables. */
interface RecipeColumns {
  readonly r: number;
  readonly x: string;
  /** Day index → its z variable, for recipes using a priced perishable. */
  readonly z: ReadonlyMap<number, string>;
}

export interface OptimumModel {
  readonly lp: string;
  readonly variables: number;
  readonly integerVariables: number;
  readonly constraints: number;
  /** x variable name → candidate index. */
  readonly recipeOf: ReadonlyMap<string, number>;
  /** z variable name → [candidate index, its day]. */
  readonly dayOf: ReadonlyMap<string, readonly [number, readonly number[]]>;
  /** Perishables whose waste depends on the menu (bought on a day that does not keep). */
  readonly pricedPerishables: number;
}

/**
 * Whether a package of a perishable with this life bought on day `b` is
 * still good on the next Monday, so what is left of it is kept, not waste
 * (the planner's rule: NEXT_MONDAY − b ≤ life).
 */
export const keepsToMonday = (b: number, lifeDays: number): boolean =>
  NEXT_MONDAY - b <= lifeDays;

/**
 * The instance as CPLEX LP text. With `fixed`, the menu is pinned (each of
 * its meals in its slot) and only the purchases are left to the solver: its
 * objective is then the least waste of that menu under the model, which
 * must equal the planner's own evaluation of it.
 */
export function buildOptimumModel(
  instance: OptimumInstance,
  fixed?: readonly MealRef[],
): OptimumModel {
  const { slots, candidates } = instance;
  const dayIndex = (day: Day) => DAYS.indexOf(day);
  const mealDays = [...new Set(slots.map((s) => dayIndex(s.day)))].sort(
    (a, b) => a - b,
  );
  // A perishable is priced when a purchase on some meal day is not kept on
  // the next Monday; one whose every purchase keeps never wastes (a package
  // bought on or after day 7 − L is never past its life within the week).
  const perishables = perishablesOf(instance).filter((item) =>
    mealDays.some((b) => !keepsToMonday(b, item.lifeDays)),
  );
  const daysOf = candidates.map((candidate) => [
    ...new Set(
      candidate.slots.flatMap((s) => {
        const slot = slots[s];
        return slot === undefined ? [] : [dayIndex(slot.day)];
      }),
    ),
  ]);
  const priced = new Set(perishables.flatMap((item) => [...item.users.keys()]));
  // The planner's rules (with its floors): recipes with a main animal
  // protein get day variables too, for its once-a-day rule.
  const index = indexOf(instance.catalogue);
  const recipeIndex = candidates.map(
    (c) => index.recipeIndexById.get(c.recipeId) ?? -1,
  );
  const rules = instance.floors !== undefined && fixed === undefined;
  const animalOf = (r: number) => index.mainAnimal[recipeIndex[r] ?? -1] ?? -1;
  const dayed = (r: number) => priced.has(r) || (rules && animalOf(r) >= 0);

  const objective: [string, number][] = [];
  const rows: string[] = [];
  const binaries: string[] = [];
  const generals: string[] = [];
  const bounds: string[] = [];
  let continuous = 0;
  const recipeOf = new Map<string, number>();
  const dayOf = new Map<string, readonly [number, readonly number[]]>();

  // Recipes, their slots and (for recipes using a priced perishable) days.
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
    if (dayed(r)) {
      for (const d of daysOf[r] ?? []) {
        const name = `z_${r}_${d}`;
        binaries.push(name);
        dayOf.set(name, [r, [d]]);
        z.set(d, name);
        rows.push(
          `day_${r}_${d}:${linear([...(onDay.get(d) ?? []), [name, -1]])} = 0`,
        );
      }
    }
    columns.push({ r, x, z });
  });
  fillsSlot.forEach((terms, s) => {
    if (terms.length === 0) throw new Error(`slot ${s} has no candidate`);
    rows.push(`slot_${s}:${linear(terms)} = 1`);
  });
  const columnOf = new Map(columns.map((c) => [c.r, c]));

  // Symmetry: candidates that fill the same slots and use the same priced
  // perishables in the same amounts are interchangeable; take them in order
  // (not for a pinned menu, which may hold a later twin alone).
  const signature = (r: number) =>
    [
      (candidates[r]?.slots ?? []).join(','),
      ...perishables.map((item) => num(item.users.get(r) ?? 0)),
    ].join('|');
  const twins = new Map<string, number[]>();
  for (const { r } of columns) {
    const key = signature(r);
    twins.set(key, [...(twins.get(key) ?? []), r]);
  }
  for (const group of fixed === undefined ? twins.values() : []) {
    for (let k = 1; k < group.length; k += 1) {
      rows.push(
        `twin_${group[k]}:${linear([
          [`x_${group[k - 1]}`, 1],
          [`x_${group[k]}`, -1],
        ])} >= 0`,
      );
    }
  }

  // Purchases: a use on a day whose purchase is kept is served free (what
  // is left of that package is kept); a use on an earlier day is served by
  // whole packages p[i,b] bought on a day b ≤ d within the life
  // (d − b ≤ L), and what those packages leave is waste unless a later use
  // within their life takes it (flows f[i,b,d] to any use day).
  perishables.forEach((item, i) => {
    const size = item.packageGrams;
    const uses = new Map<number, [string, number][]>();
    for (const [r, grams] of item.users) {
      for (const [d, z] of columnOf.get(r)?.z ?? []) {
        const list = uses.get(d) ?? [];
        list.push([z, grams]);
        uses.set(d, list);
      }
    }
    const useDays = [...uses.keys()].sort((a, b) => a - b);
    const buyDays = useDays.filter((b) => !keepsToMonday(b, item.lifeDays));
    const inflow = new Map<number, [string, number][]>();
    for (const b of buyDays) {
      const p = `p_${i}_${b}`;
      generals.push(p);
      bounds.push(`${p} >= 0`);
      objective.push([p, size]);
      const out: [string, number][] = [];
      for (const d of useDays) {
        if (d < b || d - b > item.lifeDays) continue;
        const f = `f_${i}_${b}_${d}`;
        continuous += 1;
        out.push([f, 1]);
        objective.push([f, -1]);
        const list = inflow.get(d) ?? [];
        list.push([f, 1]);
        inflow.set(d, list);
      }
      rows.push(`cap_${i}_${b}:${linear([...out, [p, -size]])} <= 0`);
    }
    for (const d of useDays) {
      const demand = (uses.get(d) ?? []).map(([z, g]): [string, number] => [
        z,
        -g,
      ]);
      const kept = keepsToMonday(d, item.lifeDays);
      rows.push(
        `use_${i}_${d}:${linear([...(inflow.get(d) ?? []), ...demand])} ${kept ? '<=' : '='} 0`,
      );
      if (kept) continue;
      // Window cut: a meal using i on day d needs its whole packages
      // bought within the life before it.
      const window = buyDays
        .filter((b) => b <= d && d - b <= item.lifeDays)
        .map((b): [string, number] => [`p_${i}_${b}`, 1]);
      for (const [z, g] of uses.get(d) ?? []) {
        rows.push(
          `win_${i}_${z}:${linear([...window, [z, -packagesFor(g, size)]])} >= 0`,
        );
      }
    }
  });

  // The planner's rules, for profiles without likes (the bench's): its
  // floors (waste is cut by sharing, never by dropping fresh food or an
  // omnivore's meat), no two near-duplicates (same main protein and dish
  // kind, or the same head noun), one main animal protein at most once a
  // day and at most its weekly cap. All are rules its search keeps at a cost
  // above any preference.
  const floors = instance.floors;
  if (floors !== undefined && rules) {
    const fresh = columns.map(({ r, x }): [string, number] => [
      x,
      freshGramsPerServing(instance.catalogue, [
        { recipeId: candidates[r]?.recipeId ?? '' },
      ]) * instance.servingSize,
    ]);
    rows.push(`fresh_floor:${linear(fresh)} >= ${num(floors.freshGrams)}`);
    const meat = columns.flatMap(({ r, x }): [string, number][] => {
      const animal = animalOf(r);
      return animal >= 0 && index.families.meat[animal] === true
        ? [[x, 1]]
        : [];
    });
    if (floors.meatMeals > 0) {
      rows.push(`meat_floor:${linear(meat)} >= ${num(floors.meatMeals)}`);
    }
    const atMostOne = (name: string, keyOf: (r: number) => number) => {
      const groups = new Map<number, [string, number][]>();
      for (const { r, x } of columns) {
        const key = keyOf(r);
        if (key < 0) continue;
        groups.set(key, [...(groups.get(key) ?? []), [x, 1]]);
      }
      for (const [key, terms] of groups) {
        if (terms.length > 1) rows.push(`${name}_${key}:${linear(terms)} <= 1`);
      }
    };
    atMostOne('kind', (r) => index.proteinKindKey[recipeIndex[r] ?? -1] ?? -1);
    atMostOne('head', (r) => index.headKey[recipeIndex[r] ?? -1] ?? -1);
    const cap = animalWeeklyCap(slots.length);
    const byAnimal = new Map<number, RecipeColumns[]>();
    for (const column of columns) {
      const animal = animalOf(column.r);
      if (animal >= 0) {
        byAnimal.set(animal, [...(byAnimal.get(animal) ?? []), column]);
      }
    }
    for (const [animal, list] of byAnimal) {
      if (list.length > cap) {
        rows.push(
          `week_${animal}:${linear(list.map((c): [string, number] => [c.x, 1]))} <= ${cap}`,
        );
      }
      for (const d of mealDays) {
        const terms = list.flatMap((c): [string, number][] => {
          const z = c.z.get(d);
          return z === undefined ? [] : [[z, 1]];
        });
        if (terms.length > 1) {
          rows.push(`aday_${animal}_${d}:${linear(terms)} <= 1`);
        }
      }
    }
  }

  // A pinned menu: each meal in its slot.
  for (const meal of fixed ?? []) {
    const r = candidates.findIndex((c) => c.recipeId === meal.recipeId);
    const s = slots.findIndex(
      (slot) => slot.day === meal.day && slot.slot === meal.slot,
    );
    if (r < 0 || s < 0 || !(candidates[r]?.slots ?? []).includes(s)) {
      throw new Error(
        `meal ${meal.recipeId} cannot go in ${meal.day} ${meal.slot}`,
      );
    }
    rows.push(`fix_${r}_${s}: a_${r}_${s} = 1`);
  }

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
    pricedPerishables: perishables.length,
  };
}

/**
 * Chosen recipes matched to the slots they may fill, those with day
 * variables on their day (the model guarantees a matching exists):
 * augmenting paths.
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
 * then. `fixed` pins a menu (see buildOptimumModel): never given by the
 * bench's cold solves, only to check the model against the planner.
 */
export function solveOptimum(
  highs: HighsSolver,
  instance: OptimumInstance,
  timeLimitSeconds = 120,
  cpuLimitSeconds = Number.POSITIVE_INFINITY,
  fixed?: readonly MealRef[],
): OptimumResult {
  const model = buildOptimumModel(instance, fixed);
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
