/**
 * The objective and its incremental evaluation. A plan's cost is
 *
 *   the waste term: wastePerGram × waste grams (least-waste phase), or a
 *     tie-break per gram plus a steep cost per gram above the cap (the
 *     least waste plus wasteMarginPercent: the fit phase)
 *   + Σ per meal: − like − protein match ∓ protein grams − rating
 *                 + weekday minutes + shelf-life order + previous-plan reuse
 *   + cuisine runs (three meals in a row of one cuisine)
 *   + the same non-animal main protein twice in a day
 *   + likes short of a third of the meals
 *   + the rules of acceptability, each at RULE_COST (a repeat at
 *     REPEAT_COST), more than any preference, so a rule is broken only when
 *     no plan keeps it: a recipe twice, two near-duplicates (same main
 *     protein and dish kind, or same head noun, liked or not), one main animal protein
 *     twice a day (liked or not) or over its weekly cap unless liked, a meal over its
 *     cooking-time cap, a regenerated week sharing over a third of its
 *     dishes, fresh food per serving under the random plans' median
 *     (FRESH_SHORT_COST per gram), and fewer meat or fish meals than the
 *     meat floor (MEAT_SHORT_COST per meal: an omnivore's week does not
 *     cut waste by turning vegetarian).
 *
 * PlanState keeps the grams each perishable is used per day and its cached
 * waste, so replacing one meal re-evaluates only the ingredients of the old
 * and the new recipe (7 days each) and the few neighbouring slots the
 * variety terms look at: O(ingredients of two recipes), not O(plan).
 */
import type { CatalogueIndex } from './catalogue.js';
import type { ProfileFilter } from './constraints.js';
import type { CompiledKitchen } from './kitchen.js';
import type {
  PlannerCatalogue,
  PlannerProfile,
  PlannerWeights,
} from './plan-types.js';
import { buyPackages, DAY_COUNT, NEXT_MONDAY } from './waste.js';

/** The rating assumed for an unrated recipe (neutral, mid-scale). */
const UNRATED = 2.5;
/** Minutes assumed for a recipe without a cooking time. */
export const UNKNOWN_MINUTES = 45;
/**
 * Grams of leftover below which an ingredient counts as used up (float
 * noise of the package arithmetic).
 */
export const LEFTOVER_EPSILON = 1e-6;
/** Weekdays are Monday (0) to Friday (4). */
export const LAST_WEEKDAY = 4;
/** Cost of a rule of acceptability broken once: above any preference. */
export const RULE_COST = 300_000;
/**
 * Cost of a weekend meal over WEEKEND_MINUTES: a softer rule than the
 * others (a long Sunday roast is a choice some cooks make, a near-duplicate
 * or a 90-minute Tuesday dinner is not), so it gives way to them, but it
 * still outweighs any preference or like: the slow-cooker pot roast of 500
 * minutes lands at the weekend only when no quicker meal keeps the rules.
 */
export const WEEKEND_TIME_COST = RULE_COST / 3;
/** Cost of a recipe twice in a week: the worst broken rule. */
export const REPEAT_COST = 1_000_000;
/**
 * Cost per gram of fresh food per serving under the floor (for one serving a
 * kilogram short is 2 M; for six, the same grams a serving are six times
 * the grams bought, at the same cost): a plan short of the floor by more
 * than 150 g a serving over the week costs more than a broken rule.
 */
export const FRESH_SHORT_COST = 2_000;
/**
 * Cost per meal of meat or fish under the meat floor: as much as a broken
 * rule, since a week that drops the meat of someone who eats it is a week
 * they reject, whatever it saves.
 */
export const MEAT_SHORT_COST = RULE_COST;
/** Fit phase: cost per gram of waste above the cap (20 g over outweighs any preference). */
export const OVER_CAP_COST = 5_000;
/** Fit phase: cost per gram of waste under the cap, a tie-break. */
export const FIT_WASTE_COST = 1;

/**
 * What the margin is a share of, at the least, per planned meal: with food
 * that keeps counted as kept, the least-waste week often wastes nearly
 * nothing, and a share of nothing would leave no room for likes or protein.
 */
const MARGIN_BASE_GRAMS_PER_MEAL = 100;

/**
 * The waste the fit phase may reach: the least waste plus the margin, as a
 * share of that waste or of MARGIN_BASE_GRAMS_PER_MEAL a meal if more.
 */
