import type {
  MealRef,
  ShoppingItem as PlannerShoppingItem,
  ShoppingKitchen,
  ShoppingList,
} from '@platewise/planner';
import {
  DAYS,
  mealPlanMessages,
  SHOPPING_TICKS_MAX,
  type ShoppingItem,
  type ShoppingSummary,
  type ShoppingTicksResponse,
} from '@platewise/shared';

import type { Clock } from '../../clock.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors.js';
import type { PlannerCatalogueSource } from '../../planner/planner-catalogue.js';
import type { PlannerPool } from '../../planner/planner-pool.js';
import type { KitchenRows } from '../kitchen/kitchen-service.js';
import type {
  MealPlansRepository,
  StoredPlan,
} from '../meal-plans/meal-plans-repository.js';
import { leftoverAsBought, packagesWithSize } from './shop-readings.js';

/** Plans whose built list is kept (one entry per plan). */
const BUILT_LISTS_MAX = 10_000;

/** A list line's key: the ingredient, or the line's name when the catalogue lacks it. */
export function shoppingKey(
  item: Pick<PlannerShoppingItem, 'ingredientId' | 'name'>,
): string {
  return item.ingredientId ?? `line:${item.name.toLowerCase()}`;
}

function toItem(
  item: PlannerShoppingItem,
  ticked: ReadonlySet<string>,
): ShoppingItem {
  const key = shoppingKey(item);
  return {
    key,
    ingredientId: item.ingredientId,
    name: item.name,
    quantity: item.quantity,
    unit: item.unit,
    'preparation instruction': item.preparation,
    category: item.category,
    packages: packagesWithSize(item.ingredientId, item.packages),
    packageCount: item.packageCount,
    leftover: leftoverAsBought(
      item.ingredientId,
      item.leftover ? { ...item.leftover } : null,
      item.packageCount,
    ),
    usedIn: item.usedIn,
    ticked: ticked.has(key),
    haveQuantity: item.haveQuantity ?? 0,
  };
}

export interface ShoppingServiceDeps {
  plans: Pick<MealPlansRepository, 'find' | 'setTicked' | 'mergeTicks'>;
  clock: Clock;
  catalogue: PlannerCatalogueSource;
  pool: PlannerPool;
  /** What is at home (issue 20; the kitchen domain): taken off what to buy. */
  kitchen?: (userId: string) => Promise<ShoppingKitchen>;
  /** The same from the rows a read took with the plan. */
  kitchenFrom?: (rows: KitchenRows) => ShoppingKitchen;
}

/** A plan and the kitchen of its user read in one statement (reads/user-reads.ts). */
export interface ShoppingRead {
  stored: StoredPlan | undefined;
  /** Whose plan and kitchen (the household's data user, issue 18). */
  dataUserId: string;
  catalogueVersion: string;
  /** What is at home, from the same statement. */
  home: KitchenRows;
}

/**
 * The shopping summary of the stored plan (spec point 7; architecture point
 * 5): the planner's buildShoppingList merges and rounds, this adds the
 * user's ticks.
 */
