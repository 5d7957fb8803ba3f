/**
 * The search. All work is bounded by counts (slots × candidate cap ×
 * constants), never by the clock, so a seed gives the same plan anywhere.
 *
 * 1. Pool: per meal type, the valid recipes cheapest on their own (waste if
 *    they were the only user of their fresh items, plus preferences), top
 *    POOL_SIZE.
 * 2. Greedy construction in time order: each slot takes the candidate (pool
 *    plus recipes sharing a fresh item the plan has left over) with the
 *    least marginal cost given the meals before it, so it favours using up
 *    what is already bought; restarts after the first pick among the best
 *    few at random.
 * 3. Simulated annealing with replace (from the pool, or a recipe sharing a
 *    fresh item of another meal) and swap moves, incremental costs.
 * 4. An exact pass: each slot in turn takes the best of ALL its valid
 *    candidates given the rest, until no slot improves.
 * 5. The package pass: each meal using a fresh item the plan wastes tries
 *    chains of three changes (the meal without the item, then two more).
 * 6. A repair pass keeps "no recipe twice while distinct valid ones remain".
 */
import type { ProfileFilter } from './constraints.js';
import { LEFTOVER_EPSILON } from './objective.js';
import type { PlanState } from './objective.js';
import type { Random } from './random.js';

export interface SearchBudget {
  /**
   * Independent constructions + annealing runs; the best is kept. Small
   * plans get more (up to SMALL_PLAN_SLOTS / slots), so the work stays
   * about the same while their answer gets closer to the optimum.
   */
  readonly restarts: number;
  /** Annealing moves per unlocked slot and restart. */
  readonly movesPerSlot: number;
  /** Candidates per meal type in the pool. */
  readonly poolSize: number;
  /** Recipes sampled per leftover fresh item when looking for sharers. */
  readonly sharersPerItem: number;
  /** Pool candidates the greedy construction weighs per slot. */
  readonly greedyPool: number;
  /** Rounds of the exact per-slot pass at most. */
  readonly exactRounds: number;
  /** Slot candidates the iterated local search may scan (its rounds = this / Σ candidates). */
  readonly searchWork: number;
}

export const DEFAULT_BUDGET: SearchBudget = {
  restarts: 2,
  movesPerSlot: 64,
  poolSize: 120,
  sharersPerItem: 6,
  greedyPool: 40,
  exactRounds: 3,
  searchWork: 10_000,
};

/** The fit phase's temperature scale (points per "gram"): preferences move by tens of points. */
const FIT_TEMPERATURE_SCALE = 3;
/** Annealing temperature, in cost points (a gram of waste is wastePerGram points). */
const START_TEMPERATURE_GRAMS = 40;
/** Slots × restarts a small plan may use (see SearchBudget.restarts). */
const SMALL_PLAN_SLOTS = 28;
const MAX_RESTARTS = 4;
/** The 2-exchange pass runs only when Σ over slot pairs of candidates² is at most this. */
const PAIR_WORK = 60_000;
const END_TEMPERATURE_GRAMS = 0.3;
/**
 * Σ over slots of candidates above which the fit search polishes one start
 * only (5,000 recipes give about 30,000 over 21 slots).
 */
const LARGE_INSTANCE_CANDIDATES = 6_000;
/** Candidates of a slot the exact pass scans in full; longer lists go through shortList. */
const EXACT_SCAN_MAX = 400;
/**
 * Meat or fish recipes per meal type added to the pool when the rules set a
 * meat floor, and liked ones when a like has a target: packages of meat
 * waste more on their own, so the cheapest recipes alone may hold none.
 */
const EXTRA_POOL_SIZE = 30;
/**
 * The fit search anneals with this share of the least-waste search's moves:
 * it starts from good plans (the least-waste one, a greedy construction) and
 * its iterated search does the rest (issue 22: CPU p95 under 50 ms).
 */
const FIT_ANNEAL_SHARE = 0.5;
/** Wasted fresh items the package pass works on, most waste first. */
const PACKAGE_ITEMS = 4;
/** Grams of waste under which an item is not worth the package pass's work. */
const PACKAGE_MIN_GRAMS = 0.05;
/** Second changes the package pass follows, each then with the best third. */
const PACKAGE_BEAM = 16;
/**
 * Recipes in the catalogue above which the package pass does not run: each
 * of its chains scans every candidate of every slot (3 to 6 ms of CPU per
 * thousand work units at load 9), which a small catalogue affords and the
 * seed's 278 recipes would not within the 50 ms target; a large catalogue
 * also leaves the exact and pair passes more dishes that use a package up.
 */
const PACKAGE_CATALOGUE = 150;
/**
 * The package pass's bound, in work units: a candidate priced, or a slot
 * emptied and refilled (two).
 */