export function fitWasteCap(
  leastWaste: number,
  meals: number,
  marginShare: number,
): number {
  const least = Math.max(0, leastWaste);
  return (
    least + marginShare * Math.max(least, meals * MARGIN_BASE_GRAMS_PER_MEAL)
  );
}
/** Protein per serving a Medium Protein profile aims at (grams). */
const MEDIUM_PROTEIN_G = 18;
/** Valid recipes from which a like should fill a third of the meals. */
export const LIKE_SHARE_MIN_RECIPES = 15;

/**
 * Meals a like should fill: a third of them from LIKE_SHARE_MIN_RECIPES
 * valid recipes on, and below that its part of the third, pro rata and
 * rounded up (10 valid recipes: 5 of 21 meals; 1 recipe: one meal). A
 * like of few recipes kept no share before, so a regenerated week, which
 * reuses at most a third of the last one's dishes, lost most of it (a
 * vegan tofu lover without mushrooms: tofu 38 → 10 % of the meals).
 */
export function likeTarget(validRecipes: number, meals: number): number {
  const third = Math.ceil(meals / 3);
  if (validRecipes >= LIKE_SHARE_MIN_RECIPES) return third;
  return Math.ceil(
    (third * Math.max(0, validRecipes)) / LIKE_SHARE_MIN_RECIPES,
  );
}
/** Meals of a full week, for the weekly cap of a main animal protein (3 in 21). */
const FULL_WEEK_MEALS = 21;
const ANIMAL_WEEKLY = 3;

/** Weekly cap of one unliked main animal protein for a plan of `meals` meals (3 in 21, pro rata). */
export function animalWeeklyCap(meals: number): number {
  return Math.max(1, Math.ceil((ANIMAL_WEEKLY * meals) / FULL_WEEK_MEALS));
}

/** One enabled, fillable slot of the week, in time order. */
export interface PlanSlot {
  readonly dayIndex: number;
  /** 0 breakfast, 1 lunch, 2 dinner. */
  readonly type: number;
  /** Locked recipe index, or -1. */
  readonly lockedRecipe: number;
  /** Valid recipes for this slot (ascending indexes). */
  readonly candidates: Int32Array;
  /** Cooking-time cap in minutes (at weekends a softer one: WEEKEND_TIME_COST). */
  readonly maxMinutes: number;
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
  /**
   * Per fresh use: its waste if nothing else used the ingredient and its
   * package were not kept (see aloneWasteOn for the day's rule).
   */
  readonly useAloneWaste: Float64Array;
  /**
   * Per fresh use: its ingredient's shelf life in days (a package bought on
   * day d is kept, not wasted, when 7 − d ≤ it), −1 when food at home holds
   * the ingredient.
   */
  readonly useLife: Float64Array;
  /**
   * Per recipe, the fresh uses (CSR entries of the index) that can waste:
   * an ingredient that keeps a week or more is kept whatever the menu (the
   * kitchen model: food still good on Monday is not waste), so unless food
   * at home holds it, its waste is always 0 and the search skips it.
   */
  readonly wasteUseStart: Int32Array;
  readonly wasteUse: Int32Array;
  /** Cooking minutes per recipe. */
  readonly minutes: Float64Array;
  /** Per recipe: bits of the likes it matches (filter.likeBits). */
  readonly likeBits: Uint32Array;

