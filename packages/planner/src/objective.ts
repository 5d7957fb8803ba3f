/**
 * The objective and its incremental evaluation. A plan's cost is
 *
 *   wastePerGram × waste grams (the waste model, per ingredient)
 *   + Σ per meal: − like − protein match − rating + weekday minutes
 *                 + shelf-life order + previous-plan reuse
 *   + cuisine runs (three meals in a row of one cuisine)
 *   + the same main protein twice in a day
 *   + repeated recipes.
 *
 * PlanState keeps the grams each perishable is used per day and its cached
 * waste, so replacing one meal re-evaluates only the ingredients of the old
 * and the new recipe (7 days each) and the few neighbouring slots the
 * variety terms look at: O(ingredients of two recipes), not O(plan).
 */
import type { CatalogueIndex } from './catalogue.js';
import type { ProfileFilter } from './constraints.js';
import type {
  PlannerCatalogue,
  PlannerProfile,
  PlannerWeights,
} from './plan-types.js';
import { buyPackages, DAY_COUNT } from './waste.js';

/** The rating assumed for an unrated recipe (neutral, mid-scale). */
const UNRATED = 2.5;
/** Minutes assumed for a recipe without a cooking time. */
const UNKNOWN_MINUTES = 45;
/**
 * Grams of leftover below which an ingredient counts as used up (float
 * noise of the package arithmetic).
 */
export const LEFTOVER_EPSILON = 1e-6;
/** Weekdays are Monday (0) to Friday (4). */
const LAST_WEEKDAY = 4;

/** One enabled, fillable slot of the week, in time order. */
export interface PlanSlot {
  readonly dayIndex: number;
  /** 0 breakfast, 1 lunch, 2 dinner. */
  readonly type: number;
  /** Locked recipe index, or -1. */
  readonly lockedRecipe: number;
  /** Valid recipes for this slot (ascending indexes). */
  readonly candidates: Int32Array;
}

/**
 * What a plan's costs need per recipe at the user's serving size, computed
 * once per request for the valid recipes (and any locked or kept ones) and
 * shared by every PlanState of the request.
 */
export class RecipeCosts {
  /** Preference cost of a recipe whatever its day (like, protein, rating). */
  readonly baseCost: Float64Array;
  /** Waste (grams) of a recipe if it were the only user of its fresh items. */
  readonly standaloneWaste: Float64Array;
  /** Fresh grams a recipe uses at the user's serving size. */
  readonly freshGrams: Float64Array;
  /** Per fresh use (CSR entry of the index): grams at the user's serving size. */
  readonly useGrams: Float64Array;
  /** Per fresh use: its waste if nothing else used the ingredient. */
  readonly useAloneWaste: Float64Array;
  /** Cooking minutes per recipe. */
  readonly minutes: Float64Array;

  constructor(
    readonly index: CatalogueIndex,
    readonly catalogue: PlannerCatalogue,
    profile: PlannerProfile,
    readonly filter: ProfileFilter,
    readonly weights: PlannerWeights,
    extra: readonly number[] = [],
  ) {
    const recipeCount = catalogue.recipes.length;
    this.baseCost = new Float64Array(recipeCount);
    this.standaloneWaste = new Float64Array(recipeCount);
    this.freshGrams = new Float64Array(recipeCount);
    this.useGrams = new Float64Array(index.freshIngredient.length);
    this.useAloneWaste = new Float64Array(index.freshIngredient.length);
    this.minutes = new Float64Array(recipeCount);
    const servings = profile.servingSize > 0 ? profile.servingSize : 1;
    const single = new Float64Array(DAY_COUNT);
    const compute = (r: number): void => {
      const recipe = catalogue.recipes[r];
      if (recipe === undefined) return;
      let base = 0;
      if (filter.likedAs[r] !== undefined) base -= weights.like;
      if (
        profile.proteinLevel !== null &&
        recipe.proteinLevel === profile.proteinLevel
      ) {
        base -= weights.proteinMatch;
      }
      base -= weights.ratingPoint * (recipe.rating ?? UNRATED);
      this.baseCost[r] = base;
      this.minutes[r] = recipe.totalCookingTime ?? UNKNOWN_MINUTES;
      let alone = 0;
      let total = 0;
      const end = index.freshStart[r + 1] ?? 0;
      for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
        const i = index.freshIngredient[k] ?? 0;
        const grams = (index.freshGramsPerServing[k] ?? 0) * servings;
        single[0] = grams;
        const waste =
          buyPackages(single, 0, index.packageGrams[i] ?? 1, 0) - grams;
        this.useGrams[k] = grams;
        this.useAloneWaste[k] = waste;
        alone += waste;
        total += grams;
      }
      this.standaloneWaste[r] = alone;
      this.freshGrams[r] = total;
    };
    for (let r = 0; r < recipeCount; r += 1) {
      if (filter.valid[r] === 1) compute(r);
    }
    for (const r of extra) if (filter.valid[r] !== 1) compute(r);
  }
}