const PACKAGE_WORK = 8_000;
/** Draws per slot when the package-sharing shake looks for a recipe using the shared item. */
const SHARE_TRIES = 8;

/** The `spread`-th smallest cost so far (sorts the short list in place). */
function worstOfBest(scored: { cost: number }[], spread: number): number {
  scored.sort((a, b) => a.cost - b.cost);
  scored.length = Math.min(scored.length, Math.max(spread, 1) * 4);
  return scored[Math.max(spread, 1) - 1]?.cost ?? Number.POSITIVE_INFINITY;
}

export class Optimiser {
  private pools: Int32Array[] = [];
  /** Per meal type: the meat or fish and liked recipes added beyond the cheapest (see EXTRA_POOL_SIZE). */
  private extraPools: Int32Array[] = [];
  private readonly unlocked: number[];
  private shared: Int32Array[] | undefined;
  /** Work units the current package pass has used (see PACKAGE_WORK). */
  private packageWork = 0;
  /** Per slot: the exact pass's change count at its last scan (see exactPass). */
  private readonly scannedAt: Int32Array;

  constructor(
    private readonly state: PlanState,
    private readonly filter: ProfileFilter,
    private readonly random: Random,
    private readonly budget: SearchBudget = DEFAULT_BUDGET,
  ) {
    this.refreshPools();
    this.scannedAt = new Int32Array(state.slots.length);
    this.unlocked = [];
    state.slots.forEach((slot, s) => {
      if (slot.lockedRecipe < 0) this.unlocked.push(s);
    });
  }

  /**
   * Per meal type, the valid recipes cheapest on their own under the
   * state's current waste weight (waste alone plus preferences), top
   * poolSize. Call again after the state's mode changes.
   */
  refreshPools(): void {
    const state = this.state;
    const w = state.wasteWeight;
    const built = this.filter.validByType.map((valid) => {
      const keys = new Float64Array(valid.length);
      for (let k = 0; k < valid.length; k += 1) {
        const r = valid[k] ?? 0;
        keys[k] = w * (state.standaloneWaste[r] ?? 0) + state.baseCostOf(r);
      }
      const order = Array.from({ length: valid.length }, (_, k) => k);
      order.sort(
        (a, b) =>
          (keys[a] ?? 0) - (keys[b] ?? 0) || (valid[a] ?? 0) - (valid[b] ?? 0),
      );
      const top = order.slice(0, this.budget.poolSize);
      const rest = order.slice(this.budget.poolSize);
      const extra =
        state.meatFloor > 0
          ? rest
              .filter((k) => state.isMeat(valid[k] ?? 0))
              .slice(0, EXTRA_POOL_SIZE)
          : [];
      if (state.hasLikeTargets) {
        const inExtra = new Set(extra);
        const liked = rest.filter(
          (k) =>
            !inExtra.has(k) && (this.filter.likeBits[valid[k] ?? 0] ?? 0) !== 0,
        );
        extra.push(...liked.slice(0, EXTRA_POOL_SIZE));
      }
      return {
        pool: Int32Array.from([...top, ...extra], (k) => valid[k] ?? 0),
        extra: Int32Array.from(extra, (k) => valid[k] ?? 0),
      };
    });
    this.pools = built.map((p) => p.pool);
    this.extraPools = built.map((p) => p.extra);
  }

  /** Whether recipe r may fill slot s (hard constraints). */
  fits(s: number, r: number): boolean {
    const slot = this.state.slots[s];
    if (slot === undefined || r < 0 || this.filter.valid[r] !== 1) return false;
    return ((this.state.index.mealTypeMask[r] ?? 0) & (1 << slot.type)) !== 0;
  }

  /** Puts the locked recipes in. */
  placeLocked(): void {
    this.state.slots.forEach((slot, s) => {
      if (slot.lockedRecipe >= 0) this.state.replace(s, slot.lockedRecipe);
    });
  }

