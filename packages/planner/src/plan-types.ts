/**
 * The planner's own input and output shapes (planner contract, issue 10).
 * The server maps its rows to these; the planner never sees the database.
 */
import type { Day, Diet, MealSlot, PlanNoteCode } from '@platewise/shared';

/** A recipe's or a profile's protein level, as derived by the food data. */
export type PlannerProteinLevel = 'high' | 'medium' | 'low';

/** How an ingredient is sold: `size` of `unit` per package, called `label` ("bunch"). */
export interface PlannerPackage {
  /** How much one package holds, in `unit`. */
  readonly size: number;
  /** A unit id of units.ts, a piece unit of the ingredient, or 'piece'. */
  readonly unit: string;
  /** What a shopper calls one package: 'bunch', 'carton', 'can'. */
  readonly label: string;
}

/** How a part is used from the whole that is bought (food-data's IngredientPart). */
export interface PlannerIngredientPart {
  /** The whole that is bought ('egg'). */
  readonly ingredientId: string;
  /** Grams of the part one whole piece gives (a yolk 17 g). */
  readonly gramsPerWhole: number;
  /** 'max': a line of the whole in the same recipe uses the same pieces; 'add': pieces of its own. */
  readonly withWhole: 'add' | 'max';
}

/**
 * Food at home when the week starts (issue 20): used first, free until its
 * use-by day; what passes that day unused is waste, what is still good on
 * the next Monday stays for the next plan.
 */
export interface PlannerKitchenItem {
  /** The catalogue ingredient. */
  readonly ingredientId: string;
  /** Grams at home. */
  readonly grams: number;
  /**
   * The last day it can be eaten, counted from the plan's Monday (0): 6 is
   * Sunday, 7 or more keeps past the week, below 0 has already passed.
   */
  readonly useByDay: number;
  /** Opened (or cut): it keeps no longer. Sealed items start their opened life on first use. */
  readonly opened?: boolean | undefined;
}

/** One ingredient of the catalogue, with what the waste model and the matching need. */
export interface PlannerIngredient {
  /** Stable id, referenced by recipe lines. */
  readonly id: string;
  /** Canonical singular name, as on a shopping list. */
  readonly name: string;
  /** Irregular plural ("leaves" for "leaf"); regular plurals are folded without it. */
  readonly plural?: string | undefined;
  /** Other names people write ("coriander" for cilantro). */
  readonly synonyms: readonly string[];
  /** Shopping-list aisle ('produce', 'dairy', …). */
  readonly category: string;
  /** Perishables count for waste and go to the fresh list; the rest is pantry. */
  readonly perishable: boolean;
  /** The package it is bought in. */
  readonly package: PlannerPackage;
  /** Grams per millilitre, for volume measures. */
  readonly densityGPerMl?: number | undefined;
  /** Grams of one piece ("2 eggs"). */
  readonly gramsPerPiece?: number | undefined;
  /** Counted units particular to this ingredient and their grams: { clove: 5 }. */
  readonly pieceUnits?: Readonly<Record<string, number>> | undefined;
  /** Days it keeps in the fridge once bought; required when perishable (missing: treated as 1 day). */
  readonly shelfLifeDays?: number | undefined;
  /**
   * Days it keeps once opened or cut, where shorter than `shelfLifeDays` (a
   * carton of cream, half a cabbage). A non-perishable with one (an opened
   * can, a carton of stock) counts for waste from the day it is opened.
   */
  readonly openedShelfLifeDays?: number | undefined;
  /** A part used from a whole that is bought (yolks from eggs, juice from lemons). */
  readonly partOf?: PlannerIngredientPart | undefined;
  /** Grams of protein per 100 g, for a recipe's main protein. */
  readonly proteinPer100g: number;
  /** Diet flags of the food data: 'meat', 'fish', 'dairy', 'egg', … */
  readonly flags: readonly string[];
  /** Allergen ids of the allergen catalogue. */
  readonly allergens: readonly string[];
  /** Nobody buys it (water, ice): left off the shopping list and out of waste. */
  readonly notPurchased?: boolean | undefined;
}