export class PlanState {
  readonly slots: readonly PlanSlot[];
  /** Recipe per slot, -1 when empty. */
  readonly assignment: Int32Array;
  /** Times each recipe is in the plan. */
  readonly uses: Int32Array;
  readonly index: CatalogueIndex;
  readonly weights: PlannerWeights;
  /** Waste (grams) of a recipe if it were the only user of its fresh items. */
  readonly standaloneWaste: Float64Array;
  /** Fresh grams a recipe uses at the user's serving size. */
  readonly freshGrams: Float64Array;
  private readonly baseCost: Float64Array;
  private readonly useGrams: Float64Array;
  private readonly useAloneWaste: Float64Array;
  private readonly minutes: Float64Array;
  /** Per ingredient: grams the plan uses over the week. */
  private readonly usedTotal: Float64Array;
  private readonly dayGrams: Float64Array;
  private readonly wasteOf: Float64Array;
  private readonly touchedStamp: Int32Array;
  private stamp = 0;
  private readonly touched: number[] = [];
  /** Slots of each day (indexes into slots). */
  private readonly slotsOfDay: number[][];
  private readonly previous: Uint8Array | undefined;
  /** Total cost of the current assignment. */
  cost = 0;
  /** Total waste grams of the current assignment. */
  waste = 0;

  constructor(
    costs: RecipeCosts,
    slots: readonly PlanSlot[],
    previous?: readonly number[],
  ) {
    this.index = costs.index;
    this.weights = costs.weights;
    this.baseCost = costs.baseCost;
    this.standaloneWaste = costs.standaloneWaste;
    this.freshGrams = costs.freshGrams;
    this.useGrams = costs.useGrams;
    this.useAloneWaste = costs.useAloneWaste;
    this.minutes = costs.minutes;
    this.slots = slots;
    const recipeCount = costs.catalogue.recipes.length;
    const ingredientCount = costs.catalogue.ingredients.length;
    this.assignment = new Int32Array(slots.length).fill(-1);
    this.uses = new Int32Array(recipeCount);
    this.usedTotal = new Float64Array(ingredientCount);
    this.dayGrams = new Float64Array(ingredientCount * DAY_COUNT);
    this.wasteOf = new Float64Array(ingredientCount);
    this.touchedStamp = new Int32Array(ingredientCount);
    this.slotsOfDay = Array.from({ length: DAY_COUNT }, () => []);
    slots.forEach((slot, s) => this.slotsOfDay[slot.dayIndex]?.push(s));
    if (previous !== undefined && previous.length > 0) {
      this.previous = new Uint8Array(recipeCount);
      for (const r of previous) if (r >= 0) this.previous[r] = 1;
    }
  }

  /** Grams left over of ingredient i in the current plan. */
  leftoverOf(i: number): number {
    return this.wasteOf[i] ?? 0;
  }

  /** Preference cost of recipe r whatever its day (like, protein level, rating). */
  baseCostOf(r: number): number {
    return this.baseCost[r] ?? 0;
  }

