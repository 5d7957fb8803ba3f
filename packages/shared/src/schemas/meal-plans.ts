import { z } from 'zod';

import { DAYS, MEAL_SLOTS } from '../constants.js';
import { PlanUserIdSchema } from './preferences.js';
import { text } from './text.js';

/**
 * The weekly plan and the shopping summary (spec points 3 and 7, issue 10):
 * `GET /generate-meal-plan`, `GET /preferences/user-meal-plan`, the
 * regenerate and lock routes, `GET /user-ingredients-summary`.
 */

/** Texts of the plan API that the spec does not quote. */
export const mealPlanMessages = {
  staleVersion:
    'The meal plan changed in another tab. Reload to see the latest plan.',
  noPlan: 'No meal plan yet. Save your settings to generate one.',
  noPreferences:
    'Save your settings first: the planner needs your preferences.',
  noMealInSlot: 'There is no meal in that slot.',
  recipeRemoved:
    'The recipe of this meal was removed from the catalogue. Regenerate this meal.',
  busy: 'The planner is busy. Please try again in a few seconds.',
  tooManyPlans: 'Too many meal plan requests, please try again in a minute.',
  version: 'version must be the plan version you last loaded.',
  tooManyTicks: 'A shopping list has at most 500 items.',
} as const;

/** One ingredient of a planned meal, scaled to the user's serving size. */
export const PlanIngredientSchema = z.object({
  ingredient: z.string(),
  /** Null for "to taste". */
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
});
export type PlanIngredient = z.infer<typeof PlanIngredientSchema>;

/** A meal of the plan: the spec's recipe object plus why and whether it is locked. */
export const PlanMealSchema = z.object({
  /** The recipe's id. */
  id: z.string(),
  name: z.string(),
  images: z.array(z.string()),
  /** Minutes. */
  total_cooking_time: z.number().int().nullable(),
  rating: z.number().nullable(),
  /** Steps joined by '####'. */
  directions: z.string(),
  ingredients: z.array(PlanIngredientSchema),
  cuisine: z.string().nullable(),
  /** Servings the ingredients are scaled to (the plan's serving size). */
  serving_size: z.number().int(),
  /** Why the planner chose it ("shares the cilantro bought for Tuesday's tacos"). */
  reason: z.string(),
  /** A locked meal survives a whole-plan regenerate. */
  locked: z.boolean(),
});
export type PlanMeal = z.infer<typeof PlanMealSchema>;

/** One day of the plan (spec point 3): the meals it has. */
export const PlanDaySchema = z.object({
  day: z.enum(DAYS),
  breakfast: PlanMealSchema.optional(),
  lunch: PlanMealSchema.optional(),
  dinner: PlanMealSchema.optional(),
});
export type PlanDay = z.infer<typeof PlanDaySchema>;

/**
 * What a plan's waste is compared with (issue 20), said on the dashboard:
 * menus picked for the same meals and settings without regard to shared
 * ingredients, bought in whole packages and kept under the same rules (the
 * same kitchen, lives and carry-over), so the saving is the planning alone.
 */
export const WASTE_BASELINE_DESCRIPTION =
  'Compared with the same meals chosen without planning to share ingredients (the middle of 21 menus that fit your settings), bought in whole packages, with the same food at home and the same keeping rules.';

/** The plan's fresh-food figures (ADR 009's waste model). */
export const WasteSummarySchema = z.object({
  /** Grams of perishables bought, in whole packages. */
  boughtGrams: z.number(),
  usedGrams: z.number(),
  wasteGrams: z.number(),
  /** wasteGrams / boughtGrams, 0..1. */
  wasteShare: z.number(),
  freshItemsBought: z.number(),
  freshItemsShared: z.number(),
  mealsPerFreshItem: z.number(),
  /** Median waste of random valid plans for the same settings: "a typical unplanned week". */
  baselineWasteGrams: z.number(),
  /** Grams the plan takes from the kitchen, free (issue 20). */
  fromKitchenGrams: z.number(),
  /** Grams bought or at home still good on the next Monday: they stay in the kitchen, not waste. */
  keptGrams: z.number(),
  /** What the baseline is, in one sentence. */
  baselineDescription: z.string(),
});
export type WasteSummary = z.infer<typeof WasteSummarySchema>;

export const UnfilledSlotSchema = z.object({
  day: z.enum(DAYS),
  slot: z.enum(MEAL_SLOTS),
  reason: z.string(),
});
export type UnfilledSlot = z.infer<typeof UnfilledSlotSchema>;

/**
 * What a plan note is about (issue 22): 'fresh-below-typical', the week has
 * less fresh food than a typical week for the settings and the planner found
 * no week keeping them with more; 'rule-broken', a meal breaks a rule of
 * acceptability because nothing else fits (its reason says the same).
 */
export const PLAN_NOTE_CODES = ['fresh-below-typical', 'rule-broken'] as const;
export type PlanNoteCode = (typeof PLAN_NOTE_CODES)[number];

/** A note about the whole plan, said like an unfilled slot's reason. */
export const PlanNoteSchema = z.object({
  code: z.enum(PLAN_NOTE_CODES),
  reason: z.string(),
  /** The meal a 'rule-broken' note is about (optional keys last: see MealPlanSchema's notes). */
  day: z.enum(DAYS).optional(),
  slot: z.enum(MEAL_SLOTS).optional(),
});
export type PlanNote = z.infer<typeof PlanNoteSchema>;