/** One ingredient line of a recipe, quantity for the recipe's own serving size. */
export interface PlannerRecipeLine {
  /** The catalogue ingredient, or null for a line the catalogue does not know (pantry, no waste). */
  readonly ingredientId: string | null;
  /** The ingredient as named on the line (used for an unknown ingredient and for matching). */
  readonly name: string;
  /** Null for "to taste". */
  readonly quantity: number | null;
  /** Upper bound of a range ("2-3"); the lower bound `quantity` is what is planned. */
  readonly quantityMax?: number | null | undefined;
  /** A unit id of units.ts, a piece unit of the ingredient, a package word, or null (pieces). */
  readonly unit: string | null;
  /** "finely chopped"; joined on the shopping list. */
  readonly preparation?: string | null | undefined;
}

/** One recipe of the catalogue, with the facts derived from its ingredients. */
export interface PlannerRecipe {
  /** Stable id (the server's recipe id as a string). */
  readonly id: string;
  /** Dish name; its words can be disliked or liked. */
  readonly name: string;
  /** Cuisine, or null. */
  readonly cuisine: string | null;
  /** The meal slots it may fill. */
  readonly mealTypes: readonly MealSlot[];
  /** Diets it satisfies, derived from its ingredients (never from tags). */
  readonly diets: readonly Diet[];
  /** Allergen ids it contains, derived from its ingredients. */
  readonly allergens: readonly string[];
  /** Protein level per serving, derived. */
  readonly proteinLevel: PlannerProteinLevel;
  /** Grams of protein per serving, derived. */
  readonly proteinPerServingG: number;
  /** 0..5, or null when unrated. */
  readonly rating: number | null;
  /** Minutes, or null when unknown. */
  readonly totalCookingTime: number | null;
  /** Servings the quantities of `lines` are written for. */
  readonly servingSize: number;
  /** Free tags; never used for diets or allergens. */
  readonly tags: readonly string[];
  /** Ingredient lines. */
  readonly lines: readonly PlannerRecipeLine[];
}

/** An allergen of the catalogue: its id, its name (for custom allergens) and the ingredients containing it. */
export interface PlannerAllergen {
  /** Allergen id ('peanut'). */
  readonly id: string;
  /** Display name ('Peanut'); a custom allergen naming it (or its plural) acts as this id. */
  readonly name: string;
  /** Other names ('groundnut'), optional. */
  readonly synonyms?: readonly string[] | undefined;
  /** Ids of the ingredients that contain it (the allergen-to-ingredient map). */
  readonly ingredientIds: readonly string[];
}

/** Which meals the user wants on one day. */
export interface PlannerScheduleDay {
  /** Monday..Sunday. */
  readonly day: Day;
  /** Whether breakfast is planned this day. */
  readonly breakfast: boolean;
  /** Whether lunch is planned this day. */
  readonly lunch: boolean;
  /** Whether dinner is planned this day. */
  readonly dinner: boolean;
}

/** The user's preferences the planner reads. */
export interface PlannerProfile {
  /** Enabled meals per day; days not listed are off. */
  readonly schedule: readonly PlannerScheduleDay[];
  /** Required diet ('none' for no restriction). */
  readonly diet: Diet;
  /** Allergen ids to exclude. */
  readonly allergenIds: readonly string[];
  /** Free-text allergens, matched on ingredient names, synonyms and plurals. */
  readonly customAllergens: readonly string[];
  /** Cuisines or ingredient/dish words the user likes (a bonus). */
  readonly likes: readonly string[];
  /** Ingredients, cuisines or dish words to exclude (hard). */
  readonly dislikes: readonly string[];
  /** Preferred protein level, or null for no preference. */
  readonly proteinLevel: PlannerProteinLevel | null;
  /** Servings per meal (1..20). */
  readonly servingSize: number;
  /**
   * Minutes of cooking Monday to Friday lunches and dinners may take (the
   * "weeknight cooking time" setting); 45 when absent. Weekday breakfasts
   * are always held to 20 minutes.
   */
  readonly weeknightCookingMinutes?: number | undefined;
}

/**
 * A food family: the words a person types ("pork", "seafood") and what they
 * mean in the catalogue (bacon, ham, chorizo, …). Dislikes and likes match a
 * family as well as the plain words; animal families also bound how often a
 * main protein comes back in a week. The data lives in @platewise/food-data.
 */