  /** Cost of recipe r in slot s on its own (no interaction with other meals). */
  slotCost(s: number, r: number): number {
    const slot = this.slots[s];
    if (slot === undefined || r < 0) return 0;
    const index = this.index;
    const recipe = r;
    let cost = this.baseCost[recipe] ?? 0;
    if (slot.dayIndex <= LAST_WEEKDAY) {
      cost += this.weights.weekdayMinute * (this.minutes[recipe] ?? 0);
    }
    const life = index.minLifeDays[recipe] ?? Number.POSITIVE_INFINITY;
    if (Number.isFinite(life)) {
      cost += (this.weights.shelfLifeOrder * slot.dayIndex) / (life + 1);
    }
    if (this.previous?.[recipe] === 1) cost += this.weights.previousPlanReuse;
    return cost;
  }

  private wasteOfIngredient(i: number): number {
    const offset = i * DAY_COUNT;
    const grams = this.dayGrams;
    let used = 0;
    for (let d = 0; d < DAY_COUNT; d += 1) used += grams[offset + d] ?? 0;
    if (used <= 0) return 0;
    return (
      buyPackages(
        grams,
        offset,
        this.index.packageGrams[i] ?? 1,
        this.index.lifeDays[i] ?? 0,
      ) - used
    );
  }

