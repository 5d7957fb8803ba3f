import { FOOD_FAMILIES } from '@platewise/food-data';
import {
  buildShoppingList,
  evaluatePlan,
  compileCatalogue,
  generatePlan,
  regenerateMeal,
  regeneratePlan,
  type PlannerCatalogue,
} from '@platewise/planner';

import {
  readSharedCatalogue,
  type PlannerOperations,
  type PlannerTask,
} from './planner-protocol.js';

/**
 * A piscina worker (planner-pool.ts): runs one planner operation off the
 * main thread. The compiled catalogue is kept between tasks and rebuilt
 * only when a task names another packing of the catalogue (a new version).
 */
let cached: { key: string; catalogue: PlannerCatalogue } | undefined;

function catalogueFor(task: PlannerTask): PlannerCatalogue {
  if (cached?.key !== task.catalogueKey) {
    const raw = readSharedCatalogue(task.catalogue);
    cached = {
      key: task.catalogueKey,
      // Food families: a dislike of "pork" also rules out bacon and ham.
      catalogue: compileCatalogue(
        raw.ingredients,
        raw.recipes,
        raw.allergens,
        FOOD_FAMILIES,
      ),
    };
  }
  return cached.catalogue;
}

export default function runPlannerTask(
  task: PlannerTask,
): PlannerOperations[keyof PlannerOperations]['output'] {
  const catalogue = catalogueFor(task);
  switch (task.op) {
    case 'generatePlan': {
      const input = task.input as PlannerOperations['generatePlan']['input'];
      return generatePlan({ ...input, catalogue });
    }
    case 'regeneratePlan': {
      const input = task.input as PlannerOperations['regeneratePlan']['input'];
      return regeneratePlan({ ...input, catalogue });
    }
    case 'regenerateMeal': {
      const input = task.input as PlannerOperations['regenerateMeal']['input'];
      return regenerateMeal({ ...input, catalogue });
    }
    case 'buildShoppingList': {
      const input =
        task.input as PlannerOperations['buildShoppingList']['input'];
      return buildShoppingList(
        catalogue,
        input.meals,
        input.servingSize,
        input.kitchen,
      );
    }
    case 'mealGrams': {
      const input = task.input as PlannerOperations['mealGrams']['input'];
      return evaluatePlan(catalogue, input.meals, input.servingSize)
        .purchases.filter((purchase) => purchase.usedGrams > 0)
        .map((purchase) => ({
          ingredientId: purchase.ingredientId,
          grams: purchase.usedGrams,
        }));
    }
  }
}