export interface PlannerFoodFamily {
  /** Stable id ('pork'). */
  readonly id: string;
  /** Words a user types for it ('pork', 'pig', 'pork products'); plurals fold. */
  readonly terms: readonly string[];
  /** Phrases of ingredient names, plurals or synonyms that belong ('bacon', 'ham'). */
  readonly members?: readonly string[] | undefined;
  /** Phrases that keep an ingredient out despite a member ('turkey', 'vegan'). */
  readonly except?: readonly string[] | undefined;
  /** An ingredient belongs only when it carries one of these flags ('meat'). */
  readonly flags?: readonly string[] | undefined;
  /** Ingredient ids that belong whatever their names. */
  readonly ingredientIds?: readonly string[] | undefined;
  /** Cuisines that belong ('Mexican' for 'tex mex'). */
  readonly cuisines?: readonly string[] | undefined;
  /** Other families it takes in whole ('seafood': fish and shellfish). */
  readonly includes?: readonly string[] | undefined;
  /**
   * Families a dislike of this one also rules out, unless a like names them
   * or one of their foods: "I don't like fish" keeps prawns off the table
   * too, while someone who dislikes fish and likes prawns still gets them.
   */
  readonly dislikeAlso?: readonly string[] | undefined;
  /** A main animal protein: at most once a day, and about 3 times a week unless liked. */
  readonly animal?: boolean | undefined;
}

/** A meal in a slot: the minimal identity of a planned meal. */
export interface MealRef {
  /** Day of the week. */
  readonly day: Day;
  /** Breakfast, lunch or dinner. */
  readonly slot: MealSlot;
  /** The recipe in the slot. */
  readonly recipeId: string;
}

/** A meal the user locked: kept by every operation. */
export type LockedMeal = MealRef;

/** A meal of a plan, with its reason. */
export interface PlannedMeal extends MealRef {
  /** Short human reason ("shares the cilantro and limes bought for Tuesday's tacos"). */
  readonly reason: string;
  /** True when the meal was locked by the user. */
  readonly locked: boolean;
  /**
   * Rules of acceptability this meal breaks because no valid alternative
   * was left ("repeats Monday's porridge: only 3 breakfasts fit"); absent
   * when it breaks none. The reason then says the same.
   */
  readonly broken?: readonly string[] | undefined;
}

/** A rule a plan had to break, said like an unfilled slot's reason. */
export interface BrokenRule {
  /** Day of the meal. */
  readonly day: Day;
  /** Its slot. */
  readonly slot: MealSlot;
  /** "repeats Monday's porridge: only 3 breakfasts fit your preferences". */
  readonly reason: string;
}

/** A note about the whole plan, said like an unfilled slot's reason. */
export interface PlanNote {
  /**
   * What it is about (issue 22): 'fresh-below-typical', the week carries
   * less fresh food than the floor the planner aimed at and no week it found
   * keeping the rules carries more; 'rule-broken', a meal breaks a rule of
   * acceptability (its reason says which).
   */
  readonly code: PlanNoteCode;
  /** The meal's day, for a note about one meal ('rule-broken'). */
  readonly day?: Day | undefined;
  /** The meal's slot, with `day`. */
  readonly slot?: MealSlot | undefined;
  /** "This week has less fresh food than a typical week for your settings (…)". */
  readonly reason: string;
}

/** A slot the planner could not fill, and why in plain words. */
export interface UnfilledSlot {
  /** Day of the week. */
  readonly day: Day;
  /** Breakfast, lunch or dinner. */
  readonly slot: MealSlot;
  /** "no vegan breakfast without peanut left in the catalogue". */
  readonly reason: string;
}

/** The waste figures of a menu under the waste model (ADR 009). */
export interface WasteTotals {
  /** Grams of perishables bought (whole packages). */
  readonly boughtGrams: number;
  /** Grams of perishables the meals use. */
  readonly usedGrams: number;
  /**
   * Grams (bought or at home) that pass their use-by day unused; what is
   * still good on the next Monday is not waste (issue 20).
   */
  readonly wasteGrams: number;
  /** wasteGrams / boughtGrams (0 when nothing fresh is bought). */
  readonly wasteShare: number;
  /** Distinct perishable ingredients bought. */
  readonly freshItemsBought: number;
  /** Perishable ingredients used by two or more meals. */
  readonly freshItemsShared: number;
  /** Meals using a perishable, summed over perishables, per perishable bought (0 when none). */
  readonly mealsPerFreshItem: number;
  /** Grams the meals take from the kitchen (food at home), free of charge. */
  readonly fromKitchenGrams: number;
  /** Grams bought or at home still good on the next Monday: not waste, they stay in the kitchen. */
  readonly keptGrams: number;
}