  constructor(
    readonly index: CatalogueIndex,
    readonly catalogue: PlannerCatalogue,
    profile: PlannerProfile,
    readonly filter: ProfileFilter,
    readonly weights: PlannerWeights,
    extra: readonly number[] = [],
    /** Food at home (issue 20): used first, free until its use-by day. */
    readonly kitchen?: CompiledKitchen,
  ) {
    const recipeCount = catalogue.recipes.length;
    this.baseCost = new Float64Array(recipeCount);
    this.standaloneWaste = new Float64Array(recipeCount);
    this.freshGrams = new Float64Array(recipeCount);
    this.useGrams = new Float64Array(index.freshIngredient.length);
    this.useAloneWaste = new Float64Array(index.freshIngredient.length);
    this.useLife = new Float64Array(index.freshIngredient.length);
    this.minutes = new Float64Array(recipeCount);
    this.likeBits = filter.likeBits;
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
      // Protein counts by the gram, not only by level: High Protein plans
      // must carry clearly more protein than Low Protein ones.
      const protein = Math.max(0, recipe.proteinPerServingG);
      if (profile.proteinLevel === 'high') {
        base -= weights.proteinPerGram * protein;
      } else if (profile.proteinLevel === 'low') {
        base += weights.proteinPerGram * protein;
      } else if (profile.proteinLevel === 'medium') {
        base +=
          (weights.proteinPerGram * Math.abs(protein - MEDIUM_PROTEIN_G)) / 2;
      }
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
        const life = index.lifeDays[i] ?? 0;
        this.useGrams[k] = grams;
        this.useAloneWaste[k] = waste;
        this.useLife[k] = kitchen?.has(i) === true ? -1 : life;
        // Alone, on a day drawn evenly from the week: its package is kept
        // from the days within its life of next Monday.
        const keptDays = Math.min(DAY_COUNT, Math.max(0, Math.floor(life)));
        alone += (waste * (DAY_COUNT - keptDays)) / DAY_COUNT;
        // The fresh-food floor counts fresh food, not opened cans (issue 20).
        if (catalogue.ingredients[i]?.perishable === true) total += grams;
      }
      this.standaloneWaste[r] = alone;
      this.freshGrams[r] = total;
    };
    for (let r = 0; r < recipeCount; r += 1) {
      if (filter.valid[r] === 1) compute(r);
    }
    for (const r of extra) if (filter.valid[r] !== 1) compute(r);
    // The uses that can waste, per recipe (computed recipes only).
    this.wasteUseStart = new Int32Array(recipeCount + 1);
    const uses: number[] = [];
    const computed = new Uint8Array(recipeCount);
    for (let r = 0; r < recipeCount; r += 1) {
      if (filter.valid[r] === 1) computed[r] = 1;
    }
    for (const r of extra) computed[r] = 1;
    for (let r = 0; r < recipeCount; r += 1) {
      if (computed[r] === 1) {
        const end = index.freshStart[r + 1] ?? 0;
        for (let k = index.freshStart[r] ?? 0; k < end; k += 1) {
          const life = this.useLife[k] ?? 0;
          if (life < 0 || life < NEXT_MONDAY) uses.push(k);
        }
      }
      this.wasteUseStart[r + 1] = uses.length;
    }
    this.wasteUse = Int32Array.from(uses);
  }
}

/**
 * The cost change of counts[key] moving by `sign` when each count above
 * `limit` costs `cost`; moves it when `apply`.
 */
function stepCost(
  counts: Int32Array,
  key: number,
  sign: number,
  limit: number,
  cost: number,
  apply: boolean,
): number {
  const c = counts[key] ?? 0;
  const next = c + sign;
  if (apply) counts[key] = next;
  return cost * (Math.max(0, next - limit) - Math.max(0, c - limit));
}

/** How the waste counts: least-waste phase, or fit phase under a cap. */
export interface WasteMode {
  /** Points per gram of waste. */
  readonly perGram: number;
  /** Grams above which OVER_CAP_COST applies (Infinity: no cap). */
  readonly cap: number;
}

/** The rules' settings of one request, beyond the weights. */
export interface PlanRules {
  /** Grams of fresh food (at the user's servings) under which freshShortCost applies. */
  readonly freshFloor: number;
  /** Points per gram (at the user's servings) under the fresh floor: FRESH_SHORT_COST / servings. */
  readonly freshShortCost: number;
  /** Per like: meals it should fill (0: no target). */
  readonly likeTargets: readonly number[];
  /** Per family index: 1 when liked (its protein is not capped). */
  readonly likedFamily: Uint8Array;
  /** Meals of the previous plan the new one may reuse (Infinity without one). */
  readonly reuseCap: number;
  /** Meals with a main meat or fish protein under which MEAT_SHORT_COST applies. */
  readonly meatFloor: number;
}

