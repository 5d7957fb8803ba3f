import {
  effectiveShelfLifeDays,
  ingredientById,
  INGREDIENTS,
  keepingOf,
  lineGrams,
  packageGrams,
  type Ingredient,
} from '@platewise/food-data';
import type {
  MealRef,
  PlannerKitchenItem,
  ShoppingKitchen,
} from '@platewise/planner';
import {
  DAYS,
  kitchenMessages,
  mealPlanMessages,
  type AddKitchenItems,
  type Day,
  type Kitchen,
  type KitchenItem,
  type KitchenItemsResponse,
  type KitchenPlace,
  type ParsedIngredientLine,
  type StapleChoice,
  type UpdateKitchenItem,
} from '@platewise/shared';

import type { Clock } from '../../clock.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type {
  KitchenItemPatch,
  KitchenItemRow,
  KitchenRepository,
  NewKitchenItemRow,
} from './kitchen-repository.js';

/** What the kitchen needs of the stored plan (the meal-plans domain, wired in compose.ts). */
export interface KitchenPlans {
  /** The stored plan's meals and serving size; undefined without a plan. */
  current(
    userId: string,
  ): Promise<{ meals: MealRef[]; servingSize: number } | undefined>;
  /** Grams of each ingredient these meals use (the planner's rules). */
  mealGrams(
    userId: string,
    meals: readonly MealRef[],
    servingSize: number,
  ): Promise<{ ingredientId: string; grams: number }[]>;
}

/** What the kitchen needs of the shopping list (the shopping domain). */
export interface KitchenShopping {
  /** The ticked lines of the current list, with the packages to buy. */
  ticked(
    userId: string,
  ): Promise<{ ingredientId: string | null; packageCount: number }[]>;
  /** Unticks the list once its lines are in the kitchen. */
  clearTicks(userId: string): Promise<void>;
}

export interface KitchenServiceDeps {
  repo: KitchenRepository;
  parse: (lines: readonly string[]) => Promise<ParsedIngredientLine[]>;
  plans: KitchenPlans;
  shopping: KitchenShopping;
  clock: Clock;
}

/** The columns of a kitchen line the planner reads. */
export type KitchenPlannerRow = Pick<
  KitchenItemRow,
  'ingredientId' | 'grams' | 'useBy' | 'opened'
>;

/** A kitchen as stored: its lines and the user's own staples (if set). */
export interface KitchenRows {
  items: readonly KitchenPlannerRow[];
  staples: readonly string[] | undefined;
}

/** Items whose use-by is unknown keep past any weekly plan. */
const KEEPS_DAYS = 365;

/** Less than this is nothing left (a float residue, a pinch). */
const EMPTY_GRAMS = 0.5;

const DAY_MS = 86_400_000;