export function createShoppingService({
  plans,
  catalogue,
  pool,
  kitchen,
  kitchenFrom,
  clock,
}: ShoppingServiceDeps) {
  // The built list of each plan (issue 17): the shopping list changes only
  // with the plan, the catalogue or the kitchen, so its planner call (a
  // worker-thread round trip) is made once per such change, not per read.
  // Ticks are applied per request. One entry per plan, bounded.
  let built = new Map<string, { key: string; list: ShoppingList }>();

  async function buildFor(
    stored: StoredPlan,
    userId: string,
    catalogueVersion: string | undefined,
    read: ShoppingKitchen | undefined,
  ): Promise<ShoppingList> {
    const home =
      read ?? (kitchen === undefined ? undefined : await kitchen(userId));
    const base = `${stored.plan.version}|${stored.plan.updatedAt.getTime()}|${JSON.stringify(home ?? null)}`;
    const hit = built.get(userId);
    if (
      hit !== undefined &&
      catalogueVersion !== undefined &&
      hit.key === `${catalogueVersion}|${base}`
    ) {
      return hit.list;
    }
    const shared = await catalogue.current();
    const key = `${shared.version}|${base}`;
    if (hit?.key === key) return hit.list;
    const meals: MealRef[] = stored.meals.flatMap((meal) => {
      const day = DAYS[meal.day];
      return day &&
        meal.recipeId !== null &&
        shared.recipeIds.has(meal.recipeId)
        ? [{ day, slot: meal.slot, recipeId: meal.recipeId }]
        : [];
    });
    const list: ShoppingList =
      meals.length === 0
        ? { fresh: [], nonPerishable: [], have: [] }
        : await pool.run(
            'buildShoppingList',
            shared,
            {
              meals,
              servingSize: stored.plan.servingSize,
              ...(home === undefined ? {} : { kitchen: home }),
            },
            userId,
          );
    if (built.size >= BUILT_LISTS_MAX) built = new Map();
    built.set(userId, { key, list });
    return list;
  }

  async function summaryOf(
    stored: StoredPlan | undefined,
    userId: string,
    catalogueVersion?: string,
    home?: ShoppingKitchen,
  ): Promise<ShoppingSummary> {
    if (!stored) {
      return {
        data: [
          {
            freshIngredients: [],
            nonPerishableIngredients: [],
            haveIngredients: [],
          },
        ],
        total: 0,
        version: null,
      };
    }
    const list = await buildFor(stored, userId, catalogueVersion, home);
    const ticked = new Set(stored.plan.ticked);
    const fresh = list.fresh.map((item) => toItem(item, ticked));
    const nonPerishable = list.nonPerishable.map((item) =>
      toItem(item, ticked),
    );
    const have = (list.have ?? []).map((item) => toItem(item, ticked));
    return {
      data: [
        {
          freshIngredients: fresh,
          nonPerishableIngredients: nonPerishable,
          haveIngredients: have,
        },
      ],
      total: fresh.length + nonPerishable.length,
      version: stored.plan.version,
    };
  }

  return {
    async summary(userId: string): Promise<ShoppingSummary> {
      return summaryOf(await plans.find(userId), userId);
    },

    /**
     * The same answer from the plan and kitchen read by the route's one
     * statement (reads/user-reads.ts).
     */
    summaryFrom(read: ShoppingRead): Promise<ShoppingSummary> {
      return summaryOf(
        read.stored,
        read.dataUserId,
        read.catalogueVersion,
        kitchenFrom?.(read.home),
      );
    },

    /** Stores which lines are ticked (issue 11); a new plan starts unticked. */
    async setTicks(
      userId: string,
      ticked: string[],
      version?: number,
    ): Promise<ShoppingTicksResponse> {
      const row = await plans.setTicked(userId, ticked, version, clock.now());
      if (row) return row;
      const stored = await plans.find(userId);
      if (!stored) throw new NotFoundError(mealPlanMessages.noPlan);
      throw new ConflictError(mealPlanMessages.staleVersion);
    },

    /**
     * Ticks queued offline (issue 18): merged per key, the later change
     * wins. A change dated in the future counts as made now, so a wrong
     * device clock cannot pin a key.
     */
    async mergeTicks(
      userId: string,
      changes: readonly { key: string; ticked: boolean; at: string }[],
      version: number,
    ): Promise<ShoppingTicksResponse> {
      const now = clock.now();
      const row = await plans.mergeTicks(
        userId,
        changes.map((change) => {
          const at = new Date(change.at);
          return {
            key: change.key,
            ticked: change.ticked,
            at: at.getTime() > now.getTime() ? now : at,
          };
        }),
        version,
        SHOPPING_TICKS_MAX,
      );
      if (row === 'too_many') {
        throw new BadRequestError(mealPlanMessages.tooManyTicks);
      }
      if (row) return row;
      const stored = await plans.find(userId);
      if (!stored) throw new NotFoundError(mealPlanMessages.noPlan);
      throw new ConflictError(mealPlanMessages.staleVersion);
    },
  };
}

export type ShoppingService = ReturnType<typeof createShoppingService>;