export const NO_RULES: PlanRules = {
  freshFloor: 0,
  freshShortCost: 0,
  likeTargets: [],
  likedFamily: new Uint8Array(0),
  reuseCap: Number.POSITIVE_INFINITY,
  meatFloor: 0,
};

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
  private readonly useLife: Float64Array;
  private readonly wasteUseStart: Int32Array;
  private readonly wasteUse: Int32Array;
  private readonly minutes: Float64Array;
  private readonly likeBits: Uint32Array;
  /** Per ingredient: grams the plan uses over the week. */
  private readonly usedTotal: Float64Array;
  private readonly dayGrams: Float64Array;
  private readonly wasteOf: Float64Array;
  private readonly kitchen: CompiledKitchen | undefined;
  private readonly touchedStamp: Int32Array;
  /** The plan's version: replace moves it on. */
  private stamp = 0;
  /**
   * Waste per ingredient known ahead (see replace): after the last replace,
   * what undoing it gives back (undo*), and after the last addCost, what
   * putting its recipe in gives (add*). Valid for ingredients stamped with
   * the bank's generation, in the plan version it was taken in.
   */
  private readonly undoValue: Float64Array;
  private readonly undoStamp: Int32Array;
  private undoGen = 0;
  private undoVersion = -1;
  private undoSlot = -1;
  private undoFrom = -1;
  private undoTo = -1;
  private readonly addValue: Float64Array;
  private readonly addStamp: Int32Array;
  private addGen = 0;
  private addVersion = -1;
  private addSlot = -1;
  private addTo = -1;
  private readonly touched: number[] = [];
  /** Slots of each day (indexes into slots). */
  private readonly slotsOfDay: number[][];
  /** Per slot, slotCost by recipe (NaN: not computed yet); it reads nothing that changes. */
  private readonly slotCostCache: (Float64Array | undefined)[];
  private readonly previous: Uint8Array | undefined;
  /** Rule counters: near-duplicate keys, animal proteins per day and week, likes. */
  private readonly proteinKindCount: Int32Array;
  private readonly headCount: Int32Array;
  private readonly animalDay: Int32Array;
  private readonly animalWeek: Int32Array;
  private readonly likeCount: Int32Array;
  private readonly familyCount: number;
  /** Weekly cap of one unliked main animal protein, pro rata of the meals. */
  readonly animalCap: number;
  private rules: PlanRules = NO_RULES;
  private mode: WasteMode;
  /** The plan-wide terms of the current plan (globalCost of its totals). */
  private globalNow = 0;
  /** Fresh grams the plan uses. */
  freshUsed = 0;
  /** Meals holding a recipe of the previous plan. */
  reused = 0;
  /** Meals whose main protein is meat or fish. */
  meatMeals = 0;
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
    this.useLife = costs.useLife;
    this.wasteUseStart = costs.wasteUseStart;
    this.wasteUse = costs.wasteUse;
    this.minutes = costs.minutes;
    this.likeBits = costs.likeBits;
    this.kitchen = costs.kitchen;
    this.slots = slots;
    const recipeCount = costs.catalogue.recipes.length;
    const ingredientCount = costs.catalogue.ingredients.length;
    this.assignment = new Int32Array(slots.length).fill(-1);
    this.uses = new Int32Array(recipeCount);
    this.usedTotal = new Float64Array(ingredientCount);
    this.dayGrams = new Float64Array(ingredientCount * DAY_COUNT);
    this.wasteOf = new Float64Array(ingredientCount);
    this.touchedStamp = new Int32Array(ingredientCount);
    this.undoValue = new Float64Array(ingredientCount);
    this.undoStamp = new Int32Array(ingredientCount);
    this.addValue = new Float64Array(ingredientCount);
    this.addStamp = new Int32Array(ingredientCount);
    this.slotsOfDay = Array.from({ length: DAY_COUNT }, () => []);
    this.slotCostCache = new Array<Float64Array | undefined>(slots.length);
    slots.forEach((slot, s) => this.slotsOfDay[slot.dayIndex]?.push(s));
    if (previous !== undefined && previous.length > 0) {
      this.previous = new Uint8Array(recipeCount);
      for (const r of previous) if (r >= 0) this.previous[r] = 1;
    }
    this.familyCount = this.index.families.ids.length;
    this.proteinKindCount = new Int32Array(this.index.proteinKindCount);
    this.headCount = new Int32Array(this.index.headCount);
    this.animalDay = new Int32Array(DAY_COUNT * this.familyCount);
    this.animalWeek = new Int32Array(this.familyCount);
    this.likeCount = new Int32Array(32);
    this.animalCap = animalWeeklyCap(slots.length);
    this.mode = { perGram: costs.weights.wastePerGram, cap: Infinity };
  }

  /** Points per gram of waste in the current mode (the search's temperature scale). */
  get wasteWeight(): number {
    return this.mode.perGram;
  }

  /** Sets the rules and the waste mode; recomputes the cost of the plan in place. */
  configure(rules: PlanRules, mode: WasteMode): void {
    const kept = Int32Array.from(this.assignment);
    this.clear();
    this.rules = rules;
    this.mode = mode;
    this.refreshGlobal();
    this.cost = this.currentGlobal();
    this.load(kept);
  }

  /** Grams left over of ingredient i in the current plan. */
  leftoverOf(i: number): number {
    return this.wasteOf[i] ?? 0;
  }

  /** Preference cost of recipe r whatever its day (like, protein level, rating). */
  baseCostOf(r: number): number {
    return this.baseCost[r] ?? 0;
  }

  /** Whether recipe r's main protein is meat or fish (eggs are not). */
  isMeat(r: number): boolean {
    const animal = this.index.mainAnimal[r] ?? -1;
    return animal >= 0 && this.index.families.meat[animal] === true;
  }

  /** Whether a like has a share target under the current rules. */
  get hasLikeTargets(): boolean {
    return this.rules.likeTargets.some((target) => target > 0);
  }

  /** The meat floor of the current rules (0: none). */
  get meatFloor(): number {
    return this.rules.meatFloor;
  }

  /** Whether recipe r breaks slot s's cooking-time cap. */
  overTime(s: number, r: number): boolean {
    const slot = this.slots[s];
    return slot !== undefined && (this.minutes[r] ?? 0) > slot.maxMinutes;
  }

  /** Cost of recipe r in slot s on its own (no interaction with other meals). */
  slotCost(s: number, r: number): number {
    const cache = (this.slotCostCache[s] ??= new Float64Array(
      this.uses.length,
    ).fill(Number.NaN));
    const cached = cache[r];
    if (cached !== undefined && !Number.isNaN(cached)) return cached;
    const cost = this.computeSlotCost(s, r);
    if (r >= 0) cache[r] = cost;
    return cost;
  }

  private computeSlotCost(s: number, r: number): number {
    const slot = this.slots[s];
    if (slot === undefined || r < 0) return 0;
    const index = this.index;
    const recipe = r;
    let cost = this.baseCost[recipe] ?? 0;
    if (slot.dayIndex <= LAST_WEEKDAY) {
      cost += this.weights.weekdayMinute * (this.minutes[recipe] ?? 0);
    }
    if ((this.minutes[recipe] ?? 0) > slot.maxMinutes) {
      cost += slot.dayIndex > LAST_WEEKDAY ? WEEKEND_TIME_COST : RULE_COST;
    }
    const life = index.minLifeDays[recipe] ?? Number.POSITIVE_INFINITY;
    if (Number.isFinite(life)) {
      cost += (this.weights.shelfLifeOrder * slot.dayIndex) / (life + 1);
    }
    if (this.previous?.[recipe] === 1) cost += this.weights.previousPlanReuse;
    return cost;
  }

  /**
   * The plan-wide terms (waste, fresh-food floor, like shares, reuse cap)
   * for given totals; `bits` adds one meal to the likes it names.
   */
  private globalCost(
    waste: number,
    fresh: number,
    reused: number,
    bits: number,
    meat: number,
  ): number {
    const mode = this.mode;
    let cost = mode.perGram * waste;
    if (waste > mode.cap) cost += OVER_CAP_COST * (waste - mode.cap);
    const rules = this.rules;
    if (fresh < rules.freshFloor) {
      cost += rules.freshShortCost * (rules.freshFloor - fresh);
    }
    if (reused > rules.reuseCap) cost += RULE_COST * (reused - rules.reuseCap);
    if (meat < rules.meatFloor) {
      cost += MEAT_SHORT_COST * (rules.meatFloor - meat);
    }
    const targets = rules.likeTargets;
    for (let k = 0; k < targets.length; k += 1) {
      const target = targets[k] ?? 0;
      if (target <= 0) continue;
      const count = (this.likeCount[k] ?? 0) + ((bits >>> k) & 1);
      if (count < target) cost += this.weights.likeShare * (target - count);
    }
    return cost;
  }

  private currentGlobal(): number {
    return this.globalNow;
  }

  private refreshGlobal(): void {
    this.globalNow = this.globalCost(
      this.waste,
      this.freshUsed,
      this.reused,
      0,
      this.meatMeals,
    );
  }

  /**
   * Cost change of recipe r's rule counters joining (sign 1) or leaving
   * (sign -1) day d; `apply` also moves the counters.
   */
  private counters(r: number, d: number, sign: 1 | -1, apply: boolean): number {
    const index = this.index;
    let delta = 0;
    const kind = index.proteinKindKey[r] ?? -1;
    if (kind >= 0) {
      delta += stepCost(this.proteinKindCount, kind, sign, 1, RULE_COST, apply);
    }
    // Two dishes sharing a head noun are a near-duplicate, liked or not
    // (issue 22's rule; pass 6 dropped the liked-dish exemption: chicken
    // tacos and bean tacos, two salmon dishes for a salmon lover, a Caprese
    // and an antipasto salad for an Italian lover all read as the same dish
    // twice, and a like is a preference, below the rules).
    const head = index.headKey[r] ?? -1;
    if (head >= 0) {
      delta += stepCost(this.headCount, head, sign, 1, RULE_COST, apply);
    }
    const animal = index.mainAnimal[r] ?? -1;
    if (animal >= 0) {
      const likedAnimal = this.rules.likedFamily[animal] === 1;
      // Once a day even when liked: chicken at lunch and again at dinner
      // every day is a week a chicken lover still sends back.
      delta += stepCost(
        this.animalDay,
        d * this.familyCount + animal,
        sign,
        1,
        RULE_COST,
        apply,
      );
      delta += stepCost(
        this.animalWeek,
        animal,
        sign,
        this.animalCap,
        likedAnimal ? 0 : RULE_COST,
        apply,
      );
    }
    if (apply) {
      const bits = this.likeBits[r] ?? 0;
      if (bits !== 0) {
        for (let k = 0; k < 32; k += 1) {
          if (((bits >>> k) & 1) === 1) {
            this.likeCount[k] = (this.likeCount[k] ?? 0) + sign;
          }
        }
      }
      this.freshUsed += sign * (this.freshGrams[r] ?? 0);
      if (this.previous?.[r] === 1) this.reused += sign;
      if (this.isMeat(r)) this.meatMeals += sign;
    }
    return delta;
  }

  /** Rules slot s's meal breaks in the current plan, as codes (for reasons). */
  brokenRules(s: number): string[] {
    const r = this.assignment[s] ?? -1;
    const slot = this.slots[s];
    if (r < 0 || slot === undefined) return [];
    const out: string[] = [];
    const index = this.index;
    if ((this.uses[r] ?? 0) > 1) out.push('repeat');
    if (this.previous?.[r] === 1 && this.reused > this.rules.reuseCap) {
      out.push('reuse');
    }
    if (this.overTime(s, r)) out.push('time');
    const kind = index.proteinKindKey[r] ?? -1;
    const head = index.headKey[r] ?? -1;
    if (
      (kind >= 0 && (this.proteinKindCount[kind] ?? 0) > 1) ||
      (head >= 0 && (this.headCount[head] ?? 0) > 1)
    ) {
      out.push('near-duplicate');
    }
    const animal = index.mainAnimal[r] ?? -1;
    if (animal >= 0) {
      if (
        (this.animalDay[slot.dayIndex * this.familyCount + animal] ?? 0) > 1
      ) {
        out.push('protein-day');
      }
      if (
        this.rules.likedFamily[animal] !== 1 &&
        (this.animalWeek[animal] ?? 0) > this.animalCap
      ) {
        out.push('protein-week');
      }
    }
    return out;
  }

  private wasteOfIngredient(i: number, used: number): number {
    if (used <= 0) return 0;
    return (
      buyPackages(
        this.dayGrams,
        i * DAY_COUNT,
        this.index.packageGrams[i] ?? 1,
        this.index.lifeDays[i] ?? 0,
        undefined,
        this.kitchen?.get(i),
      ) - used
    );
  }

  /** The last day the plan uses ingredient i (-1: none). */
  private lastDayUsing(i: number): number {
    const offset = i * DAY_COUNT;
    for (let d = DAY_COUNT - 1; d >= 0; d -= 1) {
      if ((this.dayGrams[offset + d] ?? 0) > 0) return d;
    }
    return -1;
  }

  /** Adds (sign 1) or removes (sign -1) recipe r's fresh uses that can waste on a day. */
  private moveGrams(r: number, dayIndex: number, sign: number): void {
    const index = this.index;
    const uses = this.wasteUse;
    const end = this.wasteUseStart[r + 1] ?? 0;
    for (let u = this.wasteUseStart[r] ?? 0; u < end; u += 1) {
      const k = uses[u] ?? 0;
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

  /** Cost of slot s's non-animal main protein (tofu, lentils) repeating another meal's of the same day. */
  private proteinCost(s: number): number {
    const r = this.assignment[s] ?? -1;
    if (r < 0 || (this.index.mainAnimal[r] ?? -1) >= 0) return 0;
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
    const globalBefore = this.currentGlobal();
    // Variety terms touching s, before; the same terms after are added below.
    let delta = -(this.cuisineCost(s) + this.proteinCost(s));
    if (old >= 0) {
      delta -= this.slotCost(s, old);
      const count = this.uses[old] ?? 0;
      if (count >= 2) delta -= REPEAT_COST + w.repeatRecipe;
      this.uses[old] = count - 1;
      delta += this.counters(old, slot.dayIndex, -1, true);
    }
    if (r >= 0) {
      delta += this.slotCost(s, r);
      const count = this.uses[r] ?? 0;
      if (count >= 1) delta += REPEAT_COST + w.repeatRecipe;
      this.uses[r] = count + 1;
      delta += this.counters(r, slot.dayIndex, 1, true);
    }
    this.stamp += 1;
    this.touched.length = 0;
    if (old >= 0) this.moveGrams(old, slot.dayIndex, -1);
    if (r >= 0) this.moveGrams(r, slot.dayIndex, 1);
    this.assignment[s] = r;
    delta += this.cuisineCost(s) + this.proteinCost(s);
    let wasteDelta = 0;
    // Waste already known: this replace undoes the one before it, or puts
    // in the recipe addCost just read for this slot in this same plan.
    const version = this.stamp - 1;
    const undoing =
      this.undoVersion === version &&
      this.undoSlot === s &&
      this.undoFrom === old &&
      this.undoTo === r;
    const adding =
      !undoing &&
      old === -1 &&
      this.addVersion === version &&
      this.addSlot === s &&
      this.addTo === r;
    const undoGen = this.undoGen;
    const nextGen = undoGen + 1;
    for (const i of this.touched) {
      const before = this.wasteOf[i] ?? 0;
      let next: number;
      if (undoing && this.undoStamp[i] === undoGen) {
        next = this.undoValue[i] ?? 0;
      } else if (adding && this.addStamp[i] === this.addGen) {
        next = this.addValue[i] ?? 0;
      } else {
        next = this.wasteOfIngredient(i, this.usedTotal[i] ?? 0);
      }
      this.undoValue[i] = before;
      this.undoStamp[i] = nextGen;
      wasteDelta += next - before;
      this.wasteOf[i] = next;
    }
    this.undoGen = nextGen;
    this.undoVersion = this.stamp;
    this.undoSlot = s;
    this.undoFrom = r;
    this.undoTo = old;
    this.waste += wasteDelta;
    this.refreshGlobal();
    delta += this.currentGlobal() - globalBefore;
    this.cost += delta;
    return delta;
  }

  /** Empties every slot, locked ones too: a clean state. */
  clear(): void {
    for (let s = 0; s < this.slots.length; s += 1) this.replace(s, -1);
    this.cost = 0;
    this.waste = 0;
    this.freshUsed = 0;
    this.reused = 0;
    this.meatMeals = 0;
    this.refreshGlobal();
    this.cost = this.currentGlobal();
  }

  /** Copies an assignment in (slot by slot, through replace). */
  load(assignment: ArrayLike<number>): void {
    for (let s = 0; s < this.slots.length; s += 1) {
      this.replace(s, assignment[s] ?? -1);
    }
  }

  /** The plan-wide terms if r joined the plan with `wasteDelta` more grams of waste. */
  private globalAfterAdding(r: number, wasteDelta: number): number {
    return this.globalCost(
      this.waste + wasteDelta,
      this.freshUsed + (this.freshGrams[r] ?? 0),
      this.reused + (this.previous?.[r] === 1 ? 1 : 0),
      this.likeBits[r] ?? 0,
      this.meatMeals + (this.isMeat(r) ? 1 : 0),
    );
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
    if ((this.uses[r] ?? 0) >= 1) cost += REPEAT_COST + w.repeatRecipe;
    cost += this.counters(r, slot.dayIndex, 1, false);
    this.assignment[s] = r;
    cost += this.cuisineCost(s) + this.proteinCost(s);
    this.assignment[s] = -1;
    const index = this.index;
    const grams = this.dayGrams;
    let wasteDelta = 0;
    const addGen = this.addGen + 1;
    const uses = this.wasteUse;
    const end = this.wasteUseStart[r + 1] ?? 0;
    for (let u = this.wasteUseStart[r] ?? 0; u < end; u += 1) {
      const k = uses[u] ?? 0;
      const i = index.freshIngredient[k] ?? 0;
      const at = i * DAY_COUNT + slot.dayIndex;
      const before = grams[at] ?? 0;
      const added = this.useGrams[k] ?? 0;
      grams[at] = before + added;
      const next = this.wasteOfIngredient(i, (this.usedTotal[i] ?? 0) + added);
      this.addValue[i] = next;
      this.addStamp[i] = addGen;
      wasteDelta += next - (this.wasteOf[i] ?? 0);
      grams[at] = before;
    }
    this.addGen = addGen;
    this.addVersion = this.stamp;
    this.addSlot = s;
    this.addTo = r;
    return cost + this.globalAfterAdding(r, wasteDelta) - this.currentGlobal();
  }

  /**
   * A lower bound of addCost. Per use of an ingredient that can waste (one
   * that keeps a week or more never does, see RecipeCosts.wasteUse):
   * - food at home holds it: the use may save at most its own grams;
   * - the plan leaves some of it over: the use may save at most that
   *   leftover and its own grams;
   * - nothing is left over: the last purchase of it would be on day
   *   b = max(the slot's day, the plan's last day using it) at the latest,
   *   and its package is kept (not waste) only when 7 − b ≤ its life; then
   *   the bound is 0. Otherwise nothing is kept before or after, so what is
   *   bought is whole packages that hold exactly what is used, and the use
   *   adds at least its waste alone: ceil((n·P + u)/P)·P − n·P − u =
   *   ceil(u/P)·P − u.
   * The plan-wide terms only grow with waste, so the bound on waste bounds
   * them; the other terms are exact. A caller that only compares the bound
   * with `limit` may pass it: at or above it, the rule counters (which only
   * add) are not read, and the answer is still a lower bound.
   */
  addCostLowerBound(
    s: number,
    r: number,
    limit = Number.POSITIVE_INFINITY,
  ): number {
    const index = this.index;
    const slot = this.slots[s];
    let waste = 0;
    const day = slot?.dayIndex ?? 0;
    const uses = this.wasteUse;
    const end = this.wasteUseStart[r + 1] ?? 0;
    for (let u = this.wasteUseStart[r] ?? 0; u < end; u += 1) {
      const k = uses[u] ?? 0;
      const i = index.freshIngredient[k] ?? 0;
      const life = this.useLife[k] ?? 0;
      if (life < 0) {
        waste -= this.useGrams[k] ?? 0;
        continue;
      }
      const leftover = this.wasteOf[i] ?? 0;
      if (leftover > LEFTOVER_EPSILON) {
        waste -= Math.min(this.useGrams[k] ?? 0, leftover);
        continue;
      }
      if (NEXT_MONDAY - day <= life) continue;
      if (
        (this.usedTotal[i] ?? 0) > 0 &&
        NEXT_MONDAY - this.lastDayUsing(i) <= life
      ) {
        continue;
      }
      waste += this.useAloneWaste[k] ?? 0;
    }
    const bound =
      this.slotCost(s, r) +
      ((this.uses[r] ?? 0) >= 1 ? REPEAT_COST + this.weights.repeatRecipe : 0) +
      this.globalAfterAdding(r, waste) -
      this.currentGlobal();
    // The rule counters only add cost: read them only when the rest does
    // not reach the caller's limit already.
    if (bound >= limit || slot === undefined) return bound;
    return bound + this.counters(r, slot.dayIndex, 1, false);
  }
}
