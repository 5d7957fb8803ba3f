export * from './units.js';
export type * from './plan-types.js';
export { DEFAULT_PLANNER_WEIGHTS } from './weights.js';
export { compileCatalogue } from './catalogue.js';
export { familyIngredientIds } from './family-members.js';
export { evaluatePlan, freshGramsPerServing } from './waste.js';
export { buildShoppingList } from './shopping-list.js';
export {
  BASELINE_DESCRIPTION,
  generatePlan,
  planFloors,
  regenerateMeal,
  regeneratePlan,
} from './planner.js';