/** A plan's waste figures plus the "typical unplanned week" to compare against. */
export interface WasteSummary extends WasteTotals {
  /** Median waste of a fixed number of seeded random valid plans for the same profile. */
  readonly baselineWasteGrams: number;
  /** What the baseline is, in one sentence, for the dashboard. */
  readonly baselineDescription: string;
}

/** One package bought under the waste model. */
export interface PackageBuy {
  /** Day index (Monday 0 .. Sunday 6) the package is bought. */
  readonly dayIndex: number;
  /** Grams the package holds. */
  readonly grams: number;
}

/** One use of an ingredient by a meal, in grams at the user's serving size. */
export interface IngredientUse {
  /** Day index (Monday 0 .. Sunday 6). */
  readonly dayIndex: number;
  /** The meal slot. */
  readonly slot: MealSlot;
  /** The recipe using it. */
  readonly recipeId: string;
  /** Grams used. */
  readonly grams: number;
}

/** What the waste model buys of one ingredient for a menu. */
export interface IngredientPurchase {
  /** The ingredient. */
  readonly ingredientId: string;
  /** Whether it counts for waste. */
  readonly perishable: boolean;
  /** Packages bought, in buying order (perishables: FIFO within shelf life; pantry: one purchase). */
  readonly packages: readonly PackageBuy[];
  /** The uses, in time order. */
  readonly uses: readonly IngredientUse[];
  /** Sum of package grams. */
  readonly boughtGrams: number;
  /** Sum of use grams. */
  readonly usedGrams: number;
  /** bought − used (perishables: waste; pantry: what stays in the cupboard). */
  readonly leftoverGrams: number;
  /** Grams the meals take from the kitchen. */
  readonly fromKitchenGrams: number;
  /** Grams at home when the week starts (still good on Monday). */
  readonly haveGrams: number;
  /** Grams (bought or at home) still good on the next Monday. */
  readonly keptGrams: number;
  /** Grams (bought or at home) that pass their use-by day unused: the waste. */
  readonly wasteGrams: number;
}

/** evaluatePlan's answer: the totals and the per-ingredient purchases behind them. */
export interface PlanEvaluation {
  /** Waste totals over perishables. */
  readonly totals: WasteTotals;
  /** One entry per ingredient the menu uses with a known weight, perishable or not. */
  readonly purchases: readonly IngredientPurchase[];
}

/** The answer of generatePlan, regeneratePlan and regenerateMeal. */
export interface PlanResult {
  /** Every enabled slot that could be filled, in day then slot order. */
  readonly meals: readonly PlannedMeal[];
  /** Enabled slots it could not fill, with why. */
  readonly unfilled: readonly UnfilledSlot[];
  /** Meals that break a rule of acceptability (no valid alternative), with why; absent when none. */
  readonly broken?: readonly BrokenRule[] | undefined;
  /**
   * Plan-wide notes, fresh food short of a typical week first, then each
   * rule a meal had to break in day and slot order; empty when none.
   */
  readonly notes: readonly PlanNote[];
  /** The plan's waste summary. */
  readonly waste: WasteSummary;
}

/** A quantity with its unit, as written on a list. */
export interface ListQuantity {
  /** Rounded the way a person writes a list. */
  readonly quantity: number;
  /** 'g', 'kg', 'ml', 'l', 'cup', 'tbsp', 'tsp', or a piece word ('clove', 'onion'). */
  readonly unit: string;
}

/** One line of the shopping list: an ingredient merged across recipes. */
export interface ShoppingItem {
  /** The ingredient, or null for a line the catalogue does not know. */
  readonly ingredientId: string | null;
  /** Name as shown (plural when counted in pieces, e.g. "onions"). */
  readonly name: string;
  /**
   * Total needed, rounded; null when the recipes give no amount ("to
   * taste"), never 0.
   */
  readonly quantity: number | null;
  /**
   * Its unit, agreeing with the quantity ("2 cloves", "1 cup"): '' for a
   * bare count of the item's own noun (the name agrees: "1 onion", "2
   * onions") and when the quantity is null.
   */
  readonly unit: string;
  /** Distinct preparations joined with ", ", or null. */
  readonly preparation: string | null;
  /** Shopping aisle. */
  readonly category: string;
  /** Packages to buy ("2 bunches", "1 carton (1 l)"), or null when unknown. */
  readonly packages: string | null;
  /** Number of packages bought. */
  readonly packageCount: number;
  /**
   * Expected leftover after the week, or null when none or unknown. Its unit
   * is never '' (a count carries its noun: "1½ onions").
   */
  readonly leftover: ListQuantity | null;
  /** Meals of the plan using it. */
  readonly usedIn: number;
  /**
   * What the kitchen covers of `quantity`, in its unit (issue 20): 0 when
   * nothing at home; `packageCount` is then what is left to buy.
   */
  readonly haveQuantity?: number | undefined;
}

