/**
 * How long a perishable keeps in the fridge, which the planner's waste model
 * uses to decide whether a later meal can still use a package bought for an
 * earlier one (issue 10, ADR 009).
 *
 * Source: the USDA FSIS / Cornell FoodKeeper storage guidance (the
 * FoodKeeper app and FoodSafety.gov's cold food storage chart), refrigerator
 * column. Where it gives a range we take a value inside it, nearer the short
 * end for delicate items; produce it does not list individually gets its
 * group's value. `shelfLifeDays` is the unopened item as bought;
 * `openedShelfLifeDays` is given only where opening shortens it (cream, soft
 * cheese, deli meat, tofu). Values beyond a week or two matter little to a
 * weekly plan, so long keepers are capped at six weeks rather than the months
 * the guidance allows for whole onions, squash or unopened hard cheese.
 *
 * Rules per category (the default below, explicit values in the category
 * files where an ingredient differs):
 * - produce: 7 days (most fresh vegetables and fruit 3 to 7). Leafy greens,
 *   sprouts and soft berries 2 to 5; mushrooms, asparagus, broccoli,
 *   zucchini 4 to 5; avocado, tomatoes ripe 4 to 5; roots and tubers 14 to
 *   28 (carrots 28); whole onions, garlic, squash, apples 30; citrus 21.
 * - herbs: 5 days for soft herbs (cilantro, basil 4, dill, mint); woody herbs
 *   (rosemary, thyme) and lime leaves 10.
 * - dairy: 7 days (milk). Cream 10 to 14 unopened, 4 to 5 opened; yogurt 14
 *   and 7 opened; soft and fresh cheese 14 and 5 to 7 opened; hard cheese 42
 *   unopened (capped) and 28 opened (FoodKeeper: 3 to 4 weeks); butter 60;
 *   plant milks 30 unopened, 7 opened.
 * - eggs: 28 days (eggs in the shell 3 to 5 weeks); liquid egg white 10, 3
 *   opened.
 * - meat: 2 days for raw poultry, ground meat, raw sausages and offal (1 to
 *   2); whole cuts of beef, pork and lamb 4 (3 to 5); cooked chicken 4;
 *   bacon and cooked ham 14 unopened, 5 to 7 opened; dry-cured sausage
 *   (salami, pepperoni, Spanish chorizo) 42 and 21 opened.
 * - fish: 2 days for fresh fish and shellfish (1 to 2; crab meat 3); smoked
 *   fish and surimi 14 unopened, 3 to 5 opened.
 * - bakery: 7 days for sliced and packaged bread (4 to 7); crusty bread and
 *   croissants 3; tortillas 21 and 7 opened; chilled dough and pastry 14
 *   unopened, 3 opened (pizza dough 3).
 * - Elsewhere only a few items are perishable, each with its own value:
 *   fresh pasta and tortellini 14 / 3, tofu 30 / 4, tempeh and seitan 14 / 5,
 *   hummus 14 / 5, chilled orange juice 14 / 7.
 */
import type { ShoppingCategory } from '../types.js';

/** A shelf life: days unopened, and once opened where shorter. */
export interface ShelfLife {
  readonly shelfLifeDays: number;
  readonly openedShelfLifeDays?: number;
}

/** The category's default for its perishables, where it has one. */
export const SHELF_LIFE_DEFAULTS: Readonly<
  Partial<Record<ShoppingCategory, ShelfLife>>
> = {
  produce: { shelfLifeDays: 7 },
  herbs: { shelfLifeDays: 5 },
  dairy: { shelfLifeDays: 7 },
  eggs: { shelfLifeDays: 28 },
  meat: { shelfLifeDays: 2 },
  fish: { shelfLifeDays: 2 },
  bakery: { shelfLifeDays: 7 },
};

/** Days an opened package keeps: the shorter of the two, as the waste model counts it. */
export function effectiveShelfLifeDays(ingredient: ShelfLife): number {
  return Math.min(
    ingredient.shelfLifeDays,
    ingredient.openedShelfLifeDays ?? ingredient.shelfLifeDays,
  );
}