  /** Recipes sharing a fresh item the plan leaves over, valid for s and unused. */
  private sharers(s: number, out: Set<number>): void {
    const { index, assignment } = this.state;
    const seen = new Set<number>();
    const perItem = this.budget.sharersPerItem;
    for (let other = 0; other < assignment.length; other += 1) {
      const r = assignment[other] ?? -1;
      if (r < 0 || other === s) continue;
      const end = index.freshStart[r + 1] ?? 0;
      for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
        const i = index.freshIngredient[k] ?? 0;
        if (seen.has(i) || this.state.leftoverOf(i) <= 0) continue;
        seen.add(i);
        const from = index.recipesStart[i] ?? 0;
        const size = (index.recipesStart[i + 1] ?? 0) - from;
        const tries = Math.min(size, perItem * 4);
        let found = 0;
        for (let t = 0; t < tries && found < perItem; t += 1) {
          const c =
            index.recipesOf[
              size <= perItem * 4 ? from + t : from + this.random.int(size)
            ] ?? -1;
          if (this.fits(s, c) && (this.state.uses[c] ?? 0) === 0) {
            out.add(c);
            found += 1;
          }
        }
      }
    }
  }

  /** The pool of a meal type plus unused recipes sharing the plan's leftovers, for slot s. */
  private shortList(s: number, type: number): Iterable<number> {
    const list = new Set<number>(this.pools[type] ?? []);
    this.sharers(s, list);
    return list;
  }

  /** Greedy construction of the unlocked slots; `spread` > 1 picks among the best few at random. */
  construct(spread: number): void {
    const state = this.state;
    for (const s of this.unlocked) {
      const slot = state.slots[s];
      if (slot === undefined) continue;
      const candidates = new Set<number>();
      const pool = this.pools[slot.type] ?? new Int32Array(0);
      for (
        let k = 0;
        k < pool.length && candidates.size < this.budget.greedyPool;
        k += 1
      ) {
        const r = pool[k] ?? -1;
        if ((state.uses[r] ?? 0) === 0) candidates.add(r);
      }
      for (const r of this.extraPools[slot.type] ?? []) {
        if ((state.uses[r] ?? 0) === 0) candidates.add(r);
      }
      this.sharers(s, candidates);
      if (candidates.size === 0) {
        // Pool used up: any unused valid recipe, else the least-used one.
        for (const r of slot.candidates) {
          if ((state.uses[r] ?? 0) === 0) candidates.add(r);
        }
      }
      if (candidates.size === 0) {
        for (const r of slot.candidates) candidates.add(r);
      }
      const scored: { r: number; cost: number }[] = [];
      // The `spread`-th best so far, read again only after a new score.
      let worst = Number.POSITIVE_INFINITY;
      let stale = true;
      for (const r of candidates) {
        // The pick is among the best `spread`: skip what cannot get there.
        if (scored.length >= spread) {
          if (stale) {
            worst = worstOfBest(scored, spread);
            stale = false;
          }
          if (state.addCostLowerBound(s, r, worst) >= worst) continue;
        }
        scored.push({ r, cost: state.addCost(s, r) });
        stale = true;
      }
      scored.sort((a, b) => a.cost - b.cost || a.r - b.r);
      const pick =
        spread > 1
          ? scored[this.random.int(Math.min(spread, scored.length))]
          : scored[0];
      if (pick !== undefined) state.replace(s, pick.r);
    }
  }

  /** Simulated annealing from the current assignment; leaves the best assignment found in place. */
  anneal(share = 1): void {
    const state = this.state;
    const slotsFree = this.unlocked;
    if (slotsFree.length === 0) return;
    const moves = Math.ceil(
      slotsFree.length * this.budget.movesPerSlot * share,
    );
    const w = Math.max(state.wasteWeight, FIT_TEMPERATURE_SCALE);
    const t0 = START_TEMPERATURE_GRAMS * w;
    const t1 = END_TEMPERATURE_GRAMS * w;
    const best = Int32Array.from(state.assignment);
    let bestCost = state.cost;
    const random = this.random;
    const cooling = (t1 / t0) ** (1 / moves);
    let temperature = t0;
    for (let m = 0; m < moves; m += 1) {
      temperature *= cooling;
      const kind = random.next();
      const s = slotsFree[random.int(slotsFree.length)] ?? 0;
      const slot = state.slots[s];
      if (slot === undefined) continue;
      const current = state.assignment[s] ?? -1;
      if (kind < 0.3 && slotsFree.length > 1) {
        // Swap two meals (days change: shelf life and order matter).
        const s2 = slotsFree[random.int(slotsFree.length)] ?? 0;
        const other = state.assignment[s2] ?? -1;
        if (s2 === s || other === current) continue;
        if (!this.fits(s, other) || !this.fits(s2, current)) continue;
        const delta = state.replace(s, other) + state.replace(s2, current);
        if (delta > 0 && random.next() >= Math.exp(-delta / temperature)) {
          state.replace(s2, other);
          state.replace(s, current);
        }
      } else {
        let r = -1;
        if (kind < 0.65) {
          const pool = this.pools[slot.type] ?? new Int32Array(0);
          r = pool[random.int(pool.length)] ?? -1;
        } else {
          r = this.randomSharer(s);
        }
        if (r < 0 || r === current || (state.uses[r] ?? 0) > 0) continue;
        if (!this.fits(s, r)) continue;
        // Metropolis with the draw first: a move is accepted when its delta
        // is under -T·ln(u). The meal leaves, and the newcomer is read in
        // place (its lower bound first, then its exact cost) and put in only
        // when accepted: most moves at low temperature are refused, and a
        // refused one then costs a removal and a re-add, not two swaps.
        const limit = -temperature * Math.log(1 - random.next());
        const removal = state.replace(s, -1);
        if (
          removal + state.addCostLowerBound(s, r, limit - removal) >= limit ||
          removal + state.addCost(s, r) >= limit
        ) {
          state.replace(s, current);
        } else {
          state.replace(s, r);
        }
      }
      if (state.cost < bestCost - 1e-9) {
        bestCost = state.cost;
        best.set(state.assignment);
      }
    }
    state.load(best);
  }

  /** A recipe sharing a fresh item of another meal, valid for s, or -1. */
  private randomSharer(s: number): number {
    const { index, assignment } = this.state;
    const other = assignment[this.random.int(assignment.length)] ?? -1;
    if (other < 0) return -1;
    const from = index.freshStart[other] ?? 0;
    const count = (index.freshStart[other + 1] ?? 0) - from;
    if (count <= 0) return -1;
    const i = index.freshIngredient[from + this.random.int(count)] ?? 0;
    const start = index.recipesStart[i] ?? 0;
    const size = (index.recipesStart[i + 1] ?? 0) - start;
    for (let t = 0; t < 4 && size > 0; t += 1) {
      const r = index.recipesOf[start + this.random.int(size)] ?? -1;
      if (this.fits(s, r)) return r;
    }
    return -1;
  }

  /**
   * Each unlocked slot takes the best of all its valid, unused candidates
   * given the rest of the plan; rounds until nothing improves.
   */
  exactPass(): void {
    const state = this.state;
    // A slot is scanned again only when the plan changed since its last
    // scan: the same plan gives the same best, so the closing round that
    // confirms nothing improves stops at the last change.
    const scannedAt = this.scannedAt;
    scannedAt.fill(-1);
    let changes = 0;
    for (let round = 0; round < this.budget.exactRounds; round += 1) {
      let improved = false;
      for (const s of this.unlocked) {
        const slot = state.slots[s];
        const current = state.assignment[s] ?? -1;
        if (slot === undefined || scannedAt[s] === changes) continue;
        const removal = state.replace(s, -1);
        let best = current;
        let bestDelta = current >= 0 ? -removal : Number.POSITIVE_INFINITY;
        let repeat = -1;
        // A long list is read through its pool and the recipes sharing a
        // fresh item the plan leaves over: the rest cannot share a package,
        // so they are no better on waste than the pool's best.
        const scan =
          slot.candidates.length > EXACT_SCAN_MAX
            ? this.shortList(s, slot.type)
            : slot.candidates;
        for (const r of scan) {
          if (r === current) continue;
          if ((state.uses[r] ?? 0) > 0) {
            repeat = r;
            continue;
          }
          const bar = bestDelta - 1e-9;
          if (state.addCostLowerBound(s, r, bar) >= bar) continue;
          const delta = state.addCost(s, r);
          if (delta < bestDelta - 1e-9) {
            bestDelta = delta;
            best = r;
          }
        }
        if (best < 0 && repeat >= 0) {
          // Every candidate is in the plan elsewhere: the least costly repeat.
          for (const r of slot.candidates) {
            const delta = state.addCost(s, r);
            if (delta < bestDelta) {
              bestDelta = delta;
              best = r;
            }
          }
        }
        state.replace(s, best);
        if (best !== current) {
          improved = true;
          changes += 1;
        }
        scannedAt[s] = changes;
      }
      if (!improved) break;
    }
  }

  /**
   * Each pair of unlocked slots takes the best pair of candidates given the
   * rest (2-exchange), which escapes the optima of one-slot changes where
   * two meals must change together to use up a package. Only on small
   * instances (work slots² × candidates² ≤ PAIR_WORK, pruned by the lower
   * bound), e.g. 7 dinners from 40 candidates.
   */
  pairPass(): boolean {
    const state = this.state;
    const free = this.unlocked;
    if (this.pairWork() > PAIR_WORK) return false;
    let improvedAny = false;
    for (let round = 0; round < this.budget.exactRounds; round += 1) {
      let improved = false;
      for (let x = 0; x < free.length; x += 1) {
        for (let y = x + 1; y < free.length; y += 1) {
          const s1 = free[x] ?? 0;
          const s2 = free[y] ?? 0;
          const slot1 = state.slots[s1];
          const slot2 = state.slots[s2];
          if (slot1 === undefined || slot2 === undefined) continue;
          const a1 = state.assignment[s1] ?? -1;
          const a2 = state.assignment[s2] ?? -1;
          const removal = state.replace(s1, -1) + state.replace(s2, -1);
          let best1 = a1;
          let best2 = a2;
          let bestDelta = -removal;
          for (const c1 of slot1.candidates) {
            if ((state.uses[c1] ?? 0) > 0) continue;
            const d1 = state.replace(s1, c1);
            for (const c2 of slot2.candidates) {
              if ((state.uses[c2] ?? 0) > 0) continue;
              const bar = bestDelta - 1e-9 - d1;
              if (state.addCostLowerBound(s2, c2, bar) >= bar) {
                continue;
              }
              const d2 = state.addCost(s2, c2);
              if (d1 + d2 < bestDelta - 1e-9) {
                bestDelta = d1 + d2;
                best1 = c1;
                best2 = c2;
              }
            }
            state.replace(s1, -1);
          }
          state.replace(s1, best1);
          state.replace(s2, best2);
          if (best1 !== a1 || best2 !== a2) improved = true;
        }
      }
      if (!improved) break;
      improvedAny = true;
    }
    return improvedAny;
  }

  /**
   * Iterated local search: shake a few slots at random (every other round,
   * with `shareShakes`, a package-sharing shake instead), descend with the
   * exact pass, keep the result when it is no worse. The number of rounds
   * is work / Σ candidates, at most maxRounds, so the work stays bounded.
   */
  iteratedSearch(
    work = this.budget.searchWork,
    maxRounds = Number.POSITIVE_INFINITY,
    shareShakes = false,
    likeShakes = false,
  ): void {
    const state = this.state;
    const free = this.unlocked;
    if (free.length < 2) return;
    const rounds = Math.min(
      maxRounds,
      Math.floor(work / Math.max(1, this.candidateCount())),
    );
    const saved = Int32Array.from(state.assignment);
    let savedCost = state.cost;
    const best = Int32Array.from(state.assignment);
    let bestCost = state.cost;
    for (let round = 0; round < rounds; round += 1) {
      if (likeShakes && round % 2 === 0 && this.likeShake()) {
        // Liked recipes put in; the exact pass below settles the rest.
      } else if (shareShakes && round % 2 === 1) {
        this.shareShake();
      } else {
        const shaken = Math.min(free.length, 2 + this.random.int(2));
        for (let k = 0; k < shaken; k += 1) {
          const s = free[this.random.int(free.length)] ?? 0;
          const candidates = state.slots[s]?.candidates ?? new Int32Array(0);
          const r = candidates[this.random.int(candidates.length)] ?? -1;
          if (r >= 0 && (state.uses[r] ?? 0) === 0) state.replace(s, r);
        }
      }
      this.exactPass();
      if (state.cost <= savedCost + 1e-9) {
        saved.set(state.assignment);
        savedCost = state.cost;
        if (state.cost < bestCost - 1e-9) {
          best.set(state.assignment);
          bestCost = state.cost;
        }
      } else {
        state.load(saved);
      }
    }
    state.load(best);
  }

  /**
   * The fresh items that two or more valid recipes use, each with those
   * recipes: what the package-sharing shake draws from. Built on first use
   * (only the iterated search needs it), in O(fresh lines of valid recipes).
   */
  private shareable(): Int32Array[] {
    if (this.shared !== undefined) return this.shared;
    const { index } = this.state;
    const byItem = new Map<number, number[]>();
    const recipes = index.freshStart.length - 1;
    for (let r = 0; r < recipes; r += 1) {
      if (this.filter.valid[r] !== 1) continue;
      const end = index.freshStart[r + 1] ?? 0;
      for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
        const i = index.freshIngredient[k] ?? 0;
        const list = byItem.get(i);
        if (list === undefined) byItem.set(i, [r]);
        else list.push(r);
      }
    }
    this.shared = [...byItem.entries()]
      .filter(([, list]) => list.length >= 2)
      .sort(([a], [b]) => a - b)
      .map(([, list]) => Int32Array.from(list));
    return this.shared;
  }

  /**
   * The package-sharing shake: 3 or 4 unlocked slots take unused valid
   * recipes that share one fresh item, drawn among the items two or more
   * valid recipes use. A plan that uses up a package (a carton of eggs, a
   * block of tofu) across three or more meals differs from its neighbours in
   * several slots at once, which one-slot moves and random shakes rarely
   * reach: a single egg dish alone wastes most of its carton. The slots are
   * neighbours half the time (for an item that keeps a few days) and
   * anywhere otherwise. Bounded: SHARE_TRIES draws per slot.
   */
  private shareShake(): void {
    const state = this.state;
    const free = this.unlocked;
    const items = this.shareable();
    if (items.length === 0) return;
    const users = items[this.random.int(items.length)] ?? new Int32Array(0);
    const length = Math.min(free.length, 3 + this.random.int(2));
    const first = this.random.int(free.length - length + 1);
    const spread = this.random.next() < 0.5;
    for (let k = first; k < first + length; k += 1) {
      const s = (spread ? free[this.random.int(free.length)] : free[k]) ?? 0;
      for (let t = 0; t < SHARE_TRIES; t += 1) {
        const r = users[this.random.int(users.length)] ?? -1;
        if (this.fits(s, r) && (state.uses[r] ?? 0) === 0) {
          state.replace(s, r);
          break;
        }
      }
    }
  }

  /** Per meal type: the valid recipes matching a like (built on first use). */
  private likedPools: Int32Array[] | undefined;

  /**
   * The like shake: two or three unlocked slots take unused liked recipes
   * of their meal type, so the fit search reaches plans with more liked
   * meals, which one-slot moves rarely do once the waste cap binds.
   * Answers false when nothing is liked.
   */
  private likeShake(): boolean {
    const state = this.state;
    const index = state.index;
    this.likedPools ??= this.filter.validByType.map((valid) =>
      valid.filter((r) => (this.filter.likeBits[r] ?? 0) !== 0),
    );
    const pools = this.likedPools;
    const free = this.unlocked;
    // One liked recipe, then up to two more liked ones with the same main
    // protein ingredient: a pack of chicken thighs bought for three meals
    // wastes little, one bought for a single meal wastes most of it.
    const first = free[this.random.int(free.length)] ?? 0;
    const firstPool = pools[state.slots[first]?.type ?? 0] ?? new Int32Array(0);
    if (firstPool.length === 0) return false;
    const r0 = firstPool[this.random.int(firstPool.length)] ?? -1;
    if (r0 < 0 || (state.uses[r0] ?? 0) > 0) return false;
    state.replace(first, r0);
    const protein = index.mainProtein[r0] ?? -1;
    const extra = 1 + this.random.int(2);
    for (let k = 0; k < extra; k += 1) {
      const s = free[this.random.int(free.length)] ?? 0;
      if (s === first) continue;
      const pool = pools[state.slots[s]?.type ?? 0] ?? new Int32Array(0);
      for (let t = 0; t < SHARE_TRIES * 2; t += 1) {
        const r = pool[this.random.int(pool.length)] ?? -1;
        if (
          r >= 0 &&
          (state.uses[r] ?? 0) === 0 &&
          (protein < 0 || index.mainProtein[r] === protein)
        ) {
          state.replace(s, r);
          break;
        }
      }
    }
    return true;
  }

  /** A repeated recipe gives way to an unused valid one wherever one remains. */
  repairRepeats(): void {
    const state = this.state;
    for (const s of this.unlocked) {
      const r = state.assignment[s] ?? -1;
      if (r < 0 || (state.uses[r] ?? 0) < 2) continue;
      const slot = state.slots[s];
      if (slot === undefined) continue;
      let best = -1;
      let bestDelta = Number.POSITIVE_INFINITY;
      state.replace(s, -1);
      for (const c of slot.candidates) {
        if ((state.uses[c] ?? 0) > 0) continue;
        const delta = state.addCost(s, c);
        if (delta < bestDelta) {
          bestDelta = delta;
          best = c;
        }
      }
      state.replace(s, best >= 0 ? best : r);
    }
  }

  /**
   * regeneratePlan's guarantee: when the search lands on the previous plan
   * (`previous[s]`: the recipe slot s had, -1 when none) in every unlocked
   * slot, the cheapest change that keeps the hard rules is applied: one slot
   * takes an unused valid recipe, or two slots swap their recipes. Answers
   * whether the plan now differs (false: no other plan exists).
   */
  ensureDifferent(previous: Int32Array): boolean {
    const state = this.state;
    const same = this.unlocked.every(
      (s) => (state.assignment[s] ?? -1) === (previous[s] ?? -1),
    );
    if (!same) return true;
    let bestDelta = Number.POSITIVE_INFINITY;
    let move: { s: number; r: number; s2: number } | undefined;
    for (const s of this.unlocked) {
      const slot = state.slots[s];
      const current = state.assignment[s] ?? -1;
      if (slot === undefined) continue;
      const removal = current >= 0 ? state.replace(s, -1) : 0;
      for (const r of slot.candidates) {
        if (r === current || (state.uses[r] ?? 0) > 0) continue;
        const bar = bestDelta - removal;
        if (state.addCostLowerBound(s, r, bar) >= bar) continue;
        const delta = removal + state.addCost(s, r);
        if (delta < bestDelta) {
          bestDelta = delta;
          move = { s, r, s2: -1 };
        }
      }
      if (current >= 0) state.replace(s, current);
    }
    for (let x = 0; x < this.unlocked.length; x += 1) {
      for (let y = x + 1; y < this.unlocked.length; y += 1) {
        const s = this.unlocked[x] ?? 0;
        const s2 = this.unlocked[y] ?? 0;
        const a = state.assignment[s] ?? -1;
        const b = state.assignment[s2] ?? -1;
        if (a < 0 || b < 0 || a === b) continue;
        if (!this.fits(s, b) || !this.fits(s2, a)) continue;
        const delta = state.replace(s, b) + state.replace(s2, a);
        state.replace(s2, b);
        state.replace(s, a);
        if (delta < bestDelta) {
          bestDelta = delta;
          move = { s, r: b, s2 };
        }
      }
    }
    if (move === undefined) return false;
    if (move.s2 >= 0) {
      const a = state.assignment[move.s] ?? -1;
      state.replace(move.s, move.r);
      state.replace(move.s2, a);
    } else {
      state.replace(move.s, move.r);
    }
    return true;
  }

  /** Σ over pairs of unlocked slots of the product of their candidate counts. */
  private pairWork(): number {
    const free = this.unlocked;
    let work = 0;
    for (let x = 0; x < free.length; x += 1) {
      for (let y = x + 1; y < free.length; y += 1) {
        work +=
          (this.state.slots[free[x] ?? 0]?.candidates.length ?? 0) *
          (this.state.slots[free[y] ?? 0]?.candidates.length ?? 0);
      }
    }
    return work;
  }

  /** Σ over unlocked slots of their valid candidates: the cost of one exact pass. */
  private candidateCount(): number {
    let size = 0;
    for (const s of this.unlocked) {
      size += this.state.slots[s]?.candidates.length ?? 0;
    }
    return size;
  }

  /** Restarts (construction + annealing), then exact pass, iterated search and pair passes on the best. */
  private searchFromRestarts(): void {
    const state = this.state;
    let best: Int32Array | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    const restarts = Math.min(
      this.candidateCount() > LARGE_INSTANCE_CANDIDATES ? 1 : MAX_RESTARTS,
      Math.max(
        this.budget.restarts,
        Math.ceil(SMALL_PLAN_SLOTS / Math.max(1, this.unlocked.length)),
      ),
    );
    for (let restart = 0; restart < restarts; restart += 1) {
      state.clear();
      this.placeLocked();
      this.construct(restart === 0 ? 1 : 3);
      this.anneal();
      // The exact pass runs once, on the best restart (below): it scans every
      // candidate of every slot, the costliest step at 5,000 recipes.
      if (state.cost < bestCost - 1e-9) {
        bestCost = state.cost;
        best = Int32Array.from(state.assignment);
      }
      if (this.unlocked.length === 0) break;
    }
    if (best !== undefined) {
      state.clear();
      state.load(best);
    }
    this.exactPass();
    this.iteratedSearch(this.budget.searchWork, Number.POSITIVE_INFINITY, true);
    this.pairPasses();
    for (let k = 0; k < this.budget.exactRounds && this.packagePass(); k += 1) {
      this.exactPass();
    }
  }

  /** Whether recipe r uses fresh item i. */
  private usesItem(r: number, i: number): boolean {
    const { index } = this.state;
    const end = index.freshStart[r + 1] ?? 0;
    for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
      if (index.freshIngredient[k] === i) return true;
    }
    return false;
  }

  /** The fresh items the plan wastes, most waste first (ties: lower index), at most PACKAGE_ITEMS. */
  private wastedItems(): number[] {
    const state = this.state;
    const { index } = state;
    const items = new Set<number>();
    for (const r of state.assignment) {
      if (r < 0) continue;
      const end = index.freshStart[r + 1] ?? 0;
      for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
        const i = index.freshIngredient[k] ?? 0;
        if (state.leftoverOf(i) > PACKAGE_MIN_GRAMS) items.add(i);
      }
    }
    return [...items]
      .sort((a, b) => state.leftoverOf(b) - state.leftoverOf(a) || a - b)
      .slice(0, PACKAGE_ITEMS);
  }

  /**
   * The `width` cheapest single changes in the unlocked slots but `fixed`
   * (a slot taking another unused candidate), cheapest first, costlier ones
   * too: nothing is applied.
   */
  private cheapestChanges(
    fixed: number,
    width: number,
  ): { s: number; r: number; delta: number }[] {
    const state = this.state;
    const top: { s: number; r: number; delta: number }[] = [];
    let worst = Number.POSITIVE_INFINITY;
    for (const s of this.unlocked) {
      if (s === fixed) continue;
      const current = state.assignment[s] ?? -1;
      const removal = state.replace(s, -1);
      this.packageWork += 2;
      for (const r of state.slots[s]?.candidates ?? []) {
        if (r === current || (state.uses[r] ?? 0) > 0) continue;
        const bar = worst - removal - 1e-9;
        if (state.addCostLowerBound(s, r, bar) >= bar) continue;
        this.packageWork += 1;
        const delta = removal + state.addCost(s, r);
        if (delta >= worst - 1e-9) continue;
        top.push({ s, r, delta });
        top.sort((a, b) => a.delta - b.delta || a.s - b.s || a.r - b.r);
        if (top.length > width) top.length = width;
        if (top.length === width) worst = top[width - 1]?.delta ?? worst;
      }
      state.replace(s, current);
    }
    return top;
  }

  /**
   * The package pass (issue 22 item 4): for each fresh item the plan wastes
   * (a package used only in part), most waste first, each unlocked meal
   * using it takes each of its candidates without the item (cheapest
   * first); then each of the PACKAGE_BEAM cheapest second changes, and
   * after it the cheapest third, are tried even when they cost more on
   * their own. The best plan met is kept when it beats the current one. A
   * lone cod dish whose second fillet passes its use-by day goes only with
   * two more changes (a dish keeping the fresh and meat floors, a second
   * use of what the new dish opens), which one- and two-slot moves never
   * reach. Deterministic (no draws); bounded by PACKAGE_WORK; only on
   * catalogues of at most PACKAGE_CATALOGUE recipes. Answers whether the
   * plan improved.
   */
  packagePass(): boolean {
    const state = this.state;
    if (this.filter.valid.length > PACKAGE_CATALOGUE) return false;
    this.packageWork = 0;
    let improved = false;
    for (const i of this.wastedItems()) {
      for (const s1 of this.unlocked) {
        if (this.packageWork >= PACKAGE_WORK) return improved;
        const a1 = state.assignment[s1] ?? -1;
        if (a1 < 0 || !this.usesItem(a1, i)) continue;
        if (state.leftoverOf(i) <= LEFTOVER_EPSILON) break;
        if (this.packageChains(i, s1)) improved = true;
      }
    }
    return improved;
  }

  /** The package pass's chains from slot s1, which uses item i; answers whether the plan improved. */
  private packageChains(i: number, s1: number): boolean {
    const state = this.state;
    const saved = Int32Array.from(state.assignment);
    const before = state.cost;
    const best = Int32Array.from(saved);
    let bestCost = before;
    const keep = () => {
      if (state.cost < bestCost - 1e-9) {
        bestCost = state.cost;
        best.set(state.assignment);
      }
    };
    state.replace(s1, -1);
    const firsts: { r: number; cost: number }[] = [];
    for (const r of state.slots[s1]?.candidates ?? []) {
      if ((state.uses[r] ?? 0) > 0 || this.usesItem(r, i)) continue;
      this.packageWork += 1;
      // Ranked by what they cost but the waste they add: a dish opening a
      // package a later change can use up is worth a chain.
      const waste = state.waste;
      const delta = state.replace(s1, r);
      firsts.push({
        r,
        cost: delta - state.wasteWeight * Math.max(0, state.waste - waste),
      });
      state.replace(s1, -1);
    }
    firsts.sort((a, b) => a.cost - b.cost || a.r - b.r);
    for (const { r } of firsts) {
      if (this.packageWork >= PACKAGE_WORK) break;
      state.load(saved);
      state.replace(s1, r);
      keep();
      const first = Int32Array.from(state.assignment);
      for (const second of this.cheapestChanges(s1, PACKAGE_BEAM)) {
        state.load(first);
        state.replace(second.s, second.r);
        keep();
        const third = this.cheapestChanges(s1, 1)[0];
        if (third === undefined) continue;
        state.replace(third.s, third.r);
        keep();
      }
    }
    state.load(best);
    return bestCost < before - 1e-9;
  }

  private pairPasses(): void {
    for (let k = 0; k < this.budget.exactRounds && this.pairPass(); k += 1) {
      this.exactPass();
    }
  }

  /** The least-waste search; leaves the best plan found in the state. */
  run(): void {
    this.searchFromRestarts();
    this.repairRepeats();
  }

  /**
   * The fit search, after configure() put the waste cap in: from the
   * least-waste plan in the state (which meets the cap), and from a fresh
   * construction that follows the preferences, each annealed and polished;
   * the better is kept, each with an iterated search whose shakes put liked
   * recipes in (like shakes) or share a package. Work: about the
   * least-waste search's.
   */
  runFit(): void {
    const state = this.state;
    const best = Int32Array.from(state.assignment);
    let bestCost = state.cost;
    const polish = () => {
      this.anneal(FIT_ANNEAL_SHARE);
      this.exactPass();
      this.iteratedSearch(
        this.budget.searchWork / 3,
        Number.POSITIVE_INFINITY,
        true,
        true,
      );
      if (state.cost < bestCost - 1e-9) {
        bestCost = state.cost;
        best.set(state.assignment);
      }
    };
    polish();
    // A second start from a construction that follows the preferences,
    // where an exact pass is cheap enough (it scans every candidate).
    if (
      this.unlocked.length > 0 &&
      this.candidateCount() <= LARGE_INSTANCE_CANDIDATES
    ) {
      state.clear();
      this.placeLocked();
      this.construct(1);
      polish();
    }
    state.load(best);
    this.repairRepeats();
  }
}