/** The shopping list of a plan, fresh and pantry. */
export interface ShoppingList {
  /** Perishable ingredients. */
  readonly fresh: readonly ShoppingItem[];
  /** Non-perishable ingredients (and unknown ones). */
  readonly nonPerishable: readonly ShoppingItem[];
  /** Staples the user always has: never to buy ("You have these"). */
  readonly have?: readonly ShoppingItem[] | undefined;
}

/** What is at home, for the shopping list (issue 20). */
export interface ShoppingKitchen {
  /** Food at home when the week starts. */
  readonly items?: readonly PlannerKitchenItem[] | undefined;
  /** Ingredient ids the user always has. */
  readonly staples?: readonly string[] | undefined;
}

/** The objective's weights; see DEFAULT_PLANNER_WEIGHTS for what each means. */
export interface PlannerWeights {
  /** Cost per gram of perishable waste. */
  readonly wastePerGram: number;
  /** Cost of a cuisine on a third meal in a row (per extra meal). */
  readonly cuisineRun: number;
  /** Cost of the same main protein twice in a day. */
  readonly proteinRepeatDay: number;
  /** Cost of a recipe used twice in the week (only when no distinct one remains). */
  readonly repeatRecipe: number;
  /** Bonus for a meal matching a like. */
  readonly like: number;
  /** Bonus for a meal at the profile's protein level. */
  readonly proteinMatch: number;
  /** Bonus per rating point (0..5). */
  readonly ratingPoint: number;
  /** Cost per minute of cooking on a weekday (Mon–Fri). */
  readonly weekdayMinute: number;
  /** Cost per day later in the week, per 1/shelf-life day of the dish's most perishable item. */
  readonly shelfLifeOrder: number;
  /** Cost of reusing a recipe of the previous plan (regeneratePlan only). */
  readonly previousPlanReuse: number;
  /**
   * How much more waste than the least-waste plan, in percent, the planner
   * accepts for a plan that fits the person better (likes, protein level,
   * rating, variety). 0: least waste first, preferences only break ties.
   */
  readonly wasteMarginPercent: number;
  /** Per gram of protein per serving: a reward at High Protein, a cost at Low. */
  readonly proteinPerGram: number;
  /** Cost per meal a like with enough recipes falls short of a third of the meals. */
  readonly likeShare: number;
}

/** Input of generatePlan. */
export interface PlanInput {
  /** The compiled catalogue (compileCatalogue). */
  readonly catalogue: PlannerCatalogue;
  /** The user's preferences. */
  readonly profile: PlannerProfile;
  /** Meals the user locked; kept as they are. */
  readonly locked: readonly LockedMeal[];
  /** Seed of the planner's PRNG (integer). */
  readonly seed: number;
  /** Overrides of DEFAULT_PLANNER_WEIGHTS. */
  readonly weights?: Partial<PlannerWeights> | undefined;
  /** Food at home when the week starts (issue 20); none when absent. */
  readonly kitchen?: readonly PlannerKitchenItem[] | undefined;
}

/** Input of regeneratePlan: the plan being replaced. */
export interface RegeneratePlanInput extends PlanInput {
  /** The current plan's meals; the new plan avoids reusing them. */
  readonly previous: readonly MealRef[];
}

/** Input of regenerateMeal: the current plan and the slot to replace. */
export interface RegenerateMealInput extends PlanInput {
  /** The current plan's meals; all but (day, slot) are kept. */
  readonly current: readonly MealRef[];
  /** Day of the meal to replace. */
  readonly day: Day;
  /** Slot of the meal to replace. */
  readonly slot: MealSlot;
}

/**
 * The compiled, immutable catalogue with its precomputed indexes. Build it
 * once per catalogue version with compileCatalogue and reuse it; its inner
 * layout is the planner's own business.
 */
export interface PlannerCatalogue {
  /** The ingredients, in input order. */
  readonly ingredients: readonly PlannerIngredient[];
  /** The recipes, in input order. */
  readonly recipes: readonly PlannerRecipe[];
  /** The allergens. */
  readonly allergens: readonly PlannerAllergen[];
  /** Internal indexes (opaque to callers). */
  readonly index: unknown;
}