/** The calendar day (UTC) of a date, as YYYY-MM-DD. */
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number): string =>
  isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string): number =>
  Math.round(
    (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS,
  );

/** The Monday (UTC) of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The Monday (UTC) of the week holding `date`: what kitchen days count from. */
export function weekOf(date: Date): string {
  return mondayOf(isoDay(date));
}

/** The suggested staples of the catalogue: salt, pepper, oils, spices. */
export const SUGGESTED_STAPLES: readonly string[] = INGREDIENTS.filter(
  (ingredient) => ingredient.staple === true,
).map((ingredient) => ingredient.id);

const SUGGESTED: ReadonlySet<string> = new Set(SUGGESTED_STAPLES);

/** The user's staples and the suggested ones, named, by name. */
function stapleChoices(staples: readonly string[]): StapleChoice[] {
  const ids = new Set([...staples, ...SUGGESTED_STAPLES]);
  return [...ids]
    .flatMap((id) => {
      const ingredient = ingredientById(id);
      return ingredient === undefined
        ? []
        : [
            {
              ingredientId: id,
              name: ingredient.name,
              suggested: SUGGESTED.has(id),
            },
          ];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * Days an item keeps from `from` in `place`, or undefined when it keeps for
 * months. In the freezer a freezer-friendly item (meat, fish, bread: the
 * food data's FoodKeeper freezer life) keeps that long, opened or not; the
 * rest keeps no longer than in the fridge.
 */
function keepsDays(
  ingredient: Ingredient,
  place: KitchenPlace,
  opened: boolean,
): number | undefined {
  const frozen =
    place === 'freezer' ? keepingOf(ingredient.id)?.freezer : undefined;
  if (frozen !== undefined) return frozen;
  if (ingredient.perishable) {
    const shelf = ingredient.shelfLifeDays ?? 2;
    return opened
      ? effectiveShelfLifeDays({
          shelfLifeDays: shelf,
          ...(ingredient.openedShelfLifeDays === undefined
            ? {}
            : { openedShelfLifeDays: ingredient.openedShelfLifeDays }),
        })
      : shelf;
  }
  return opened ? ingredient.openedShelfLifeDays : undefined;
}

function useByFor(
  ingredient: Ingredient | undefined,
  place: KitchenPlace,
  opened: boolean,
  from: string,
): string | null {
  if (ingredient === undefined) return null;
  const days = keepsDays(ingredient, place, opened);
  return days === undefined ? null : addDays(from, days);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The use-by of an item moved to `place` today (no use-by given): frozen
 * today, a freezer-friendly item keeps its freezer life from today, the rest
 * its date; taken out of the freezer, it keeps its life in the new place
 * from today, never longer than it kept frozen. Between fridge and
 * cupboard the date stays (the user corrects it).
 */
function movedUseBy(
  ingredient: Ingredient | undefined,
  current: Pick<KitchenItemRow, 'place' | 'useBy'>,
  place: KitchenPlace,
  opened: boolean,
  day: string,
): string | null {
  if (ingredient === undefined) return current.useBy;
  if (place === 'freezer') {
    return keepingOf(ingredient.id)?.freezer === undefined
      ? current.useBy
      : useByFor(ingredient, place, opened, day);
  }
  if (current.place !== 'freezer') return current.useBy;
  const thawed = useByFor(ingredient, place, opened, day);
  if (thawed === null) return current.useBy;
  return current.useBy !== null && current.useBy < thawed
    ? current.useBy
    : thawed;
}

/**
 * The kitchen (issue 20): what a user has at home and the staples they
 * always have; "Bought" fills it from the ticked shopping list, "Cooked"
 * takes the plan's amounts out of it, and the planner and the shopping list
 * read it.
 */
export function createKitchenService({
  repo,
  parse,
  plans,
  shopping,
  clock,
}: KitchenServiceDeps) {
  const today = () => isoDay(clock.now());

  function plannerItemsOf(rows: readonly KitchenPlannerRow[]) {
    const monday = mondayOf(today());
    return rows.flatMap((row): PlannerKitchenItem[] =>
      row.ingredientId === null || row.grams === null || row.grams <= 0
        ? []
        : [
            {
              ingredientId: row.ingredientId,
              grams: row.grams,
              useByDay:
                row.useBy === null
                  ? KEEPS_DAYS
                  : daysBetween(monday, row.useBy),
              opened: row.opened,
            },
          ],
    );
  }

  async function staplesOf(userId: string): Promise<string[]> {
    return (await repo.staples(userId)) ?? [...SUGGESTED_STAPLES];
  }

  function toItem(
    row: KitchenItemRow,
    staples: ReadonlySet<string>,
  ): KitchenItem {
    return {
      id: row.id,
      ingredientId: row.ingredientId,
      name: row.name,
      quantity: row.quantity,
      unit: row.unit,
      grams: row.grams,
      place: row.place as KitchenPlace,
      addedOn: row.addedOn,
      useBy: row.useBy,
      opened: row.opened,
      staple: row.ingredientId !== null && staples.has(row.ingredientId),
    };
  }

  /** A row for an ingredient and amount; undefined grams when it cannot be weighed. */
  function rowFor(
    ingredient: Ingredient,
    quantity: number,
    unit: string,
    options: { place?: KitchenPlace; useBy?: string; opened?: boolean },
  ): NewKitchenItemRow {
    const opened = options.opened ?? false;
    // An opened can, jar or carton keeps its opened life in the fridge.
    const place =
      options.place ??
      (opened && ingredient.openedShelfLifeDays !== undefined
        ? 'fridge'
        : (ingredient.storage ?? 'cupboard'));
    const day = today();
    const grams = lineGrams(
      { quantity, unit: unit === '' ? null : unit },
      ingredient,
    );
    return {
      ingredientId: ingredient.id,
      name: ingredient.name,
      quantity,
      unit,
      grams: grams ?? null,
      place,
      addedOn: day,
      useBy: options.useBy ?? useByFor(ingredient, place, opened, day),
      opened,
    };
  }

  async function respond(
    userId: string,
    rows: readonly KitchenItemRow[],
  ): Promise<KitchenItemsResponse> {
    const staples = new Set(await staplesOf(userId));
    return { items: rows.map((row) => toItem(row, staples)) };
  }

  return {
    async get(userId: string): Promise<Kitchen> {
      const [rows, staples] = await Promise.all([
        repo.items(userId),
        staplesOf(userId),
      ]);
      const set = new Set(staples);
      return {
        items: rows.map((row) => toItem(row, set)),
        staples,
        stapleChoices: stapleChoices(staples),
      };
    },

    /** Adds lines ("2 kg potatoes") or ingredients with their amounts. */
    async add(
      userId: string,
      items: AddKitchenItems['items'],
    ): Promise<KitchenItemsResponse> {
      const lines = items.flatMap((item) =>
        'line' in item ? [item.line] : [],
      );
      const parsed = await parse(lines);
      let next = 0;
      const rows: NewKitchenItemRow[] = items.map((item, index) => {
        const options = {
          ...(item.place === undefined ? {} : { place: item.place }),
          ...(item.useBy === undefined ? {} : { useBy: item.useBy }),
          ...(item.opened === undefined ? {} : { opened: item.opened }),
        };
        if (!('line' in item)) {
          const ingredient = ingredientById(item.ingredientId);
          if (ingredient === undefined) {
            throw new BadRequestError(kitchenMessages.unknownIngredient, [
              {
                path: `items.${String(index)}.ingredientId`,
                message: kitchenMessages.unknownIngredient,
              },
            ]);
          }
          return rowFor(ingredient, item.quantity, item.unit, options);
        }
        const line = parsed[next];
        next += 1;
        const ingredient =
          line?.ingredientId == null
            ? undefined
            : ingredientById(line.ingredientId);
        if (ingredient === undefined) {
          // Not in the catalogue: kept by name, without weight or use-by.
          return {
            ingredientId: null,
            name: line?.ingredient.trim() || item.line,
            quantity: line?.quantity ?? 1,
            unit: line?.unit ?? '',
            grams: null,
            place: item.place ?? 'cupboard',
            addedOn: today(),
            useBy: item.useBy ?? null,
            opened: item.opened ?? false,
          };
        }
        // "milk" with no amount: one package as sold.
        return line?.quantity == null
          ? rowFor(
              ingredient,
              ingredient.package.size,
              ingredient.package.unit === 'piece'
                ? ''
                : ingredient.package.unit,
              options,
            )
          : rowFor(ingredient, line.quantity, line.unit ?? '', options);
      });
      return respond(userId, await repo.add(userId, rows));
    },

    /** Corrects an item; grams follow a new amount. */
    async update(
      userId: string,
      id: string,
      patch: Omit<UpdateKitchenItem, 'user_id'>,
    ): Promise<KitchenItem> {
      const current = (await repo.items(userId)).find((row) => row.id === id);
      if (!current) throw new NotFoundError(kitchenMessages.notFound);
      const changes: KitchenItemPatch = {};
      const ingredient =
        current.ingredientId === null
          ? undefined
          : ingredientById(current.ingredientId);
      if (patch.place !== undefined) changes.place = patch.place;
      if (patch.opened !== undefined) changes.opened = patch.opened;
      if (patch.useBy !== undefined) changes.useBy = patch.useBy;
      else if (patch.place !== undefined && patch.place !== current.place) {
        const useBy = movedUseBy(
          ingredient,
          current,
          patch.place,
          patch.opened ?? current.opened,
          today(),
        );
        if (useBy !== current.useBy) changes.useBy = useBy;
      }
      if (patch.quantity !== undefined || patch.unit !== undefined) {
        const quantity = patch.quantity ?? current.quantity;
        const unit = patch.unit ?? current.unit;
        changes.quantity = quantity;
        changes.unit = unit;
        changes.grams =
          ingredient === undefined
            ? null
            : (lineGrams(
                { quantity, unit: unit === '' ? null : unit },
                ingredient,
              ) ?? null);
      }
      const row = await repo.update(userId, id, changes);
      if (!row) throw new NotFoundError(kitchenMessages.notFound);
      return toItem(row, new Set(await staplesOf(userId)));
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) {
        throw new NotFoundError(kitchenMessages.notFound);
      }
    },

    async setStaples(
      userId: string,
      ingredientIds: readonly string[],
    ): Promise<Kitchen> {
      const unknown = ingredientIds.findIndex(
        (id) => ingredientById(id) === undefined,
      );
      if (unknown >= 0) {
        throw new BadRequestError(kitchenMessages.unknownIngredient, [
          {
            path: `ingredientIds.${String(unknown)}`,
            message: kitchenMessages.unknownIngredient,
          },
        ]);
      }
      await repo.setStaples(userId, ingredientIds);
      return this.get(userId);
    },

    /** "Bought": the ticked lines of the list go into the kitchen, as packages bought today. */
    async fromShoppingList(userId: string): Promise<KitchenItemsResponse> {
      const ticked = await shopping.ticked(userId);
      const rows: NewKitchenItemRow[] = [];
      for (const line of ticked) {
        const ingredient =
          line.ingredientId === null
            ? undefined
            : ingredientById(line.ingredientId);
        if (ingredient === undefined || line.packageCount <= 0) continue;
        const size = ingredient.package.size * line.packageCount;
        const row = rowFor(
          ingredient,
          size,
          ingredient.package.unit === 'piece' ? '' : ingredient.package.unit,
          {},
        );
        const grams = packageGrams(ingredient);
        rows.push({
          ...row,
          grams: grams === undefined ? row.grams : grams * line.packageCount,
        });
      }
      const added = await repo.add(userId, rows);
      await shopping.clearTicks(userId);
      return respond(userId, added);
    },

    /**
     * "Cooked": the plan's amounts of these days (or the whole week) come
     * out of the kitchen, earliest use-by first; what is left keeps its
     * dates, an item opened now keeps no longer than its opened life.
     */
    async cooked(
      userId: string,
      days: readonly Day[] | undefined,
    ): Promise<Kitchen> {
      const plan = await plans.current(userId);
      if (!plan) throw new NotFoundError(mealPlanMessages.noPlan);
      const wanted = new Set(days ?? DAYS);
      const meals = plan.meals.filter((meal) => wanted.has(meal.day));
      const uses =
        meals.length === 0
          ? []
          : await plans.mealGrams(userId, meals, plan.servingSize);
      const rows = await repo.items(userId);
      const day = today();
      for (const use of uses) {
        let need = use.grams;
        const ingredient = ingredientById(use.ingredientId);
        for (const row of rows) {
          // A sprig or a pinch still opens the pack it came from.
          if (need <= 0) break;
          if (row.ingredientId !== use.ingredientId || row.grams === null) {
            continue;
          }
          if (row.grams <= EMPTY_GRAMS) continue;
          const take = Math.min(row.grams, need);
          need -= take;
          const left = row.grams - take;
          if (left <= EMPTY_GRAMS) {
            await repo.remove(userId, row.id);
            row.grams = 0;
            continue;
          }
          const opened = ingredient
            ? useByFor(ingredient, row.place as KitchenPlace, true, day)
            : null;
          const useBy =
            row.opened || opened === null
              ? row.useBy
              : row.useBy === null || opened < row.useBy
                ? opened
                : row.useBy;
          await repo.update(userId, row.id, {
            grams: left,
            quantity: round2((row.quantity * left) / row.grams),
            opened: true,
            useBy,
            // What is left of an opened can or carton goes in the fridge.
            ...(row.place === 'cupboard' &&
            ingredient?.openedShelfLifeDays !== undefined
              ? { place: 'fridge' }
              : {}),
          });
          row.grams = left;
        }
      }
      return this.get(userId);
    },

    /** The kitchen as the planner reads it, in days from this week's Monday. */
    async plannerItems(userId: string): Promise<PlannerKitchenItem[]> {
      return plannerItemsOf(await repo.items(userId));
    },

    /** What the shopping list reads: items at home and staples. */
    async shoppingKitchen(userId: string): Promise<ShoppingKitchen> {
      const [items, staples] = await Promise.all([
        this.plannerItems(userId),
        staplesOf(userId),
      ]);
      return { items, staples };
    },

    /**
     * The same from rows read elsewhere (the shopping summary's one
     * statement, reads/user-reads.ts): the items in `repo.items` order and
     * `repo.staples`' answer.
     */
    shoppingKitchenFrom(rows: KitchenRows): ShoppingKitchen {
      return {
        items: plannerItemsOf(rows.items),
        staples: rows.staples ?? [...SUGGESTED_STAPLES],
      };
    },
  };
}

export type KitchenService = ReturnType<typeof createKitchenService>;
