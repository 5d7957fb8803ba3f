import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  mealPlanMeals,
  mealPlans,
  recipeImages,
  recipeIngredients,
  recipes,
  type MealPlanMealRow,
  type MealPlanRow,
  type StoredPlanNote,
  type StoredUnfilledSlot,
  type StoredWasteSummary,
} from '../../db/schema/index.js';
import { NotFoundError } from '../../errors.js';

export interface StoredPlan {
  plan: MealPlanRow;
  /** In day, then breakfast-lunch-dinner order. */
  meals: MealPlanMealRow[];
}

/** What a generate or regenerate writes. */
export interface PlanWrite {
  seed: number;
  servingSize: number;
  waste: StoredWasteSummary;
  unfilled: StoredUnfilledSlot[];
  notes: StoredPlanNote[];
  meals: {
    day: number;
    slot: 'breakfast' | 'lunch' | 'dinner';
    recipeId: string;
    reason: string;
    locked: boolean;
  }[];
  /** Clear the shopping-list ticks (a new list). */
  resetTicks: boolean;
}

export interface PlanRecipeRecord {
  id: string;
  name: string;
  totalCookingTime: number | null;
  rating: number | null;
  directions: string;
  cuisine: string | null;
  servingSize: number | null;
  lines: {
    name: string;
    quantity: number | null;
    unit: string | null;
  }[];
  images: { id: string; kind: string; url: string | null }[];
}

const SLOTS = ['breakfast', 'lunch', 'dinner'];
const SLOT_ORDER = sql`CASE ${mealPlanMeals.slot} WHEN 'breakfast' THEN 0 WHEN 'lunch' THEN 1 ELSE 2 END`;

/**
 * Plans and their meals. Every change that another tab could race
 * (regenerate, lock) is a conditional update on `version`: the write
 * happens only if the plan is still the one the caller saw, in one
 * statement, so two tabs can never both win.
 */
