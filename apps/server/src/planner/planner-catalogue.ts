import {
  ingredientById,
  NON_PURCHASED_INGREDIENT_IDS,
} from '@platewise/food-data';
import type {
  PlannerIngredient,
  PlannerProteinLevel,
  PlannerRecipe,
  PlannerRecipeLine,
} from '@platewise/planner';
import { DIETS, MEAL_SLOTS, type Diet, type MealSlot } from '@platewise/shared';

import type {
  CatalogueSnapshot,
  PlannerCatalogueRepository,
} from './planner-catalogue-repository.js';
import {
  shareCatalogue,
  type RawCatalogue,
  type SharedCatalogue,
} from './planner-protocol.js';

const isMealSlot = (value: string): value is MealSlot =>
  (MEAL_SLOTS as readonly string[]).includes(value);
const isDiet = (value: string): value is Diet =>
  (DIETS as readonly string[]).includes(value);
const PROTEIN_LEVELS = new Set(['high', 'medium', 'low']);

/**
 * A recipe without a serving size (an admin left it empty) is taken as
 * written for one: scaling then multiplies by the user's servings, which
 * overbuys rather than leaves someone hungry.
 */
const UNKNOWN_SERVING_SIZE = 1;

/** The database rows as the planner's input types (planner contract). */
export function toRawCatalogue(snapshot: CatalogueSnapshot): RawCatalogue {
  const allergensOf = new Map<string, string[]>();
  const ingredientsOf = new Map<string, string[]>();
  for (const { ingredientId, allergenId } of snapshot.ingredientAllergens) {
    allergensOf.set(ingredientId, [
      ...(allergensOf.get(ingredientId) ?? []),
      allergenId,
    ]);
    ingredientsOf.set(allergenId, [
      ...(ingredientsOf.get(allergenId) ?? []),
      ingredientId,
    ]);
  }

  const ingredients: PlannerIngredient[] = snapshot.ingredients.map((row) => ({
    id: row.id,
    name: row.name,
    plural: row.plural ?? undefined,
    synonyms: row.synonyms,
    category: row.category,
    perishable: row.perishable,
    package: {
      size: row.packageSize,
      unit: row.packageUnit,
      label: row.packageLabel,
    },
    densityGPerMl: row.densityGPerMl ?? undefined,
    gramsPerPiece: row.gramsPerPiece ?? undefined,
    pieceUnits: row.pieceUnits ?? undefined,
    shelfLifeDays: row.shelfLifeDays ?? undefined,
    openedShelfLifeDays: row.openedShelfLifeDays ?? undefined,
    // Yolks from the egg carton, juice from the lemon (issue 20): a fact of
    // the seed catalogue, whose ids the table keeps.
    partOf: ingredientById(row.id)?.partOf,
    proteinPer100g: row.proteinPer100g,
    // Water and ice: in recipes, never on a shopping list or in the waste.
    notPurchased: NON_PURCHASED_INGREDIENT_IDS.has(row.id),
    flags: row.flags,
    allergens: allergensOf.get(row.id) ?? [],
  }));

  const linesOf = new Map<string, PlannerRecipeLine[]>();
  for (const line of snapshot.lines) {
    const list = linesOf.get(line.recipeId) ?? [];
    list.push({
      ingredientId: line.ingredientId,
      name: line.name,
      quantity: line.quantity,
      quantityMax: line.quantityMax,
      unit: line.unit,
      preparation: line.preparation,
    });
    linesOf.set(line.recipeId, list);
  }

  const recipes: PlannerRecipe[] = snapshot.recipes.map((row) => ({
    id: row.id,
    name: row.name,
    cuisine: row.cuisine,
    mealTypes: row.mealTypes.filter(isMealSlot),
    diets: row.diets.filter(isDiet),
    allergens: row.allergens,
    proteinLevel: (PROTEIN_LEVELS.has(row.proteinLevel)
      ? row.proteinLevel
      : 'low') as PlannerProteinLevel,
    proteinPerServingG: row.proteinPerServing,
    rating: row.rating,
    totalCookingTime: row.totalCookingTime,
    servingSize:
      row.servingSize !== null && row.servingSize > 0
        ? row.servingSize
        : UNKNOWN_SERVING_SIZE,
    tags: row.tags,
    lines: linesOf.get(row.id) ?? [],
  }));

  const allergens = snapshot.allergens.map((allergen) => ({
    id: allergen.id,
    name: allergen.name,
    ingredientIds: ingredientsOf.get(allergen.id) ?? [],
  }));

  return { ingredients, recipes, allergens };
}

export interface PlannerCatalogueSource {
  /** The current catalogue, shared for the workers. */
  current(): Promise<SharedCatalogue>;
  /** The current catalogue version (one primary-key lookup). */
  version(): Promise<string>;
}

/**
 * The catalogue the planner runs on, cached per catalogue version: each
 * call asks the database for the version (one prepared primary-key lookup)
 * and reloads the rows only when it changed, i.e. after a recipe or
 * ingredient write, in this process or another.
 */
export function createPlannerCatalogueSource(
  repo: PlannerCatalogueRepository,
): PlannerCatalogueSource {
  let cached: SharedCatalogue | undefined;
  let loading: Promise<SharedCatalogue> | undefined;

  async function load(): Promise<SharedCatalogue> {
    const snapshot = await repo.snapshot();
    const shared = shareCatalogue(snapshot.version, toRawCatalogue(snapshot));
    cached = shared;
    return shared;
  }

  return {
    version: () => repo.version(),
    async current() {
      const version = await repo.version();
      if (cached?.version === version) return cached;
      // Concurrent requests after a change share one load.
      loading ??= load().finally(() => {
        loading = undefined;
      });
      return loading;
    },
  };
}
