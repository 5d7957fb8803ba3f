/**
 * The objective's weights, in one place. The objective is a cost to
 * minimise, in points. The search runs twice: first for the least waste,
 * where a gram of fresh food thrown away costs 20 points, more than most
 * preference differences between two meals; then for the plan that fits
 * the person best (likes, protein level, rating, variety) among the plans
 * wasting at most wasteMarginPercent more than that. The rules of
 * acceptability (no repeat, no near-duplicate, main proteins, cooking
 * time, fresh food) are not weights: they cost more than any preference
 * (objective.ts) and are broken only when nothing else fits.
 */
import type { PlannerWeights } from './plan-types.js';

export const DEFAULT_PLANNER_WEIGHTS: PlannerWeights = {
  // 20 points per gram wasted: half a bunch of herbs (15 g) is 300 points,
  // half a 200 g bag of spinach 2,000.
  wastePerGram: 20,
  // A third (fourth, …) meal in a row of one cuisine: 1.5 g of waste.
  cuisineRun: 30,
  // The same main protein (chicken, tofu, …) twice in one day: 1.25 g.
  proteinRepeatDay: 25,
  // A recipe twice in the week. It only happens when no distinct valid
  // recipe remains (excluded otherwise), so it just dominates the rest.
  repeatRecipe: 10_000,
  // A meal matching a like (cuisine, ingredient, family or dish word): the
  // fit phase weighs it against other preferences, the waste margin bounds it.
  like: 60,
  // A meal at the user's protein level: 0.5 g.
  proteinMatch: 10,
  // Per rating point (0..5; unrated counts 2.5): a 4.8 beats a 3.0 by 7 points.
  ratingPoint: 4,
  // Per minute of cooking Monday to Friday: an hour is 12 points.
  weekdayMinute: 0.2,
  // Short-lived dishes early: per day index × 1 / (shortest life in days of
  // the dish's fresh items + 1). Fish (1 day) on Sunday: 6 × 6 / 2 = 18.
  shelfLifeOrder: 6,
  // regeneratePlan: per recipe of the plan being replaced, so the new plan
  // differs while staying within ~15 g of waste per changed meal.
  previousPlanReuse: 300,
  // The least-waste plan's waste plus 15 % bounds the plan chosen for fit.
  wasteMarginPercent: 15,
  // High Protein: 10 points per gram a serving (a 40 g chicken dish beats a
  // 15 g salad by 250, about a like short of its third); Low Protein the
  // other way; Medium half of it per gram away from 18 g. Enough for High
  // Protein weeks to carry 30 % more protein than Low ones on the seed
  // catalogue (bench/planner/planner-quality.ts).
  proteinPerGram: 10,
  // A like short of its target (a third of the meals from 15 valid recipes
  // on, pro rata below: likeTarget in objective.ts): per missing meal, as
  // much as 2 kg of waste, so both searches fill the target wherever the
  // rules of acceptability allow (issue 22: at 300 the
  // waste margin kept pasta and tofu lovers at 10 to 24 %); the fit phase's
  // margin is then taken from that plan's waste.
  likeShare: 40_000,
};

/** The defaults with the caller's overrides (finite, non-negative numbers only). */
export function resolveWeights(
  overrides: Partial<PlannerWeights> | undefined,
): PlannerWeights {
  if (overrides === undefined) return DEFAULT_PLANNER_WEIGHTS;
  const out: Record<string, number> = { ...DEFAULT_PLANNER_WEIGHTS };
  for (const [key, value] of Object.entries(overrides)) {
    if (
      Object.hasOwn(DEFAULT_PLANNER_WEIGHTS, key) &&
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= 0
    ) {
      out[key] = value;
    }
  }
  return out as unknown as PlannerWeights;
}