export function createMealPlansRepository(db: Database) {
  return {
    async find(userId: string): Promise<StoredPlan | undefined> {
      const [plan] = await db
        .select()
        .from(mealPlans)
        .where(eq(mealPlans.userId, userId));
      if (!plan) return undefined;
      const meals = await db
        .select()
        .from(mealPlanMeals)
        .where(eq(mealPlanMeals.userId, userId))
        .orderBy(asc(mealPlanMeals.day), SLOT_ORDER);
      return { plan, meals };
    },

    /**
     * Stores a plan's meals. With `expectedVersion` the plan is replaced
     * only if it is still at that version (regenerate: null when it is not);
     * without, a new plan is created or the current one replaced whatever
     * its version (generate). The version always grows.
     */
    async write(
      userId: string,
      write: PlanWrite,
      expectedVersion?: number,
    ): Promise<StoredPlan | null> {
      return db.transaction(async (tx) => {
        const fields = {
          seed: write.seed,
          servingSize: write.servingSize,
          waste: write.waste,
          unfilled: write.unfilled,
          notes: write.notes,
          updatedAt: sql`now()`,
          ...(write.resetTicks ? { ticked: [], tickTimes: {} } : {}),
        };
        let stored: MealPlanRow | undefined;
        if (expectedVersion === undefined) {
          const [row] = await tx
            .insert(mealPlans)
            .values({ userId, ...fields, ticked: [], tickTimes: {} })
            .onConflictDoUpdate({
              target: mealPlans.userId,
              set: {
                ...fields,
                version: sql`${mealPlans.version} + 1`,
                createdAt: sql`now()`,
              },
            })
            .returning();
          stored = row;
        } else {
          const [row] = await tx
            .update(mealPlans)
            .set({ ...fields, version: sql`${mealPlans.version} + 1` })
            .where(
              and(
                eq(mealPlans.userId, userId),
                eq(mealPlans.version, expectedVersion),
              ),
            )
            .returning();
          stored = row;
        }
        if (stored === undefined) return null;
        await tx.delete(mealPlanMeals).where(eq(mealPlanMeals.userId, userId));
        // Answered from what was written: no read-back.
        const meals =
          write.meals.length === 0
            ? []
            : await tx
                .insert(mealPlanMeals)
                .values(write.meals.map((meal) => ({ userId, ...meal })))
                .returning();
        meals.sort(
          (a, b) =>
            a.day - b.day || SLOTS.indexOf(a.slot) - SLOTS.indexOf(b.slot),
        );
        return { plan: stored, meals };
      });
    },

    /**
     * Locks or unlocks one meal if the plan is still at `expectedVersion`.
     * 'stale' when it is not (or there is no plan); NotFoundError when the
     * slot holds no meal (nothing is written then).
     */
    async setLocked(
      userId: string,
      expectedVersion: number,
      day: number,
      slot: 'breakfast' | 'lunch' | 'dinner',
      locked: boolean,
      noMealMessage: string,
    ): Promise<StoredPlan | 'stale'> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(mealPlans)
          .set({
            version: sql`${mealPlans.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(mealPlans.userId, userId),
              eq(mealPlans.version, expectedVersion),
            ),
          )
          .returning();
        if (!row) return 'stale';
        const updated = await tx
          .update(mealPlanMeals)
          .set({ locked })
          .where(
            and(
              eq(mealPlanMeals.userId, userId),
              eq(mealPlanMeals.day, day),
              eq(mealPlanMeals.slot, slot),
              sql`${mealPlanMeals.recipeId} IS NOT NULL`,
            ),
          )
          .returning({ day: mealPlanMeals.day });
        // Throwing rolls the version bump back.
        if (updated.length === 0) throw new NotFoundError(noMealMessage);
        const meals = await tx
          .select()
          .from(mealPlanMeals)
          .where(eq(mealPlanMeals.userId, userId))
          .orderBy(asc(mealPlanMeals.day), SLOT_ORDER);
        return { plan: row, meals };
      });
    },

    /** Deletes the plan; true when there was one. */
    async remove(userId: string): Promise<boolean> {
      const rows = await db
        .delete(mealPlans)
        .where(eq(mealPlans.userId, userId))
        .returning({ userId: mealPlans.userId });
      return rows.length > 0;
    },

    /**
     * Replaces the shopping-list ticks; with `expectedVersion`, only on that
     * plan version. Ticks do not change the version: ticking in one tab
     * must not make another tab's regenerate stale.
     */
    /**
     * Replaces the ticked keys (a device that was online throughout); the
     * keys whose state changed get `now` as their last change, so that
     * ticks queued offline elsewhere merge against it (issue 18).
     */
    async setTicked(
      userId: string,
      ticked: string[],
      expectedVersion: number | undefined,
      now: Date,
    ): Promise<{ version: number; ticked: string[] } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            version: mealPlans.version,
            ticked: mealPlans.ticked,
            tickTimes: mealPlans.tickTimes,
          })
          .from(mealPlans)
          .where(eq(mealPlans.userId, userId))
          .for('update');
        if (
          !current ||
          (expectedVersion !== undefined && current.version !== expectedVersion)
        ) {
          return undefined;
        }
        const before = new Set(current.ticked);
        const after = new Set(ticked);
        const tickTimes = { ...current.tickTimes };
        for (const key of new Set([...before, ...after])) {
          if (before.has(key) !== after.has(key)) {
            tickTimes[key] = now.toISOString();
          }
        }
        const [row] = await tx
          .update(mealPlans)
          .set({ ticked, tickTimes })
          .where(eq(mealPlans.userId, userId))
          .returning({ version: mealPlans.version, ticked: mealPlans.ticked });
        return row;
      });
    },

    /**
     * Applies tick changes made at `at` (queued offline): per key, the
     * later change wins over what is stored. Undefined when there is no
     * plan or it is not `expectedVersion` any more.
     */
    async mergeTicks(
      userId: string,
      changes: readonly { key: string; ticked: boolean; at: Date }[],
      expectedVersion: number,
      maxKeys: number,
    ): Promise<{ version: number; ticked: string[] } | 'too_many' | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({
            version: mealPlans.version,
            ticked: mealPlans.ticked,
            tickTimes: mealPlans.tickTimes,
          })
          .from(mealPlans)
          .where(eq(mealPlans.userId, userId))
          .for('update');
        if (!current || current.version !== expectedVersion) return undefined;
        const ticked = new Set(current.ticked);
        const tickTimes = { ...current.tickTimes };
        for (const change of changes) {
          const stored = tickTimes[change.key];
          if (
            stored !== undefined &&
            Date.parse(stored) > change.at.getTime()
          ) {
            continue;
          }
          if (change.ticked) ticked.add(change.key);
          else ticked.delete(change.key);
          tickTimes[change.key] = change.at.toISOString();
        }
        if (ticked.size > maxKeys) return 'too_many';
        const [row] = await tx
          .update(mealPlans)
          .set({ ticked: [...ticked], tickTimes })
          .where(eq(mealPlans.userId, userId))
          .returning({ version: mealPlans.version, ticked: mealPlans.ticked });
        return row;
      });
    },

    /** The recipes a plan shows, with their lines and pictures (3 queries). */
    async recipes(
      ids: readonly string[],
    ): Promise<Map<string, PlanRecipeRecord>> {
      const out = new Map<string, PlanRecipeRecord>();
      if (ids.length === 0) return out;
      const list = [...new Set(ids)];
      const [rows, lines, images] = await Promise.all([
        db
          .select({
            id: recipes.id,
            name: recipes.name,
            totalCookingTime: recipes.totalCookingTime,
            rating: recipes.rating,
            directions: recipes.directions,
            cuisine: recipes.cuisine,
            servingSize: recipes.servingSize,
          })
          .from(recipes)
          .where(inArray(recipes.id, list)),
        db
          .select({
            recipeId: recipeIngredients.recipeId,
            name: recipeIngredients.name,
            quantity: recipeIngredients.quantity,
            unit: recipeIngredients.unit,
          })
          .from(recipeIngredients)
          .where(inArray(recipeIngredients.recipeId, list))
          .orderBy(
            asc(recipeIngredients.recipeId),
            asc(recipeIngredients.position),
          ),
        db
          .select({
            recipeId: recipeImages.recipeId,
            id: recipeImages.id,
            kind: recipeImages.kind,
            url: recipeImages.url,
          })
          .from(recipeImages)
          .where(inArray(recipeImages.recipeId, list))
          .orderBy(asc(recipeImages.recipeId), asc(recipeImages.position)),
      ]);
      for (const row of rows)
        out.set(row.id, { ...row, lines: [], images: [] });
      for (const { recipeId, ...line } of lines)
        out.get(recipeId)?.lines.push(line);
      for (const { recipeId, ...image } of images) {
        out.get(recipeId)?.images.push(image);
      }
      return out;
    },
  };
}

export type MealPlansRepository = ReturnType<typeof createMealPlansRepository>;