  /** Adds (sign 1) or removes (sign -1) recipe r's fresh uses on a day. */
  private moveGrams(r: number, dayIndex: number, sign: number): void {
    const index = this.index;
    const end = index.freshStart[r + 1] ?? 0;
    for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
      const i = index.freshIngredient[k] ?? 0;
      const at = i * DAY_COUNT + dayIndex;
      const grams = sign * (this.useGrams[k] ?? 0);
      const next = (this.dayGrams[at] ?? 0) + grams;
      // Guard against -1e-13 left by float round trips.
      this.dayGrams[at] = next > 1e-9 ? next : 0;
      const total = (this.usedTotal[i] ?? 0) + grams;
      this.usedTotal[i] = total > 1e-9 ? total : 0;
      if (this.touchedStamp[i] !== this.stamp) {
        this.touchedStamp[i] = this.stamp;
        this.touched.push(i);
      }
    }
  }

  /** Variety cost of the cuisine windows (three slots in a row) around slot s. */
  private cuisineCost(s: number): number {
    const cuisine = this.index.cuisineId;
    const a = this.assignment;
    let cost = 0;
    const from = Math.max(0, s - 2);
    const to = Math.min(this.slots.length - 3, s);
    for (let k = from; k <= to; k += 1) {
      const r0 = a[k] ?? -1;
      const r1 = a[k + 1] ?? -1;
      const r2 = a[k + 2] ?? -1;
      if (r0 < 0 || r1 < 0 || r2 < 0) continue;
      const c = cuisine[r0] ?? -1;
      if (c >= 0 && c === cuisine[r1] && c === cuisine[r2]) {
        cost += this.weights.cuisineRun;
      }
    }
    return cost;
  }

  /** Cost of slot s's main protein repeating another meal's of the same day. */
  private proteinCost(s: number): number {
    const r = this.assignment[s] ?? -1;
    if (r < 0) return 0;
    const protein = this.index.mainProtein[r] ?? -1;
    if (protein < 0) return 0;
    const slot = this.slots[s];
    if (slot === undefined) return 0;
    let cost = 0;
    for (const other of this.slotsOfDay[slot.dayIndex] ?? []) {
      if (other === s) continue;
      const o = this.assignment[other] ?? -1;
      if (o >= 0 && this.index.mainProtein[o] === protein) {
        cost += this.weights.proteinRepeatDay;
      }
    }
    return cost;
  }

  /**
   * Puts recipe r (or -1: empty) in slot s and answers the change of cost.
   * Calling it again with the old recipe reverts exactly.
   */
  replace(s: number, r: number): number {
    const old = this.assignment[s] ?? -1;
    if (old === r) return 0;
    const slot = this.slots[s];
    if (slot === undefined) return 0;
    const w = this.weights;
    // Variety terms touching s, before; the same terms after are added below.
    let delta = -(this.cuisineCost(s) + this.proteinCost(s));
    if (old >= 0) {
      delta -= this.slotCost(s, old);
      const count = this.uses[old] ?? 0;
      if (count >= 2) delta -= w.repeatRecipe;
      this.uses[old] = count - 1;
    }
    if (r >= 0) {
      delta += this.slotCost(s, r);
      const count = this.uses[r] ?? 0;
      if (count >= 1) delta += w.repeatRecipe;
      this.uses[r] = count + 1;
    }
    this.stamp += 1;
    this.touched.length = 0;
    if (old >= 0) this.moveGrams(old, slot.dayIndex, -1);
    if (r >= 0) this.moveGrams(r, slot.dayIndex, 1);
    this.assignment[s] = r;
    delta += this.cuisineCost(s) + this.proteinCost(s);
    let wasteDelta = 0;
    for (const i of this.touched) {
      const next = this.wasteOfIngredient(i);
      wasteDelta += next - (this.wasteOf[i] ?? 0);
      this.wasteOf[i] = next;
    }
    this.waste += wasteDelta;
    delta += w.wastePerGram * wasteDelta;
    this.cost += delta;
    return delta;
  }

  /** Empties every unlocked slot... and locked ones too: a clean state. */
  clear(): void {
    for (let s = 0; s < this.slots.length; s += 1) this.replace(s, -1);
    this.cost = 0;
    this.waste = 0;
  }

  /** Copies an assignment in (slot by slot, through replace). */
  load(assignment: ArrayLike<number>): void {
    for (let s = 0; s < this.slots.length; s += 1) {
      this.replace(s, assignment[s] ?? -1);
    }
  }

  /**
   * The cost of putting recipe r in slot s, which must be empty, without
   * changing anything: the same terms as replace, read in place.
   */
  addCost(s: number, r: number): number {
    const slot = this.slots[s];
    if (slot === undefined || (this.assignment[s] ?? -1) !== -1) {
      throw new RangeError('addCost needs an empty slot');
    }
    const w = this.weights;
    let cost = this.slotCost(s, r);
    if ((this.uses[r] ?? 0) >= 1) cost += w.repeatRecipe;
    this.assignment[s] = r;
    cost += this.cuisineCost(s) + this.proteinCost(s);
    this.assignment[s] = -1;
    const index = this.index;
    const grams = this.dayGrams;
    let wasteDelta = 0;
    const end = index.freshStart[r + 1] ?? 0;
    for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
      const i = index.freshIngredient[k] ?? 0;
      const at = i * DAY_COUNT + slot.dayIndex;
      const before = grams[at] ?? 0;
      grams[at] = before + (this.useGrams[k] ?? 0);
      wasteDelta += this.wasteOfIngredient(i) - (this.wasteOf[i] ?? 0);
      grams[at] = before;
    }
    return cost + w.wastePerGram * wasteDelta;
  }

  /**
   * A lower bound of addCost, reading no day: an ingredient with nothing
   * left over (unused, or every package used up) adds at least its waste
   * alone, because what is bought is whole packages and the packages bought
   * so far hold exactly what is used (ceil((n·P + u)/P)·P − n·P − u =
   * ceil(u/P)·P − u); one with a leftover can save at most that leftover and
   * at most the grams added.
   */
  addCostLowerBound(s: number, r: number): number {
    const index = this.index;
    let waste = 0;
    const end = index.freshStart[r + 1] ?? 0;
    for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
      const i = index.freshIngredient[k] ?? 0;
      const leftover = this.wasteOf[i] ?? 0;
      if (leftover <= LEFTOVER_EPSILON) {
        waste += this.useAloneWaste[k] ?? 0;
      } else {
        waste -= Math.min(this.useGrams[k] ?? 0, leftover);
      }
    }
    return (
      this.slotCost(s, r) +
      ((this.uses[r] ?? 0) >= 1 ? this.weights.repeatRecipe : 0) +
      this.weights.wastePerGram * waste
    );
  }
}
