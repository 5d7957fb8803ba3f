import { randomUUID } from 'node:crypto';

import type {
  MealRef,
  PlannerAllergen,
  PlannerIngredient,
  PlannerRecipe,
  PlanInput,
  PlanResult,
  RegenerateMealInput,
  RegeneratePlanInput,
  ShoppingKitchen,
  ShoppingList,
} from '@platewise/planner';

/**
 * What the main thread and the planner workers exchange (planner-pool.ts,
 * planner-worker.ts). The catalogue travels once per version as UTF-8 JSON
 * in a SharedArrayBuffer: posting a SharedArrayBuffer shares its memory
 * instead of copying it, so a task carries the whole catalogue for free and
 * each worker parses and compiles it only when its cached version differs.
 */

/** The planner's catalogue inputs, before compileCatalogue. */
export interface RawCatalogue {
  ingredients: PlannerIngredient[];
  recipes: PlannerRecipe[];
  allergens: PlannerAllergen[];
}

/** A catalogue version, shared with the workers. */
export interface SharedCatalogue {
  version: string;
  /**
   * This packing of the catalogue, unique in the process: what a worker
   * keeps its compiled catalogue under. The version alone is a counter of
   * one database; two databases (tests, a restored backup) can share it.
   */
  key: string;
  /** JSON of a RawCatalogue. */
  buffer: SharedArrayBuffer;
  /** Recipes by id, for the main thread's answers. */
  recipeIds: ReadonlySet<string>;
}

type WithoutCatalogue<T> = Omit<T, 'catalogue'>;

/** The planner operations a worker runs, with their inputs and outputs. */
export interface PlannerOperations {
  generatePlan: { input: WithoutCatalogue<PlanInput>; output: PlanResult };
  regeneratePlan: {
    input: WithoutCatalogue<RegeneratePlanInput>;
    output: PlanResult;
  };
  regenerateMeal: {
    input: WithoutCatalogue<RegenerateMealInput>;
    output: PlanResult;
  };
  buildShoppingList: {
    input: {
      meals: readonly MealRef[];
      servingSize: number;
      /** What is at home (issue 20). */
      kitchen?: ShoppingKitchen | undefined;
    };
    output: ShoppingList;
  };
  /** Grams of each ingredient the meals use, parts as their whole (issue 20: "Cooked"). */
  mealGrams: {
    input: { meals: readonly MealRef[]; servingSize: number };
    output: { ingredientId: string; grams: number }[];
  };
}

export type PlannerOperation = keyof PlannerOperations;

export interface PlannerTask<K extends PlannerOperation = PlannerOperation> {
  op: K;
  /** The SharedCatalogue's key. */
  catalogueKey: string;
  catalogue: SharedArrayBuffer;
  input: PlannerOperations[K]['input'];
}

/** Packs a catalogue into shared memory (once per version). */
export function shareCatalogue(
  version: string,
  raw: RawCatalogue,
): SharedCatalogue {
  const bytes = new TextEncoder().encode(JSON.stringify(raw));
  const buffer = new SharedArrayBuffer(bytes.byteLength);
  new Uint8Array(buffer).set(bytes);
  return {
    version,
    key: `${version}:${randomUUID()}`,
    buffer,
    recipeIds: new Set(raw.recipes.map((recipe) => recipe.id)),
  };
}

/** Reads a shared catalogue back (in a worker). */
export function readSharedCatalogue(buffer: SharedArrayBuffer): RawCatalogue {
  // Buffer.from copies out of the shared memory; TextDecoder refuses views
  // of shared buffers.
  const text = Buffer.from(new Uint8Array(buffer)).toString('utf8');
  return JSON.parse(text) as RawCatalogue;
}