/**
 * A stored plan. `meals` is the spec's list of day entries (days with at
 * least one meal, Monday first); `version` goes with every regenerate and
 * lock so a stale tab gets 409; `unfilled` lists enabled slots without a
 * meal, and why; `notes` what the planner had to give up (none in plans
 * stored before it said so).
 */
export const MealPlanSchema = z.object({
  meals: z.array(PlanDaySchema),
  version: z.number().int(),
  serving_size: z.number().int(),
  waste: WasteSummarySchema,
  unfilled: z.array(UnfilledSlotSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * Always sent; absent in answers kept by the web's offline cache from
   * before the server sent notes, which read as none. Last: the compiled
   * serializer (fast-json-stringify) writes optional keys after the
   * required ones, zod in schema order; so the two answer alike.
   */
  notes: z.array(PlanNoteSchema).optional(),
});
export type MealPlan = z.infer<typeof MealPlanSchema>;

const VersionSchema = z
  .number({ error: mealPlanMessages.version })
  .int(mealPlanMessages.version)
  .min(1, mealPlanMessages.version);

/** `POST /meal-plans/regenerate`: a new plan, locked meals kept. */
export const RegeneratePlanSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  version: VersionSchema,
});
export type RegeneratePlan = z.infer<typeof RegeneratePlanSchema>;

/** `POST /meal-plans/regenerate-meal`: another recipe in one slot. */
export const RegenerateMealSchema = RegeneratePlanSchema.extend({
  day: z.enum(DAYS),
  slot: z.enum(MEAL_SLOTS),
});
export type RegenerateMeal = z.infer<typeof RegenerateMealSchema>;

/** `POST /meal-plans/lock`: lock or unlock one meal. */
export const LockMealSchema = RegenerateMealSchema.extend({
  locked: z.boolean(),
});
export type LockMeal = z.infer<typeof LockMealSchema>;

/** `PATCH /recipes/{userId}` (spec point 7): deletes that user's plan. */
export const DeleteMealPlanParamsSchema = z.object({
  userId: PlanUserIdSchema,
});
export const DeleteMealPlanResponseSchema = z.object({ success: z.boolean() });

/** An amount as written on a list. */
export const ListQuantitySchema = z.object({
  quantity: z.number(),
  unit: z.string(),
});

/** A line of the shopping summary: one ingredient merged across the week's meals. */
export const ShoppingItemSchema = z.object({
  /** Stable within a plan: what `ticked` holds (the ingredient id, or `line:<name>`). */
  key: z.string(),
  ingredientId: z.string().nullable(),
  name: z.string(),
  /** null when the recipes give no amount ("to taste"); never 0. */
  quantity: z.number().positive().nullable(),
  /** '' for a bare count ("3 onions": the name agrees) and for no amount. */
  unit: z.string(),
  'preparation instruction': z.string().nullable(),
  /** Shopping aisle: produce, dairy, … */
  category: z.string(),
  /** What to buy: "2 bunches", "1 carton (1 l)"; null when unknown. */
  packages: z.string().nullable(),
  packageCount: z.number(),
  /** What the week leaves over, or null. */
  leftover: ListQuantitySchema.nullable(),
  /** Meals of the plan that use it. */
  usedIn: z.number().int(),
  ticked: z.boolean(),
  /**
   * What the kitchen covers of `quantity`, in its unit (issue 20);
   * `packageCount` is what is left to buy.
   */
  haveQuantity: z.number().optional(),
});
export type ShoppingItem = z.infer<typeof ShoppingItemSchema>;

/**
 * `GET /user-ingredients-summary` (spec point 7; architecture point 5: arrays
 * of objects, not strings). `total` counts the items of both lists;
 * `version` is the plan's (null without a plan).
 */
export const ShoppingSummarySchema = z.object({
  data: z.array(
    z.object({
      freshIngredients: z.array(ShoppingItemSchema),
      nonPerishableIngredients: z.array(ShoppingItemSchema),
      /** Staples the user always has: never to buy ("You have these"). */
      haveIngredients: z.array(ShoppingItemSchema).optional(),
    }),
  ),
  total: z.number().int(),
  version: z.number().int().nullable(),
});
export type ShoppingSummary = z.infer<typeof ShoppingSummarySchema>;

export const SHOPPING_TICKS_MAX = 500;

/** `PUT /shopping-list/ticks`: the keys ticked on the current plan's list. */
export const ShoppingTicksSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  /** When sent, a list of an older plan is refused with 409. */
  version: VersionSchema.optional(),
  ticked: z
    .array(text().min(1).max(200))
    .max(SHOPPING_TICKS_MAX, mealPlanMessages.tooManyTicks)
    .transform((keys) => [...new Set(keys)]),
});
export type ShoppingTicks = z.infer<typeof ShoppingTicksSchema>;

/**
 * `PATCH /shopping-list/ticks` (issue 18): tick changes made while offline,
 * each with when it was made. Per key, the later change wins over what
 * another device stored meanwhile; a list of an older plan is refused (409).
 */
export const ShoppingTickChangesSchema = z.object({
  user_id: PlanUserIdSchema.optional(),
  version: VersionSchema,
  changes: z
    .array(
      z.object({
        key: text().min(1).max(200),
        ticked: z.boolean(),
        at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(SHOPPING_TICKS_MAX, mealPlanMessages.tooManyTicks),
});
export type ShoppingTickChanges = z.infer<typeof ShoppingTickChangesSchema>;

export const ShoppingTicksResponseSchema = z.object({
  ticked: z.array(z.string()),
  version: z.number().int(),
});
export type ShoppingTicksResponse = z.infer<typeof ShoppingTicksResponseSchema>;
