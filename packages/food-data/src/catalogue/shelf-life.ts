/**
 * How long a perishable keeps, which the planner's waste model uses to decide
 * whether a later meal can still use a package bought for an earlier one
 * (issue 10, ADR 009).
 *
 * The catalogue's lives are in keeping.ts (issue 20): each names its USDA
 * FoodKeeper product and keeping.test.ts checks it against FoodKeeper's
 * data. The category defaults below are only a fallback for an entry
 * missing there, which that test forbids for perishables.
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
